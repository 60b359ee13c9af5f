package costs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

var nan = math.NaN()

// thresholdTree is a hand-built J48-style tree over x0 (numeric), x1
// (nominal, 3 values) and x2 (numeric), two classes, with weights:
//
//	0: x0 <= 5
//	   1: x0 <= 2
//	      3: leaf a (weight 4)
//	      4: x1 = u, v, w
//	         5: leaf a (3)   6: leaf b (0: empty)   7: leaf b (2)
//	   2: x2 <= 1.5
//	      8: leaf b (5)   9: x0 <= 8
//	                         10: leaf a (1)   11: leaf b (1)
func thresholdTree() *tree.Tree {
	b := tree.NewBuilder([]int{tree.Numeric, 3, tree.Numeric}, 2)
	root := b.Root()
	le, gt := b.SplitNumeric(root, 0, 5)
	l3, n4 := b.SplitNumeric(le, 0, 2)
	kids := b.Split(n4, 1, []int{0, 1, 2})
	l8, n9 := b.SplitNumeric(gt, 2, 1.5)
	l10, l11 := b.SplitNumeric(n9, 0, 8)
	leaves := map[int][2]float64{l3: {4, 0}, kids[0]: {3, 0}, kids[1]: {0, 0}, kids[2]: {0, 2}, l8: {0, 5}, l10: {1, 0}, l11: {0, 1}}
	for n, w := range leaves {
		c := 0
		if w[1] > w[0] || (n == kids[1]) {
			c = 1
		}
		b.SetLeaf(n, c)
	}
	// Internal weights: the sums of their children's.
	var weigh func(n int) [2]float64
	tr := b.Tree()
	weigh = func(n int) [2]float64 {
		if w, ok := leaves[n]; ok {
			b.SetWeights(n, w[:])
			return w
		}
		var s [2]float64
		for _, br := range tr.Branches(n) {
			w := weigh(br.Child)
			s[0], s[1] = s[0]+w[0], s[1]+w[1]
		}
		b.SetWeights(n, s[:])
		return s
	}
	weigh(0)
	t := b.Tree()
	if err := t.Validate(); err != nil {
		panic(err)
	}
	return t
}

// TestValuesHand checks hand-counted charges on thresholdTree: x0 costs 3,
// x1 4 and x2 5; x1 and x2 share a blood draw of 2.
func TestValuesHand(t *testing.T) {
	m := &Model{
		Tests:  []Test{{Name: "x0", Cost: 3, Group: NoGroup}, {Name: "x1", Cost: 4, Group: 0}, {Name: "x2", Cost: 5, Group: 0}},
		Groups: []Group{{Name: "blood", Common: 2}},
		Matrix: DefaultMatrix(2),
	}
	tc, err := m.ForTree(thresholdTree())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		x    []float64
		want float64
	}{
		{"two thresholds of x0, charged once", []float64{1, nan, nan}, 3},
		{"x0 twice then x1", []float64{4, 2, nan}, 3 + 4 + 2},
		{"x0, x2, x0 again", []float64{7, nan, 9}, 3 + 5 + 2},
		{"x2 missing: both of its paths, x0 once", []float64{7, nan, nan}, 3 + 5 + 2},
		{"x1 missing: its non-empty branches only", []float64{4, nan, nan}, 3 + 4 + 2},
		// x0 missing: every path but the empty leaf's: x0, x1, x2, one draw.
		{"x0 missing", []float64{nan, 0, 0}, 3 + 4 + 5 + 2},
		{"into the empty leaf: the test above it is paid", []float64{4, 1, nan}, 3 + 4 + 2},
	} {
		if got := tc.Values(c.x, nil); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: Values(%v) = %v; want %v", c.name, c.x, got, c.want)
		}
	}
}

