package evaluate

import "math"

// Gamma returns γ, the proportional reduction of error of a classifier with
// accuracy mu against a benchmark classifier with accuracy muB:
//
//	γ = (μ − μB) / (1 − μB)   when μ > μB (share of the benchmark's errors removed),
//	γ = (μ − μB) / μB         when μ < μB (share of the benchmark's hits lost),
//	γ = 0                     when μ = μB.
//
// γ lies in [−1, 1]. The edges need no special rule, only the reading:
// with μB = 1 a perfect benchmark leaves nothing to gain, so γ = μ − 1
// (0 for a perfect classifier, −1 for one that is always wrong); with
// μB = 0 the benchmark has nothing to lose, so γ = μ. Neither divides by
// zero, since the branch whose denominator vanishes is then reached only
// when μ = μB. Accuracies outside [0, 1] (or NaN, as for an empty
// evaluation set) give NaN.
func Gamma(mu, muB float64) float64 {
	if !(mu >= 0 && mu <= 1 && muB >= 0 && muB <= 1) {
		return math.NaN()
	}
	switch {
	case mu == muB:
		return 0
	case mu > muB:
		return (mu - muB) / (1 - muB)
	default:
		return (mu - muB) / muB
	}
}
