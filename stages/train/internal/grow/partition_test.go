package grow

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// branchOf is the reference rule of the two-branch partitions: the rows
// whose bit shift, xor flip, is 1 go to branch 1.
func branchOf(x uint64, shift uint, flip uint64) int { return int(x>>shift&1 ^ flip) }

// TestTwoBranchPartitions checks partition2, split2Rows and keepRows (and
// the variants that sum lanes) against filtering by hand: each branch
// receives exactly its rows, in order (partition2's branch 1 backwards),
// and the lane sums are those of its rows of each class.
func TestTwoBranchPartitions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 7, 14, 33, 500} {
		for _, flip := range []uint64{0, 1} {
			t.Run(fmt.Sprintf("n=%d/flip=%d", n, flip), func(t *testing.T) {
				rows := make([]uint64, n)
				for i := range rows {
					rows[i] = rng.Uint64() & (1<<63 - 1) & spreadMask
				}
				const shift = 3 * 5 // feature 5's lane
				var want [2][]uint64
				for _, x := range rows {
					br := branchOf(x, shift, flip)
					want[br] = append(want[br], x)
				}

				list := slices.Clone(rows)
				other := make([]uint64, n)
				partition2(list, other, shift, flip)
				n0 := len(want[0])
				back := slices.Clone(other[n0:])
				slices.Reverse(back)
				if !slices.Equal(list[:n0], want[0]) || !slices.Equal(back, want[1]) {
					t.Fatalf("partition2: branches %v, %v; want %v, %v", list[:n0], back, want[0], want[1])
				}

				kid0, kid1 := make([]uint64, n), make([]uint64, n)
				if i := split2Rows(rows, kid0, kid1, shift, flip); i != n0 || !slices.Equal(kid0[:i], want[0]) || !slices.Equal(kid1[:n-i], want[1]) {
					t.Fatalf("split2Rows: %d rows to branch 0, %v, %v", i, kid0[:i], kid1[:n-i])
				}
				for br := range 2 {
					kid := make([]uint64, n)
					keepRows(rows, kid, shift, flip^uint64(br))
					if !slices.Equal(kid[:len(want[br])], want[br]) {
						t.Fatalf("keepRows branch %d: %v; want %v", br, kid[:len(want[br])], want[br])
					}
				}

				// The summing variants: rows[:c0] are class 0's, at most 7
				// rows of each class in the branch summed.
				if n > 14 {
					return
				}
				c0 := n / 2
				sums := func(rs []uint64, keep func(r int) bool) (t0, t1 uint64) {
					for r, x := range rs {
						if !keep(r) {
							continue
						}
						if r < c0 {
							t0 += x
						} else {
							t1 += x
						}
					}
					return
				}
				w0, w1 := sums(rows, func(r int) bool { return branchOf(rows[r], shift, flip) == 0 })
				if g0, g1 := split2RowsSums(rows, c0, kid0, kid1, shift, flip); g0 != w0 || g1 != w1 {
					t.Fatalf("split2RowsSums = %#x, %#x; want %#x, %#x", g0, g1, w0, w1)
				}
				w0, w1 = sums(rows, func(r int) bool { return branchOf(rows[r], shift, flip) == 1 })
				if g0, g1 := keepRowsSums(rows, c0, kid0, shift, flip^1); g0 != w0 || g1 != w1 {
					t.Fatalf("keepRowsSums = %#x, %#x; want %#x, %#x", g0, g1, w0, w1)
				}
			})
		}
	}
}

// spreadMask keeps the lowest bit of every lane, so test rows look like
// packed binary features.
const spreadMask uint64 = 0x1249249249249249 & (1<<63 - 1)
