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

// splitTerms returns, for a contingency table with k columns, the sums
// the entropy criteria are built from: n = Σ_v n_v; xn = n log2 n;
// xc = Σ_c n_c log2 n_c over the column sums n_c; xv = Σ_v n_v log2 n_v;
// xvc = Σ_v Σ_c n_vc log2 n_vc.
func splitTerms(table []int, k int) (n int, xn, xc, xv, xvc float64) {
	tab := xlogxTable()
	xl := func(n int) float64 {
		if n < len(tab) {
			return tab[n]
		}
		return float64(n) * math.Log2(float64(n))
	}
	rows := len(table) / k * k
	for i := 0; i < rows; i += k {
		nv := 0
		for _, x := range table[i : i+k] {
			nv += x
			xvc += xl(x)
		}
		n += nv
		xv += xl(nv)
	}
	for c := range k {
		nc := 0
		for i := c; i < rows; i += k {
			nc += table[i]
		}
		xc += xl(nc)
	}
	return n, xl(n), xc, xv, xvc
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

// infoGainSlow is InfoGain for any table.
func infoGainSlow(table []int, k int) float64 {
	n, xn, xc, xv, xvc := splitTerms(table, k)
	if n == 0 {
		return 0
	}
	// H(S) = (xn − xc)/n and Σ_v (n_v/n) H(S_v) = (xv − xvc)/n.
	return max(0, (xn-xc-xv+xvc)/float64(n))
}

// infoGain2x2 is InfoGain for two branches and two classes, the oracle
// study's case, with the same terms summed in the same order as the
// general path so that both give identical results.
func infoGain2x2(t []int) float64 {
	tab := xlogxTable()
	a, b, c, d := t[0], t[1], t[2], t[3]
	n0, n1 := a+b, c+d
	c0, c1 := a+c, b+d
	n := n0 + n1
	if n >= len(tab) {
		return infoGainSlow(t, 2)
	}
	if n == 0 {
		return 0
	}
	xvc := tab[a] + tab[b] + tab[c] + tab[d]
	xv := tab[n0] + tab[n1]
	xc := tab[c0] + tab[c1]
	return max(0, (tab[n]-xc-xv+xvc)/float64(n))
}

// SplitInfo returns the split information (the entropy of the branch
// sizes) of the split with contingency table (k class columns):
//
//	SplitInfo(S) = −Σ_v (n_v/n) log2(n_v/n).
func SplitInfo(table []int, k int) float64 {
	n, xn, _, xv, _ := splitTerms(table, k)
	if n == 0 {
		return 0
	}
	return max(0, (xn-xv)/float64(n))
}

// GainRatio returns Quinlan's gain ratio of the split with contingency
// table (k class columns):
//
//	GainRatio(S) = Gain(S) / SplitInfo(S),
//
// and 0 when SplitInfo(S) = 0 (every row in one branch, so no gain either).
func GainRatio(table []int, k int) float64 {
	n, xn, xc, xv, xvc := splitTerms(table, k)
	if n == 0 || xn-xv <= 0 {
		return 0
	}
	return max(0, xn-xc-xv+xvc) / (xn - xv)
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

// GiniGain returns the decrease in Gini impurity of the split with
// contingency table (k class columns), CART's criterion:
//
//	ΔGini(S) = Gini(S) − Σ_v (n_v/n) Gini(S_v)
//	         = Σ_v (Σ_c n_vc²)/(n_v n) − (Σ_c n_c²)/n².
func GiniGain(table []int, k int) float64 {
	var cols [dataset.MaxValues]int
	n := 0
	within := 0.0
	for i := 0; i+k <= len(table); i += k {
		nv, sq := 0, 0
		for c, x := range table[i : i+k] {
			nv += x
			sq += x * x
			cols[c] += x
		}
		n += nv
		if nv > 0 {
			within += float64(sq) / float64(nv)
		}
	}
	if n == 0 {
		return 0
	}
	sq := 0
	for _, x := range cols[:k] {
		sq += x * x
	}
	fn := float64(n)
	return max(0, within/fn-float64(sq)/(fn*fn))
}
