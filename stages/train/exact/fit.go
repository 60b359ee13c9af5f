package exact

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Fit learns the minimum-depth tree of the rows of d selected by rows: the
// shallowest tree at the least achievable training error, then (objective
// DepthThenLeaves) the one with the fewest leaves (see the package
// documentation). rng is unused:
// the result depends on the data alone.
func (l Learner) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (*Model, error) {
	o, err := l.Opts.settings()
	if err != nil {
		return nil, fmt.Errorf("exact: fit: %w", err)
	}
	if d == nil {
		return nil, errors.New("exact: fit: nil dataset")
	}
	if want := len(d.All()); len(rows) != want {
		return nil, fmt.Errorf("exact: fit: row set has %d words, dataset of %d rows needs %d", len(rows), d.Len(), want)
	}
	var deadline time.Time
	timed := o.budget > 0
	if timed {
		deadline = time.Now().Add(o.budget)
	}
	pr := newProblem(d, rows)
	limit := pr.m
	if o.maxDepth > 0 {
		limit = min(o.maxDepth, pr.m)
	}
	t, errs, optimal, err := solve(pr, limit, o.objective, deadline, timed)
	if err != nil {
		return nil, fmt.Errorf("exact: fit: %w", err)
	}
	return &Model{t: t, optimal: optimal, errors: errs}, nil
}

// solve runs the search within depth limit and builds the tree: the tree
// and its training errors, and whether the search finished. When the input
// space is small enough for the lattice, the lattice solves it, after the
// search has tried within a work limit proportional to the lattice's size
// when that limit is large enough to find a shallow tree (which the search
// finds faster). Both find the same canonical tree, so which one does
// changes only the time. With objective Depth, phase 2 is skipped and the
// tree is phase 1's witness (or the lattice's first pass's).
func solve(pr *problem, limit int, obj Objective, deadline time.Time, timed bool) (*tree.Tree, int, bool, error) {
	pts := pr.allPoints()
	lt := newLattice(pr)
	viaLattice := func() (*tree.Tree, int, bool, error) {
		if t, errs, optimal, ok := solveLattice(lt, limit, obj, deadline, timed); ok {
			return t, errs, optimal, nil
		}
		return solveErrors(pr, pts, limit, deadline, timed)
	}
	workLimit := 0
	if lt != nil {
		workLimit = lt.cells / cellsPerTick
		if workLimit < minSearchTicks {
			return viaLattice()
		}
	}
	s := newSearcher(pr, false, pr.m, deadline, timed)
	s.workLimit = workLimit
	root := s.root(pts)
	if root == noEntry {
		t, errs := s.build(root, pts, 0, byCost)
		return t, errs, true, nil
	}

	// Phase 1: the least depth at which the least error is reachable.
	depth := -1
	for k := 1; k <= limit; k = max(k+1, int(s.entry(root).dlb)) {
		if s.feasible(root, pts, 0, k) {
			depth = k
			break
		}
		if s.exhausted {
			return viaLattice()
		}
		if s.aborted {
			t, errs := s.build(root, pts, limit, byGreedy)
			return t, errs, false, nil
		}
	}
	if depth >= 0 && obj == Depth {
		t, errs := s.build(root, pts, depth, byDepth)
		return t, errs, true, nil
	}
	if depth >= 0 {
		// Phase 2: the fewest leaves at that depth, among pure trees.
		if _, ok := s.cost(root, pts, 0, depth, s.witnessLeaves(root)+1); !ok {
			if s.exhausted {
				return viaLattice()
			}
			if s.aborted {
				t, errs := s.build(root, pts, depth, byDepth)
				return t, errs, false, nil
			}
			return nil, 0, false, errors.New("internal: no pure tree at the proven depth")
		}
		t, errs := s.build(root, pts, depth, byCost)
		return t, errs, true, nil
	}
	return solveErrors(pr, pts, limit, deadline, timed)
}

// solveErrors solves pr when the depth limit is too tight for the least
// error: the fewest errors, then leaves, within it.
func solveErrors(pr *problem, pts []int32, limit int, deadline time.Time, timed bool) (*tree.Tree, int, bool, error) {
	w := newSearcher(pr, true, pr.m, deadline, timed)
	root := w.root(pts)
	if _, ok := w.cost(root, pts, 0, limit, noBound); !ok {
		if w.aborted {
			t, errs := w.build(root, pts, limit, byGreedy)
			return t, errs, false, nil
		}
		return nil, 0, false, errors.New("internal: no tree within the depth bound")
	}
	t, errs := w.build(root, pts, limit, byCost)
	return t, errs, true, nil
}

// witnessLeaves returns the leaves of phase 1's witness tree of entry id
// (see build with byDepth), an upper bound on phase 2's cost.
func (s *searcher) witnessLeaves(id int32) int64 {
	if id == noEntry {
		return 1
	}
	e := s.entry(id)
	if e.wf == viaSolver {
		return e.best[e.dub]
	}
	f := int(e.wf)
	off := int(e.kids) + s.kidOff[f]
	n := int64(0)
	for v := range s.pr.dom[f] {
		n += s.witnessLeaves(s.arena[off+v])
	}
	return n
}
