package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// fitRandomTree fits a RandomTree with options o and a generator seeded
// with seed.
func fitRandomTree(t testing.TB, o RandomTreeOptions, d *dataset.Dataset, seed uint64) *tree.Tree {
	t.Helper()
	return fitTree(t, RandomTree{Options: o}, d, d.All(), seed)
}

// TestRandomTreeSeeds checks that equal seeds give equal trees and that
// other seeds give other trees (on 10 features and 3000 rows, two draws
// of K = 4 features at every node agree by chance with a negligible
// probability).
func TestRandomTreeSeeds(t *testing.T) {
	d := oracleData(t, 3, repeat(2, 10), 2, 8, 3000)
	o := DefaultRandomTreeOptions()
	a := fitRandomTree(t, o, d, 1)
	if diff := sameTree(a, fitRandomTree(t, o, d, 1)); diff != "" {
		t.Errorf("seed 1 twice: %s", diff)
	}
	for seed := uint64(2); seed <= 5; seed++ {
		if sameTree(a, fitRandomTree(t, o, d, seed)) == "" {
			t.Errorf("seeds 1 and %d gave the same tree", seed)
		}
	}
}

// TestRandomTreeAllFeatures checks that K ≥ m gives ID3's tree exactly:
// every usable feature is examined, ties go to the lowest index and a
// node stops at zero gain in both, and min_leaf 1 stops only one-row
// nodes, which are pure. The default K = ⌊log2 m⌋ + 1 reaches m for m ≤ 2.
func TestRandomTreeAllFeatures(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(5) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				want := fitTree(t, ID3{}, d, d.All(), seed)
				for _, k := range []int{d.NumFeatures(), 100} {
					o := DefaultRandomTreeOptions()
					o.K = k
					if diff := sameTree(want, fitRandomTree(t, o, d, seed)); diff != "" {
						t.Fatalf("seed %d, k = %d: differs from ID3: %s", seed, k, diff)
					}
				}
			}
		})
	}
	d := oracleData(t, 1, repeat(3, 2), 3, 2, 200)
	if diff := sameTree(fitTree(t, ID3{}, d, d.All(), 1), fitRandomTree(t, DefaultRandomTreeOptions(), d, 7)); diff != "" {
		t.Errorf("m = 2, default K = 2: differs from ID3: %s", diff)
	}
}

// TestRandomTreeOracles checks RandomTree's stopping rule on noise-free
// samples: every split has a positive gain, and a leaf misclassifies
// training rows only when no feature untested on its path has any gain
// (Weka's RandomTree keeps drawing past K until one has).
func TestRandomTreeOracles(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			misses, total := 0, 0
			for seed := range uint64(10) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				rows := d.All().Rows(nil)
				for _, k := range []int{0, 1, 2} {
					o := DefaultRandomTreeOptions()
					o.K = k
					tr := fitRandomTree(t, o, d, seed)
					misses += checkStops(t, tr, d, rows, 1e-9)
					total += d.Len()
					checkSplitGains(t, tr, d, rows)
				}
			}
			if misses*100 > total {
				t.Errorf("%d of %d training rows misclassified on noise-free data", misses, total)
			}
		})
	}
}

// checkSplitGains verifies that every internal node's feature has a
// positive information gain on the rows reaching it.
func checkSplitGains(t *testing.T, tr *tree.Tree, d *dataset.Dataset, rows []int) {
	t.Helper()
	at := make([][]int, tr.Len())
	for _, r := range rows {
		x := d.Row(r, nil)
		for n := 0; !tr.IsLeaf(n); n = tr.Next(n, x[tr.Feature[n]]) {
			at[n] = append(at[n], r)
		}
	}
	for n := range tr.Len() {
		if !tr.IsLeaf(n) {
			if g := bruteGain(d, at[n], int(tr.Feature[n])); g <= 1e-10 {
				t.Errorf("node %d splits on f%d with gain %g", n, tr.Feature[n], g)
			}
		}
	}
}

// TestRandomTreeDraws checks that K features are drawn uniformly without
// replacement: at a root where every feature has a distinct positive gain,
// the best of m features is chosen when it is among the K drawn, with
// probability K/m, and the worst never when K ≥ 2; with K = 1 every
// feature is the root with probability 1/m. Frequencies over 3000 seeds
// must lie within 4.5 standard deviations.
func TestRandomTreeDraws(t *testing.T) {
	d := oracleData(t, 11, repeat(2, 10), 2, 8, 3000)
	m := d.NumFeatures()
	rows := d.All().Rows(nil)
	gains := make([]float64, m)
	best, worst := 0, 0
	for f := range m {
		gains[f] = bruteGain(d, rows, f)
		if gains[f] <= 1e-10 {
			t.Fatalf("f%d has no gain at the root; the test needs all positive", f)
		}
		if gains[f] > gains[best] {
			best = f
		}
		if gains[f] < gains[worst] {
			worst = f
		}
	}
	const seeds = 3000
	for _, k := range []int{1, 2, 3, m - 1} {
		o := RandomTreeOptions{K: k, MinLeaf: 1, MaxDepth: 1}
		freq := make([]int, m)
		for seed := range uint64(seeds) {
			freq[fitRandomTree(t, o, d, seed).Feature[0]]++
		}
		within := func(f int, p float64) {
			sd := math.Sqrt(p * (1 - p) / seeds)
			if got := float64(freq[f]) / seeds; math.Abs(got-p) > 4.5*sd {
				t.Errorf("k = %d: f%d is the root in %.4f of fits; want %.4f ± %.4f", k, f, got, p, 4.5*sd)
			}
		}
		within(best, float64(k)/float64(m))
		if k == 1 {
			for f := range m {
				within(f, 1/float64(m))
			}
		} else if freq[worst] != 0 {
			t.Errorf("k = %d: the worst feature f%d is the root in %d fits", k, worst, freq[worst])
		}
	}
}

