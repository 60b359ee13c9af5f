package exact

import (
	"math/bits"
	"slices"
	"time"

	"github.com/dtbench/dtbench/tree"
)

// Variables so that tests can force the search or the lattice.
var (
	// maxLatticeCells bounds the input spaces solved by the lattice:
	// Π (Z_f+1) cells over the features of domain ≥ 2. A cell costs some
	// 25 ns, so 3^12 cells take about 15 ms, whatever the number of rows
	// (for binary features, whose first pass works on sets of cells, about
	// a third of that).
	maxLatticeCells = 531441
	// cellsPerTick sets the search's work limit when the lattice is
	// available: one expansion per cellsPerTick cells. An expansion costs
	// some 3–15 µs, 1024 cells some 25 µs, so a search that gives up has
	// spent at most about half the lattice's time.
	cellsPerTick = 1024
	// minSearchTicks is the least work limit worth trying the search
	// with. The first expansions are the dearest (depth-3 solves over all
	// the points), and a tree of depth 5 over 10 to 12 features takes some
	// 100 to 200, so a smaller limit mostly adds to the lattice's time:
	// below 2^17 cells the lattice goes first. (Shallower trees take fewer:
	// a depth-4 tree over 8 ternary features, 14 expansions and 0.8 ms
	// against the lattice's 1.2 ms; not worth the waste on deep trees.)
	minSearchTicks = 128
)

// lattice is the exhaustive dynamic program over every subcube ("cell")
// of a small input space, DL8's itemset lattice solved bottom up. A cell
// fixes some features to one value each and leaves the others free; its
// points are the points that match it. Cell c has digit c_f = v when it
// fixes feature f to v, and c_f = Z_f when f is free; its index is
// Σ_f c_f·stride[f]. Fixing a free feature lowers the index, so one pass in
// index order meets every cell after all its sub-cells.
//
// Two passes fill the tables. The first finds, for every cell, the classes
// common to all its points' majority classes (a cell is pure when there is
// one; an empty cell is pure) and the least depth of a pure tree,
//
//	depth(c) = 0 when c is pure, else 1 + min_f max_v depth(c with f = v).
//
// The whole space's depth D is the minimum depth. A cell with j fixed
// features is only ever reached by a path of j tests, so its depth budget
// is D − j, and the second pass needs one value per cell, the fewest
// leaves within that budget,
//
//	leaves(c) = 1 when c is pure, else min_f Σ_v leaves(c with f = v),
//
// infinite when depth(c) exceeds the budget. Ties go to the leaf, then to
// the lowest feature, as in the search. The work is Π (Z_f+1) cells times
// their free features, whatever the number of rows, while the search's
// work grows steeply with the depth of the tree: beyond maxLatticeCells,
// and for shallow trees, the search is cheaper. A feature with one value
// is never split: its split only repeats its parent.
type lattice struct {
	pr        *problem
	feats     []int    // the features of domain ≥ 2, in index order
	stride    []int    // per feature; 0 for a domain below 2
	st, zs    []int    // per position a in feats: stride and domain
	binary    bool     // every feature in feats is binary
	low       []uint64 // per cell of a run (see runs): the free set of its low digits
	lowDigits int      // the digits that vary within a run
	cells     int      // Π (Z_f+1) over feats
	mask      []uint64 // per cell: the classes that are a majority class of every point
	mask8     []uint8  // mask when there are at most 8 classes (then mask is nil)
	depth     []int8   // per cell: least depth of a pure tree, 0 when pure (not binary)
	leaves    []int32  // per cell: fewest leaves within budget D − fixed features (second pass)
	least     int      // D: depth of the cell of all points
	// For binary features the first pass works on sets of cells instead
	// (fillDepthSets): within[d] holds the cells of least depth ≤ d, for d
	// ≤ D, and freeAt[a] the cells whose digit a is free. Cell c is bit
	// c+64 of a set: a leading zero word lets every shift read the word
	// before.
	within, freeAt [][]uint64
}

// infLeaves is the leaves value of a cell with no pure tree in its budget;
// a sum of 64 of them still fits an int32.
const infLeaves = 1 << 24

// newLattice returns the lattice of pr's input space, or nil when it has
// more than maxLatticeCells cells.
func newLattice(pr *problem) *lattice {
	lt := &lattice{pr: pr, stride: make([]int, pr.m), cells: 1, binary: true}
	for f, z := range pr.dom {
		if z < 2 {
			continue
		}
		if lt.cells > maxLatticeCells/(z+1) {
			return nil
		}
		lt.feats = append(lt.feats, f)
		lt.stride[f] = lt.cells
		lt.st = append(lt.st, lt.cells)
		lt.zs = append(lt.zs, z)
		lt.binary = lt.binary && z == 2
		lt.cells *= z + 1
	}
	return lt
}

