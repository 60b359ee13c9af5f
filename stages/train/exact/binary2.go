package exact

import "math/bits"

// noSplit32 is noSplit as an int32, the least split impurity of a pair
// cell before any third feature.
const noSplit32 = int32(noSplit)

// costs returns the solver's least costs at depth ≤ 0…depth (depth 2 or
// 3) for the points pts over the free features, the first result of
// solve after fill, without the roots. Binary features and two classes of
// single points, the oracle data's case, take costsBinary2; the rest the
// general tables.
func (d *solver) costs(pts []int32, free []int, leaf int64, depth int) [4]int64 {
	if d.one != nil && d.slots == 2 && d.allBinary(free) {
		if d.pureOnly && len(pts) <= maxPurePoints && len(free) <= pairStride {
			return d.purity2(pts, free, leaf, depth)
		}
		return d.costsBinary2(pts, free, leaf, depth)
	}
	d.fill(pts, free, depth)
	best, _ := d.solve(leaf, depth)
	return best
}

// binaryRows fills d.bits for pts over free (buildBits) and returns its
// words per row, the row of class 0 and the scratch row after the classes,
// for the two-class solvers.
func (d *solver) binaryRows(pts []int32, free []int) (nw int, k0, scratch []uint64) {
	q := len(free)
	d.free = free
	nw = d.buildBits(pts)
	return nw, d.bits[q*nw : (q+1)*nw], d.bits[(q+2)*nw : (q+3)*nw]
}

func (d *solver) allBinary(free []int) bool {
	for _, f := range free {
		if d.pr.dom[f] != 2 {
			return false
		}
	}
	return true
}

