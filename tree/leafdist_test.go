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
	domains := []int{2, 3, 4, 2, 3}
	const classes = 3
	for trial := range 300 {
		b := NewBuilder(domains, classes)
		withCounts := trial%5 != 0
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
				if rng.IntN(4) != 0 { // a quarter of the leaves saw no rows
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
		grow(b.Root(), 4, make([]bool, len(domains)))
		tr := b.Tree()
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
