package exact

// expand derives the full tables — every value, zeros included — from the
// nonzero counts, then every cell's impurity and, for depth 3, the
// impurity of every pair cell split by a third feature.
func (d *solver) expand(depth int) {
	sl, q := d.slots, len(d.free)
	for a := range q {
		zero := d.f1[d.lit[a]*sl : (d.lit[a]+1)*sl]
		copy(zero, d.total)
		for v := 1; v < d.z[a]; v++ {
			c := d.f1[(d.lit[a]+v)*sl : (d.lit[a]+v+1)*sl]
			copy(c, d.raw1[(d.nzlit[a]+v-1)*sl:])
			subFrom(zero, c)
		}
	}
	for a := range q {
		for b := a + 1; b < q; b++ {
			d.expandPair(a, b)
		}
	}
	for i := range d.nlit {
		d.imp1[i] = d.impurity(d.f1[i*sl:])
	}
	for p := range d.imp2 {
		d.imp2[p] = d.impurity(d.f2[p*sl:])
	}
	if depth < 3 {
		return
	}
	clear(d.t3)
	for a := range q {
		for b := a + 1; b < q; b++ {
			for p := d.pb[a*q+b]; p < d.pb[a*q+b]+d.z[a]*d.z[b]; p++ {
				d.t3[p*q+a], d.t3[p*q+b] = noSplit, noSplit
			}
		}
	}
	for a := range q {
		for b := a + 1; b < q; b++ {
			for c := b + 1; c < q; c++ {
				if d.z[a] == 2 && d.z[b] == 2 && d.z[c] == 2 {
					d.expandBinaryTriple(a, b, c)
				} else {
					d.expandTriple(a, b, c)
				}
			}
		}
	}
}

// expandBinaryTriple is expandTriple for three binary features, with the
// eight cells derived in place and never stored.
func (d *solver) expandBinaryTriple(a, b, c int) {
	sl, q := d.slots, len(d.free)
	if d.one != nil && sl == 2 {
		d.expandBinaryTriple2(a, b, c)
		return
	}
	r := d.raw3[(d.comb3[d.nzlit[c]]+d.comb2[d.nzlit[b]]+d.nzlit[a])*sl:]
	r = r[:sl]
	pab, pac, pbc := d.pb[a*q+b], d.pb[a*q+c], d.pb[b*q+c] // cell (v, w) at p+2v+w
	ab, ac, bc := d.f2[pab*sl:(pab+4)*sl], d.f2[pac*sl:(pac+4)*sl], d.f2[pbc*sl:(pbc+4)*sl]
	x := d.cube[:8*sl] // cell (v, w, u) at (4v+2w+u)·sl
	for s, r111 := range r {
		r011 := bc[3*sl+s] - r111
		r101 := ac[3*sl+s] - r111
		r110 := ab[3*sl+s] - r111
		r001 := bc[1*sl+s] - r101
		r010 := ab[1*sl+s] - r011
		r100 := ab[2*sl+s] - r101
		r000 := ab[0*sl+s] - r001
		x[0*sl+s], x[1*sl+s], x[2*sl+s], x[3*sl+s] = r000, r001, r010, r011
		x[4*sl+s], x[5*sl+s], x[6*sl+s], x[7*sl+s] = r100, r101, r110, r111
	}
	t3 := d.t3
	for cell := range 8 {
		v, w, u := cell>>2, cell>>1&1, cell&1
		imp := d.impurity(x[cell*sl:])
		t3[(pab+2*v+w)*q+c] += imp
		t3[(pac+2*v+u)*q+b] += imp
		t3[(pbc+2*w+u)*q+a] += imp
	}
}

// noSplit is the t3 entry of a pair cell under its own features: an
// impurity no split reaches.
const noSplit = int64(1) << 30

// impurity returns the excess of one leaf over the sums c.
func (d *solver) impurity(c []int32) int64 {
	k := d.pr.k
	c = c[:d.slots]
	best, total := int32(0), int32(0)
	for _, v := range c[:k] {
		best = max(best, v)
		total += v
	}
	if d.slots > k {
		total = c[k]
	}
	return int64(total - best)
}

// expandPair fills the pair cells of free features a < b.
func (d *solver) expandPair(a, b int) {
	sl, q := d.slots, len(d.free)
	za, zb := d.z[a], d.z[b]
	base := d.pb[a*q+b]
	at := func(v, w int) []int32 { return d.f2[(base+v*zb+w)*sl : (base+v*zb+w+1)*sl] }
	for v := 1; v < za; v++ {
		i := d.nzlit[a] + v - 1
		for w := 1; w < zb; w++ {
			j := d.nzlit[b] + w - 1
			copy(at(v, w), d.raw2[(d.comb2[j]+i)*sl:])
		}
	}
	for v := 1; v < za; v++ { // (v, 0) = (a = v) − Σ_{w≥1} (v, w)
		c := at(v, 0)
		copy(c, d.f1[(d.lit[a]+v)*sl:])
		for w := 1; w < zb; w++ {
			subFrom(c, at(v, w))
		}
	}
	for w := range zb { // (0, w) = (b = w) − Σ_{v≥1} (v, w)
		c := at(0, w)
		copy(c, d.f1[(d.lit[b]+w)*sl:])
		for v := 1; v < za; v++ {
			subFrom(c, at(v, w))
		}
	}
}