// runs walks the cells in runs of consecutive indices that differ only
// in their low digits, those of the first features while the run stays
// within 64 cells. For each run it calls fn with the run's first index and
// the set of free features among the other digits (bit a for feats[a]);
// lt.low[j] adds those of the run's j-th cell. It returns false, having
// stopped early, when the time budget runs out.
func (lt *lattice) runs(deadline time.Time, timed bool, fn func(base int, hi uint64)) bool {
	if len(lt.feats) == 0 {
		return true // a single cell, pure: the tables' zeros are right
	}
	if lt.low == nil {
		lt.low = []uint64{0}
		for a, z := range lt.zs {
			if a > 0 && len(lt.low)*(z+1) > 64 {
				break
			}
			lt.lowDigits++
			n := len(lt.low)
			for v := 1; v <= z; v++ {
				for _, free := range lt.low[:n] {
					if v == z {
						free |= 1 << a
					}
					lt.low = append(lt.low, free)
				}
			}
		}
	}
	digits := make([]int, len(lt.feats))
	free := uint64(0)
	for base, n := 0, 0; base < lt.cells; base, n = base+len(lt.low), n+1 {
		if timed && n&0xff == 0 && !time.Now().Before(deadline) {
			return false
		}
		fn(base, free)
		for a := lt.lowDigits; a < len(digits); a++ { // the odometer of the high digits
			digits[a]++
			if digits[a] < lt.zs[a] {
				break
			}
			if digits[a] == lt.zs[a] {
				free |= 1 << a
				break
			}
			digits[a] = 0
			free &^= 1 << a
		}
	}
	return true
}

// fillDepth runs the first pass. It reports false when the time budget ran
// out first.
func (lt *lattice) fillDepth(deadline time.Time, timed bool) bool {
	if lt.binary {
		return lt.fillDepthSets(deadline, timed)
	}
	pr := lt.pr
	lt.depth = make([]int8, lt.cells)
	if pr.k <= 8 {
		lt.mask8 = make([]uint8, lt.cells)
		for i := range lt.mask8 {
			lt.mask8[i] = 0xff
		}
		for p := range pr.n {
			lt.mask8[lt.cellOf(p)] = uint8(pr.maj[p])
		}
	} else {
		lt.mask = make([]uint64, lt.cells)
		for i := range lt.mask {
			lt.mask[i] = ^uint64(0)
		}
		for p := range pr.n {
			lt.mask[lt.cellOf(p)] = pr.maj[p]
		}
	}
	if !lt.runs(deadline, timed, lt.depthRun) {
		return false
	}
	lt.least = int(lt.depth[lt.cells-1])
	return true
}

// depthOf returns the least depth of a pure tree of cell i.
func (lt *lattice) depthOf(i int) int {
	if lt.within == nil {
		return int(lt.depth[i])
	}
	d := 0
	for !has(lt.within[d], i) {
		d++
	}
	return d
}

// fits reports whether cell i has a pure tree of depth ≤ k, k ≤ D.
func (lt *lattice) fits(i, k int) bool {
	if lt.within == nil {
		return int(lt.depth[i]) <= k
	}
	return has(lt.within[k], i)
}

// has reports whether cell i is in the set of cells s.
func has(s []uint64, i int) bool {
	w, bit := cellBit(i)
	return s[w]&bit != 0
}

// cellBit returns the word and bit of cell i in a set of cells.
func cellBit(i int) (int, uint64) { return (i + 64) >> 6, 1 << ((i + 64) & 63) }

// shifted returns word i of the set src shifted up by 64q + r cells, r <
// 64 (a shift by 64 gives 0, so r = 0 needs no case); i > q.
func shifted(src []uint64, i, q int, r uint) uint64 {
	return src[i-q]<<r | src[i-q-1]>>(64-r)
}

