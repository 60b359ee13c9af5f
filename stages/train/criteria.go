package train

import (
	"math"
	"sync"

	"github.com/dtbench/dtbench/dataset"
)

// Criteria score a node or a split from class counts alone, as
// scikit-learn's Criterion does; they never see rows. The formulas —
// entropy, information gain, split information, gain ratio, Gini impurity
// and its decrease — are package info's, the reference, with their
// definitions and hand-computed tests. This file holds the learners' fast
// way to compute them (a private fast path, checked against info in
// criteria_test.go, TestCriteriaMatchInfo): the sums the criteria
// (criterion.go) start from, a node's once per node (nodeSums), a split's
// branch terms per split (terms), with the 2×2 case (two branches, two
// classes: the oracle study's) in one fast path, terms2x2; and
// SimpleCartGain, the Gini gain as Weka's SimpleCart computes it, which is
// CART's own definition, not a copy of info's.
//
// A split is given as a contingency table: table[v*k : (v+1)*k] holds the
// class counts of branch v, so a table has one row per branch and k
// columns. The node's own counts are the column sums. Logarithms are base
// 2, so entropies and gains are in bits.
//
// Entropies are computed from n·log2 n terms, H = (n log2 n − Σ n_c log2 n_c)/n,
// so a split costs one table lookup per cell and no division per cell:
// BenchmarkGain measured 19 ns against info.InfoGain's 380 ns for a 2×2
// table and 68 ns against 792 ns for a 4×3 one (medians of 5), info
// dividing and taking a logarithm per cell. The two agree to rounding
// only, so the learners keep this path: the golden trees depend on it.

// xlogxSize is the number of precomputed n·log2 n values.
const xlogxSize = 1 << 13

// xlogxTable holds n·log2 n for n < xlogxSize, computed on first use. The
// values equal those math.Log2 gives directly, so the table only saves time.
var xlogxTable = sync.OnceValue(func() []float64 {
	t := make([]float64, xlogxSize)
	for n := 1; n < xlogxSize; n++ {
		t[n] = float64(n) * math.Log2(float64(n))
	}
	return t
})

// nodeSums holds the sums of a node's class counts that every criterion
// of its splits starts from; they are also every split table's column
// sums. A splitter sets them once per node (set), so a criterion adds
// only each split's branch terms.
type nodeSums struct {
	k    int       // classes
	n    int       // rows
	xn   float64   // n log2 n
	base float64   // n log2 n − Σ_c n_c log2 n_c, which is n·H(S)
	sq   int       // Σ_c n_c²
	tab  []float64 // xlogxTable()
}

// xl returns n·log2 n from tab = xlogxTable(), which hot loops fetch once.
func xl(tab []float64, n int) float64 {
	if n < len(tab) {
		return tab[n]
	}
	return float64(n) * math.Log2(float64(n))
}

// set computes the sums of class counts counts.
func (s *nodeSums) set(counts []int) {
	if s.tab == nil {
		s.tab = xlogxTable()
	}
	if len(counts) == 2 { // the loop's sums, unrolled
		c0, c1 := counts[0], counts[1]
		s.k, s.n, s.sq = 2, c0+c1, c0*c0+c1*c1
		s.xn = xl(s.tab, s.n)
		s.base = s.xn - (xl(s.tab, c0) + xl(s.tab, c1))
		return
	}
	n, sq, xc := 0, 0, 0.0
	for _, c := range counts {
		n += c
		sq += c * c
		xc += xl(s.tab, c)
	}
	s.k, s.n, s.sq = len(counts), n, sq
	s.xn = xl(s.tab, n)
	s.base = s.xn - xc
}

// setColumns computes the sums of the column sums of a contingency table
// with k columns.
func (s *nodeSums) setColumns(table []int, k int) {
	var cols [dataset.MaxValues]int
	for i := 0; i+k <= len(table); i += k {
		for c, x := range table[i : i+k] {
			cols[c] += x
		}
	}
	s.set(cols[:k])
}

// terms returns the sums an entropy criterion adds to the node's for a
// split with contingency table t: xv = Σ_v n_v log2 n_v over the
// branches' sizes and xvc = Σ_v Σ_c n_vc log2 n_vc over the cells. Hot
// criteria call terms2x2 inline first (see infoGain.score).
func (s *nodeSums) terms(t []int) (xv, xvc float64) {
	if s.k == 2 {
		if xv, xvc, ok := terms2x2(s.tab, t); ok {
			return xv, xvc
		}
	}
	return termsAny(s.tab, t, s.k)
}

