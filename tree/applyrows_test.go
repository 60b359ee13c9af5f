package tree

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// TestApplyRowsIsApply: on random trees (multiway splits, values grouped
// into shared branches, features tested again below themselves, unary and
// 64-value domains) and random rows around word boundaries, ApplyRows
// gives every row in the set the leaf Apply gives it and leaves the rows
// outside the set alone.
func TestApplyRowsIsApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 300 {
		m := 1 + rng.IntN(6)
		domains := make([]int, m)
		for f := range domains {
			domains[f] = 1 + rng.IntN(4)
		}
		if trial%25 == 0 {
			domains[0] = 64
		}
		b := NewBuilder(domains, 3)
		var grow func(n, depth int)
		grow = func(n, depth int) {
			if depth == 0 || rng.IntN(5) == 0 || b.Len() > 2000 {
				b.SetLeaf(n, rng.IntN(3))
				return
			}
			f := rng.IntN(m)
			var kids []int
			if rng.IntN(2) == 0 {
				kids = b.SplitMultiway(n, f)
			} else {
				group := make([]int, domains[f])
				branches := 1 + rng.IntN(domains[f])
				for v := range group {
					group[v] = rng.IntN(branches)
				}
				kids = b.Split(n, f, renumbered(group))
			}
			for _, c := range kids {
				grow(c, depth-1)
			}
		}
		grow(b.Root(), 1+rng.IntN(7))
		tr := b.Tree()
		if err := tr.Validate(); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		n := 1 + rng.IntN(300)
		xs := make([][]uint8, n)
		valueRows := make([][]dataset.Bitset, m)
		for f, z := range domains {
			valueRows[f] = make([]dataset.Bitset, z)
			for v := range z {
				valueRows[f][v] = dataset.NewBitset(n)
			}
		}
		rows := dataset.NewBitset(n)
		for i := range xs {
			xs[i] = make([]uint8, m)
			for f, z := range domains {
				xs[i][f] = uint8(rng.IntN(z))
				valueRows[f][xs[i][f]].Set(i)
			}
			if rng.IntN(8) != 0 {
				rows.Set(i)
			}
		}
		dst := make([]int32, n)
		for i := range dst {
			dst[i] = -7
		}
		tr.ApplyRows(valueRows, rows, dst)
		for i, x := range xs {
			want := int32(-7)
			if rows.Has(i) {
				want = int32(tr.Apply(x))
			}
			if dst[i] != want {
				t.Fatalf("trial %d, row %d %v: ApplyRows %d, want %d", trial, i, x, dst[i], want)
			}
		}
	}
}

// renumbered renames group's branches in order of first appearance, so
// that every branch 0..g-1 is used, as Builder.Split wants.
func renumbered(group []int) []int {
	name := map[int]int{}
	out := make([]int, len(group))
	for v, g := range group {
		if _, ok := name[g]; !ok {
			name[g] = len(name)
		}
		out[v] = name[g]
	}
	return out
}