// TestValuesBruteForce compares Values with a recount from scratch on
// random trees of threshold and nominal tests (some with weights and
// empty leaves) under random models (groups, delayed tests), for random
// instances with missing values: the union, over the paths the instance
// reaches, of each path's tests, each test once, each group once, a
// delayed test charging its node's whole subtree and ending the path's
// charges.
func TestValuesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 400 {
		features := 1 + rng.IntN(5)
		if trial%50 == 0 {
			features = 70 + rng.IntN(10) // sets of two words
		}
		domains := make([]int, features)
		for f := range domains {
			if rng.IntN(2) == 0 {
				domains[f] = 2 + rng.IntN(3)
			}
		}
		tr, weighted := thresholdTreeOf(rng, domains)
		m := groupedModel(rng, features)
		tc, err := m.ForTree(tr)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			x := make([]float64, features)
			for f, z := range domains {
				switch {
				case rng.IntN(4) == 0:
					x[f] = nan
				case z == tree.Numeric:
					x[f] = float64(rng.IntN(10))
				default:
					x[f] = float64(rng.IntN(z))
				}
			}
			got, want := tc.Values(x, nil), bruteCharge(m, tr, weighted, x)
			if math.Abs(got-want) > 1e-9 {
				t.Fatalf("trial %d: Values(%v) = %v; recount %v\ntree %+v", trial, x, got, want, tr)
			}
		}
		// A row without missing values on its path costs its leaf's tests.
		x := make([]float64, features)
		for f, z := range domains {
			if z != tree.Numeric {
				x[f] = float64(rng.IntN(z))
			} else {
				x[f] = float64(rng.IntN(10))
			}
		}
		if leaf := tr.ApplyValues(x); leaf >= 0 && tc.Values(x, nil) != tc.Tests(leaf) {
			t.Fatalf("trial %d: Values(%v) = %v; the leaf's tests %v", trial, x, tc.Values(x, nil), tc.Tests(leaf))
		}
	}
}

// thresholdTreeOf grows a random tree of depth up to 4, threshold and
// nominal tests; with weights (half the
// trees), a leaf may be empty.
func thresholdTreeOf(rng *rand.Rand, domains []int) (*tree.Tree, bool) {
	b := tree.NewBuilder(domains, 2)
	weighted := rng.IntN(2) == 0
	leafW := map[int][2]float64{}
	var grow func(n, depth int)
	grow = func(n, depth int) {
		if depth == 4 || rng.IntN(4) == 0 {
			c := rng.IntN(2)
			b.SetLeaf(n, c)
			w := [2]float64{}
			if rng.IntN(5) > 0 {
				w[c] = float64(1 + rng.IntN(5))
			}
			leafW[n] = w
			return
		}
		f := rng.IntN(len(domains))
		if domains[f] == tree.Numeric {
			le, gt := b.SplitNumeric(n, f, float64(rng.IntN(10))+0.5)
			grow(le, depth+1)
			grow(gt, depth+1)
			return
		}
		group := make([]int, domains[f])
		for v := range group {
			group[v] = v
		}
		if domains[f] > 2 && rng.IntN(2) == 0 { // a subset split: two branches
			for v := range group {
				group[v] = v % 2
			}
		}
		for _, ch := range b.Split(n, f, group) {
			grow(ch, depth+1)
		}
	}
	grow(b.Root(), 0)
	if weighted {
		tr := b.Tree()
		var weigh func(n int) [2]float64
		weigh = func(n int) [2]float64 {
			if w, ok := leafW[n]; ok {
				b.SetWeights(n, w[:])
				return w
			}
			var s [2]float64
			for _, br := range tr.Branches(n) {
				w := weigh(br.Child)
				s[0], s[1] = s[0]+w[0], s[1]+w[1]
			}
			b.SetWeights(n, s[:])
			return s
		}
		weigh(0)
	}
	t := b.Tree()
	if err := t.Validate(); err != nil {
		panic(fmt.Sprintf("thresholdTreeOf: %v", err))
	}
	return t, weighted
}

// groupedModel draws costs, up to two groups and some delayed tests.
func groupedModel(rng *rand.Rand, features int) *Model {
	m := &Model{Matrix: DefaultMatrix(2)}
	groups := rng.IntN(3)
	for g := range groups {
		m.Groups = append(m.Groups, Group{Name: fmt.Sprint("g", g), Common: float64(1 + rng.IntN(9))})
	}
	for f := range features {
		ts := Test{Name: fmt.Sprint("x", f), Cost: float64(rng.IntN(20)) + 0.25, Group: NoGroup, Delayed: rng.IntN(6) == 0}
		if groups > 0 && rng.IntN(2) == 0 {
			ts.Group = rng.IntN(groups)
		}
		m.Tests = append(m.Tests, ts)
	}
	return m
}

