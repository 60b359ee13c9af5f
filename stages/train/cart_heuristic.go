package train

import (
	"math"
)

// cartPCA orders a feature's values for SimpleCart's heuristic subset
// search with more than two classes (Coppersmith, Hong and Hosking,
// "Partitioning nominal attributes in decision trees", 1999), as Weka
// 3.6.14's SimpleCart does it, float for float: each value v with rows at
// the node is the vector p_v of its class proportions, weighted by its
// row count n_v; the values are sorted by their score ⟨a, p_v⟩ on the
// first principal axis a of
//
//	C = Σ_v n_v (p_v − p̄)(p_v − p̄)ᵀ,
//
// and only the splits of a prefix of that order against the rest are
// tried. For two classes this order is the class-0 order, which is
// optimal; for more it is a good heuristic, not optimal.
//
// As in SimpleCart, p_v, n_v and p̄ count every training row of the fit
// (its nominalDistribution reads all of data, not the node's rows), and a
// row whose value has no rows at the node counts under the first value
// that has; a is the eigenvector of the largest eigenvalue (the first in
// ascending order on ties) that JAMA's symmetric eigen-decomposition
// (weka.core.matrix.EigenvalueDecomposition: tred2, then tql2) returns,
// sign included; and equal scores keep code order. (SimpleCart matches a
// row's value to the node's values by name ignoring case; dtbench's
// values may differ only in case, and there we match by code.)
type cartPCA struct {
	p     []float64 // present values × classes: class proportions
	nv    []float64 // rows per present value
	mean  []float64 // p̄
	v     []float64 // k×k, row-major: C, then its eigenvectors
	d, e  []float64 // eigenvalues, scratch
	score []float64
}

// order writes to order the indices 0..len(present)−1 of the present
// values (codes present) sorted by their score, from fit, the feature's
// contingency table over the fit's rows (k classes), and fitCounts, the
// fit's class counts.
func (p *cartPCA) order(fit []int, k int, fitCounts []int, present []int, order []int) {
	ne := len(present)
	p.p = resize(p.p, ne*k)
	p.nv = resize(p.nv, ne)
	p.mean = resize(p.mean, k)
	p.v = resize(p.v, k*k)
	p.d = resize(p.d, k)
	p.e = resize(p.e, k)
	p.score = resize(p.score, ne)
	clear(p.p)
	clear(p.nv)
	j := 0
	for v := range len(fit) / k {
		i := 0 // a value without rows at the node counts under the first
		for j < ne && present[j] < v {
			j++
		}
		if j < ne && present[j] == v {
			i = j
		}
		for c, x := range fit[v*k : (v+1)*k] {
			p.p[i*k+c] += float64(x)
			p.nv[i] += float64(x)
		}
	}
	n := 0
	for _, x := range fitCounts {
		n += x
	}
	for i := range ne {
		for c := range k {
			if p.nv[i] != 0 {
				p.p[i*k+c] /= p.nv[i]
			} else {
				p.p[i*k+c] = 0
			}
		}
	}
	for c, x := range fitCounts {
		p.mean[c] = float64(x) / float64(n)
	}
	for a := range k {
		for b := range k {
			s := 0.0
			for i := range ne {
				s += float64(float64((p.p[i*k+b]-p.mean[b])*(p.p[i*k+a]-p.mean[a])) * p.nv[i])
			}
			p.v[a*k+b] = s
		}
	}
	jamaSymmetricEigen(p.v, p.d, p.e, k)
	top := 0
	for i := 1; i < k; i++ {
		if p.d[i] > p.d[top] {
			top = i
		}
	}
	for i := range ne {
		s := 0.0
		for c := range k {
			s += float64(p.v[c*k+top] * p.p[i*k+c])
		}
		p.score[i] = s
	}
	for j := range order {
		x := j
		for ; x > 0 && p.score[order[x-1]] > p.score[j]; x-- {
			order[x] = order[x-1]
		}
		order[x] = j
	}
}

