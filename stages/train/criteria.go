package train

import (
	"math"
	"sync"

	"github.com/dtbench/dtbench/dataset"
)

// Criteria score a node or a split from class counts alone, as
// scikit-learn's Criterion does; they never see rows.
//
// A split is given as a contingency table: table[v*k : (v+1)*k] holds the
// class counts of branch v, so a table has one row per branch and k
// columns. The node's own counts are the column sums. Logarithms are base
// 2, so entropies and gains are in bits. Every function returns 0 for a
// node with no rows.
//
// Entropies are computed from n·log2 n terms, H = (n log2 n − Σ n_c log2 n_c)/n,
// so a split costs one table lookup per cell and no division per cell.

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

// xlogx returns n·log2 n, with 0·log2 0 = 0.
func xlogx(n int) float64 {
	if n < xlogxSize {
		return xlogxTable()[n]
	}
	return float64(n) * math.Log2(float64(n))
}

// Entropy returns the Shannon entropy of the class distribution counts:
//
//	H(S) = −Σ_c p_c log2 p_c,   p_c = n_c / n,   n = Σ_c n_c.
func Entropy(counts []int) float64 {
	n, s := 0, 0.0
	for _, c := range counts {
		n += c
		s += xlogx(c)
	}
	if n == 0 {
		return 0
	}
	return max(0, (xlogx(n)-s)/float64(n))
}

// nodeEntropy holds the n·log2 n sums of a node's class counts. They are
// the column sums of every contingency table of the node's splits, so
// each entropy criterion computes them once per node and adds each
// split's branch terms (branchTerms).
type nodeEntropy struct {
	n    int
	xn   float64 // n log2 n
	base float64 // n log2 n − Σ_c n_c log2 n_c, which is n·H(S)
}

// xl returns n·log2 n from tab = xlogxTable(), which hot loops fetch once.
func xl(tab []float64, n int) float64 {
	if n < len(tab) {
		return tab[n]
	}
	return float64(n) * math.Log2(float64(n))
}

// nodeEntropyOf returns the entropy sums of class counts counts.
func nodeEntropyOf(tab []float64, counts []int) nodeEntropy {
	n, xc := 0, 0.0
	for _, c := range counts {
		n += c
		xc += xl(tab, c)
	}
	xn := xl(tab, n)
	return nodeEntropy{n: n, xn: xn, base: xn - xc}
}

// columnEntropy returns the entropy sums of the column sums of a
// contingency table with k columns.
func columnEntropy(tab []float64, table []int, k int) nodeEntropy {
	var cols [dataset.MaxValues]int
	for i := 0; i+k <= len(table); i += k {
		for c, x := range table[i : i+k] {
			cols[c] += x
		}
	}
	return nodeEntropyOf(tab, cols[:k])
}

// branchTerms returns the sums the entropy criteria add to the node's for
// a split with contingency table t (k class columns): xv = Σ_v n_v log2
// n_v over the branches' sizes and xvc = Σ_v Σ_c n_vc log2 n_vc over the
// cells. With two branches and two classes (the oracle study's hot case)
// it is the package's one fast path: the same terms summed in the same
// order as branchTermsAny's loop, so both give identical results
// (TestInfoGain2x2).
func branchTerms(tab []float64, t []int, k int) (xv, xvc float64) {
	if k == 2 {
		if xv, xvc, ok := terms2x2(tab, t); ok {
			return xv, xvc
		}
	}
	return branchTermsAny(tab, t, k)
}

// terms2x2 is branchTerms' fast path, for a table of two classes (the
// caller checks) and two branches with fewer rows than tab has entries;
// false for any other table. It is small enough to inline.
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

