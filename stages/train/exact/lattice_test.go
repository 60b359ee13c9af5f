package exact

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
)

// TestLatticeMatchesSearch checks, beyond the brute force's reach, that
// every engine finds the same canonical tree on oracle
// samples: deep and shallow oracles, sparse and dense samples, distinct
// inputs, ternary features, three classes and contradictory labels.
func TestLatticeMatchesSearch(t *testing.T) {
	cases := []struct {
		m, z, depth, k, n int
		noise             float64
		unique            bool
	}{
		{10, 2, 8, 2, 100, 0, false}, {10, 2, 8, 2, 500, 0, false}, {10, 2, 8, 2, 3000, 0, false},
		{10, 2, 8, 2, 300, 0, true}, {10, 2, 8, 2, 700, 0, true}, {10, 2, 5, 2, 400, 0, false},
		{9, 2, 6, 3, 800, 0, false}, {7, 3, 4, 2, 500, 0, false}, {8, 2, 5, 3, 400, 0.1, false},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("m%dz%d/oracle%d/k%d/n%d/noise%g/unique=%v", tc.m, tc.z, tc.depth, tc.k, tc.n, tc.noise, tc.unique)
		t.Run(name, func(t *testing.T) {
			d := noisyOracleData(t, uint64(tc.n), tc.m, tc.z, tc.depth, tc.k, tc.n, tc.noise)
			if tc.unique {
				d = distinctOracleData(t, uint64(tc.n), tc.m, tc.depth, tc.k, tc.n)
			}
			var models []*Model
			for _, e := range engines {
				restore := e.use()
				models = append(models, fit(t, opts(0, DepthThenLeaves), d, d.All()))
				restore()
			}
			search := models[0]
			for i, m := range models[1:] {
				name := engines[i+1].name
				if diff := sameTree(search.Tree(), m.Tree()); diff != "" || !reflect.DeepEqual(search.Tree(), m.Tree()) {
					t.Fatalf("search and %s disagree %s", name, diff)
				}
				if search.TrainingErrors() != m.TrainingErrors() || !search.Optimal() || !m.Optimal() {
					t.Fatalf("search and %s: errors %d and %d, optimal %v and %v", name, search.TrainingErrors(), m.TrainingErrors(), search.Optimal(), m.Optimal())
				}
			}
		})
	}
}

// TestLatticeFallbacks checks the trees of a lattice stopped by the time
// budget: before the first pass ends, ID3's greedy tree; between the two
// passes, the first pass's witness of minimum depth.
func TestLatticeFallbacks(t *testing.T) {
	for _, tc := range []struct{ m, depth, n int }{{8, 4, 300}, {10, 6, 1000}, {10, 8, 500}} {
		d := oracleData(t, uint64(tc.n), tc.m, tc.depth, 2, tc.n)
		all := d.All().Rows(nil)
		t.Run(fmt.Sprintf("m%d/depth%d/n%d", tc.m, tc.depth, tc.n), func(t *testing.T) {
			want := fit(t, opts(0, DepthThenLeaves), d, d.All())
			pr := newProblem(d, d.All())
			for _, limit := range []int{pr.m, 3} {
				tr, errs, optimal, ok := solveLattice(newLattice(pr), limit, DepthThenLeaves, time.Now().Add(-time.Second), true)
				if !ok || optimal {
					t.Fatalf("limit %d: ok %v, optimal %v after the budget; want true, false", limit, ok, optimal)
				}
				if e := trainingErrors(tr, d, all); e != errs {
					t.Fatalf("limit %d: %d errors reported; the tree misclassifies %d", limit, errs, e)
				}
				if limit == pr.m && errs != 0 || tr.Depth() > limit {
					t.Fatalf("limit %d: greedy tree of depth %d with %d errors", limit, tr.Depth(), errs)
				}
				checkCounts(t, tr, d, all)
			}

			lt := newLattice(pr)
			if !lt.fillDepth(time.Time{}, false) {
				t.Fatal("fillDepth stopped without a budget")
			}
			pts := pr.allPoints()
			witness, errs := lt.build(pts, byDepth)
			if err := witness.Validate(); err != nil {
				t.Fatalf("witness tree: %v", err)
			}
			if witness.Depth() != want.Tree().Depth() || errs != 0 || trainingErrors(witness, d, all) != 0 {
				t.Fatalf("witness tree: depth %d, errors %d; want %d, 0", witness.Depth(), errs, want.Tree().Depth())
			}
			if witness.Leaves() < want.Tree().Leaves() {
				t.Fatalf("witness tree has %d leaves, fewer than the optimum %d", witness.Leaves(), want.Tree().Leaves())
			}
			checkCounts(t, witness, d, all)
		})
	}
}

// TestLatticeLimit checks which input spaces the lattice takes: Π (Z+1)
// over the features of domain ≥ 2, up to maxLatticeCells.
func TestLatticeLimit(t *testing.T) {
	for _, tc := range []struct {
		domains []int
		cells   int // 0: too big
	}{
		{[]int{2, 2, 2}, 27}, {[]int{1, 2, 3}, 12}, {[]int{1}, 1},
		{[]int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 531441}, {[]int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 0},
		{[]int{64, 64, 64, 64}, 0},
	} {
		t.Run(fmt.Sprint(tc.domains), func(t *testing.T) {
			d := newData(t, tc.domains, 2, nil, nil)
			lt := newLattice(newProblem(d, dataset.NewBitset(0)))
			switch {
			case tc.cells == 0 && lt != nil:
				t.Fatalf("lattice of %d cells; want none", lt.cells)
			case tc.cells > 0 && (lt == nil || lt.cells != tc.cells):
				t.Fatalf("lattice %+v; want %d cells", lt, tc.cells)
			}
		})
	}
}

// TestDepthSetsMatchCells checks the first pass on sets of cells
// (binary features) against the cell by cell pass, cell by cell, on
// random data of 1 to 11 binary features, three classes and contradictory
// labels among them, and the fewest leaves of the second pass after each.
func TestDepthSetsMatchCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 2))
	deep := 0
	for i := range 150 {
		m := 1 + rng.IntN(11)
		d := randomData(t, rng, binaryDomains(m), 2+rng.IntN(2), 1+rng.IntN(300), i%3 != 0)
		pr := newProblem(d, d.All())
		sets, cells := newLattice(pr), newLattice(pr)
		cells.binary = false // the general pass, cell by cell
		if !sets.fillDepth(time.Time{}, false) || !cells.fillDepth(time.Time{}, false) {
			t.Fatalf("case %d: a pass stopped without a time budget", i)
		}
		if sets.within == nil || cells.within != nil {
			t.Fatalf("case %d: the passes did not run as meant", i)
		}
		if sets.least != cells.least {
			t.Fatalf("case %d (m %d, %d points): least depth %d by sets, %d by cells", i, m, pr.n, sets.least, cells.least)
		}
		for c := range sets.cells {
			if got, want := sets.depthOf(c), cells.depthOf(c); got != want {
				t.Fatalf("case %d (m %d, %d points): cell %d has depth %d by sets, %d by cells", i, m, pr.n, c, got, want)
			}
		}
		sets.fillLeaves(time.Time{}, false)
		cells.fillLeaves(time.Time{}, false)
		if !slices.Equal(sets.leaves, cells.leaves) {
			t.Fatalf("case %d (m %d, %d points): the second passes differ", i, m, pr.n)
		}
		if sets.least >= 3 {
			deep++
		}
	}
	if deep < 30 {
		t.Fatalf("only %d cases of least depth ≥ 3; want 30", deep)
	}
}
