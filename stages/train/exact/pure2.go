package exact

import (
	"encoding/binary"
	"math/bits"
)

// maxPurePoints is the most points purity2 takes: its counts live in
// byte lanes.
const maxPurePoints = 255

// Byte-lane constants of purity2. Lane l of a word is its byte l, and a
// triple's cell (v, w, u) of free features a < b < c is lane 4v+2w+u.
const (
	lanesLow7 = 0x7F7F7F7F7F7F7F7F
	// laneSigns holds, per cell, the sign of the triple's (1,1,1) count
	// in the cell's count by inclusion and exclusion (see purity2).
	laneSigns = 1<<56 - 1<<48 - 1<<40 + 1<<32 - 1<<24 + 1<<16 + 1<<8 - 1
)

// pairWords holds purity2's pair words and the triples' results, one
// 64×64 matrix per kind, row-major in one array in the order of the
// fields, so that the kernel of the triples (splitTriples1AVX512) finds
// every matrix at a fixed offset from the first. For the pair a < b of
// free features, at a·pairStride+b:
//   - ab0, abN, ac0, acN, bc0, bcN: its contributions to the cell counts
//     of the triples it belongs to, one word per role it plays there
//     (first two, outer two, last two features) and per count (class 0,
//     all points); see purity2;
//   - splitAB, splitAC, splitBC: the cells of the pair that split purely
//     by a third feature, found in the role of the first two, outer two
//     and last two features of a triple (see splitTriples).
//
// A row's c-th words for consecutive c are consecutive, so the triples of
// a pair (a, b) read the pairs (a, c) and (b, c) eight at a time.
type pairWords struct {
	ab0, abN, ac0, acN, bc0, bcN []uint64
	splitAB, splitAC, splitBC    []uint64
	all                          []uint64 // the nine matrices
}

// pairStride is the row length of a pair matrix: the most free features.
const pairStride = 64

// ready allocates the matrices on first use.
func (w *pairWords) ready() {
	if w.all != nil {
		return
	}
	const size = pairStride * pairStride
	w.all = make([]uint64, 9*size)
	for i, m := range []*[]uint64{&w.ab0, &w.abN, &w.ac0, &w.acN, &w.bc0, &w.bcN, &w.splitAB, &w.splitAC, &w.splitBC} {
		*m = w.all[i*size : (i+1)*size]
	}
}