// jamaSymmetricEigen is JAMA's eigen-decomposition of the symmetric k×k
// matrix v (row-major), as weka.core.matrix.EigenvalueDecomposition does
// it for a symmetric matrix: Householder tridiagonalization (tred2), then
// the implicit QL algorithm (tql2), operation for operation (products are
// rounded before they are added: no fused multiply-add). On return d
// holds the eigenvalues in ascending order and column i of v an
// eigenvector of d[i]; e is scratch.
func jamaSymmetricEigen(v, d, e []float64, n int) {
	at := func(i, j int) *float64 { return &v[i*n+j] }
	// tred2.
	for j := range n {
		d[j] = *at(n-1, j)
	}
	for i := n - 1; i > 0; i-- {
		scale, h := 0.0, 0.0
		for k := range i {
			scale += math.Abs(d[k])
		}
		if scale == 0 {
			e[i] = d[i-1]
			for j := range i {
				d[j] = *at(i-1, j)
				*at(i, j) = 0
				*at(j, i) = 0
			}
		} else {
			for k := range i {
				d[k] /= scale
				h += float64(d[k] * d[k])
			}
			f := d[i-1]
			g := math.Sqrt(h)
			if f > 0 {
				g = -g
			}
			e[i] = scale * g
			h -= float64(f * g)
			d[i-1] = f - g
			for j := range i {
				e[j] = 0
			}
			for j := range i {
				f = d[j]
				*at(j, i) = f
				g = e[j] + float64(*at(j, j)*f)
				for k := j + 1; k <= i-1; k++ {
					g += float64(*at(k, j) * d[k])
					e[k] += float64(*at(k, j) * f)
				}
				e[j] = g
			}
			f = 0
			for j := range i {
				e[j] /= h
				f += float64(e[j] * d[j])
			}
			hh := f / (h + h)
			for j := range i {
				e[j] -= float64(hh * d[j])
			}
			for j := range i {
				f = d[j]
				g = e[j]
				for k := j; k <= i-1; k++ {
					*at(k, j) -= float64(f*e[k]) + float64(g*d[k])
				}
				d[j] = *at(i-1, j)
				*at(i, j) = 0
			}
		}
		d[i] = h
	}
	for i := 0; i < n-1; i++ {
		*at(n-1, i) = *at(i, i)
		*at(i, i) = 1
		h := d[i+1]
		if h != 0 {
			for k := 0; k <= i; k++ {
				d[k] = *at(k, i+1) / h
			}
			for j := 0; j <= i; j++ {
				g := 0.0
				for k := 0; k <= i; k++ {
					g += float64(*at(k, i+1) * *at(k, j))
				}
				for k := 0; k <= i; k++ {
					*at(k, j) -= float64(g * d[k])
				}
			}
		}
		for k := 0; k <= i; k++ {
			*at(k, i+1) = 0
		}
	}
	for j := range n {
		d[j] = *at(n-1, j)
		*at(n-1, j) = 0
	}
	*at(n-1, n-1) = 1
	e[0] = 0

	// tql2.
	for i := 1; i < n; i++ {
		e[i-1] = e[i]
	}
	e[n-1] = 0
	f, tst1 := 0.0, 0.0
	eps := math.Pow(2, -52)
	for l := range n {
		tst1 = math.Max(tst1, math.Abs(d[l])+math.Abs(e[l]))
		m := l
		for m < n && math.Abs(e[m]) > eps*tst1 {
			m++
		}
		if m > l {
			for {
				g := d[l]
				p := (d[l+1] - g) / (2 * e[l])
				r := jamaHypot(p, 1)
				if p < 0 {
					r = -r
				}
				d[l] = e[l] / (p + r)
				d[l+1] = e[l] * (p + r)
				dl1 := d[l+1]
				h := g - d[l]
				for i := l + 2; i < n; i++ {
					d[i] -= h
				}
				f += h
				p = d[m]
				c, c2, c3 := 1.0, 1.0, 1.0
				el1 := e[l+1]
				s, s2 := 0.0, 0.0
				for i := m - 1; i >= l; i-- {
					c3 = c2
					c2 = c
					s2 = s
					g = c * e[i]
					h = c * p
					r = jamaHypot(p, e[i])
					e[i+1] = s * r
					s = e[i] / r
					c = p / r
					p = float64(c*d[i]) - float64(s*g)
					d[i+1] = h + float64(s*(float64(c*g)+float64(s*d[i])))
					for k := range n {
						h = *at(k, i+1)
						*at(k, i+1) = float64(s**at(k, i)) + float64(c*h)
						*at(k, i) = float64(c**at(k, i)) - float64(s*h)
					}
				}
				p = -s * s2 * c3 * el1 * e[l] / dl1
				e[l] = s * p
				d[l] = c * p
				if math.Abs(e[l]) <= eps*tst1 {
					break
				}
			}
		}
		d[l] += f
		e[l] = 0
	}
	for i := 0; i < n-1; i++ {
		k, p := i, d[i]
		for j := i + 1; j < n; j++ {
			if d[j] < p {
				k, p = j, d[j]
			}
		}
		if k != i {
			d[k] = d[i]
			d[i] = p
			for j := range n {
				*at(j, i), *at(j, k) = *at(j, k), *at(j, i)
			}
		}
	}
}

// jamaHypot is JAMA's Maths.hypot: √(a² + b²) without overflow, computed
// as JAMA computes it (not as math.Hypot does).
func jamaHypot(a, b float64) float64 {
	switch {
	case math.Abs(a) > math.Abs(b):
		r := b / a
		return math.Abs(a) * math.Sqrt(1+float64(r*r))
	case b != 0:
		r := a / b
		return math.Abs(b) * math.Sqrt(1+float64(r*r))
	}
	return 0
}
