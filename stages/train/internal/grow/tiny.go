package grow

import (
	"math/rand/v2"
)

// tinyMax is the largest number of rows of a tiny node.
const tinyMax = 128

// Most nodes of a deep tree are tiny: of a RandomTree on 100,000 rows,
// 34,000 of its 43,000 splits have fewer than 16 rows. For them the
// bookkeeping of a split (a frame on the stack, the undo log of the value
// sets, a window of the arenas, a pass to count its lanes) costs more
// than the split itself, so in the oracle study's case — two classes,
// binary features, one lane word per row — a list node with at most
// tinyMax rows grows its whole subtree by recursion (growTiny): its rows
// in a window of a small buffer that stays in cache, a branch's lane
// sums made while its rows are copied or as its parent's less its
// sibling's. The recursion visits the nodes in the order of the explicit
// stack (branch 0's subtree, then branch 1's), allocates the same node
// ids and splits each node with the same step, whose splitter reads the
// same counts through Node, so the tree is the one run would grow (TestID3RowModes and
// TestCARTRowModes compare it with lists and bitsets only, which turn
// this path off, and TestGoldenTrees with the trees of the first
// implementation).

// tinyRows is the length of a tiny node's rows in g.tinyBuf: tinyMax
// rows and room for sumSlots1 to read a chunk past them.
const tinyRows = tinyMax + laneChunk

// canTiny reports whether the fit's nodes may be grown by growTiny: two
// classes, every feature binary and packed, one lane word per row, and no
// forced representation of rows.
func (g *grower) canTiny() bool {
	if g.k != 2 || g.layout.words != 1 || g.layout.unpacked || g.opts.ListBelow != 0 {
		return false
	}
	for _, z := range g.domains {
		if z != 2 {
			return false
		}
	}
	return true
}

// tinyFrom copies list node r's rows into the first window of
// g.tinyBuf, class 0's first, given its class counts.
func (g *grower) tinyFrom(r rowSet, c0, c1 int) {
	rows := g.tinyBuf[:tinyRows]
	w := g.store.arena[r.side()].words[r.lo:r.hi]
	if r.rev() { // class 1's rows first
		copy(rows[:c0], w[c1:])
		copy(rows[c0:c0+c1], w[:c1])
		return
	}
	copy(rows[:c0+c1], w)
}

// growTiny grows the subtree of node id at the given depth, with cands
// features that can still split it, from its rows: c0 rows of class 0
// then c1 of class 1, in g.tinyBuf[off : off+tinyRows]. The windows after
// it hold the rows of the nodes below. g.avail holds the node's value
// sets on entry and on return. The node is split by step, as every node
// is; only the rows' hand-out to its children is the tiny path's own.
func (g *grower) growTiny(id, depth, cands, off, c0, c1 int, sums *tinySums, rng *rand.Rand) {
	rows := g.tinyBuf[off : off+tinyRows]
	g.counts[0], g.counts[1] = c0, c1
	g.node.resetTiny(depth, sums)
	if !g.step(id, depth, cands, rng) {
		return
	}
	// Splitters split on a feature with both values possible, so its two
	// values went to two branches (a subset split of a binary feature
	// too). g.kids is overwritten below: keep what the branches need.
	c := &g.kids
	if !c.anyOpen {
		return
	}
	f, first := c.feature, c.first
	b0 := c.b0 // the branch of value 0 (c.binary: two classes, a binary feature)
	open := [2]bool{c.open[0], c.open[1]}
	kidCands := [2]int{c.cands[0], c.cands[1]}
	kc := [4]int{c.counts[0], c.counts[1], c.counts[2], c.counts[3]}
	parentAvail := g.avail[f]
	masks := [2]uint64{1 << b0, 2 >> b0}
	// The branches' rows, each still grouped by class (a row goes to
	// branch (its bit of f) xor b0), take the next two windows, branch
	// 1's first: branch 0's subtree then works past both, and branch 1's
	// subtree, grown after it, past its own. So the recursion needs at
	// most 1 + 2·m windows: each level fixes one binary feature.
	off1, off0 := off+tinyRows, off+2*tinyRows
	shift := g.layout.feat[f].shift
	var kid [2]tinySums
	if open[0] && open[1] {
		kid1 := g.tinyBuf[off1 : off1+tinyRows]
		kid0 := g.tinyBuf[off0 : off0+tinyRows]
		// Branch 0's lane sums, summed while its rows are copied when
		// no lane can overflow, and branch 1's by difference.
		if kc[0] <= laneChunk && kc[1] <= laneChunk {
			kid[0] = slotsOf(split2RowsSums(rows[:c0+c1], c0, kid0, kid1, shift, uint64(b0)))
		} else {
			split2Rows(rows[:c0+c1], kid0, kid1, shift, uint64(b0))
			kid[0] = tinySumsOf(kid0, kc[0], kc[1])
		}
		for i := range kid[1] {
			kid[1][i] = sums[i] - kid[0][i]
		}
	} else {
		// One branch open: only its rows are kept.
		br := 0
		if open[1] {
			br = 1
		}
		o := off0 - br*tinyRows
		if kc[2*br] <= laneChunk && kc[2*br+1] <= laneChunk {
			kid[br] = slotsOf(keepRowsSums(rows[:c0+c1], c0, g.tinyBuf[o:o+tinyRows], shift, uint64(b0^br)))
		} else {
			keepRows(rows[:c0+c1], g.tinyBuf[o:o+tinyRows], shift, uint64(b0^br))
			kid[br] = tinySumsOf(g.tinyBuf[o:], kc[2*br], kc[2*br+1])
		}
	}
	if open[0] {
		g.avail[f] = parentAvail & masks[0]
		g.growTiny(first, depth+1, kidCands[0], off0, kc[0], kc[1], &kid[0], rng)
	}
	if open[1] {
		g.avail[f] = parentAvail & masks[1]
		g.growTiny(first+1, depth+1, kidCands[1], off1, kc[2], kc[3], &kid[1], rng)
	}
	g.avail[f] = parentAvail
}

