package exact

// pairCell returns the index of pair cell (a = v, b = w), a ≠ b.
func (d *solver) pairCell(a, v, b, w int) int {
	if a > b {
		a, v, b, w = b, w, a, v
	}
	return d.pb[a*len(d.free)+b] + v*d.z[b] + w
}

// pairRow returns where the pair cells (a = v, b = w) for w = 0, 1, …
// are: at o + w·step.
func (d *solver) pairRow(a, v, b int) (o, step int) {
	q := len(d.free)
	if a < b {
		return d.pb[a*q+b] + v*d.z[b], 1
	}
	return d.pb[b*q+a] + v, d.z[a]
}

// solve returns the least costs at depth ≤ 0…depth of the table's points,
// given their cost as a leaf, and the free index of the root feature of
// the best tree at each depth (-1 for a leaf). Ties go to the lowest
// feature. depth is at most the depth of the last fill.
func (d *solver) solve(leaf int64, depth int) (best [4]int64, root [4]int) {
	best = [4]int64{leaf, leaf, leaf, leaf}
	root = [4]int{-1, -1, -1, -1}
	q := len(d.free)
	d.d1, d.b1 = grow(d.d1, d.nlit), grow(d.b1, d.nlit)
	for a := range q {
		for v := range d.z[a] {
			i := d.lit[a] + v
			c, arg := d.imp1[i]*unit+1, -1
			for b := range q {
				if b == a {
					continue
				}
				s := int64(0)
				o, step := d.pairRow(a, v, b)
				for w := range d.z[b] {
					s += d.imp2[o+w*step]
				}
				if s*unit+int64(d.z[b]) < c {
					c, arg = s*unit+int64(d.z[b]), b
				}
			}
			d.d1[i], d.b1[i] = c, int16(arg)
		}
	}
	for a := range q {
		c1, c2 := int64(0), int64(0)
		for v := range d.z[a] {
			c1 += d.imp1[d.lit[a]+v]*unit + 1
			c2 += d.d1[d.lit[a]+v]
		}
		if c1 < best[1] {
			best[1], root[1] = c1, a
		}
		if c2 < best[2] {
			best[2], root[2] = c2, a
		}
	}
	if depth < 3 {
		return best, root
	}
	d.solve3()
	for a := range q {
		c3 := int64(0)
		for v := range d.z[a] {
			c3 += d.c2[d.lit[a]+v]
		}
		if c3 < best[3] {
			best[3], root[3] = c3, a
		}
	}
	return best, root
}

// solve3 fills c1 for every pair cell and c2 for every literal.
func (d *solver) solve3() {
	q := len(d.free)
	cells := len(d.imp2)
	d.c1, d.a1 = grow(d.c1, cells), grow(d.a1, cells)
	d.c2, d.a2 = grow(d.c2, d.nlit), grow(d.a2, d.nlit)
	for a := range q {
		for b := a + 1; b < q; b++ {
			base := d.pb[a*q+b]
			for p := base; p < base+d.z[a]*d.z[b]; p++ {
				// t3 holds a sentinel under a and b themselves.
				c, arg := d.imp2[p]*unit+1, -1
				t := d.t3[p*q : (p+1)*q]
				z := d.z[:len(t)]
				for x, s := range t {
					if cx := s*unit + int64(z[x]); cx < c {
						c, arg = cx, x
					}
				}
				d.c1[p], d.a1[p] = c, int16(arg)
			}
		}
	}
	for a := range q {
		for v := range d.z[a] {
			i := d.lit[a] + v
			c, arg := d.imp1[i]*unit+1, -1
			for b := range q {
				if b == a {
					continue
				}
				s := int64(0)
				o, step := d.pairRow(a, v, b)
				for w := range d.z[b] {
					s += d.c1[o+w*step]
				}
				if s < c {
					c, arg = s, b
				}
			}
			d.c2[i], d.a2[i] = c, int16(arg)
		}
	}
}

// solveSmall runs the solver to the given depth (2 or 3) on entry id, once,
// and records its costs and the depth bounds they prove.
func (s *searcher) solveSmall(id int32, pts []int32, free []int, depth int) {
	if int(s.entry(id).solved) >= depth {
		return
	}
	s.tick() // the solve completes; callers see the abort afterwards
	e := s.entry(id)
	best := s.small.costs(pts, free, e.leaf(), depth)
	e.solved, e.best = int8(depth), best
	for k := 1; k <= depth; k++ {
		if best[k] < unit {
			if k <= int(e.dub) {
				e.dub, e.wf = int16(k), viaSolver
			}
			break
		}
		e.dlb = max(e.dlb, int16(k+1))
	}
}
