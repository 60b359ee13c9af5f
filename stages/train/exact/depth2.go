package exact

import "math/bits"

// solver finds the best trees of depth at most two for a set of points
// without recursion, as MurTree's specialised depth-2 solver does. One pass
// over the points fills, for every free feature a and value v, and for
// every pair of free features (a, b) and value pair (v, w), the sums of the
// points' search weights (problem.weights); every leaf cost of a depth ≤ 2
// tree is then read from that table.
//
// The pass visits, per point, only the features whose value is not 0 and
// the pairs of those; the cells with a 0 follow by subtraction from the
// single-feature and whole-set sums (MurTree's trick for binary data, here
// for any domain). When every point has one majority class, as in
// consistent data, the search weights of a point are a single 1 and a cell
// keeps one count per class.
type solver struct {
	pr    *problem
	slots int     // sums per cell: k, or k+1 when the last is an explicit total
	one   []int8  // per point: its only weighted slot, or -1 (then u applies)
	u     []int32 // per point: slots sums (problem.weights)
	cells []int32 // singles, then pairs, slots sums per cell
	total []int32 // the whole set's sums
	free  []int   // the free features of the current table
	so    []int   // so[a]: offset of feature a's single cells
	po    []int   // po[a*q+b], a < b: offset of the pair's cells, (v, w) row-major
	nz    []int   // one point's nonzero free features (indexes into free) ...
	nzv   []int   // ... and their values
}

// init sizes the solver for pr with search weights u; it uses the
// one-count-per-class form when every point's weights are a single 1 plus
// its total of 1.
func (d *solver) init(pr *problem, u []int32) {
	d.pr, d.u = pr, u
	k1 := pr.k + 1
	d.one = make([]int8, pr.n)
	single := true
	for p := range pr.n {
		d.one[p] = -1
		up := u[p*k1 : (p+1)*k1]
		if up[pr.k] != 1 || bits.OnesCount64(pr.maj[p]) != 1 {
			single = false
			break
		}
		c := bits.TrailingZeros64(pr.maj[p])
		if up[c] != 1 {
			single = false
			break
		}
		d.one[p] = int8(c)
	}
	d.slots = pr.k
	if !single {
		d.one = nil
		d.slots = k1
	}
	n := 0
	for a, za := range pr.dom {
		n += za
		for _, zb := range pr.dom[a+1:] {
			n += za * zb
		}
	}
	d.cells = make([]int32, n*d.slots)
	d.total = make([]int32, d.slots)
	d.so = make([]int, pr.m)
	d.po = make([]int, pr.m*pr.m)
	d.nz = make([]int, pr.m)
	d.nzv = make([]int, pr.m)
}

// fill builds the table of pts over the free features.
func (d *solver) fill(pts []int32, free []int) {
	pr, sl := d.pr, d.slots
	d.free = free
	q := len(free)
	n := 0
	for a, f := range free {
		d.so[a] = n
		n += pr.dom[f] * sl
	}
	for a, f := range free {
		for b := a + 1; b < q; b++ {
			d.po[a*q+b] = n
			n += pr.dom[f] * pr.dom[free[b]] * sl
		}
	}
	cells := d.cells[:n]
	clear(cells)
	clear(d.total)
	for _, p := range pts {
		row := pr.x[int(p)*pr.m : int(p+1)*pr.m]
		nz, nzv := d.nz[:0], d.nzv[:0]
		for a, f := range free {
			if v := int(row[f]); v != 0 {
				nz = append(nz, a)
				nzv = append(nzv, v)
			}
		}
		if d.one != nil {
			c := int(d.one[p])
			d.total[c]++
			for i, a := range nz {
				cells[d.so[a]+nzv[i]*sl+c]++
				po := d.po[a*q:]
				for j := i + 1; j < len(nz); j++ {
					b := nz[j]
					cells[po[b]+(nzv[i]*pr.dom[free[b]]+nzv[j])*sl+c]++
				}
			}
			continue
		}
		up := d.u[int(p)*sl : int(p+1)*sl]
		addTo(d.total, up)
		for i, a := range nz {
			addTo(cells[d.so[a]+nzv[i]*sl:], up)
			po := d.po[a*q:]
			for j := i + 1; j < len(nz); j++ {
				b := nz[j]
				addTo(cells[po[b]+(nzv[i]*pr.dom[free[b]]+nzv[j])*sl:], up)
			}
		}
	}
	d.complete()
}

