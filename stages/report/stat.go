package report

import (
	"math"

	"github.com/dtbench/dtbench/schemas"
)

// Stat summarises one measure over a group's rows: N non-null values,
// their mean, sample SD and 95% confidence interval of the mean. With N =
// 0 every float is NaN; with N = 1 the SD and the interval are NaN.
type Stat struct {
	N      int64
	Mean   float64
	SD     float64
	CILow  float64
	CIHigh float64
}

// columns returns s as report/summary stores it: NaN as null.
func (s Stat) columns() schemas.Stat {
	opt := func(x float64) *float64 {
		if math.IsNaN(x) {
			return nil
		}
		return &x
	}
	return schemas.Stat{N: s.N, Mean: opt(s.Mean), SD: opt(s.SD), CILow: opt(s.CILow), CIHigh: opt(s.CIHigh)}
}

// moments accumulates one measure of one group in two passes over the
// rows: the first pass sums the values, the second sums the deviations
// from the first-pass mean. This is the corrected two-pass algorithm
// (Chan, Golub and LeVeque, 1983): as accurate as a two-pass algorithm gets
// without storing the values, and deterministic, since every sum runs in row
// order.
type moments struct {
	n   int64
	sum float64 // pass 1: Σx
	d   float64 // pass 2: Σ(x − m) with m = sum/n
	d2  float64 // pass 2: Σ(x − m)²
}

// center is the first-pass mean that pass 2 measures deviations from.
func (a *moments) center() float64 { return a.sum / float64(a.n) }

// stat returns the Stat of the accumulated values: the corrected mean
// m + Σd/n, the sample SD √((Σd² − (Σd)²/n)/(n−1)), and the 95% interval of
// the mean, with t95(df) the 0.975 quantile of Student's t.
func (a *moments) stat(t95 func(df int) float64) Stat {
	nan := math.NaN()
	switch a.n {
	case 0:
		return nullStat()
	case 1:
		return Stat{N: 1, Mean: a.sum, SD: nan, CILow: nan, CIHigh: nan}
	}
	n := float64(a.n)
	mean := a.center() + a.d/n
	m2 := a.d2 - a.d*a.d/n
	if m2 < 0 { // rounding when all values are equal
		m2 = 0
	}
	sd := math.Sqrt(m2 / (n - 1))
	half := t95(int(a.n-1)) * sd / math.Sqrt(n)
	return Stat{N: a.n, Mean: mean, SD: sd, CILow: mean - half, CIHigh: mean + half}
}

// nullStat is the Stat of no values: N = 0 and NaN floats.
func nullStat() Stat {
	nan := math.NaN()
	return Stat{N: 0, Mean: nan, SD: nan, CILow: nan, CIHigh: nan}
}

// HalfWidth returns the half-width of s's confidence interval,
// (CIHigh − CILow)/2; NaN when the interval is undefined (N < 2).
func HalfWidth(s Stat) float64 { return (s.CIHigh - s.CILow) / 2 }

// t95Cache memoises TQuantile(0.975, df): a summary has thousands of
// groups but only a few distinct counts.
type t95Cache map[int]float64

func (c t95Cache) get(df int) float64 {
	t, ok := c[df]
	if !ok {
		t = TQuantile(0.975, df)
		c[df] = t
	}
	return t
}