// purity2 is costs for the search of pure trees alone (weights not
// exact), binary free features, two classes of single points, at most
// maxPurePoints points and at most 64 free features. It finds, for depth
// ≤ 1, 2 and 3, whether a pure tree exists and the fewest leaves of one;
// where none exists the cost is unit+2, a lower bound the search never
// compares (searcher.exactCosts is off).
//
// It works on purity alone, which is cheaper than costsBinary2's least
// impurities:
//   - Per triple a < b < c, the eight cells' class 0 counts are, by
//     inclusion and exclusion from the pairs' cells and the (1,1,1) count
//     t, linear: x110 = ab11 − t, x101 = ac11 − t, x011 = bc11 − t,
//     x100 = ab10 − ac11 + t, x010 = ab01 − bc11 + t, x001 = ac01 − bc11 +
//     t, x000 = ab00 − ac01 + bc11 − t. So one word with the count of cell
//     l in byte l is the sum of one word per pair and t times laneSigns;
//     every byte is exact because every count is in 0…255. The same holds
//     for the cells' totals, and class 1's counts are their difference.
//   - A cell is pure when one of its class counts is zero, a byte test on
//     the whole word; a pair cell splits purely by the third feature when
//     its two cells in the triple are pure, one shift and one and.
//   - The trees of depth ≤ 3 then follow from bitsets, per literal a = v,
//     of the features b whose cells (a = v, b = w) are pure or split
//     purely.
func (d *solver) purity2(pts []int32, free []int, leaf int64, depth int) [4]int64 {
	q := len(free)
	nw, k0, _ := d.binaryRows(pts, free)
	feat := func(a int) []uint64 { return d.bits[a*nw : (a+1)*nw] }
	n0, n := int32(popcount(k0)), int32(len(pts))

	// one0[a], oneN[a]: the points of class 0, and all, with a = 1.
	d.one0, d.oneN = grow(d.one0, q), grow(d.oneN, q)
	for a := range q {
		d.one0[a], d.oneN[a] = uint64(andCount(feat(a), k0)), uint64(popcount(feat(a)))
	}
	// Per pair a < b, at a·pairStride+b its words, and both ways in a byte
	// matrix of stride qs its cells: the byte at a·qs+b has bit 2v+w when
	// cell (a = v, b = w) is pure and, after the triples, bit 4+2v+w when
	// it is pure or splits purely by a third feature. Row a then holds,
	// bit plane by bit plane, the partner features b of each literal a = v
	// and partner value w (plane8, eight bytes a step).
	d.pw.ready()
	pw := &d.pw
	qs := (q + 7) &^ 7
	d.cellBits = grow(d.cellBits, q*qs+8)
	clear(d.cellBits)
	if nw == 1 && useAVX512 {
		units := [3]uint64{acWord(1, 0), acWord(0, 1), bcWord(1)}
		pairWordsAVX512(&d.bits[0], q, k0[0], &d.one0[0], &d.oneN[0], uint64(n0), uint64(n), &units, &pw.all[0], &d.cellBits[0], qs)
	} else {
		d.pairWords(q, nw, qs, n0, n)
	}
	// Per pair a < b, the bytes of its cells that split purely: as the
	// first two of a triple (cell (v, w) at lane 4v+2w), the outer two
	// (4v+w) and the last two (2v+w); a lane's top bit says it does.
	for a := range q {
		row := a * pairStride
		clear(pw.splitAB[row : row+q])
		clear(pw.splitAC[row : row+q])
		clear(pw.splitBC[row : row+q])
	}
	if depth >= 3 {
		switch {
		case nw == 1 && useAVX512:
			splitTriples1AVX512(&d.bits[0], q, k0[0], laneSigns, &pw.all[0])
		case nw == 1:
			d.splitTriples1(q)
		default:
			d.splitTriples(q, nw)
		}
	}
	if useAVX512 {
		consts := [6]uint64{gatherAB, spreadAB, gatherAC, spreadAC, gatherBC, spreadBC}
		cellsAVX512(q, &pw.all[0], &d.cellBits[0], qs, &consts)
	} else {
		d.fitCells(q, qs)
	}
	const impure = unit + 2
	best := [4]int64{leaf, leaf, leaf, leaf}
	for a := range q {
		// plane[2v+w]: the partners b whose cell (a = v, b = w) is pure;
		// plane[4+2v+w]: pure or splits purely.
		var plane [8]uint64
		for j := 0; j < qs; j += 8 {
			x := binary.LittleEndian.Uint64(d.cellBits[a*qs+j:])
			for c := range plane {
				plane[c] |= plane8(x>>c) << j
			}
		}
		var c1, c2, c3 int64
		for v := range 2 {
			x, all := int32(d.one0[a]), int32(d.oneN[a])
			if v == 0 {
				x, all = n0-x, n-all
			}
			p0, p1 := plane[2*v], plane[2*v+1]
			f0, f1 := plane[4+2*v], plane[4+2*v+1]
			// The fewest leaves of a pure tree of depth ≤ 0, 1, 2 on a = v.
			var l0, l1, l2 int64 = impure, impure, impure
			switch {
			case x == 0 || x == all:
				l0, l1, l2 = 1, 1, 1
			case p0&p1 != 0:
				l1, l2 = 2, 2
			case p0&f1|f0&p1 != 0:
				l2 = 3
			case f0&f1 != 0:
				l2 = 4
			}
			c1, c2, c3 = c1+l0, c2+l1, c3+l2
		}
		best[1], best[2] = min(best[1], c1), min(best[2], c2)
		if depth >= 3 {
			best[3] = min(best[3], c3)
		}
	}
	for k := 1; k <= depth; k++ {
		if best[k] >= unit {
			best[k] = min(best[k], impure)
		}
	}
	return best
}

// fitCells completes the byte matrix of purity2 (stride qs) from the
// triples' split cells, both ways; cellsAVX512 is the same loop.
func (d *solver) fitCells(q, qs int) {
	pw := &d.pw
	for a := range q {
		for b := a + 1; b < q; b++ {
			pure := uint64(d.cellBits[a*qs+b])
			i := a*pairStride + b
			fit := pure | splitCells(pw.splitAB[i], pw.splitAC[i], pw.splitBC[i])
			c := uint8(pure | fit<<4)
			d.cellBits[a*qs+b] = c
			d.cellBits[b*qs+a] = c&0x99 | c&0x22<<1 | c&0x44>>1 // (b = w, a = v) is 2w+v
		}
	}
}

