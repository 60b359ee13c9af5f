package exact

import "math/bits"

// countBits fills the nonzero tables of binary features from one class,
// as popcounts of bitsets over pts: per feature, the points with value 1,
// per class, the points of that class.
func (d *solver) countBits(pts []int32, depth int) {
	pr, free := d.pr, d.free
	q, k, sl := len(free), pr.k, d.slots
	nw := d.buildBits(pts)
	feat := func(a int) []uint64 { return d.bits[a*nw : (a+1)*nw] }
	class := func(c int) []uint64 { return d.bits[(q+c)*nw : (q+c+1)*nw] }
	// sums writes the class counts of x into dst: popcounts against every
	// class but the last, which gets the rest.
	sums := func(dst []int32, x []uint64) {
		rest := int32(popcount(x))
		for c := range k - 1 {
			n := int32(andCount(x, class(c)))
			dst[c] = n
			rest -= n
		}
		dst[k-1] = rest
	}
	for c := range k {
		d.total[c] = int32(popcount(class(c)))
	}
	ab := d.bits[(q+k)*nw : (q+k+1)*nw]
	for b := range q {
		sums(d.raw1[b*sl:], feat(b))
		for a := range b {
			and(ab, feat(a), feat(b))
			sums(d.raw2[(d.comb2[b]+a)*sl:], ab)
			if depth < 3 {
				continue
			}
			for c := b + 1; c < q; c++ {
				d.tripleSums(d.raw3[(d.comb3[c]+d.comb2[b]+a)*sl:], ab, feat(c), q, nw)
			}
		}
	}
}

// buildBits fills d.bits for pts over the free features of the current
// layout: per free feature a, at a·nw, the points with value 1; per class
// c, at (q+c)·nw, the points of that class; one more row of scratch. It
// returns nw, the words per row.
func (d *solver) buildBits(pts []int32) int {
	pr, free := d.pr, d.free
	q, k := len(free), pr.k
	nw := (len(pts) + 63) / 64
	d.bits = grow(d.bits, (q+k+1)*nw)
	if pr.bitrow != nil {
		transposeRows(pr, pts, free, d.bits)
		return nw
	}
	clear(d.bits)
	for i, p := range pts {
		w, bit := i>>6, uint64(1)<<(i&63)
		row := pr.x[int(p)*pr.m : int(p+1)*pr.m]
		for a, f := range free {
			d.bits[a*nw+w] |= uint64(row[f]) << (i & 63)
		}
		d.bits[(q+int(d.one[p]))*nw+w] |= bit
	}
	return nw
}

// transposeRows fills dst from the bit rows of pts, nw = ⌈len(pts)/64⌉
// words per row: per free feature a, at a·nw, the points with value 1;
// per class c, at (len(free)+c)·nw, the points whose only majority class
// is c. It transposes 64 points × 64 bits at a time: row f of a block is
// then feature f's bits, row 63−c class c's. When every free feature is
// below bit 32 it transposes only the low 32 columns (transposeLow), and
// takes the class bits while it gathers the rows.
func transposeRows(pr *problem, pts []int32, free []int, dst []uint64) {
	q, nw := len(free), (len(pts)+63)/64
	low := q == 0 || free[q-1] < 32
	var blk [64]uint64
	for w := range nw {
		block := pts[w*64 : min(len(pts), w*64+64)]
		if !low {
			clear(blk[:])
			for i, p := range block {
				blk[i] = pr.bitrow[p]
			}
			transpose64(&blk)
			for a, f := range free {
				dst[a*nw+w] = blk[f]
			}
			for c := range pr.k {
				dst[(q+c)*nw+w] = blk[63-c]
			}
			continue
		}
		for c := range pr.k {
			dst[(q+c)*nw+w] = 0
		}
		clear(blk[len(block):])
		for i, p := range block {
			r := pr.bitrow[p]
			blk[i] = r
			if cp := r & pr.classBits; cp != 0 { // one bit at most
				dst[(q+bits.LeadingZeros64(cp))*nw+w] |= 1 << i
			}
		}
		transposeLow(&blk, len(block))
		for a, f := range free {
			dst[a*nw+w] = blk[f]
		}
	}
}

// tripleSums writes the class counts of ab ∧ x into dst.
func (d *solver) tripleSums(dst []int32, ab, x []uint64, q, nw int) {
	k := d.pr.k
	x = x[:len(ab)]
	rest := int32(0)
	for i, w := range ab {
		rest += int32(bits.OnesCount64(w & x[i]))
	}
	for c := range k - 1 {
		cl := d.bits[(q+c)*nw : (q+c+1)*nw]
		cl = cl[:len(ab)]
		n := int32(0)
		for i, w := range ab {
			n += int32(bits.OnesCount64(w & x[i] & cl[i]))
		}
		dst[c] = n
		rest -= n
	}
	dst[k-1] = rest
}

// transpose64 transposes a 64×64 bit matrix in place: afterwards bit j of
// a[i] is what bit i of a[j] was (Hacker's Delight, section 7-3).
func transpose64(a *[64]uint64) {
	swapRounds(a, 64, 32, 0x00000000FFFFFFFF)
}

// swapRounds runs the exchange steps of transpose64 on the first rows
// rows of a, from the step of distance j (mask m, the low j bits of each
// 2j) down to distance 1.
func swapRounds(a *[64]uint64, rows, j int, m uint64) {
	for ; j != 0; j, m = j>>1, m^(m<<(j>>1)) {
		for k := 0; k < rows; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k] ^= t << j
			a[k+j] ^= t
		}
	}
}

// transposeLow is transpose64 for the low 32 columns of the first n rows
// (the others zero): afterwards, for i < 32, bit j of a[i] is what bit i
// of a[j] was, and rows 32 and up mean nothing. Its first step moves the
// low half of row i+32 into the high half of row i, which transpose64's
// first step does too; the steps after it then only ever pair rows below
// 32 among themselves, so they run on those alone: 80 exchanges instead
// of 192.
func transposeLow(a *[64]uint64, n int) {
	const low = 0x00000000FFFFFFFF
	if n > 32 {
		for i := range 32 {
			a[i] = a[i]&low | a[i+32]<<32
		}
	} else {
		for i := range 32 {
			a[i] &= low
		}
	}
	swapRounds(a, 32, 16, 0x0000FFFF0000FFFF)
}

func popcount(x []uint64) int {
	n := 0
	for _, w := range x {
		n += bits.OnesCount64(w)
	}
	return n
}

func andCount(x, y []uint64) int {
	y = y[:len(x)]
	n := 0
	for i, w := range x {
		n += bits.OnesCount64(w & y[i])
	}
	return n
}

func and(dst, x, y []uint64) {
	x, y = x[:len(dst)], y[:len(dst)]
	for i := range dst {
		dst[i] = x[i] & y[i]
	}
}
