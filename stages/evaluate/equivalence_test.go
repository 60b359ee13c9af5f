package evaluate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// pairKind generates one random (oracle, learned) pair small enough to
// enumerate (at most 4096 inputs).
type pairKind struct {
	name string
	gen  func(rng *rand.Rand) (oracle, learned *tree.Tree)
}

var pairKinds = []pairKind{
	{"binary/perfect-vs-multiway", func(rng *rand.Rand) (*tree.Tree, *tree.Tree) {
		m := 1 + rng.IntN(12)
		d := randomDomains(rng, m, 2, 2)
		k := 2 + rng.IntN(3)
		s := shape{maxDepth: 1 + rng.IntN(9), split: constSplit(0.5 + 0.4*rng.Float64())}
		return randomOracle(rng, d, k, 1+rng.IntN(min(m, 6))), randomLearned(rng, d, k, s)
	}},
	{"binary/perfect-vs-repeated", func(rng *rand.Rand) (*tree.Tree, *tree.Tree) {
		m := 1 + rng.IntN(10)
		d := randomDomains(rng, m, 2, 2)
		s := shape{maxDepth: 1 + rng.IntN(10), split: constSplit(0.5 + 0.4*rng.Float64()), repeat: true}
		return randomOracle(rng, d, 2, 1+rng.IntN(min(m, 6))), randomLearned(rng, d, 2, s)
	}},
	{"multi/perfect-vs-multiway", func(rng *rand.Rand) (*tree.Tree, *tree.Tree) {
		m := 1 + rng.IntN(6)
		d := randomDomains(rng, m, 2, 4)
		k := 2 + rng.IntN(3)
		s := shape{maxDepth: 1 + rng.IntN(6), split: constSplit(0.4 + 0.5*rng.Float64())}
		return randomOracle(rng, d, k, 1+rng.IntN(min(m, 3))), randomLearned(rng, d, k, s)
	}},
	{"multi/perfect-vs-subsets-repeated", func(rng *rand.Rand) (*tree.Tree, *tree.Tree) {
		m := 1 + rng.IntN(6)
		d := randomDomains(rng, m, 2, 4)
		k := 2 + rng.IntN(3)
		s := shape{maxDepth: 1 + rng.IntN(8), split: constSplit(0.5 + 0.4*rng.Float64()), subsets: true, repeat: true}
		return randomOracle(rng, d, k, 1+rng.IntN(min(m, 3))), randomLearned(rng, d, k, s)
	}},
	{"multi/irregular-vs-irregular", func(rng *rand.Rand) (*tree.Tree, *tree.Tree) {
		m := 1 + rng.IntN(6)
		d := randomDomains(rng, m, 1, 4)
		k := 2 + rng.IntN(3)
		s := shape{maxDepth: 1 + rng.IntN(8), split: constSplit(0.5 + 0.4*rng.Float64()), subsets: true, repeat: true}
		return randomLearned(rng, d, k, s), randomLearned(rng, d, k, s)
	}},
	{"binary/depth6-vs-id3like-m12", func(rng *rand.Rand) (*tree.Tree, *tree.Tree) {
		d := randomDomains(rng, 12, 2, 2)
		return randomOracle(rng, d, 2, 6), randomLearned(rng, d, 2, id3Like(10, 5, 0.72))
	}},
}

func TestCompareBruteForce(t *testing.T) {
	const pairs = 150 // per kind: 900 pairs in all
	for i, kind := range pairKinds {
		t.Run(kind.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 0x00e))
			for range pairs {
				oracle, learned := kind.gen(rng)
				for name, tr := range map[string]*tree.Tree{"oracle": oracle, "learned": learned} {
					if err := tr.Validate(); err != nil {
						t.Fatalf("generated %s: %v", name, err)
					}
				}
				checkBruteForce(t, oracle, learned)
				if t.Failed() {
					t.Fatalf("oracle %+v\nlearned %+v", *oracle, *learned)
				}
			}
		})
	}
}

