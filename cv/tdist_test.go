package cv

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

func TestTQuantileTable(t *testing.T) {
	// Published quantiles (R's qt, 12 significant digits; the 4-decimal
	// textbook tables agree).
	tests := []struct {
		p    float64
		df   int
		want float64
	}{
		{0.975, 1, 12.7062047362},
		{0.975, 2, 4.30265272975},
		{0.975, 3, 3.18244630528},
		{0.975, 4, 2.77644510520},
		{0.975, 5, 2.57058183564},
		{0.975, 9, 2.26215716280},
		{0.975, 10, 2.22813885199},
		{0.975, 20, 2.08596344727},
		{0.975, 30, 2.04227245630},
		{0.975, 100, 1.98397151852},
		{0.995, 5, 4.03214298356},
		{0.95, 10, 1.81246112281},
		{0.05, 10, -1.81246112281},
		{0.025, 30, -2.04227245630},
		{0.9, 1, 3.07768353718},
	}
	for _, tc := range tests {
		got := TQuantile(tc.p, tc.df)
		if math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("TQuantile(%g, %d) = %.10f; want %.10f", tc.p, tc.df, got, tc.want)
		}
	}
}

// TestTQuantileClosedForms checks df 1, 2 and 4, where the quantile has a
// closed form, over the whole range of p including far tails.
func TestTQuantileClosedForms(t *testing.T) {
	forms := []struct {
		df int
		f  func(p float64) float64
	}{
		{1, func(p float64) float64 { return math.Tan(math.Pi * (p - 0.5)) }},
		{2, func(p float64) float64 { return (2*p - 1) / math.Sqrt(2*p*(1-p)) }},
		{4, func(p float64) float64 {
			a := 4 * p * (1 - p)
			q := math.Cos(math.Acos(math.Sqrt(a))/3) / math.Sqrt(a)
			return math.Copysign(2*math.Sqrt(q-1), p-0.5)
		}},
	}
	ps := []float64{1e-9, 1e-6, 0.001, 0.01, 0.025, 0.05, 0.1, 0.25, 0.4, 0.49, 0.51, 0.6, 0.75, 0.9, 0.95, 0.975, 0.99, 0.999}
	for _, form := range forms {
		for _, p := range ps {
			want := form.f(p)
			got := TQuantile(p, form.df)
			// 1e-6 absolute, relative in the far tails where |t| is huge.
			if math.Abs(got-want) > 1e-6*math.Max(1, math.Abs(want)) {
				t.Errorf("TQuantile(%g, %d) = %.12g; want %.12g", p, form.df, got, want)
			}
		}
	}
}

func TestTQuantileLargeDF(t *testing.T) {
	// For large ν, t = z + (z³+z)/(4ν) + O(ν⁻²) with z = Φ⁻¹(0.975).
	const z = 1.959963984540054
	for _, df := range []int{1000, 10000, 99999, 100000, 100001, 1000000, 1 << 30} {
		nu := float64(df)
		want := z + (z*z*z+z)/(4*nu)
		tol := 1e-6 + 3/(nu*nu) // the neglected ν⁻² term is below 3/ν²
		if got := TQuantile(0.975, df); math.Abs(got-want) > tol {
			t.Errorf("TQuantile(0.975, %d) = %.12f; want %.12f ± %.1g", df, got, want, tol)
		}
	}
	// The quantile decreases with df.
	prev := math.Inf(1)
	for df := 1; df <= 200; df++ {
		got := TQuantile(0.975, df)
		if got > prev {
			t.Errorf("TQuantile(0.975, %d) = %.15f > TQuantile(0.975, %d) = %.15f", df, got, df-1, prev)
		}
		prev = got
	}
}

func TestTQuantileEdges(t *testing.T) {
	tests := []struct {
		name string
		p    float64
		df   int
		want float64
	}{
		{"p=0", 0, 3, math.Inf(-1)},
		{"p=1", 1, 3, math.Inf(1)},
		{"median", 0.5, 7, 0},
		{"p<0", -0.1, 3, math.NaN()},
		{"p>1", 1.1, 3, math.NaN()},
		{"NaN p", math.NaN(), 3, math.NaN()},
		{"df=0", 0.975, 0, math.NaN()},
		{"df<0", 0.975, -2, math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := TQuantile(tc.p, tc.df)
			if !(got == tc.want || math.IsNaN(got) && math.IsNaN(tc.want)) {
				t.Errorf("TQuantile(%g, %d) = %g; want %g", tc.p, tc.df, got, tc.want)
			}
		})
	}
}

// TestTQuantileSymmetry: t(p) = −t(1−p), and the quantile inverts the tail.
func TestTQuantileSymmetry(t *testing.T) {
	for _, df := range []int{1, 2, 3, 7, 15, 60, 500} {
		for _, p := range []float64{0.6, 0.8, 0.9, 0.975, 0.999} {
			hi, lo := TQuantile(p, df), TQuantile(1-p, df)
			if math.Abs(hi+lo) > 1e-9*hi {
				t.Errorf("TQuantile(%g, %d) = %g but TQuantile(%g, %d) = %g", p, df, hi, 1-p, df, lo)
			}
			cdf := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}.CDF(hi)
			if math.Abs(cdf-p) > 1e-12 {
				t.Errorf("CDF(TQuantile(%g, %d)) = %g; want %g", p, df, cdf, p)
			}
		}
	}
}

func BenchmarkTQuantile(b *testing.B) {
	for _, df := range []int{2, 30, 1000} {
		b.Run(fmt.Sprintf("df=%d", df), func(b *testing.B) {
			for b.Loop() {
				TQuantile(0.975, df)
			}
		})
	}
}