// costsBinary2 is costs for binary free features and two classes of
// single points. It counts, by popcounts of the bitsets of buildBits, the
// points of class 0 and in all with value 1 on every feature, pair and
// (depth 3) triple of features; every cell with a value 0 follows by
// inclusion and exclusion, and a cell's impurity is its smaller class
// count. For depth 3 only the least impurity of each pair cell split by a
// third feature is kept, not the table of all of them, and no argument of
// a minimum: the costs equal solve's, which the builder still uses for the
// trees themselves.
func (d *solver) costsBinary2(pts []int32, free []int, leaf int64, depth int) [4]int64 {
	q := len(free)
	nw, k0, ab := d.binaryRows(pts, free)
	feat := func(a int) []uint64 { return d.bits[a*nw : (a+1)*nw] }
	n := [2]int32{int32(popcount(k0)), 0}
	n[1] = int32(len(pts)) - n[0]

	// one[a] = points with a = 1, per class.
	d.b2one = grow(d.b2one, 2*q)
	one := d.b2one
	for a := range q {
		c0 := int32(andCount(feat(a), k0))
		one[2*a], one[2*a+1] = c0, int32(popcount(feat(a)))-c0
	}
	// Pair cells (a = v, b = w) of a < b at pairs[(a·q+b)·8 + (2v+w)·2 + s].
	d.b2pair = grow(d.b2pair, q*q*8)
	pairs := d.b2pair
	// imp2[(a·q+b)·4 + 2v+w], for both orders of a and b.
	d.b2imp = grow(d.b2imp, q*q*4)
	imp2 := d.b2imp
	// m3[(a·q+b)·4 + 2v+w]: least impurity of cell (a = v, b = w) split by
	// a third feature; filled for a < b, then mirrored.
	d.b2min = grow(d.b2min, q*q*4)
	m3 := d.b2min
	for b := range q {
		for a := range b {
			and(ab, feat(a), feat(b))
			x := pairs[(a*q+b)*8 : (a*q+b)*8+8]
			i := imp2[(a*q+b)*4 : (a*q+b)*4+4]
			for s := range 2 {
				var c11 int32
				if s == 0 {
					c11 = int32(andCount(ab, k0))
				} else {
					c11 = int32(popcount(ab)) - x[6]
				}
				c10 := one[2*a+s] - c11
				c01 := one[2*b+s] - c11
				x[s], x[2+s], x[4+s], x[6+s] = n[s]-c10-c01-c11, c01, c10, c11
			}
			for cell := range 4 {
				i[cell] = min(x[2*cell], x[2*cell+1])
			}
			j := imp2[(b*q+a)*4 : (b*q+a)*4+4] // (b = w, a = v) at 2w+v
			j[0], j[1], j[2], j[3] = i[0], i[2], i[1], i[3]
			if depth >= 3 {
				mm := m3[(a*q+b)*4 : (a*q+b)*4+4]
				mm[0], mm[1], mm[2], mm[3] = noSplit32, noSplit32, noSplit32, noSplit32
			}
		}
	}
	if depth >= 3 {
		for a := range q {
			for b := a + 1; b < q; b++ {
				and(ab, feat(a), feat(b))
				pab := (*[8]int32)(pairs[(a*q+b)*8:])
				// The least impurities of (a, b)'s cells split by c, kept
				// in registers over c.
				m00, m01, m10, m11 := noSplit32, noSplit32, noSplit32, noSplit32
				for c := b + 1; c < q; c++ {
					pac := (*[8]int32)(pairs[(a*q+c)*8:])
					pbc := (*[8]int32)(pairs[(b*q+c)*8:])
					var t, t0 int32
					if nw == 1 {
						y := ab[0] & d.bits[c]
						t, t0 = int32(bits.OnesCount64(y)), int32(bits.OnesCount64(y&k0[0]))
					} else {
						fc := feat(c)[:len(ab)]
						k := k0[:len(ab)]
						for w, x := range ab {
							y := x & fc[w]
							t += int32(bits.OnesCount64(y))
							t0 += int32(bits.OnesCount64(y & k[w]))
						}
					}
					// The eight cells (v, w, u) of each class by inclusion
					// and exclusion; iVWU is the smaller of the two.
					x111, y111 := t0, t-t0
					x011, y011 := pbc[6]-x111, pbc[7]-y111
					x101, y101 := pac[6]-x111, pac[7]-y111
					x110, y110 := pab[6]-x111, pab[7]-y111
					x001, y001 := pbc[2]-x101, pbc[3]-y101
					x010, y010 := pab[2]-x011, pab[3]-y011
					x100, y100 := pab[4]-x101, pab[5]-y101
					x000, y000 := pab[0]-x001, pab[1]-y001
					i000, i001, i010, i011 := min(x000, y000), min(x001, y001), min(x010, y010), min(x011, y011)
					i100, i101, i110, i111 := min(x100, y100), min(x101, y101), min(x110, y110), min(x111, y111)
					m00, m01 = min(m00, i000+i001), min(m01, i010+i011) // (a, b) split by c
					m10, m11 = min(m10, i100+i101), min(m11, i110+i111)
					mac := (*[4]int32)(m3[(a*q+c)*4:]) // (a, c) split by b
					mac[0], mac[1] = min(mac[0], i000+i010), min(mac[1], i001+i011)
					mac[2], mac[3] = min(mac[2], i100+i110), min(mac[3], i101+i111)
					mbc := (*[4]int32)(m3[(b*q+c)*4:]) // (b, c) split by a
					mbc[0], mbc[1] = min(mbc[0], i000+i100), min(mbc[1], i001+i101)
					mbc[2], mbc[3] = min(mbc[2], i010+i110), min(mbc[3], i011+i111)
				}
				mab := (*[4]int32)(m3[(a*q+b)*4:])
				mab[0], mab[1] = min(mab[0], m00), min(mab[1], m01)
				mab[2], mab[3] = min(mab[2], m10), min(mab[3], m11)
			}
		}
		// Mirror m3 as imp2 is, so (b = w, a = v) is at (b·q+a)·4 + 2w+v.
		for b := range q {
			for a := range b {
				x := m3[(a*q+b)*4 : (a*q+b)*4+4]
				y := m3[(b*q+a)*4 : (b*q+a)*4+4]
				y[0], y[1], y[2], y[3] = x[0], x[2], x[1], x[3]
			}
		}
	}

	imp1 := func(a, v int) int64 {
		c0, c1 := one[2*a], one[2*a+1]
		if v == 0 {
			c0, c1 = n[0]-c0, n[1]-c1
		}
		return int64(min(c0, c1))
	}
	best := [4]int64{leaf, leaf, leaf, leaf}
	for a := range q {
		c1, c2, c3 := int64(0), int64(0), int64(0)
		for v := range 2 {
			i1 := imp1(a, v)*unit + 1
			c1 += i1
			d1, e2 := i1, i1 // within depth 1 and 2 of (a = v)
			for b := range q {
				if b == a {
					continue
				}
				o := (a*q+b)*4 + 2*v
				i0, i1 := int64(imp2[o]), int64(imp2[o+1])
				d1 = min(d1, (i0+i1)*unit+2)
				if depth < 3 {
					continue
				}
				// Each cell (a = v, b = w) as a leaf or split once more.
				c0 := min(i0*unit+1, int64(m3[o])*unit+2)
				c1 := min(i1*unit+1, int64(m3[o+1])*unit+2)
				e2 = min(e2, c0+c1)
			}
			c2 += d1
			c3 += e2
		}
		best[1] = min(best[1], c1)
		best[2] = min(best[2], c2)
		if depth >= 3 {
			best[3] = min(best[3], c3)
		}
	}
	return best
}