// TestRandomTreeKeepsDrawing checks Weka's rule that a node draws past K
// while no drawn feature has a positive gain. On all 16 inputs of four
// binary features labelled by f2, f2 has gain 1 and every other feature
// gain 0 exactly; with K = 1 the root must still be f2, whatever the
// seed (stopping after K draws would make a leaf for 3 seeds in 4).
func TestRandomTreeKeepsDrawing(t *testing.T) {
	var rows [][]uint8
	for i := range 16 {
		x := []uint8{uint8(i & 1), uint8(i >> 1 & 1), uint8(i >> 2 & 1), uint8(i >> 3 & 1)}
		rows = append(rows, append(x, x[2]))
	}
	d := dataOf(t, repeat(2, 4), 2, rows)
	want := "f2 = v0: c0 (8.0)\nf2 = v1: c1 (8.0)"
	for seed := range uint64(40) {
		tr := fitRandomTree(t, RandomTreeOptions{K: 1, MinLeaf: 1}, d, seed)
		if got := j48Text(tr, d.Schema()); got != want {
			t.Fatalf("seed %d:\n%s\nwant:\n%s", seed, got, want)
		}
	}
}

// TestRandomTreeMinLeaf checks Weka's -M for RandomTree: a node of fewer
// than 2·min_leaf rows is a leaf, while branches may be smaller.
func TestRandomTreeMinLeaf(t *testing.T) {
	d := oracleData(t, 5, repeat(2, 8), 2, 6, 400)
	rows := d.All().Rows(nil)
	for _, minLeaf := range []int{1, 3, 10} {
		tr := fitRandomTree(t, RandomTreeOptions{MinLeaf: minLeaf}, d, 1)
		at := make([]int, tr.Len())
		for _, r := range rows {
			at[tr.Apply(d.Row(r, nil))]++
			x := d.Row(r, nil)
			for n := 0; !tr.IsLeaf(n); n = tr.Next(n, x[tr.Feature[n]]) {
				at[n]++
			}
		}
		impureSmall := 0
		for n := range tr.Len() {
			switch c := tr.NodeCounts(n); {
			case !tr.IsLeaf(n) && at[n] < 2*minLeaf:
				t.Errorf("min_leaf %d: node %d of %d rows was split", minLeaf, n, at[n])
			case tr.IsLeaf(n) && at[n] < 2*minLeaf && c[0] > 0 && c[1] > 0:
				impureSmall++
			}
		}
		if minLeaf == 10 && impureSmall == 0 {
			t.Errorf("min_leaf 10 left no impure small leaf; the test shows nothing")
		}
	}
}

// TestRandomTreeEdges covers degenerate inputs and direct misuse.
func TestRandomTreeEdges(t *testing.T) {
	d := oracleData(t, 1, repeat(2, 4), 2, 3, 50)
	o := DefaultRandomTreeOptions()
	if tr := fitTree(t, RandomTree{Options: o}, d, dataset.NewBitset(d.Len()), 1); tr.Len() != 1 || tr.Class[0] != 0 {
		t.Errorf("no rows: %d nodes, class %d; want one leaf of class 0", tr.Len(), tr.Class[0])
	}
	if tr := fitTree(t, RandomTree{Options: o}, d, d.ClassRows(1), 1); tr.Len() != 1 || tr.Class[0] != 1 {
		t.Errorf("one class: %d nodes, class %d; want one leaf of class 1", tr.Len(), tr.Class[0])
	}
	if _, err := (RandomTree{Options: o}).Fit(d, d.All(), nil); err == nil {
		t.Error("Fit accepted a nil generator")
	}
	if _, err := (RandomTree{Options: RandomTreeOptions{K: -1, MinLeaf: 1}}).Fit(d, d.All(), rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("Fit accepted k = -1")
	}
	if _, err := (RandomTree{Options: o}).Fit(d, dataset.NewBitset(d.Len()+64), rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("Fit accepted a row set of the wrong length")
	}
	for m, want := range map[int]int{0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 10: 4, 16: 5, 20: 5, 63: 6, 64: 7} {
		if got := randomTreeK(m); got != want {
			t.Errorf("default K for m = %d: %d; want floor(log2 m) + 1 = %d", m, got, want)
		}
	}
}
