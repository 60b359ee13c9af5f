package naive

import "math"

// The estimators of Weka 3.6's NaiveBayes for a numeric attribute, one
// per class: weka.estimators.NormalEstimator (the default) and
// KernelEstimator (-K), ported statement by statement so that their
// probabilities are Weka's to the last bit where Java's and Go's
// elementary functions agree.

// normalEstimator is Weka's NormalEstimator: a normal density over the
// values seen, each first rounded to the precision, read as the
// probability of the precision-wide interval around the (rounded) value.
type normalEstimator struct {
	precision         float64
	sumW, sumX, sumXX float64
	mean, std         float64
}

// newNormalEstimator starts an estimator at precision p: no values, mean
// 0 and the least standard deviation Weka allows, p/6 (at most 3
// standard deviations within one interval).
func newNormalEstimator(p float64) normalEstimator {
	return normalEstimator{precision: p, std: p / 6}
}

// round is Weka's rounding to the precision: rint(x/p)·p, ties to even.
func round(x, p float64) float64 { return math.RoundToEven(x/p) * p }

// add is NormalEstimator.addValue(x, 1): the running sums, the mean and
// the population standard deviation √|Σx² − mean·Σx| / n, kept only when
// above 1e-10 and floored at p/6.
func (e *normalEstimator) add(x float64) {
	x = round(x, e.precision)
	e.sumW++
	e.sumX += x
	e.sumXX += x * x
	e.mean = e.sumX / e.sumW
	if s := math.Sqrt(math.Abs(e.sumXX-e.mean*e.sumX) / e.sumW); s > 1e-10 {
		e.std = math.Max(e.precision/6, s)
	}
}

// probability is NormalEstimator.getProbability(x): Φ(z₊) − Φ(z₋) for
// the interval of width p around rounded x.
func (e *normalEstimator) probability(x float64) float64 {
	x = round(x, e.precision)
	lo := (x - e.mean - e.precision/2) / e.std
	hi := (x - e.mean + e.precision/2) / e.std
	return normalProbability(hi) - normalProbability(lo)
}

// kernelEstimator is Weka's KernelEstimator: a normal kernel on every
// distinct (rounded) value seen, weighted by its count, with one
// bandwidth for all, range/√n floored at precision/6.
type kernelEstimator struct {
	precision float64
	values    []float64 // distinct rounded values, ascending
	weights   []float64 // weights[i]: how many times values[i] was seen
	sumW      float64
	std       float64
}

// kernelMaxError is KernelEstimator's MAX_ERROR: the summation over
// kernels stops once the rest could add less than this share.
const kernelMaxError = 0.01

// newKernelEstimator starts an estimator at precision p (at least
// Weka's Utils.SMALL, 1e-6).
func newKernelEstimator(p float64) kernelEstimator {
	if p < 1e-6 {
		p = 1e-6
	}
	return kernelEstimator{precision: p, std: p / 6}
}

// nearest is KernelEstimator.findNearestValue: the index of key among
// the values, or where it would be inserted.
func (e *kernelEstimator) nearest(key float64) int {
	lo, hi := 0, len(e.values)
	for lo < hi {
		mid := (lo + hi) / 2
		switch cur := e.values[mid]; {
		case cur == key:
			return mid
		case cur > key:
			hi = mid
		case cur < key:
			lo = mid + 1
		}
	}
	return lo
}

// add is KernelEstimator.addValue(x, 1).
func (e *kernelEstimator) add(x float64) {
	x = round(x, e.precision)
	i := e.nearest(x)
	if i < len(e.values) && e.values[i] == x {
		e.weights[i]++
	} else {
		e.values = append(e.values, 0)
		e.weights = append(e.weights, 0)
		copy(e.values[i+1:], e.values[i:])
		copy(e.weights[i+1:], e.weights[i:])
		e.values[i], e.weights[i] = x, 1
	}
	e.sumW++
	if r := e.values[len(e.values)-1] - e.values[0]; r > 0 {
		e.std = math.Max(r/math.Sqrt(e.sumW), e.precision/6)
	}
}

// probability is KernelEstimator.getProbability(x) (x is not rounded
// there): the kernels' interval probabilities, weighted, summed outwards
// from the value nearest x until the rest is negligible, over the total
// weight.
func (e *kernelEstimator) probability(x float64) float64 {
	half := e.precision / 2
	if len(e.values) == 0 {
		return normalProbability((x+half)/e.std) - normalProbability((x-half)/e.std)
	}
	sum, seen := 0.0, 0.0
	term := func(i int) bool {
		delta := e.values[i] - x
		p := normalProbability((delta+half)/e.std) - normalProbability((delta-half)/e.std)
		sum += p * e.weights[i]
		seen += e.weights[i]
		return p*(e.sumW-seen) < sum*kernelMaxError
	}
	start := e.nearest(x)
	for i := start; i < len(e.values); i++ {
		if term(i) {
			break
		}
	}
	for i := start - 1; i >= 0; i-- {
		if term(i) {
			break
		}
	}
	return sum / e.sumW
}
