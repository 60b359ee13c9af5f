package generate

import (
	"fmt"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// TestFillBinary checks that the eight-rows-at-a-time binary filler draws
// the same codes as the general one, from the same generator state, and
// that, given the identity table, it returns the input indices Σ_f x_f·2^f of those codes.
func TestFillBinary(t *testing.T) {
	for _, m := range []int{1, 8, 9, 17} {
		for _, q := range []int{0, 1, 7, 8, 9, 63, 64, 65, 200} {
			t.Run(fmt.Sprintf("m%d q%d", m, q), func(t *testing.T) {
				fast := make([][]uint8, m)
				slow := make([][]uint8, m)
				for f := range m {
					fast[f] = make([]uint8, q)
					slow[f] = make([]uint8, q)
				}
				identity := make([]int32, 1<<m)
				for i := range identity {
					identity[i] = int32(i)
				}
				index := fillBinary(fast, q, newRNG(uint64(m*1000+q)), identity)
				rng := newRNG(uint64(m*1000 + q))
				for _, col := range slow {
					fillUniform(col, 2, rng)
				}
				for f := range m {
					if !slices.Equal(fast[f], slow[f]) {
						t.Fatalf("f%d: fillBinary %v; fillUniform %v", f, fast[f], slow[f])
					}
				}
				for r := range q {
					sum := int32(0)
					for f := range m {
						sum += int32(fast[f][r]) << f
					}
					if index[r] != sum {
						t.Fatalf("row %d: index %d; want %d", r, index[r], sum)
					}
				}
			})
		}
	}
}

// oddBinaryTree is a binary tree that is not an oracle: the root tests f0;
// below value 0, f0 is tested again (its value-1 leaf is unreachable);
// below value 1, a split of f1 sends both values to one node, which
// splits f2.
func oddBinaryTree() *tree.Tree {
	b := tree.NewBuilder([]int{2, 2, 2}, 2)
	kids := b.SplitMultiway(b.Root(), 0)
	again := b.SplitMultiway(kids[0], 0)
	b.SetLeaf(again[0], 0)
	b.SetLeaf(again[1], 1)
	one := b.Split(kids[1], 1, []int{0, 0})
	last := b.SplitMultiway(one[0], 2)
	b.SetLeaf(last[0], 1)
	b.SetLeaf(last[1], 0)
	return b.Tree()
}

// TestBinaryLeafTable checks the table against Apply on every input.
func TestBinaryLeafTable(t *testing.T) {
	trees := map[string]*tree.Tree{"odd": oddBinaryTree()}
	for _, k := range []int{1, 3, 7} {
		spec := OracleSpec{Domains: binaryDomains(7), Classes: 2, Depth: k}
		for seed := range uint64(3) {
			trees[fmt.Sprintf("oracle k%d seed%d", k, seed)] = mustOracle(t, spec, newRNG(seed))
		}
	}
	for name, o := range trees {
		t.Run(name, func(t *testing.T) {
			table := binaryLeafTable(o)
			if len(table) != 1<<len(o.Domains) {
				t.Fatalf("table of %d entries; want %d", len(table), 1<<len(o.Domains))
			}
			i := 0
			eachInput(o.Domains, func(x []uint8) {
				// eachInput counts with feature 0 the fastest digit, so
				// the i-th input has index i.
				if got, want := table[i], o.Apply(x); int(got) != want {
					t.Fatalf("input %v: table %d; Apply %d", x, got, want)
				}
				i++
			})
		})
	}
}
