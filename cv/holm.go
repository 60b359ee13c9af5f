package cv

import (
	"cmp"
	"math"
	"slices"
)

// Holm returns Holm's step-down adjustment of the p-values p of m tests of
// one family (Holm, Scandinavian Journal of Statistics 6, 1979), in p's
// order: with p sorted ascending, p(1) ≤ … ≤ p(m), the adjusted
//
//	p̃(i) = max over j ≤ i of min(1, (m − j + 1)·p(j)).
//
// Rejecting the hypotheses whose adjusted p is below α keeps the chance of
// any false rejection in the family at most α, whatever the dependence
// between the tests; it rejects every one of them exactly when
// p(i) < α/(m − i + 1) for every i. A NaN p counts as 1. Ties keep their
// order in p, so the result is deterministic.
func Holm(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	val := func(i int) float64 {
		if math.IsNaN(p[i]) {
			return 1
		}
		return p[i]
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(val(a), val(b)) })
	out := make([]float64, m)
	run := 0.0
	for rank, i := range order {
		run = max(run, min(1, float64(m-rank)*val(i)))
		out[i] = run
	}
	return out
}
