package cv

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// CorrectedTTest is the corrected resampled t-test of Nadeau and Bengio
// (Machine Learning 52, 2003) as Weka's Experimenter computes it
// (weka.experiment.PairedStatsCorrected): for the n paired differences d
// of two learners' results over the same folds and repetitions (k·r of
// them), and ratio = test rows / training rows of a fold (1/(k−1) for
// k-fold cross-validation),
//
//	t = mean(d) / √((1/n + ratio) · s²),   s² the sample variance of d,
//
// and p is its two-sided p-value, P(F(1, n−1) > t²). As in Weka, when s is
// not above 1e-6 the test is degenerate: t is NaN and p is 1 when every
// difference is 0, else 0; with one difference p is 1.
func CorrectedTTest(d []float64, ratio float64) (t, p float64) {
	n := float64(len(d))
	if len(d) == 0 {
		return math.NaN(), 1
	}
	sum, sumSq := 0.0, 0.0
	for _, x := range d {
		sum += x
		sumSq += x * x
	}
	mean := sum / n
	sd := math.NaN()
	if len(d) > 1 {
		sd = math.Sqrt(max(0, (sumSq-sum*sum/n)/(n-1)))
	}
	if !(sd > 1e-6) { // Weka: Utils.gr(stdDev, 0)
		if sumSq == 0 {
			return math.NaN(), 1
		}
		if len(d) == 1 {
			return math.NaN(), 1
		}
		return math.NaN(), 0
	}
	t = mean / math.Sqrt((1/n+ratio)*sd*sd)
	return t, distuv.F{D1: 1, D2: n - 1}.Survival(t * t)
}
