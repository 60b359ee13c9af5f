package friedman

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/stat/distuv"
)

// StudentizedRangeCDF is P(Q ≤ q) for the range Q of k independent
// standard normals (the studentized range with infinite degrees of
// freedom): k ∫ φ(z) [Φ(z) − Φ(z − q)]^(k−1) dz, integrated by
// Gauss–Legendre quadrature (gonum's quad) over z in [−9, 9], where the
// integrand outside is below 1e-18. Gonum has no studentized range; this
// is the textbook integral (Hartley 1942; Tukey's HSD tables at df = ∞),
// held to Demšar's Table 5a and the studentized range table in the tests.
func StudentizedRangeCDF(q float64, k int) float64 {
	if q <= 0 {
		return 0
	}
	n := distuv.UnitNormal
	f := func(z float64) float64 {
		return n.Prob(z) * math.Pow(n.CDF(z)-n.CDF(z-q), float64(k-1))
	}
	return float64(k) * quad.Fixed(f, -9, 9+q, 400, quad.Legendre{}, 0)
}

// StudentizedRangeQuantile is the q with StudentizedRangeCDF(q, k) = p,
// found by bisection to 1e-10. Each (p, k) is computed once per process
// (some 40 integrations of 400 points): a report asks for the same few.
func StudentizedRangeQuantile(p float64, k int) float64 {
	type at struct {
		p float64
		k int
	}
	if q, ok := quantiles.Load(at{p, k}); ok {
		return q.(float64)
	}
	q := studentizedRangeQuantile(p, k)
	quantiles.Store(at{p, k}, q)
	return q
}

// quantiles caches StudentizedRangeQuantile.
var quantiles sync.Map

func studentizedRangeQuantile(p float64, k int) float64 {
	lo, hi := 0.0, 20.0
	for hi-lo > 1e-10 {
		mid := (lo + hi) / 2
		if StudentizedRangeCDF(mid, k) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