// TestCompareSelf checks DOE(t, t) = 1 and agreement 1, with one
// compatible pair per leaf that some input reaches.
func TestCompareSelf(t *testing.T) {
	for i, kind := range pairKinds {
		t.Run(kind.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 0x5e1f))
			for range 100 {
				oracle, learned := kind.gen(rng)
				for _, tr := range []*tree.Tree{oracle, learned} {
					e, err := Compare(tr, tr)
					if err != nil {
						t.Fatalf("Compare: %v", err)
					}
					if e.DOE() != 1 || math.Abs(e.Agreement-1) > 1e-12 {
						t.Fatalf("Compare(t, t) = %+v, DOE %g; want DOE 1, agreement 1", e, e.DOE())
					}
					if want := int64(len(leafBoxes(tr))); e.Compatible != want {
						t.Fatalf("Compare(t, t) compatible = %d; want %d reachable leaves", e.Compatible, want)
					}
				}
			}
		})
	}
}

// paperExample builds the oracle and learned tree of the seed paper's
// worked example (section 4.3, Figure 3 and Table 2) over features f0..f4
// (the paper's f1..f4; f0 unused), false = 0, true = 1, classes c0 = 0 and
// c1 = 1. The paper's figure is not in its text and Table 2 cannot come
// from any tree (its rule 4 would be compatible with (f3=F, f2=T) and
// (f3=T, f2=F) but not with (f3=F, f2=F)), so the learned tree follows
// the walk the text narrates (root f2; f2=F leads to f3... then f1) only as
// far as Table 2's counts allow: each oracle rule is compatible with 2
// learned rules, and consistent with 1, 1, 2 and 1 of them.
//
//	oracle                          learned
//	f3=F, f2=F → c1  (rule A)      f2=F, f1=F, f3=F → c1  (rule 1)
//	f3=F, f2=T → c0  (rule B)      f2=F, f1=F, f3=T → c0  (rule 2)
//	f3=T, f2=F → c0  (rule C)      f2=F, f1=T       → c0  (rule 3)
//	f3=T, f2=T → c1  (rule D)      f2=T, f1=F       → c0  (rule 4)
//	                               f2=T, f1=T       → c1  (rule 5)
func paperExample() (oracle, learned *tree.Tree, oracleRules, learnedRules []int) {
	domains := []int{2, 2, 2, 2, 2}
	ob := tree.NewBuilder(domains, 2)
	f3 := ob.SplitMultiway(ob.Root(), 3)
	a := ob.SplitMultiway(f3[0], 2) // f3 = F
	c := ob.SplitMultiway(f3[1], 2) // f3 = T
	ob.SetLeaf(a[0], 1)             // A
	ob.SetLeaf(a[1], 0)             // B
	ob.SetLeaf(c[0], 0)             // C
	ob.SetLeaf(c[1], 1)             // D
	oracleRules = []int{a[0], a[1], c[0], c[1]}

	lb := tree.NewBuilder(domains, 2)
	f2 := lb.SplitMultiway(lb.Root(), 2)
	left := lb.SplitMultiway(f2[0], 1)  // f2 = F: test f1
	f3l := lb.SplitMultiway(left[0], 3) // f1 = F: test f3
	right := lb.SplitMultiway(f2[1], 1) // f2 = T: test f1
	lb.SetLeaf(f3l[0], 1)               // rule 1
	lb.SetLeaf(f3l[1], 0)               // rule 2
	lb.SetLeaf(left[1], 0)              // rule 3
	lb.SetLeaf(right[0], 0)             // rule 4
	lb.SetLeaf(right[1], 1)             // rule 5
	learnedRules = []int{f3l[0], f3l[1], left[1], right[0], right[1]}
	return ob.Tree(), lb.Tree(), oracleRules, learnedRules
}

