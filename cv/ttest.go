package cv

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// TTest is a paired t-test of two learners' results over the same tasks:
// the n differences d (A − B) of their results on each shared task (fold,
// repetition or split), the mean difference, its standard error, the test
// and the two-sided 95% confidence interval of the mean difference.
//
// With ratio = 0 it is Student's paired t-test (the standard error
// SD/√n): the test for repetitions that are independent draws, such as
// the oracle study's repetitions and the cost study's splits. With ratio =
// test rows / training rows of a fold it is the corrected resampled
// t-test of Nadeau and Bengio (Machine Learning 52, 2003) as Weka's
// Experimenter computes it (weka.experiment.PairedStatsCorrected), for the
// k·r fold differences of r repetitions of k-fold cross-validation, whose
// training sets overlap: the variance of the mean is (1/n + ratio)·s²,
// not s²/n, which would make the test far too liberal.
type TTest struct {
	N    int     // paired differences
	Mean float64 // their mean; NaN with N = 0
	SD   float64 // their sample standard deviation s; NaN with N < 2
	// SE is the standard error of Mean, √((1/N + ratio)·s²); NaN with
	// N < 2.
	SE float64
	// T is Mean/SE, with N − 1 degrees of freedom; NaN when the test is
	// degenerate (below).
	T float64
	// P is T's two-sided p-value, P(F(1, N−1) > T²). As in Weka, when s is
	// not above 1e-6 the test is degenerate: P is 1 when every difference
	// is 0, else 0; with fewer than two differences P is 1.
	P float64
	// Low and High bound the two-sided 95% confidence interval of the mean
	// difference, Mean ± t(0.975, N−1)·SE (TQuantile); NaN with N < 2.
	Low, High float64
}

// PairedTTest tests the paired differences d with the given ratio (0 for
// Student's paired t-test; see TTest). The sums run in d's order, so the
// same differences give the same bits.
func PairedTTest(d []float64, ratio float64) TTest {
	nan := math.NaN()
	r := TTest{N: len(d), Mean: nan, SD: nan, SE: nan, T: nan, P: 1, Low: nan, High: nan}
	if len(d) == 0 {
		return r
	}
	n := float64(len(d))
	sum := 0.0
	for _, x := range d {
		sum += x
	}
	r.Mean = sum / n
	if len(d) == 1 {
		return r
	}
	// Two passes: the squared deviations from the mean, as accurate as a
	// sum of squares gets.
	ss, allZero := 0.0, true
	for _, x := range d {
		ss += (x - r.Mean) * (x - r.Mean)
		allZero = allZero && x == 0
	}
	r.SD = math.Sqrt(ss / (n - 1))
	r.SE = math.Sqrt((1/n + ratio) * r.SD * r.SD)
	half := TQuantile(0.975, len(d)-1) * r.SE
	r.Low, r.High = r.Mean-half, r.Mean+half
	if !(r.SD > 1e-6) { // Weka: Utils.gr(stdDev, 0)
		if !allZero {
			r.P = 0
		}
		return r
	}
	r.T = r.Mean / r.SE
	r.P = distuv.F{D1: 1, D2: n - 1}.Survival(r.T * r.T)
	return r
}

// CorrectedTTest is the corrected resampled t-test of PairedTTest: its t
// (NaN when degenerate) and two-sided p for the n differences d and the
// ratio of test to training rows of a fold (1/(k−1) for k-fold
// cross-validation). It is the t_stat and p_value of results/wins.
func CorrectedTTest(d []float64, ratio float64) (t, p float64) {
	r := PairedTTest(d, ratio)
	return r.T, r.P
}
