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
		if !tr.CountedPaths() {
			t.Fatalf("trial %d: a tree counted from its leaves has an uncounted node above a counted one", trial)
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

// TestCountedPaths: a tree without counts, with Weights or numeric
// nodes, or with a node with counts below one without, has no counted
// paths; one whose nodes without counts have none below them has, with
// empty children, a parent that saw no rows, and counts that are not
// sums (the rule is about empty nodes only).
func TestCountedPaths(t *testing.T) {
	split := func(counts ...int32) *Tree {
		return &Tree{Domains: []int{2}, Classes: 2,
			Feature: []int32{0, Leaf, Leaf}, Class: []int32{NoClass, 0, 1},
			Offset: []int32{0, -1, -1}, Child: []int32{1, 2}, Counts: counts}
	}
	// deep: root (a) -> node 1 (b) and leaf 2; node 1 -> leaves 3 and 4 (c).
	deep := func(a, b, c int32) *Tree {
		return &Tree{Domains: []int{2, 2}, Classes: 1,
			Feature: []int32{0, 1, Leaf, Leaf, Leaf}, Class: []int32{NoClass, NoClass, 0, 0, 0},
			Offset: []int32{0, 2, -1, -1, -1}, Child: []int32{1, 2, 3, 4}, Counts: []int32{a, b, 0, 0, c}}
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
		{"more rows below a counted node", split(3, 2, 6, 0, 0, 2), true},
		{"an empty child", split(3, 2, 0, 0, 3, 2), true},
		{"no rows at all", split(0, 0, 0, 0, 0, 0), true},
		{"empty below counted, deep", deep(4, 0, 0), true},
		{"rows below an empty parent", split(0, 0, 0, 1, 0, 0), false},
		{"rows below an empty inner node", deep(4, 0, 4), false},
		{"rows below an empty root", deep(0, 4, 4), false},
		{"no counts", split(), false},
		{"weights", weighted, false},
		{"numeric", numeric, false},
	} {
		if c.tree.Threshold == nil && c.tree.Weights == nil { // the fixtures are valid trees
			if err := c.tree.Validate(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		if got := c.tree.CountedPaths(); got != c.want {
			t.Errorf("%s: CountedPaths %v, want %v", c.name, got, c.want)
		}
	}
}
