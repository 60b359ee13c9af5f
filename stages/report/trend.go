package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/dtbench/dtbench/cv"
)

// Spearman returns Spearman's rank correlation ρ of x and y: the Pearson
// correlation (gonum's stat.Correlation) of their ranks, tied values
// sharing the mean of the ranks they span (mid-ranks). It is NaN when x
// and y differ in length, have fewer than two values, or one of them is
// constant (ρ is 0/0 there).
func Spearman(x, y []float64) float64 {
	if len(x) != len(y) || len(x) < 2 || constant(x) || constant(y) {
		return math.NaN()
	}
	return stat.Correlation(midRanks(x), midRanks(y), nil)
}

// midRanks returns the ranks of x from 1, ties given the mean of the ranks
// they span.
func midRanks(x []float64) []float64 {
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(x[a], x[b]) })
	r := make([]float64, len(x))
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && x[order[j]] == x[order[i]] {
			j++
		}
		mid := float64(i+j+1) / 2 // ranks i+1 … j
		for _, k := range order[i:j] {
			r[k] = mid
		}
		i = j
	}
	return r
}

func constant(x []float64) bool {
	for _, v := range x {
		if v != x[0] {
			return false
		}
	}
	return true
}

// Trend is how one learner's measure moves with the misclassification
// cost k in the cost study, split by split: Spearman's ρ between k and the
// measure over the values of k of each split (the same split for every k),
// then a one-sample t-test of the mean ρ over the splits against 0
// (cv.PairedTTest). The splits are random splits of one dataset, so they
// share rows and their ρ are correlated: the test is the corrected
// resampled one, its variance scaled by 1/n + the ratio of a split's test
// rows to its training rows (Nadeau and Bengio 2003), as the cheapest-
// learner verdict's. It needs no random resampling, so the report stays
// byte-identical (a bootstrap of Kendall's τ over the splits would need a
// generator and would not see the splits' overlap either). Ranks, not
// values, because a trend is a question of direction: one dear k must not
// decide it. A split on which the measure does not change with k counts
// as ρ = 0 (no rise, no fall; ρ itself is 0/0).
type Trend struct {
	Test cv.TTest // of the ρ of the splits
	// Constant counts the splits on which the measure does not change
	// with k; Splits the splits with at least two values of k.
	Constant, Splits int
}

// newTrend computes the Trend of a learner's values by split and k:
// values[split][k], over the ks given (ascending), its test at ratio (of a
// split's test rows to its training rows; 0 gives Student's t).
func newTrend(values map[int32]map[float64]float64, ks []float64, ratio float64) Trend {
	splits := make([]int32, 0, len(values))
	for s := range values {
		splits = append(splits, s)
	}
	slices.Sort(splits)
	var tr Trend
	var rhos []float64
	for _, s := range splits {
		var x, y []float64
		for _, k := range ks {
			if v, ok := values[s][k]; ok {
				x, y = append(x, k), append(y, v)
			}
		}
		if len(x) < 2 {
			continue
		}
		tr.Splits++
		rho := Spearman(x, y)
		if constant(y) {
			tr.Constant++
			rho = 0
		}
		rhos = append(rhos, rho)
	}
	tr.Test = cv.PairedTTest(rhos, ratio)
	return tr
}

// direction says whether the trend rises (the whole interval of the mean
// ρ above 0), falls (below 0) or neither.
func (t Trend) direction() int {
	switch {
	case t.Test.Low > 0:
		return 1
	case t.Test.High < 0:
		return -1
	}
	return 0
}

// describe words a trend: "rises with k (mean Spearman ρ 0.62 over 10
// splits, 95% CI [0.41, 0.83])", "does not change with k on any of the 10
// splits".
func (t Trend) describe() string {
	switch {
	case t.Splits == 0:
		return "has too few values of k for a trend"
	case t.Constant == t.Splits:
		return fmt.Sprintf("does not change with k on any of the %d splits", t.Splits)
	}
	word := map[int]string{1: "rises with k", -1: "falls with k", 0: "shows no clear trend"}[t.direction()]
	// ρ lies in [−1, 1]: the interval is cut there (whether it excludes 0
	// is the same).
	in := t.Test
	in.Low, in.High = max(in.Low, -1), min(in.High, 1)
	s := fmt.Sprintf("%s (mean Spearman ρ %s over %d splits, %s", word, format(t.Test.Mean), t.Splits, interval(in))
	if t.Constant > 0 {
		s += fmt.Sprintf("; constant on %d of them", t.Constant)
	}
	return s + ")"
}