// branchTermsAny is branchTerms for any table.
func branchTermsAny(tab []float64, t []int, k int) (xv, xvc float64) {
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
func (e nodeEntropy) gain(xv, xvc float64) float64 {
	if e.n == 0 {
		return 0
	}
	return max(0, (e.base-xv+xvc)/float64(e.n))
}

// InfoGain returns the information gain of the split with contingency
// table (k class columns, one row per branch):
//
//	Gain(S) = H(S) − Σ_v (n_v/n) H(S_v)
//
// where S_v are the rows of branch v. It is 0 when every branch has the
// node's class distribution, and at most H(S).
func InfoGain(table []int, k int) float64 {
	if k == 2 && len(table) == 4 {
		return infoGain2x2(table)
	}
	return infoGainSlow(table, k)
}

// infoGainSlow is InfoGain for any table, by the general loop.
func infoGainSlow(table []int, k int) float64 {
	tab := xlogxTable()
	xv, xvc := branchTermsAny(tab, table, k)
	return columnEntropy(tab, table, k).gain(xv, xvc)
}

// infoGain2x2 is InfoGain for two branches and two classes, through
// branchTerms' fast path.
func infoGain2x2(t []int) float64 {
	tab := xlogxTable()
	cols := [2]int{t[0] + t[2], t[1] + t[3]}
	xv, xvc := branchTerms(tab, t, 2)
	return nodeEntropyOf(tab, cols[:]).gain(xv, xvc)
}

// SplitInfo returns the split information (the entropy of the branch
// sizes) of the split with contingency table (k class columns):
//
//	SplitInfo(S) = −Σ_v (n_v/n) log2(n_v/n).
func SplitInfo(table []int, k int) float64 {
	tab := xlogxTable()
	e := columnEntropy(tab, table, k)
	if e.n == 0 {
		return 0
	}
	xv, _ := branchTerms(tab, table, k)
	return max(0, (e.xn-xv)/float64(e.n))
}

// GainRatio returns Quinlan's gain ratio of the split with contingency
// table (k class columns):
//
//	GainRatio(S) = Gain(S) / SplitInfo(S),
//
// and 0 when SplitInfo(S) = 0 (every row in one branch, so no gain either).
func GainRatio(table []int, k int) float64 {
	tab := xlogxTable()
	e := columnEntropy(tab, table, k)
	xv, xvc := branchTerms(tab, table, k)
	if e.n == 0 || e.xn-xv <= 0 {
		return 0
	}
	return max(0, e.base-xv+xvc) / (e.xn - xv)
}

// Gini returns the Gini impurity of the class distribution counts:
//
//	Gini(S) = 1 − Σ_c p_c²,   p_c = n_c / n.
func Gini(counts []int) float64 {
	n, s := 0, 0
	for _, c := range counts {
		n += c
		s += c * c
	}
	if n == 0 {
		return 0
	}
	fn := float64(n)
	return 1 - float64(s)/(fn*fn)
}

// nodeGini holds the sums of a node's class counts that every Gini
// criterion of its splits starts from: n and Σ_c n_c².
type nodeGini struct{ n, sq int }

// nodeGiniOf returns the Gini sums of class counts counts.
func nodeGiniOf(counts []int) nodeGini {
	var g nodeGini
	for _, x := range counts {
		g.n += x
		g.sq += x * x
	}
	return g
}

// gain returns the decrease in Gini impurity of a split of the node with
// contingency table t (k class columns); see GiniGain.
func (g nodeGini) gain(t []int, k int) float64 {
	if g.n == 0 {
		return 0
	}
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
	fn := float64(g.n)
	return max(0, within/fn-float64(g.sq)/(fn*fn))
}

// GiniGain returns the decrease in Gini impurity of the split with
// contingency table (k class columns), CART's criterion:
//
//	ΔGini(S) = Gini(S) − Σ_v (n_v/n) Gini(S_v)
//	         = Σ_v (Σ_c n_vc²)/(n_v n) − (Σ_c n_c²)/n².
func GiniGain(table []int, k int) float64 {
	var cols [dataset.MaxValues]int
	for i := 0; i+k <= len(table); i += k {
		for c, x := range table[i : i+k] {
			cols[c] += x
		}
	}
	return nodeGiniOf(cols[:k]).gain(table, k)
}
