package exact

import (
	"fmt"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/info"
)

// TestFallbackTrees checks the trees a spent time budget falls back to,
// built directly from a search stopped where a budget could stop it: the
// phase 1 witness (minimum depth, least error, leaves not minimised) and
// ID3's greedy tree (least error when unbounded, within the bound when
// bounded).
func TestFallbackTrees(t *testing.T) {
	for _, tc := range []struct{ m, depth, n int }{{8, 4, 300}, {10, 6, 1000}, {12, 6, 2000}} {
		d := oracleData(t, uint64(tc.n), tc.m, tc.depth, 2, tc.n)
		all := d.All().Rows(nil)
		t.Run(fmt.Sprintf("m%d/depth%d/n%d", tc.m, tc.depth, tc.n), func(t *testing.T) {
			pr := newProblem(d, d.All())
			pts := pr.allPoints()
			s := newSearcher(pr, false, pr.m, time.Time{}, false)
			root := s.root(pts)
			least := 1
			for !s.feasible(root, pts, 0, least) {
				least++
			}
			want := fit(t, opts(0, DepthThenLeaves), d, d.All()).Tree()
			if want.Depth() != least {
				t.Fatalf("phase 1 alone finds depth %d; the full fit %d", least, want.Depth())
			}

			witness, errs := s.build(root, pts, least, byDepth)
			if err := witness.Validate(); err != nil {
				t.Fatalf("witness tree: %v", err)
			}
			if witness.Depth() != least || errs != 0 || trainingErrors(witness, d, all) != 0 {
				t.Fatalf("witness tree: depth %d, errors %d (counted %d); want %d, 0", witness.Depth(), errs, trainingErrors(witness, d, all), least)
			}
			if witness.Leaves() < want.Leaves() {
				t.Fatalf("witness tree has %d leaves, fewer than the optimum %d", witness.Leaves(), want.Leaves())
			}
			checkCounts(t, witness, d, all)

			for _, bound := range []int{pr.m, 3} {
				greedy, errs := s.build(root, pts, bound, byGreedy)
				if err := greedy.Validate(); err != nil {
					t.Fatalf("greedy tree: %v", err)
				}
				if greedy.Depth() > bound || errs != trainingErrors(greedy, d, all) {
					t.Fatalf("greedy tree to depth %d: depth %d, errors %d (counted %d)", bound, greedy.Depth(), errs, trainingErrors(greedy, d, all))
				}
				if bound == pr.m && errs != 0 {
					t.Fatalf("unbounded greedy tree: %d errors on consistent data", errs)
				}
				checkCounts(t, greedy, d, all)
			}
		})
	}
}

// TestGreedyIsID3 checks the greedy fallback's first choice against info:
// on noisy samples of binary and three-valued features and two or three
// classes, the greedy tree's root tests the feature of the largest
// info.InfoGain over all rows (ties to the lowest index), as ID3's root
// does.
func TestGreedyIsID3(t *testing.T) {
	for _, tc := range []struct {
		m, z, k, n int
		noise      float64
	}{{8, 2, 2, 300, 0.2}, {10, 2, 3, 1000, 0.1}, {7, 3, 2, 600, 0.3}, {9, 3, 3, 1500, 0.25}} {
		for seed := range uint64(4) {
			d := noisyOracleData(t, seed, tc.m, tc.z, 4, tc.k, tc.n, tc.noise)
			want, best := 0, -1.0
			for f := range d.NumFeatures() {
				table := make([]int, d.Domain(f)*d.Classes())
				for v := range d.Domain(f) {
					for c := range d.Classes() {
						table[v*d.Classes()+c] = dataset.AndCount(d.ValueRows(f, v), d.ClassRows(c))
					}
				}
				if g := info.InfoGain(table, d.Classes()); g > best+1e-12 {
					want, best = f, g
				}
			}
			pr := newProblem(d, d.All())
			pts := pr.allPoints()
			s := newSearcher(pr, false, pr.m, time.Time{}, false)
			greedy, _ := s.build(s.root(pts), pts, pr.m, byGreedy)
			if got := int(greedy.Feature[0]); got != want {
				t.Errorf("m%d z%d k%d seed %d: the greedy root tests f%d; info.InfoGain's best is f%d (gain %.6g)", tc.m, tc.z, tc.k, seed, got, want, best)
			}
		}
	}
}
