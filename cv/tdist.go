package cv

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// TQuantile returns the p quantile of Student's t distribution with df
// degrees of freedom: the t with P(T ≤ t) = p, from gonum's
// distuv.StudentsT. It returns −Inf for p = 0, +Inf for p = 1, and NaN for
// p outside [0, 1], NaN p or df < 1, so a caller with too few values gets
// a NaN interval rather than a panic (distuv panics on p outside [0, 1]).
func TQuantile(p float64, df int) float64 {
	switch {
	case df < 1 || math.IsNaN(p) || p < 0 || p > 1:
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.Quantile(p)
}