func TestComparePaperExample(t *testing.T) {
	oracle, learned, oracleRules, learnedRules := paperExample()
	e, err := Compare(oracle, learned)
	if err != nil {
		t.Fatalf("Compare: %v", err)
	}
	if e.Compatible != 8 || e.Consistent != 5 || e.DOE() != 0.625 {
		t.Errorf("Compare = %d/%d, DOE %g; want 5/8 = 0.625", e.Consistent, e.Compatible, e.DOE())
	}
	// Inputs over f1, f2, f3 (f0 and f4 are free): the trees agree on
	// f2=F,f1=F,f3=F; f2=T,f1=F,f3=F; f2=F,f3=T (both f1); f2=T,f1=T,f3=T —
	// 5 of the 8 settings.
	if e.Agreement != 5.0/8 {
		t.Errorf("Agreement = %g; want 5/8", e.Agreement)
	}

	// Per oracle rule, Table 2's counts, and the pairs themselves.
	ruleOf := map[int]int{}
	for i, n := range learnedRules {
		ruleOf[n] = i + 1
	}
	compatible := map[int][]int{}
	consistent := map[int]int{}
	walk(oracle, learned, func(o, l int, _ float64) {
		compatible[o] = append(compatible[o], ruleOf[l])
		if oracle.Class[o] == learned.Class[l] {
			consistent[o]++
		}
	})
	want := []struct {
		name       string
		compatible []int
		consistent int
	}{
		{"f3=false and f2=false", []int{1, 3}, 1},
		{"f3=false and f2=true", []int{4, 5}, 1},
		{"f3=true and f2=false", []int{2, 3}, 2},
		{"f3=true and f2=true", []int{4, 5}, 1},
	}
	for i, w := range want {
		o := oracleRules[i]
		if got := compatible[o]; len(got) != 2 || got[0] != w.compatible[0] || got[1] != w.compatible[1] {
			t.Errorf("%s: compatible learned rules %v; want %v", w.name, got, w.compatible)
		}
		if consistent[o] != w.consistent {
			t.Errorf("%s: %d consistent rules; want %d", w.name, consistent[o], w.consistent)
		}
	}
	checkBruteForce(t, oracle, learned)
}

// TestCompareWide checks trees beyond the walk's preallocated buffers: 70
// features (more than the 64-mask buffer), domains of 64 values, and walks
// deeper than the 32-frame stack.
func TestCompareWide(t *testing.T) {
	t.Run("70 features of 64 values", func(t *testing.T) {
		domains := make([]int, 70)
		for f := range domains {
			domains[f] = 64
		}
		parity := func(f int) *tree.Tree { // class = value of f mod 2
			b := tree.NewBuilder(domains, 2)
			for v, c := range b.SplitMultiway(b.Root(), f) {
				b.SetLeaf(c, v%2)
			}
			return b.Tree()
		}
		e, err := Compare(parity(69), parity(0))
		if err != nil {
			t.Fatalf("Compare: %v", err)
		}
		if e.Compatible != 64*64 || e.Consistent != 64*32 || math.Abs(e.Agreement-0.5) > 1e-12 {
			t.Errorf("Compare = %+v; want 2048/4096 pairs, agreement 0.5", e)
		}
	})
	t.Run("comb depth 40 vs comb depth 40", func(t *testing.T) {
		domains := make([]int, 80)
		for f := range domains {
			domains[f] = 2
		}
		// comb tests features[i] in turn; value 0 exits to a leaf of class
		// i mod 3, value 1 goes on; the last node is a leaf of class 2.
		comb := func(features []int) (*tree.Tree, []float64, []int) {
			b := tree.NewBuilder(domains, 3)
			n := b.Root()
			var share []float64
			var class []int
			p := 1.0
			for i, f := range features {
				kids := b.SplitMultiway(n, f)
				p /= 2
				b.SetLeaf(kids[0], i%3)
				share, class = append(share, p), append(class, i%3)
				n = kids[1]
			}
			b.SetLeaf(n, 2)
			share, class = append(share, p), append(class, 2)
			return b.Tree(), share, class
		}
		of, lf := make([]int, 40), make([]int, 40)
		for i := range 40 {
			of[i], lf[i] = i, 40+i
		}
		oracle, os, oc := comb(of)
		learned, ls, lc := comb(lf)
		want := 0.0 // disjoint features: pair (i, j) has share os[i]·ls[j]
		consistent := int64(0)
		for i := range os {
			for j := range ls {
				if oc[i] == lc[j] {
					want += os[i] * ls[j]
					consistent++
				}
			}
		}
		e, err := Compare(oracle, learned)
		if err != nil {
			t.Fatalf("Compare: %v", err)
		}
		if e.Compatible != 41*41 || e.Consistent != consistent || math.Abs(e.Agreement-want) > 1e-12 {
			t.Errorf("Compare = %+v; want %d/%d pairs, agreement %.15g", e, consistent, 41*41, want)
		}
	})
}

