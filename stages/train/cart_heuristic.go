package train

import (
	"math"
)

// cartPCA orders a feature's values for SimpleCart's heuristic subset
// search with more than two classes (Coppersmith, Hong and Hosking,
// "Partitioning nominal attributes in decision trees", 1999): each value
// v with rows is the vector p_v of its class proportions, weighted by its
// row count n_v; the values are sorted by their score ⟨a, p_v⟩ on the first
// principal axis a of
//
//	C = Σ_v n_v (p_v − p̄)(p_v − p̄)ᵀ,   p̄ = the node's class proportions,
//
// and only the splits of a prefix of that order against the rest are
// tried. For two classes this order is the class-0 order, which is
// optimal; for more it is a good heuristic, not optimal.
//
// SimpleCart computes p_v and p̄ from every training row of the fit rather
// than the node's rows (and counts a row whose value has no rows at the
// node under the first such value), which we take for a slip: we use the
// node's rows. The axis's sign is fixed so that its largest-magnitude
// component (lowest index on ties) is positive, and equal scores keep code
// order, so the order is deterministic.
type cartPCA struct {
	cov, vecs []float64 // k×k, row-major
	axis      []float64
	score     []float64
}

// order writes to order the indices 0..len(present)−1 of the present
// values (codes present, row counts size) sorted by their score.
func (p *cartPCA) order(table []int, k int, counts []int, n int, present, size []int, order []int) {
	p.cov = resize(p.cov, k*k)
	p.vecs = resize(p.vecs, k*k)
	p.axis = resize(p.axis, k)
	p.score = resize(p.score, len(present))
	clear(p.cov)
	for j, v := range present {
		nv := float64(size[j])
		row := table[v*k : (v+1)*k]
		for a := range k {
			da := float64(row[a])/nv - float64(counts[a])/float64(n)
			for b := range k {
				db := float64(row[b])/nv - float64(counts[b])/float64(n)
				p.cov[a*k+b] += nv * da * db
			}
		}
	}
	principalAxis(p.cov, p.vecs, k, p.axis)
	for j, v := range present {
		s := 0.0
		for c, x := range table[v*k : (v+1)*k] {
			s += p.axis[c] * float64(x) / float64(size[j])
		}
		p.score[j] = s
	}
	for j := range order {
		x := j
		for ; x > 0 && p.score[order[x-1]] > p.score[j]; x-- {
			order[x] = order[x-1]
		}
		order[x] = j
	}
}

// principalAxis writes to axis a unit eigenvector of the symmetric k×k
// matrix a (row-major; overwritten) for its largest eigenvalue (the first
// on ties), found by cyclic Jacobi rotations; vecs is k×k scratch. The
// vector's largest-magnitude component is made positive.
func principalAxis(a, vecs []float64, k int, axis []float64) {
	clear(vecs)
	for i := range k {
		vecs[i*k+i] = 1
	}
	for sweep := 0; sweep < 100; sweep++ {
		off, total := 0.0, 0.0
		for i := range k {
			for j := range k {
				x := a[i*k+j] * a[i*k+j]
				total += x
				if i != j {
					off += x
				}
			}
		}
		if off <= 1e-30*total || off == 0 {
			break
		}
		for p := 0; p < k; p++ {
			for q := p + 1; q < k; q++ {
				apq := a[p*k+q]
				if apq == 0 {
					continue
				}
				// Rotate in the (p, q) plane to zero a[p][q] (Numerical
				// Recipes' jacobi): A ← JᵀAJ, V ← VJ.
				theta := (a[q*k+q] - a[p*k+p]) / (2 * apq)
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for r := range k {
					arp, arq := a[r*k+p], a[r*k+q]
					a[r*k+p], a[r*k+q] = c*arp-s*arq, s*arp+c*arq
				}
				for r := range k {
					apr, aqr := a[p*k+r], a[q*k+r]
					a[p*k+r], a[q*k+r] = c*apr-s*aqr, s*apr+c*aqr
				}
				for r := range k {
					vrp, vrq := vecs[r*k+p], vecs[r*k+q]
					vecs[r*k+p], vecs[r*k+q] = c*vrp-s*vrq, s*vrp+c*vrq
				}
			}
		}
	}
	top := 0
	for i := range k {
		if a[i*k+i] > a[top*k+top] {
			top = i
		}
	}
	big := 0
	for i := range k {
		axis[i] = vecs[i*k+top]
		if math.Abs(axis[i]) > math.Abs(axis[big]) {
			big = i
		}
	}
	if axis[big] < 0 {
		for i := range axis {
			axis[i] = -axis[i]
		}
	}
}
