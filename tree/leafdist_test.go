package tree

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLeafDistributionsAreApplyDistribution: on random trees with counts
// (some nodes with none, which hand the distribution to an ancestor) and
// without, the row of the leaf a random row reaches is ApplyDistribution's
// probabilities for that row, bit for bit.
func TestLeafDistributionsAreApplyDistribution(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const classes = 3
	for trial := range 300 {
		tr := randomNominalTree(rng, classes, 4, trial%5 != 0)
		domains := tr.Domains
		table := tr.LeafDistributions()
		if table == nil {
			t.Fatalf("trial %d: no table for a nominal tree", trial)
		}
		x := make([]uint8, len(domains))
		want := make([]float64, classes)
		for range 50 {
			for f, z := range domains {
				x[f] = uint8(rng.IntN(z))
			}
			leaf := tr.ApplyDistribution(x, want)
			got := table[leaf*classes : (leaf+1)*classes]
			for c := range want {
				if math.Float64bits(got[c]) != math.Float64bits(want[c]) {
					t.Fatalf("trial %d, row %v, leaf %d: table %v, ApplyDistribution %v", trial, x, leaf, got, want)
				}
			}
		}
	}
}

// TestLeafDistributionsSharedNode: a node named by two values of one
// table, or by two tables, is reached by two paths, and a child before its
// parent is no valid tree: no table is given.
func TestLeafDistributionsSharedNode(t *testing.T) {
	for _, tr := range []*Tree{
		{Domains: []int{2}, Classes: 2, Feature: []int32{0, Leaf}, Class: []int32{NoClass, 1}, Offset: []int32{0, -1}, Child: []int32{1, 1}},
		{Domains: []int{2, 2}, Classes: 2, Feature: []int32{0, Leaf, 1}, Class: []int32{NoClass, 0, NoClass}, Offset: []int32{0, -1, 2}, Child: []int32{2, 1, 1, 1}},
		{Domains: []int{2, 2}, Classes: 2, Feature: []int32{0, 1, Leaf, Leaf}, Class: []int32{NoClass, NoClass, 0, 1}, Offset: []int32{0, 2, -1, -1}, Child: []int32{2, 1, 2, 3}},
		{Domains: []int{2, 2}, Classes: 2, Feature: []int32{0, Leaf, 1, Leaf, Leaf}, Class: []int32{NoClass, 0, NoClass, 1, 0}, Offset: []int32{0, -1, 2, -1, -1}, Child: []int32{2, 3, 1, 4}},
	} {
		if table := tr.LeafDistributions(); table != nil {
			t.Errorf("tree %+v: table %v, want none", tr, table)
		}
	}
}

// randomNominalTree grows a random multiway tree over five nominal
// features of two to four values, to the given depth, with class counts
// (when withCounts) that are the sums of its leaves': a quarter of the
// leaves saw no rows, so some nodes hand their distribution to an
// ancestor, and some internal nodes have none either.
func randomNominalTree(rng *rand.Rand, classes, depth int, withCounts bool) *Tree {
	domains := []int{2, 3, 4, 2, 3}
	b := NewBuilder(domains, classes)
	var grow func(n, depth int, used []bool) []int
	grow = func(n, depth int, used []bool) []int {
		free := []int{}
		for f, u := range used {
			if !u {
				free = append(free, f)
			}
		}
		if depth == 0 || len(free) == 0 || rng.IntN(4) == 0 {
			counts := make([]int, classes)
			if rng.IntN(4) != 0 {
				for c := range counts {
					counts[c] = rng.IntN(5)
				}
			}
			b.SetLeaf(n, rng.IntN(classes))
			if withCounts {
				b.SetCounts(n, counts)
			}
			return counts
		}
		f := free[rng.IntN(len(free))]
		next := append([]bool(nil), used...)
		next[f] = true
		sum := make([]int, classes)
		for _, k := range b.SplitMultiway(n, f) {
			for c, v := range grow(k, depth-1, next) {
				sum[c] += v
			}
		}
		if withCounts {
			b.SetCounts(n, sum)
		}
		return sum
	}
	grow(b.Root(), depth, make([]bool, len(domains)))
	return b.Tree()
}

// TestAddDistributionIsApplyDistribution: on random trees whose counts
// are their leaves' sums (root leaves, leaves and internal nodes no row
// reached among them), AddDistribution adds to an accumulator exactly
// the bits ApplyDistribution's probabilities add, row after row.
func TestAddDistributionIsApplyDistribution(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const classes = 3
	for trial := range 400 {
		tr := randomNominalTree(rng, classes, trial%5, true)
		if !tr.NestedCounts() {
			t.Fatalf("trial %d: a tree counted from its leaves is not nested", trial)
		}
		x := make([]uint8, len(tr.Domains))
		one := make([]float64, classes)
		want := make([]float64, classes)
		got := make([]float64, classes)
		for row := range 40 {
			for f, z := range tr.Domains {
				x[f] = uint8(rng.IntN(z))
			}
			tr.ApplyDistribution(x, one)
			for c, p := range one {
				want[c] += p
			}
			tr.AddDistribution(x, got)
			for c := range want {
				if math.Float64bits(got[c]) != math.Float64bits(want[c]) {
					t.Fatalf("trial %d, row %d %v: AddDistribution sums %v, ApplyDistribution %v", trial, row, x, got, want)
				}
			}
		}
	}
}

// TestNestedCounts: a tree without counts, with Weights or numeric
// nodes, or with a child whose counts total more than its parent's is
// not nested; one whose children share their parent's rows is, with
// empty children and a parent that saw no rows.
func TestNestedCounts(t *testing.T) {
	split := func(counts ...int32) *Tree {
		return &Tree{Domains: []int{2}, Classes: 2,
			Feature: []int32{0, Leaf, Leaf}, Class: []int32{NoClass, 0, 1},
			Offset: []int32{0, -1, -1}, Child: []int32{1, 2}, Counts: counts}
	}
	weighted := split(3, 2, 3, 0, 0, 2)
	weighted.Weights = []float64{3, 2, 3, 0, 0, 2}
	numeric := split(3, 2, 3, 0, 0, 2)
	numeric.Threshold = []float64{0.5, 0, 0}
	for _, c := range []struct {
		name string
		tree *Tree
		want bool
	}{
		{"shared rows", split(3, 2, 3, 0, 0, 2), true},
		{"fewer rows below", split(3, 2, 1, 0, 0, 1), true},
		{"an empty child", split(3, 2, 0, 0, 3, 2), true},
		{"no rows at all", split(0, 0, 0, 0, 0, 0), true},
		{"a child with more rows", split(3, 2, 6, 0, 0, 2), false},
		{"rows below an empty parent", split(0, 0, 0, 1, 0, 0), false},
		{"no counts", split(), false},
		{"weights", weighted, false},
		{"numeric", numeric, false},
	} {
		if got := c.tree.NestedCounts(); got != c.want {
			t.Errorf("%s: NestedCounts %v, want %v", c.name, got, c.want)
		}
	}
}