// bruteCharge recounts the charge of x from the definitions, sharing no
// code with Values: it finds the paths x reaches (a missing value: every
// child, or with weights every child of weight 1e-6 or more, the first
// when none is; an empty child entered: the walk ends there), the tests
// each path charges, their union, and its cost.
func bruteCharge(m *Model, t *tree.Tree, weighted bool, x []float64) float64 {
	weight := func(n int) float64 {
		w := t.NodeWeights(n)
		return w[0] + w[1]
	}
	var paths [][]int
	var walk func(path []int)
	walk = func(path []int) {
		n := path[len(path)-1]
		f := t.Feature[n]
		if f == tree.Leaf {
			paths = append(paths, path)
			return
		}
		kids := t.Branches(n)
		v := x[f]
		if math.IsNaN(v) {
			went := false
			for _, k := range kids {
				if weighted && weight(n) > 0 && weight(k.Child) < 1e-6 {
					continue
				}
				went = true
				walk(append(append([]int(nil), path...), k.Child))
			}
			if !went {
				paths = append(paths, append(append([]int(nil), path...), kids[0].Child))
			}
			return
		}
		var next int
		if t.Domains[f] == tree.Numeric {
			next = kids[0].Child
			if v > t.Threshold[n] {
				next = kids[1].Child
			}
		} else {
			for _, k := range kids {
				if k.Values&(1<<int(v)) != 0 {
					next = k.Child
				}
			}
		}
		path = append(path, next)
		if weighted && weight(next) < 1e-6 {
			paths = append(paths, path)
			return
		}
		walk(path)
	}
	walk([]int{0})
	var subtree func(n int, into map[int]bool)
	subtree = func(n int, into map[int]bool) {
		if f := t.Feature[n]; f != tree.Leaf {
			into[int(f)] = true
			for _, k := range t.Branches(n) {
				subtree(k.Child, into)
			}
		}
	}
	charged := map[int]bool{}
	for _, p := range paths {
		for _, n := range p[:len(p)-1] { // the last node's test is not on the path
			f := int(t.Feature[n])
			if m.Tests[f].Delayed {
				subtree(n, charged)
				break
			}
			charged[f] = true
		}
	}
	total := 0.0
	touched := map[int]bool{}
	for f := range charged {
		total += m.Tests[f].Cost
		if g := m.Tests[f].Group; g != NoGroup {
			touched[g] = true
		}
	}
	for g := range touched {
		total += m.Groups[g].Common
	}
	return total
}

// TestMeanOnInstances checks Mean on a dataset with numeric features and
// missing values: its test part is the mean of Values over the rows, its
// error part the mean matrix entry of the tree's prediction.
func TestMeanOnInstances(t *testing.T) {
	tr := thresholdTree()
	m := &Model{
		Tests:  []Test{{Name: "x0", Cost: 3, Group: NoGroup}, {Name: "x1", Cost: 4, Group: NoGroup}, {Name: "x2", Cost: 5, Group: NoGroup}},
		Matrix: [][]float64{{0, 10}, {20, 0}},
	}
	tc, err := m.ForTree(tr)
	if err != nil {
		t.Fatal(err)
	}
	schema := dataset.Schema{
		Features: []dataset.Attribute{{Name: "x0", Numeric: true}, {Name: "x1", Values: []string{"u", "v", "w"}}, {Name: "x2", Numeric: true}},
		Class:    dataset.Attribute{Name: "c", Values: []string{"a", "b"}},
	}
	nums := [][]float64{{1, 4, nan, 7}, nil, {nan, nan, 0, 9}}
	codes := [][]uint8{nil, {0, 2, 1, dataset.MissingCode}, nil}
	d, err := dataset.NewMixed(schema, codes, nums, []uint8{0, 1, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	got := tc.Mean(d, d.All())
	// Row 0: x0 <= 2, leaf a, right: tests 3. Row 1: x0 twice, x1 = w,
	// leaf b, right: 7. Row 2, x0 missing: 9/16 of it left, where x0 is
	// missing again (leaf a, 4/9) and x1 = v enters the empty leaf (node
	// 4's 3:2, 5/9), 7/16 right to leaf b: a 7/16, b 9/16, so b for an a,
	// 20; its tests x0, x1 and x2, 12. Row 3: x0 7, x2 9, x0 <= 8 again,
	// leaf a for a b, 10; tests 8.
	wantTests, wantErrors := (3+7+12+8)/4.0, (0+0+20+10)/4.0
	if got.Cases != 4 || math.Abs(got.Tests-wantTests) > 1e-12 || math.Abs(got.Errors-wantErrors) > 1e-12 {
		t.Errorf("Mean = %+v; want 4 cases, tests %v, errors %v", got, wantTests, wantErrors)
	}
}