// fillDepthSets is the first pass for binary features, on sets of cells,
// 64 cells a word: a cell with digit a free has the children c − 2s and
// c − s by feature a (s its stride), so the cells whose children by a are
// both in a set are that set shifted by 2s and by s, and-ed with freeAt[a].
//   - Purity: per class, the cells all of whose points have it as a
//     majority class, empty ones too. The cells with no free digit come
//     from the points; then, feature by feature in order, the cells with
//     digit a free from their children by a. A cell's last update is by
//     its highest free digit, when its children are final.
//   - within[0] holds the cells pure in some class, and within[d+1]
//     within[0] and the cells with some free feature whose children both
//     are in within[d], until it holds the cell of all points.
//
// It costs some 10 word operations per 64 cells, per feature and per
// depth, against some 16 ns a cell for depthRun: the pass no longer costs
// more than the few rows of a small dataset take to read.
func (lt *lattice) fillDepthSets(deadline time.Time, timed bool) bool {
	pr := lt.pr
	words := (lt.cells + 64 + 63) / 64
	lt.makeFreeAt(words)
	nf := len(lt.feats)
	pure := make([][]uint64, pr.k)
	for c := range pure {
		pure[c] = make([]uint64, words)
		for i := 1; i < words; i++ {
			pure[c][i] = ^uint64(0)
		}
	}
	for p := range pr.n {
		w, bit := cellBit(lt.cellOf(p))
		for c, set := range pure {
			if pr.maj[p]>>c&1 == 0 {
				set[w] &^= bit
			}
		}
	}
	for _, set := range pure {
		for a := range nf {
			childrenIn(set, set, lt.freeAt[a], lt.st[a], true)
		}
	}
	within0 := make([]uint64, words)
	for _, set := range pure {
		for i, w := range set {
			within0[i] |= w
		}
	}
	lt.within = [][]uint64{within0}
	for !has(lt.within[len(lt.within)-1], lt.cells-1) {
		if timed && !time.Now().Before(deadline) {
			lt.within = nil
			return false
		}
		last := lt.within[len(lt.within)-1]
		next := slices.Clone(within0)
		for a := range nf {
			childrenIn(next, last, lt.freeAt[a], lt.st[a], false)
		}
		lt.within = append(lt.within, next)
	}
	lt.least = len(lt.within) - 1
	return true
}

// childrenIn sets in dst the cells of free whose two children by the
// feature of stride s (c − 2s and c − s) are both in src: replacing dst's
// cells of free when replace, else adding to dst. dst may be src when
// replace, since a cell's children have that feature fixed.
func childrenIn(dst, src, free []uint64, s int, replace bool) {
	q1, r1 := s>>6, uint(s&63)
	q2, r2 := (2*s)>>6, uint((2*s)&63)
	for i := q2 + 1; i < len(dst); i++ {
		both := shifted(src, i, q1, r1) & shifted(src, i, q2, r2) & free[i]
		if replace {
			dst[i] = dst[i]&^free[i] | both
		} else {
			dst[i] |= both
		}
	}
}

// makeFreeAt fills freeAt: the cells of digit a free are, in each period
// of 3s cells (s the stride of a), the last s. The first period is set
// directly, then the set doubles by copying itself upward.
func (lt *lattice) makeFreeAt(words int) {
	lt.freeAt = make([][]uint64, len(lt.feats))
	for a, s := range lt.st {
		set := make([]uint64, words)
		for c := 2 * s; c < 3*s; c++ {
			w, bit := cellBit(c)
			set[w] |= bit
		}
		for n := 3 * s; n < lt.cells; n *= 2 {
			// Cells [n, 2n) are cells [0, n) shifted by n.
			q, r := n>>6, uint(n&63)
			lo, hi := (n+64)>>6, min(words, (2*n+64+63)>>6+1)
			for i := lo; i < hi; i++ {
				set[i] |= shifted(set, i, q, r)
			}
		}
		if tail := (lt.cells + 64) & 63; tail != 0 {
			set[words-1] &= 1<<tail - 1
		}
		lt.freeAt[a] = set
	}
}

// depthRun fills the masks and depths of the run of cells from base.
func (lt *lattice) depthRun(base int, hi uint64) {
	depth, st, zs := lt.depth, lt.st, lt.zs
	for j, low := range lt.low {
		i, free := base+j, hi|low
		if free == 0 {
			continue // one input: one point at most, pure
		}
		// Purity from the children by the lowest free feature.
		a := bits.TrailingZeros64(free)
		if m := lt.mask8; lt.binary && m != nil {
			m[i] = m[i-2*st[a]] & m[i-st[a]]
			if m[i] != 0 {
				continue
			}
		} else if lt.pure(i, a) {
			continue
		}
		// A sub-cell's points are a subset, so no tree is shallower than
		// the deepest child of any split: once a split reaches one less,
		// no other split can do better.
		best, seen := int8(127), int8(0)
		for fr := free; fr != 0; fr &= fr - 1 {
			a := bits.TrailingZeros64(fr)
			s := st[a]
			var w int8
			if lt.binary {
				w = max(depth[i-2*s], depth[i-s])
			} else {
				for c := i - zs[a]*s; c < i; c += s {
					w = max(w, depth[c])
				}
			}
			best, seen = min(best, w), max(seen, w)
			if best == 0 || best+1 == seen {
				break
			}
		}
		depth[i] = best + 1
	}
}

// pure sets the mask of cell i from its children by feats[a] and reports
// whether it is pure.
func (lt *lattice) pure(i, a int) bool {
	s, z := lt.st[a], lt.zs[a]
	if m := lt.mask8; m != nil {
		common := uint8(0xff)
		if lt.binary {
			common = m[i-2*s] & m[i-s]
		} else {
			for c := i - z*s; c < i; c += s {
				common &= m[c]
			}
		}
		m[i] = common
		return common != 0
	}
	m := lt.mask
	common := ^uint64(0)
	for c := i - z*s; c < i; c += s {
		common &= m[c]
	}
	m[i] = common
	return common != 0
}