// split2Rows copies the rows whose bit shift, xor flip, is 0 to kid0 and
// the others to kid1, each in order, and returns how many went to kid0.
// Each row is stored in both and only its own cursor advances, so the
// loop has no branch to mispredict; kid0 and kid1 must have room for
// every row. It is not inlined: in growTiny's large frame the loop's
// cursors would live in memory (so too the other loops below).
//
//go:noinline
func split2Rows(rows, kid0, kid1 []uint64, shift uint, flip uint64) int {
	kid0, kid1 = kid0[:len(rows)], kid1[:len(rows)]
	shift &= 63
	i, j := 0, 0
	for _, x := range rows {
		b := int(x>>shift&1 ^ flip)
		kid0[i] = x
		kid1[j] = x
		i += 1 - b
		j += b
	}
	return i
}

// keepRows copies to kid, in order, the rows whose bit shift, xor flip,
// is 0; kid must have room for every row. Each row is stored and the
// cursor advances only for kept rows, with no branch.
//
//go:noinline
func keepRows(rows, kid []uint64, shift uint, flip uint64) {
	kid = kid[:len(rows)]
	shift &= 63
	i := 0
	for _, x := range rows {
		kid[i] = x
		i += int(x>>shift&1 ^ flip ^ 1)
	}
}

// split2RowsSums is split2Rows that also returns the lane sums of the
// rows of kid0 among rows[:c0] (class 0) and among rows[c0:] (class 1),
// which must have at most 7 rows of each class.
//
//go:noinline
func split2RowsSums(rows []uint64, c0 int, kid0, kid1 []uint64, shift uint, flip uint64) (t0, t1 uint64) {
	kid0, kid1 = kid0[:len(rows)], kid1[:len(rows)]
	shift &= 63
	i, j := 0, 0
	for r, x := range rows {
		b := x>>shift&1 ^ flip
		kid0[i] = x
		kid1[j] = x
		i += int(1 - b)
		j += int(b)
		y := x & (b - 1)                 // x for kid0's rows, else 0
		c := uint64(int64(c0-1-r) >> 63) // all ones for class 1's rows
		t0 += y &^ c
		t1 += y & c
	}
	return t0, t1
}

// keepRowsSums is keepRows that also returns the lane sums of the kept
// rows among rows[:c0] (class 0) and among rows[c0:] (class 1), which
// must have at most 7 rows of each class.
//
//go:noinline
func keepRowsSums(rows []uint64, c0 int, kid []uint64, shift uint, flip uint64) (t0, t1 uint64) {
	kid = kid[:len(rows)]
	shift &= 63
	i := 0
	for r, x := range rows {
		k := x>>shift&1 ^ flip ^ 1
		kid[i] = x
		i += int(k)
		y := x & -k
		c := uint64(int64(c0-1-r) >> 63)
		t0 += y &^ c
		t1 += y & c
	}
	return t0, t1
}

// tinySums are a tiny node's lane sums as laneSums.count makes them for
// one lane word and two classes: class 0's three slot words, then class
// 1's. A branch's sums are its parent's less its sibling's, slot by slot:
// no slot of the sibling exceeds the parent's, so nothing borrows.
type tinySums [6]uint64

// slotsOf returns the tiny sums of lane words t0 and t1, the sums of at
// most 7 rows of class 0 and of class 1.
func slotsOf(t0, t1 uint64) tinySums {
	return tinySums{t0 & slotMask, t0 >> 3 & slotMask, t0 >> 6 & slotMask, t1 & slotMask, t1 >> 3 & slotMask, t1 >> 6 & slotMask}
}

// tinySumsOf returns the lane sums of rows: c0 rows of class 0, then c1
// of class 1 (and room to read a chunk past them).
func tinySumsOf(rows []uint64, c0, c1 int) tinySums {
	var s tinySums
	s[0], s[1], s[2] = sumSlots1(rows[:c0])
	s[3], s[4], s[5] = sumSlots1(rows[c0 : c0+c1])
	return s
}