func TestCompareErrors(t *testing.T) {
	leaf := func(domains []int, classes int) *tree.Tree {
		b := tree.NewBuilder(domains, classes)
		b.SetLeaf(b.Root(), 0)
		return b.Tree()
	}
	cases := []struct {
		name            string
		oracle, learned *tree.Tree
	}{
		{"nil oracle", nil, leaf([]int{2}, 2)},
		{"nil learned", leaf([]int{2}, 2), nil},
		{"empty tree", &tree.Tree{Domains: []int{2}, Classes: 2}, leaf([]int{2}, 2)},
		{"feature counts differ", leaf([]int{2, 2}, 2), leaf([]int{2}, 2)},
		{"domains differ", leaf([]int{2, 3}, 2), leaf([]int{2, 2}, 2)},
		{"classes differ", leaf([]int{2}, 2), leaf([]int{2}, 3)},
		{"domain above 64", leaf([]int{65}, 2), leaf([]int{65}, 2)},
		{"domain 0", leaf([]int{0}, 2), leaf([]int{0}, 2)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if e, err := Compare(tc.oracle, tc.learned); err == nil {
				t.Errorf("Compare = %+v, nil error; want an error", e)
			}
		})
	}
}

func TestDOE(t *testing.T) {
	cases := []struct {
		e    Equivalence
		want float64
	}{
		{Equivalence{Compatible: 8, Consistent: 5}, 0.625},
		{Equivalence{Compatible: 3, Consistent: 3}, 1},
		{Equivalence{Compatible: 3}, 0},
		{Equivalence{}, math.NaN()},
	}
	for _, tc := range cases {
		if got := tc.e.DOE(); !(got == tc.want || math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("%+v.DOE() = %g; want %g", tc.e, got, tc.want)
		}
	}
}

// TestCompareBySpaceIsTheWalk: on binary (and unary) features, counting by
// enumeration (compareBySpace) gives the walk's Equivalence bit for bit:
// perfect oracles, irregular trees with repeated features and degenerate
// one-branch splits on both sides, one to maxSpaceFeatures features. Past
// maxSpaceFeatures, or with a feature of three values, it declines.
func TestCompareBySpaceIsTheWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 600 {
		m := 1 + rng.IntN(maxSpaceFeatures)
		d := randomDomains(rng, m, 1, 2)
		k := 2 + rng.IntN(2)
		s := shape{maxDepth: 1 + rng.IntN(12), split: constSplit(0.5 + 0.45*rng.Float64()), subsets: trial%2 == 0, repeat: trial%3 != 0}
		var oracle *tree.Tree
		if trial%4 == 0 {
			oracle = randomLearned(rng, d, k, s)
		} else {
			oracle = randomOracle(rng, d, k, 1+rng.IntN(min(m, 8)))
		}
		learned := randomLearned(rng, d, k, s)
		got, ok := compareBySpace(oracle, learned)
		want := walk(oracle, learned, nil)
		if !ok || got.Compatible != want.Compatible || got.Consistent != want.Consistent ||
			math.Float64bits(got.Agreement) != math.Float64bits(want.Agreement) {
			t.Fatalf("trial %d (domains %v): by space %+v (%v), walk %+v", trial, d, got, ok, want)
		}
	}
	wide := randomDomains(rng, maxSpaceFeatures+1, 2, 2)
	ternary := []int{2, 3, 2}
	for _, d := range [][]int{wide, ternary} {
		o := randomOracle(rng, d, 2, 2)
		if _, ok := compareBySpace(o, o); ok {
			t.Errorf("domains %v: counted by enumeration", d)
		}
	}
}