// expandTriple fills the triple cells of free features a < b < c and adds
// their impurities to t3 under each of the three pair cells they refine.
func (d *solver) expandTriple(a, b, c int) {
	sl, q := d.slots, len(d.free)
	za, zb, zc := d.z[a], d.z[b], d.z[c]
	base := d.tb[(a*q+b)*q+c]
	at := func(v, w, u int) []int32 {
		o := (base + (v*zb+w)*zc + u) * sl
		return d.f3[o : o+sl]
	}
	pair := func(x, y, v, w int) []int32 {
		o := (d.pb[x*q+y] + v*d.z[y] + w) * sl
		return d.f2[o : o+sl]
	}
	for v := 1; v < za; v++ {
		i := d.nzlit[a] + v - 1
		for w := 1; w < zb; w++ {
			j := d.comb2[d.nzlit[b]+w-1] + i
			for u := 1; u < zc; u++ {
				copy(at(v, w, u), d.raw3[(d.comb3[d.nzlit[c]+u-1]+j)*sl:])
			}
		}
	}
	for w := 1; w < zb; w++ { // (0, w, u), w, u ≥ 1
		for u := 1; u < zc; u++ {
			x := at(0, w, u)
			copy(x, pair(b, c, w, u))
			for v := 1; v < za; v++ {
				subFrom(x, at(v, w, u))
			}
		}
	}
	for v := range za { // (v, 0, u), u ≥ 1
		for u := 1; u < zc; u++ {
			x := at(v, 0, u)
			copy(x, pair(a, c, v, u))
			for w := 1; w < zb; w++ {
				subFrom(x, at(v, w, u))
			}
		}
	}
	for v := range za { // (v, w, 0)
		for w := range zb {
			x := at(v, w, 0)
			copy(x, pair(a, b, v, w))
			for u := 1; u < zc; u++ {
				subFrom(x, at(v, w, u))
			}
		}
	}
	pab, pac, pbc := d.pb[a*q+b], d.pb[a*q+c], d.pb[b*q+c]
	for v := range za {
		for w := range zb {
			for u := range zc {
				imp := d.impurity(at(v, w, u))
				d.t3[(pab+v*zb+w)*q+c] += imp
				d.t3[(pac+v*zc+u)*q+b] += imp
				d.t3[(pbc+w*zc+u)*q+a] += imp
			}
		}
	}
}

// expandBinaryTriple2 is expandBinaryTriple for two classes of single
// points, where a cell's impurity is its smaller class count.
func (d *solver) expandBinaryTriple2(a, b, c int) {
	q := len(d.free)
	r := d.raw3[(d.comb3[d.nzlit[c]]+d.comb2[d.nzlit[b]]+d.nzlit[a])*2:]
	r = r[:2]
	pab, pac, pbc := d.pb[a*q+b], d.pb[a*q+c], d.pb[b*q+c]
	ab, ac, bc := d.f2[pab*2:pab*2+8], d.f2[pac*2:pac*2+8], d.f2[pbc*2:pbc*2+8]
	// The eight cells (v, w, u) per class s, by inclusion and exclusion,
	// and their impurities iVWU, the smaller class count.
	cells := func(s int) (c000, c001, c010, c011, c100, c101, c110, c111 int32) {
		c111 = r[s]
		c011 = bc[6+s] - c111
		c101 = ac[6+s] - c111
		c110 = ab[6+s] - c111
		c001 = bc[2+s] - c101
		c010 = ab[2+s] - c011
		c100 = ab[4+s] - c101
		c000 = ab[s] - c001
		return
	}
	x000, x001, x010, x011, x100, x101, x110, x111 := cells(0)
	y000, y001, y010, y011, y100, y101, y110, y111 := cells(1)
	i000, i001 := int64(min(x000, y000)), int64(min(x001, y001))
	i010, i011 := int64(min(x010, y010)), int64(min(x011, y011))
	i100, i101 := int64(min(x100, y100)), int64(min(x101, y101))
	i110, i111 := int64(min(x110, y110)), int64(min(x111, y111))
	// Each t3 entry comes from exactly one triple: store, do not add.
	t3 := d.t3
	t3[pab*q+c], t3[(pab+1)*q+c] = i000+i001, i010+i011 // (a, b) split by c
	t3[(pab+2)*q+c], t3[(pab+3)*q+c] = i100+i101, i110+i111
	t3[pac*q+b], t3[(pac+1)*q+b] = i000+i010, i001+i011 // (a, c) split by b
	t3[(pac+2)*q+b], t3[(pac+3)*q+b] = i100+i110, i101+i111
	t3[pbc*q+a], t3[(pbc+1)*q+a] = i000+i100, i001+i101 // (b, c) split by a
	t3[(pbc+2)*q+a], t3[(pbc+3)*q+a] = i010+i110, i011+i111
}