// pairWords fills, for every pair of the q free features (nw words of
// points, n0 of n of class 0), its words and its byte of pure cells (see
// purity2); pairWordsAVX512 is the same loop for one word.
func (d *solver) pairWords(q, nw, qs int, n0, n int32) {
	feat := func(a int) []uint64 { return d.bits[a*nw : (a+1)*nw] }
	k0 := d.bits[q*nw : (q+1)*nw]
	ab := d.bits[(q+2)*nw : (q+3)*nw]
	pw := &d.pw
	for a := range q {
		for b := a + 1; b < q; b++ {
			var x11, n11 int32
			if nw == 1 {
				w := d.bits[a] & d.bits[b]
				x11, n11 = int32(bits.OnesCount64(w&k0[0])), int32(bits.OnesCount64(w))
			} else {
				and(ab, feat(a), feat(b))
				x11, n11 = int32(andCount(ab, k0)), int32(popcount(ab))
			}
			x10, n10 := int32(d.one0[a])-x11, int32(d.oneN[a])-n11
			x01, n01 := int32(d.one0[b])-x11, int32(d.oneN[b])-n11
			x00, n00 := n0-x10-x01-x11, n-n10-n01-n11
			i := a*pairStride + b
			pw.ab0[i], pw.abN[i] = abWord(x00, x01, x10, x11), abWord(n00, n01, n10, n11)
			d.cellBits[a*qs+b] = pureCells(pw.ab0[i], pw.abN[i])
			pw.ac0[i], pw.acN[i] = acWord(x01, x11), acWord(n01, n11)
			pw.bc0[i], pw.bcN[i] = bcWord(x11), bcWord(n11)
		}
	}
}

// splitTriples fills splitAB, splitAC and splitBC from every triple of
// free features a < b < c, over nw words of points.
func (d *solver) splitTriples(q, nw int) {
	feat := func(a int) []uint64 { return d.bits[a*nw : (a+1)*nw] }
	k0 := d.bits[q*nw : (q+1)*nw]
	ab := d.bits[(q+2)*nw : (q+3)*nw]
	pw := &d.pw
	for a := range q {
		ra := a * pairStride
		ac0, acN, accAC := pw.ac0[ra:ra+q], pw.acN[ra:ra+q], pw.splitAC[ra:ra+q]
		for b := a + 1; b < q; b++ {
			and(ab, feat(a), feat(b))
			x0, xN := pw.ab0[ra+b], pw.abN[ra+b]
			rb := b * pairStride
			bc0, bcN, accBC := pw.bc0[rb:rb+q], pw.bcN[rb:rb+q], pw.splitBC[rb:rb+q]
			acc := uint64(0)
			for c := b + 1; c < q; c++ {
				var t, t0 int
				fc := feat(c)[:len(ab)]
				k := k0[:len(ab)]
				for w, x := range ab {
					y := x & fc[w]
					t += bits.OnesCount64(y)
					t0 += bits.OnesCount64(y & k[w])
				}
				z := pureTripleCells(x0+ac0[c]+bc0[c], xN+acN[c]+bcN[c], t, t0)
				acc |= z & (z >> 8)
				accAC[c] |= z & (z >> 16)
				accBC[c] |= z & (z >> 32)
			}
			pw.splitAB[ra+b] = acc
		}
	}
}

// splitTriples1 is splitTriples for at most 64 points, one word per
// feature, with the words in registers; splitTriples1AVX512 is the same
// loop, eight third features a step.
func (d *solver) splitTriples1(q int) {
	fw := d.bits[:q]
	k0 := d.bits[q]
	pw := &d.pw
	for a, fa := range fw {
		ra := a * pairStride
		ac0, acN, accAC := pw.ac0[ra:ra+q], pw.acN[ra:ra+q], pw.splitAC[ra:ra+q]
		for b := a + 1; b < q; b++ {
			ab := fa & fw[b]
			ab0 := ab & k0
			x0, xN := pw.ab0[ra+b], pw.abN[ra+b]
			rb := b * pairStride
			bc0, bcN, accBC := pw.bc0[rb : rb+q][:q], pw.bcN[rb : rb+q][:q], pw.splitBC[rb : rb+q][:q]
			acc := uint64(0)
			for c := b + 1; c < q; c++ {
				t, t0 := bits.OnesCount64(ab&fw[c]), bits.OnesCount64(ab0&fw[c])
				z := pureTripleCells(x0+ac0[c]+bc0[c], xN+acN[c]+bcN[c], t, t0)
				acc |= z & (z >> 8)
				accAC[c] |= z & (z >> 16)
				accBC[c] |= z & (z >> 32)
			}
			pw.splitAB[ra+b] = acc
		}
	}
}