// terms2x2 is the package's one fast path of the entropy arithmetic: terms
// for a table of two classes (the caller checks) and two branches, with
// fewer rows than tab has entries; false for any other table. It sums the
// same terms in the same order as termsAny's loop, so both give identical
// results (TestInfoGain2x2), and it is small enough to inline.
func terms2x2(tab []float64, t []int) (xv, xvc float64, ok bool) {
	if len(t) != 4 {
		return 0, 0, false
	}
	a, b, c, d := t[0], t[1], t[2], t[3]
	if uint(a+b+c+d) >= uint(len(tab)) {
		return 0, 0, false
	}
	return tab[a+b] + tab[c+d], tab[a] + tab[b] + tab[c] + tab[d], true
}

// termsAny is terms for any table with k class columns.
func termsAny(tab []float64, t []int, k int) (xv, xvc float64) {
	rows := len(t) / k * k
	for i := 0; i < rows; i += k {
		nv := 0
		for _, x := range t[i : i+k] {
			nv += x
			xvc += xl(tab, x)
		}
		xv += xl(tab, nv)
	}
	return xv, xvc
}

// gain returns the information gain of a split of the node with branch
// terms xv and xvc: n·Gain = n·H(S) − Σ_v n_v H(S_v) = base − (xv − xvc).
func (s *nodeSums) gain(xv, xvc float64) float64 {
	if s.n == 0 {
		return 0
	}
	return max(0, (s.base-xv+xvc)/float64(s.n))
}

// giniGain returns the decrease in Gini impurity of a split of the node
// with contingency table t (info.GiniGain):
//
//	ΔGini(S) = Σ_v (Σ_c n_vc²)/(n_v n) − (Σ_c n_c²)/n².
func (s *nodeSums) giniGain(t []int) float64 {
	if s.n == 0 {
		return 0
	}
	k := s.k
	within := 0.0
	for i := 0; i+k <= len(t); i += k {
		nv, sq := 0, 0
		for _, x := range t[i : i+k] {
			nv += x
			sq += x * x
		}
		if nv > 0 {
			within += float64(sq) / float64(nv)
		}
	}
	fn := float64(s.n)
	return max(0, within/fn-float64(s.sq)/(fn*fn))
}

// SimpleCartGain returns the decrease in Gini impurity of the two-branch
// split with contingency table (k class columns; branch 0's counts, then
// branch 1's) as Weka 3.6's SimpleCart computes it (computeGiniGain),
// operation for operation in float64:
//
//	gain = Gini(S) − (n₀/n)·Gini(S₀) − (n₁/n)·Gini(S₁),
//	Gini(S) = 1 − Σ_c (n_c/n)·(n_c/n),   the sum taken in class order,
//
// and 0 for an empty node. In exact arithmetic it is GiniGain; in floating
// point it may differ from it, and from itself with the branches swapped,
// in the last bits, and a split of no gain may come out a few ulps above
// or below 0. SimpleCart compares these values exactly (first best
// wins), and splits a node whose best is above 0, so CART computes them
// as it does.
func SimpleCartGain(table []int, k int) float64 {
	n0, n1 := 0, 0
	for c := range k {
		n0 += table[c]
		n1 += table[k+c]
	}
	if n0+n1 == 0 {
		return 0
	}
	total := float64(n0 + n1)
	val := 0.0
	for c := range k {
		p := float64(table[c]+table[k+c]) / total
		val += float64(p * p) // conversions keep each product rounded: no fused multiply-add
	}
	return simpleCartGainBelow(1-val, table, k, n0, n1)
}

// simpleCartGainBelow is SimpleCartGain given the node's Gini impurity g
// as SimpleCart computes it, and the branches' row counts n0 and n1.
func simpleCartGainBelow(g float64, table []int, k, n0, n1 int) float64 {
	total := float64(n0 + n1)
	g -= float64(float64(n0) / total * cartGiniOf(table[:k], n0))
	g -= float64(float64(n1) / total * cartGiniOf(table[k:2*k], n1))
	return g
}

// cartGiniOf is SimpleCart's computeGini of class counts summing to n:
// 1 − Σ_c (n_c/n)·(n_c/n), and 0 when n = 0.
func cartGiniOf(counts []int, n int) float64 {
	if n == 0 {
		return 0
	}
	fn := float64(n)
	val := 0.0
	for _, x := range counts {
		p := float64(x) / fn
		val += float64(p * p)
	}
	return 1 - val
}
