package exact

import (
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// problem is a training set reduced to its distinct inputs, the points.
// Point p stands for every training row with input x[p*m : (p+1)*m]; it
// keeps their class counts and the set of their majority classes.
type problem struct {
	m, k int       // features, classes
	dom  []int     // domain size per feature
	zmax int       // largest domain
	n    int       // points
	x    []uint8   // x[p*m+f]: value of feature f at point p
	col  [][]uint8 // col[f][p] = x[p*m+f], for scans of one feature
	w    []int32   // w[p*k+c]: training rows of point p with class c
	maj  []uint64
	// bitrow[p] has bit f set when binary feature f has value 1 at point p
	// and bit 63−c set for its only majority class c; nil unless every
	// feature fits below the class bits. featureBits and classBits mask
	// the two parts; binaryBits masks the binary features.
	bitrow                             []uint64
	featureBits, classBits, binaryBits uint64
}

// newProblem merges the rows of d selected by rows into points, in order
// of first appearance, so the result depends on the data alone.
func newProblem(d *dataset.Dataset, rows dataset.Bitset) *problem {
	m, k := d.NumFeatures(), d.Classes()
	pr := &problem{m: m, k: k, dom: d.Domains()}
	for _, z := range pr.dom {
		pr.zmax = max(pr.zmax, z)
	}
	cols := make([][]uint8, m)
	for f := range cols {
		cols[f] = d.Column(f)
	}
	key := make([]byte, m)
	add := func(p int32, r int) int32 { // point p, or a new one when p < 0, gets row r
		if p < 0 {
			p = int32(pr.n)
			pr.n++
			pr.x = append(pr.x, key...)
			pr.w = append(pr.w, make([]int32, k)...)
		}
		pr.w[int(p)*k+int(d.Label(r))]++
		return p
	}
	if space := inputSpace(pr.dom, max(1<<12, 4*rows.Count())); space > 0 {
		// A small input space: index the points by input number.
		index := make([]int32, space)
		for i := range index {
			index[i] = -1
		}
		rows.Each(func(r int) {
			in := 0
			for f, col := range cols {
				key[f] = col[r]
				in = in*pr.dom[f] + int(col[r])
			}
			index[in] = add(index[in], r)
		})
	} else {
		index := make(map[string]int32)
		rows.Each(func(r int) {
			for f, col := range cols {
				key[f] = col[r]
			}
			p, ok := index[string(key)]
			if !ok {
				p = -1
			}
			index[string(key)] = add(p, r)
		})
	}
	pr.col = make([][]uint8, m)
	for f := range pr.col {
		pr.col[f] = make([]uint8, pr.n)
		for p := range pr.n {
			pr.col[f][p] = pr.x[p*m+f]
		}
	}
	pr.maj = make([]uint64, pr.n)
	for p := range pr.n {
		w := pr.w[p*k : (p+1)*k]
		best := int32(0)
		for _, c := range w {
			best = max(best, c)
		}
		for c, v := range w {
			if v == best {
				pr.maj[p] |= 1 << c
			}
		}
	}
	if pr.m+pr.k <= 64 {
		pr.featureBits = 1<<pr.m - 1
		pr.classBits = ^uint64(0) << (64 - pr.k)
		for f, z := range pr.dom {
			if z == 2 {
				pr.binaryBits |= 1 << f
			}
		}
		pr.bitrow = make([]uint64, pr.n)
		for p := range pr.n {
			for f, v := range pr.x[p*m : (p+1)*m] {
				if v == 1 && pr.dom[f] == 2 {
					pr.bitrow[p] |= 1 << f
				}
			}
			if bits.OnesCount64(pr.maj[p]) == 1 {
				pr.bitrow[p] |= 1 << (63 - bits.TrailingZeros64(pr.maj[p]))
			}
		}
	}
	return pr
}

// inputSpace returns the number of distinct inputs Π Z_f, or 0 when it
// exceeds limit.
func inputSpace(dom []int, limit int) int {
	space := 1
	for _, z := range dom {
		if z > 0 && space > limit/z {
			return 0
		}
		space *= max(z, 1)
	}
	return space
}

// pure reports whether pts fit one leaf at least error: some class is a
// majority class of every point. No points is pure.
func (pr *problem) pure(pts []int32) bool {
	common := ^uint64(0)
	for _, p := range pts {
		common &= pr.maj[p]
		if common == 0 {
			return false
		}
	}
	return true
}

// counts adds the class counts of the rows of pts into dst (length k).
func (pr *problem) counts(pts []int32, dst []int) {
	k := pr.k
	for _, p := range pts {
		for c, v := range pr.w[int(p)*k : int(p+1)*k] {
			dst[c] += int(v)
		}
	}
}

// weights returns the per-point search weights u[p*(k+1)+s]. A leaf's
// excess over a set of points S is u_k(S) − max_c u_c(S). With exact set,
// u_c = rows of class c and u_k = rows in the point's majority, so the
// excess is the leaf's error above the least achievable error of its rows.
// Otherwise u_c = [c is a majority class], u_k = 1: the excess is zero
// exactly when the leaf is pure, and counts points, which is all that the
// minimum-depth search needs and is cheaper to sum.
func (pr *problem) weights(exact bool) []int32 {
	k1 := pr.k + 1
	u := make([]int32, pr.n*k1)
	for p := range pr.n {
		up := u[p*k1 : (p+1)*k1]
		if exact {
			w := pr.w[p*pr.k : (p+1)*pr.k]
			copy(up, w)
			for _, v := range w {
				up[pr.k] = max(up[pr.k], v)
			}
			continue
		}
		for c := range pr.k {
			if pr.maj[p]&(1<<c) != 0 {
				up[c] = 1
			}
		}
		up[pr.k] = 1
	}
	return u
}

// allPoints returns the points 0…n−1 of pr in order: the subproblem of all
// of them.
func (pr *problem) allPoints() []int32 {
	pts := make([]int32, pr.n)
	for p := range pts {
		pts[p] = int32(p)
	}
	return pts
}