// pureTripleCells returns the word whose byte l has its top bit set when
// cell l of triple a < b < c is pure (and no other bit), from the sums of
// its pairs' words (a, b), (a, c), (b, c) — x0 for class 0, xN for all
// points — and its (1,1,1) counts: t points, t0 of class 0.
func pureTripleCells(x0, xN uint64, t, t0 int) uint64 {
	x := x0 + uint64(t0)*laneSigns
	all := xN + uint64(t)*laneSigns
	return zeroBytes(x) | zeroBytes(all-x)
}

// plane8 gathers bit 0 of each byte of x, byte i to bit i.
func plane8(x uint64) uint64 {
	return (x & 0x0101010101010101) * 0x0102040810204080 >> 56
}

// splitCells returns the cells (v, w) of a pair, bit 2v+w, that split
// purely by a third feature, from the pair's words of split cells as the
// first two (lanes 0, 2, 4, 6), the outer two (0, 1, 4, 5) and the last
// two features (0, 1, 2, 3) of a triple, each lane's top bit.
//
// Each gathers its four bits with one product: the bits, shifted to the
// bottom of their bytes and masked (gatherAB…), times a constant
// (spreadAB…) that moves each to its place among bits 48–51 (24–27 for
// bc) and every cross product elsewhere.
func splitCells(ab, ac, bc uint64) uint64 {
	fromAB := (ab >> 7 & gatherAB) * spreadAB >> 48
	fromAC := (ac >> 7 & gatherAC) * spreadAC >> 48 & 0xF
	fromBC := (bc >> 7 & gatherBC) * spreadBC >> 24 & 0xF
	return fromAB | fromAC | fromBC
}

// The masks and products of splitCells.
const (
	gatherAB, spreadAB = 0x0001000100010001, 0x0001000200040008
	gatherAC, spreadAC = 0x0000010100000101, 0x0001020000040800
	gatherBC, spreadBC = 0x01010101, 0x01020408
)

// pureCells returns the pure cells (v, w), bit 2v+w, of a pair from its
// words as the first two features of a triple (abWord): cell (v, w) is
// pure when its class 0 count, in the 16-bit lane 2v+w of x, or its class
// 1 count, the same lane of all − x, is zero.
func pureCells(x, all uint64) uint8 {
	const low15 = 0x7FFF7FFF7FFF7FFF
	y := all - x
	zero := ^(x&low15 + low15 | x) | ^(y&low15 + low15 | y)
	return uint8((zero >> 15 & gatherAB) * spreadAB >> 48) // as splitCells' fromAB
}

// abWord, acWord and bcWord are a pair's words in the roles of the first
// two, the outer two and the last two features of a triple, from the
// counts of its cells (v, w), cVW: ab00 at lane 0, ab01 at 2, ab10 at 4,
// ab11 at 6; ac01 at lane 1 and −ac01 at 0, ac11 at 5 and −ac11 at 4; bc11
// at lanes 0 and 3, −bc11 at 1 and 2. Each is a positive number, so plain
// products build it.
func abWord(c00, c01, c10, c11 int32) uint64 {
	return uint64(c00) | uint64(c01)<<16 | uint64(c10)<<32 | uint64(c11)<<48
}

func acWord(c01, c11 int32) uint64 { return uint64(c01)*(1<<8-1) + uint64(c11)*(1<<40-1<<32) }

func bcWord(c11 int32) uint64 { return uint64(c11) * (1<<24 - 1<<16 - 1<<8 + 1) }

// zeroBytes returns the word with the top bit of each byte of x that is
// zero set, and no other bit.
func zeroBytes(x uint64) uint64 {
	y := (x & lanesLow7) + lanesLow7
	return ^(y | x | lanesLow7)
}