// cellOf returns the cell of point p's input.
func (lt *lattice) cellOf(p int) int {
	pr := lt.pr
	c := 0
	for _, f := range lt.feats {
		c += int(pr.x[p*pr.m+f]) * lt.stride[f]
	}
	return c
}

// fillLeaves runs the second pass, after the first. It reports false when
// the time budget ran out first.
func (lt *lattice) fillLeaves(deadline time.Time, timed bool) bool {
	lt.leaves = make([]int32, lt.cells)
	return lt.runs(deadline, timed, lt.leavesRun)
}

// leavesRun fills the leaves of the run of cells from base.
func (lt *lattice) leavesRun(base int, hi uint64) {
	leaves, st, zs := lt.leaves, lt.st, lt.zs
	nf := len(lt.feats)
	for j, low := range lt.low {
		i, free := base+j, hi|low
		k := lt.least - (nf - bits.OnesCount64(free))
		switch {
		case k < 0:
			continue // deeper than any path of the tree
		case !lt.fits(i, k):
			leaves[i] = infLeaves
			continue
		case lt.fits(i, 0): // pure
			leaves[i] = 1
			continue
		}
		best := int32(infLeaves)
		for fr := free; fr != 0; fr &= fr - 1 {
			a := bits.TrailingZeros64(fr)
			s := st[a]
			var sum int32
			if lt.binary {
				sum = leaves[i-2*s] + leaves[i-s]
			} else {
				for c := i - zs[a]*s; c < i; c += s {
					sum += leaves[c]
				}
			}
			best = min(best, sum)
		}
		leaves[i] = best
	}
}

// build returns the tree of the lattice's tables and its training errors:
// byCost the fewest-leaves tree of depth D, byDepth a tree of depth D
// whose leaf count is not minimised (the first pass's witness). At every
// node it takes the leaf when pure, else the lowest-index feature that
// reaches the cell's value, the canonical choice of the search.
func (lt *lattice) build(pts []int32, how witness) (*tree.Tree, int) {
	bd := newBuilder(lt.pr, how)
	var grow func(n, cell int, pts []int32, maj int)
	grow = func(n, cell int, pts []int32, maj int) {
		maj = bd.settle(n, pts, maj)
		f := lt.choose(cell, how)
		if f < 0 {
			bd.leaf(n, pts, maj)
			return
		}
		nodes := bd.b.SplitMultiway(n, f)
		s, z := lt.stride[f], lt.pr.dom[f]
		for v, part := range bd.partition(pts, f) {
			grow(nodes[v], cell-(z-v)*s, part, maj)
		}
	}
	grow(bd.b.Root(), lt.cells-1, pts, 0)
	return bd.b.Tree(), bd.errors
}

// choose returns the feature of cell's node in the tree of build, or -1
// for a leaf.
func (lt *lattice) choose(cell int, how witness) int {
	if lt.fits(cell, 0) { // pure
		return -1
	}
	pr := lt.pr
	for _, f := range lt.feats {
		s, z := lt.stride[f], pr.dom[f]
		if cell/s%(z+1) != z {
			continue // fixed
		}
		sum, deepest := int32(0), 0
		for c := cell - z*s; c < cell; c += s {
			if how == byCost {
				sum += lt.leaves[c]
			}
			deepest = max(deepest, lt.depthOf(c))
		}
		if how == byCost && sum == lt.leaves[cell] || how == byDepth && deepest+1 == lt.depthOf(cell) {
			return f
		}
	}
	panic("exact: no feature reaches a lattice cell's value")
}

// solveLattice solves pr on its lattice within depth limit: the tree, its
// training errors and whether it is proven optimal, or ok false when no
// tree of least error fits the limit (the caller then minimises errors).
// With objective Depth the first pass's witness is the answer.
func solveLattice(lt *lattice, limit int, obj Objective, deadline time.Time, timed bool) (t *tree.Tree, errs int, optimal, ok bool) {
	pr := lt.pr
	pts := pr.allPoints()
	if !lt.fillDepth(deadline, timed) {
		// No tree yet: ID3's greedy tree, as the search falls back to.
		s := newSearcher(pr, false, pr.m, deadline, timed)
		t, errs := s.build(s.root(pts), pts, limit, byGreedy)
		return t, errs, false, true
	}
	if lt.least > limit {
		return nil, 0, false, false
	}
	if obj == Depth {
		t, errs := lt.build(pts, byDepth)
		return t, errs, true, true
	}
	if !lt.fillLeaves(deadline, timed) {
		t, errs := lt.build(pts, byDepth)
		return t, errs, false, true
	}
	t, errs = lt.build(pts, byCost)
	return t, errs, true, true
}
