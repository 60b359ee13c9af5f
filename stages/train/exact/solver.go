package exact

import "math/bits"

// Table size limits, in cells. A node whose free features need a bigger
// table is searched by recursion instead. Variables so that tests can force
// the recursion.
var (
	maxPairCells   = 1 << 20
	maxTripleCells = 1 << 18
)

// solver finds the best trees of depth at most two or three for a set of
// points without recursion: MurTree's specialised depth-2 solver, extended
// to depth three. One pass over the points counts, for every free feature,
// pair and (for depth three) triple of free features, and every
// combination of their values, the sums of the points' search weights
// (problem.weights); every leaf cost of a tree of depth ≤ 3 is then read
// from those tables.
//
// The pass visits, per point, only its nonzero values ("literals" a = v,
// v ≥ 1) and their pairs and triples, in compact tables indexed by the
// combinatorial number system; the cells with a 0 follow by inclusion and
// exclusion from the smaller tables and the whole set's sums (MurTree's
// trick for binary data, here for any domain). When every point has one
// majority class, as in consistent data, a point's search weights are a
// single 1 and a cell keeps one count per class.
type solver struct {
	pr    *problem
	slots int     // sums per cell: k, or k+1 when the last is an explicit total
	one   []int8  // per point: its only weighted class (nil: use u)
	u     []int32 // per point: slots sums (problem.weights)

	// The current table: its free features and their domains.
	free  []int
	z     []int // z[a]: domain of free feature a
	lit   []int // literal (a = v) is lit[a]+v, 0 ≤ v < z[a]
	nlit  int
	nzlit []int // nonzero literal (a = v ≥ 1) is nzlit[a]+v-1
	nnz   int
	comb2 []int // comb2[i] = C(i, 2)
	comb3 []int // comb3[i] = C(i, 3)
	total []int32
	raw1  []int32 // per nonzero literal i: sums
	raw2  []int32 // per i < j: sums at C(j,2)+i
	raw3  []int32 // per i < j < l: sums at C(l,3)+C(j,2)+i
	buf   []int   // one point's nonzero literals
	bits  []uint64

	// Full tables over all values: class sums and impurities (the excess of
	// one leaf: the total minus the largest class sum).
	pb   []int   // pb[a*q+b], a < b: first pair cell of (a, b); cell (v, w) at pb+v*z[b]+w
	tb   []int   // tb[(a*q+b)*q+c], a < b < c: first triple cell; (v, w, u) at tb+(v*z[b]+w)*z[c]+u
	f1   []int32 // per literal: sums
	f2   []int32 // per pair cell: sums
	f3   []int32 // per triple cell: sums
	imp1 []int64
	imp2 []int64
	t3   []int64 // t3[p*q+c]: Σ_u impurity of pair cell p split by c
	cube []int32 // the eight cells of a binary triple

	// Results: best costs within depth one of a literal's points (d1, with
	// its split feature b1, -1 for a leaf), within depth one of a pair
	// cell's points (c1, a1) and within depth two of a literal's (c2, a2).
	d1 []int64
	b1 []int16
	c1 []int64
	a1 []int16
	c2 []int64
	a2 []int16

	// Scratch of costsBinary2.
	b2one  []int32
	b2pair []int32
	b2imp  []int32
	b2min  []int32

	// pureOnly is set for the search of pure trees alone, whose costs of
	// impure trees only need to be unit or more (searcher.exactCosts off).
	pureOnly bool
	// Scratch of purity2: per free feature, its points of class 0 and
	// all its points with value 1; the pairs' words; the byte matrix of
	// cells.
	one0, oneN []uint64
	pw         pairWords
	cellBits   []uint8
}