// complete derives the cells with a value 0 by subtraction.
func (d *solver) complete() {
	pr, sl := d.pr, d.slots
	cells := d.cells
	for a, f := range d.free {
		zero := cells[d.so[a] : d.so[a]+sl]
		copy(zero, d.total)
		for v := 1; v < pr.dom[f]; v++ {
			subFrom(zero, cells[d.so[a]+v*sl:])
		}
	}
	q := len(d.free)
	for a, f := range d.free {
		za := pr.dom[f]
		for b := a + 1; b < q; b++ {
			zb := pr.dom[d.free[b]]
			base := d.po[a*q+b]
			cell := func(v, w int) []int32 { return cells[base+(v*zb+w)*sl : base+(v*zb+w+1)*sl] }
			// (v, 0) for v ≥ 1: a = v minus its (v, w ≥ 1) cells.
			for v := 1; v < za; v++ {
				c := cell(v, 0)
				copy(c, cells[d.so[a]+v*sl:d.so[a]+(v+1)*sl])
				for w := 1; w < zb; w++ {
					subFrom(c, cell(v, w))
				}
			}
			// (0, w) for every w: b = w minus its (v ≥ 1, w) cells.
			for w := range zb {
				c := cell(0, w)
				copy(c, cells[d.so[b]+w*sl:d.so[b]+(w+1)*sl])
				for v := 1; v < za; v++ {
					subFrom(c, cell(v, w))
				}
			}
		}
	}
}

// addTo adds up to the first len(up) sums of dst.
func addTo(dst, up []int32) {
	dst = dst[:len(up)]
	for j, v := range up {
		dst[j] += v
	}
}

// subFrom subtracts the first len(dst) sums of src from dst.
func subFrom(dst, src []int32) {
	src = src[:len(dst)]
	for j, v := range src {
		dst[j] -= v
	}
}

// leaf returns the cost of the cell at offset o as one leaf.
func (d *solver) leaf(o int) int64 {
	c := d.cells[o : o+d.slots]
	k := d.pr.k
	best, total := int32(0), int32(0)
	for _, v := range c[:k] {
		best = max(best, v)
		total += v
	}
	if d.one == nil {
		total = c[k]
	}
	return int64(total-best)*unit + 1
}

// pair returns the offset of cell (a = v, b = w), a ≠ b, in either order.
func (d *solver) pair(a, v, b, w int) int {
	q := len(d.free)
	if a > b {
		a, v, b, w = b, w, a, v
	}
	zb := d.pr.dom[d.free[b]]
	return d.po[a*q+b] + (v*zb+w)*d.slots
}

// child returns the best cost of the points with a = v within depth one,
// and the free index of its split feature, or -1 for a leaf. Ties go to
// the lowest feature.
func (d *solver) child(a, v int) (int64, int) {
	best, arg := d.leaf(d.so[a]+v*d.slots), -1
	for b := range d.free {
		if b == a {
			continue
		}
		c := int64(0)
		for w := range d.pr.dom[d.free[b]] {
			c += d.leaf(d.pair(a, v, b, w))
		}
		if c < best {
			best, arg = c, b
		}
	}
	return best, arg
}

// solve returns the least costs at depth ≤ 0, 1, 2 of the table's points,
// given their cost as a leaf, and the free index of the root feature of the
// best depth ≤ 1 and depth ≤ 2 trees (-1 for a leaf). Ties go to the lowest
// feature.
func (d *solver) solve(leaf int64) (best [3]int64, root1, root2 int) {
	best = [3]int64{leaf, leaf, leaf}
	root1, root2 = -1, -1
	for a, f := range d.free {
		c1, c2 := int64(0), int64(0)
		for v := range d.pr.dom[f] {
			c1 += d.leaf(d.so[a] + v*d.slots)
			c, _ := d.child(a, v)
			c2 += c
		}
		if c1 < best[1] {
			best[1], root1 = c1, a
		}
		if c2 < best[2] {
			best[2], root2 = c2, a
		}
	}
	return best, root1, root2
}

// solve2 runs the depth-2 solver on entry id once and records its costs
// and the depth bounds they prove.
func (s *searcher) solve2(id int32, pts []int32, free []int) {
	e := &s.entries[id]
	if e.solved {
		return
	}
	s.tick() // the solve completes; callers see the abort afterwards
	solves++
	solvedPts += len(pts)
	s.d2.fill(pts, free)
	best, _, _ := s.d2.solve(e.leaf)
	e.solved, e.best = true, best
	switch {
	case best[1] < unit:
		e.dub, e.wf = min(e.dub, 1), viaSolver
	case best[2] < unit:
		e.dlb = max(e.dlb, 2)
		e.dub, e.wf = min(e.dub, 2), viaSolver
	default:
		e.dlb = max(e.dlb, 3)
	}
}

var solves, solvedPts int