func (d *solver) init(pr *problem, u []int32, pureOnly bool) {
	d.pr, d.u, d.pureOnly = pr, u, pureOnly
	k1 := pr.k + 1
	d.one = make([]int8, pr.n)
	single := true
	for p := range pr.n {
		up := u[p*k1 : (p+1)*k1]
		c := bits.TrailingZeros64(pr.maj[p])
		if up[pr.k] != 1 || bits.OnesCount64(pr.maj[p]) != 1 || up[c] != 1 {
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
	d.total = make([]int32, d.slots)
	d.z = make([]int, pr.m)
	d.lit = make([]int, pr.m)
	d.nzlit = make([]int, pr.m)
	d.buf = make([]int, pr.m)
	d.cube = make([]int32, 8*d.slots)
}

// depthFor returns the solver depth to use for a subproblem over free
// features with depth bound k: 2 for k ≤ 2 and 3 for k = 3 when the tables
// fit, 0 when the search must recurse.
func (d *solver) depthFor(free []int, k int) int {
	if k > 3 {
		return 0
	}
	var e1, e2, e3 int // elementary symmetric sums of the domains
	for _, f := range free {
		z := d.pr.dom[f]
		e3 += e2 * z
		e2 += e1 * z
		e1 += z
	}
	switch {
	case k <= 2 && e2 <= maxPairCells:
		return 2
	case k == 3 && e3 <= maxTripleCells && e2*len(free) <= maxPairCells:
		return 3
	}
	return 0
}

// grow returns s with length n, reallocated when too short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// layout indexes the literals and cells of the free features.
func (d *solver) layout(free []int, depth int) {
	d.free = free
	q := len(free)
	d.nlit, d.nnz = 0, 0
	for a, f := range free {
		z := d.pr.dom[f]
		d.z[a], d.lit[a], d.nzlit[a] = z, d.nlit, d.nnz
		d.nlit += z
		d.nnz += z - 1
	}
	n := d.nnz
	d.comb2, d.comb3 = grow(d.comb2, n+1), grow(d.comb3, n+1)
	for i := range n + 1 {
		d.comb2[i], d.comb3[i] = i*(i-1)/2, i*(i-1)*(i-2)/6
	}
	cells := 0
	d.pb = grow(d.pb, q*q)
	for a := range q {
		for b := a + 1; b < q; b++ {
			d.pb[a*q+b] = cells
			cells += d.z[a] * d.z[b]
		}
	}
	sl := d.slots
	d.raw1 = grow(d.raw1, n*sl)
	d.raw2 = grow(d.raw2, d.comb2[n]*sl)
	d.f1 = grow(d.f1, d.nlit*sl)
	d.f2 = grow(d.f2, cells*sl)
	d.imp1 = grow(d.imp1, d.nlit)
	d.imp2 = grow(d.imp2, cells)
	if depth < 3 {
		return
	}
	d.t3 = grow(d.t3, cells*q)
	d.tb = grow(d.tb, q*q*q)
	triples := 0
	for a := range q {
		for b := a + 1; b < q; b++ {
			for c := b + 1; c < q; c++ {
				d.tb[(a*q+b)*q+c] = triples
				triples += d.z[a] * d.z[b] * d.z[c]
			}
		}
	}
	d.raw3 = grow(d.raw3, d.comb3[n]*sl)
	d.f3 = grow(d.f3, triples*sl)
}

// fill builds the tables of pts over the free features, with triples when
// depth is 3.
func (d *solver) fill(pts []int32, free []int, depth int) {
	pr := d.pr
	d.layout(free, depth)
	clear(d.total)
	clear(d.raw1)
	clear(d.raw2)
	if depth == 3 {
		clear(d.raw3)
	}
	if d.one != nil && d.nnz == len(free) {
		d.countBits(pts, depth)
		d.expand(depth)
		return
	}
	sl := d.slots
	for _, p := range pts {
		row := pr.x[int(p)*pr.m : int(p+1)*pr.m]
		nz := d.buf[:0]
		for a, f := range free {
			if v := int(row[f]); v != 0 {
				nz = append(nz, d.nzlit[a]+v-1)
			}
		}
		if d.one != nil {
			d.count(nz, int(d.one[p]), depth)
			continue
		}
		up := d.u[int(p)*sl : int(p+1)*sl]
		addTo(d.total, up)
		for j, lj := range nz {
			addTo(d.raw1[lj*sl:], up)
			t2 := d.comb2[lj]
			t3 := d.comb3[lj]
			for i, li := range nz[:j] {
				addTo(d.raw2[(t2+li)*sl:], up)
				if depth == 3 {
					t := t3 + d.comb2[li]
					for _, lh := range nz[:i] {
						addTo(d.raw3[(t+lh)*sl:], up)
					}
				}
			}
		}
	}
	d.expand(depth)
}

// count adds one point of class c with nonzero literals nz (increasing).
func (d *solver) count(nz []int, c, depth int) {
	sl := d.slots
	d.total[c]++
	raw1, raw2, raw3, comb2 := d.raw1, d.raw2, d.raw3, d.comb2
	for j, lj := range nz {
		raw1[lj*sl+c]++
		t2 := comb2[lj]
		for _, li := range nz[:j] {
			raw2[(t2+li)*sl+c]++
		}
		if depth < 3 {
			continue
		}
		t3 := d.comb3[lj]
		for i, li := range nz[:j] {
			t := t3 + comb2[li]
			for _, lh := range nz[:i] {
				raw3[(t+lh)*sl+c]++
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
