package cv

import (
	"math"
	"testing"
)

func TestCorrectedTTest(t *testing.T) {
	// d = 1, 2, 3, 4, 5 (n = 5), ratio 1/9: mean 3, s² = 2.5,
	// t = 3/√((0.2 + 1/9)·2.5) = 3.40168…, and with 4 degrees of freedom
	// the t CDF has the closed form F(t) = 1/2 + (3/8)·u·(1 − t²/(12a)),
	// a = 1 + t²/4, u = t/√a; the two-sided p is 2(1 − F(t)).
	tv, p := CorrectedTTest([]float64{1, 2, 3, 4, 5}, 1.0/9)
	want := 3 / math.Sqrt((0.2+1.0/9)*2.5)
	a := 1 + want*want/4
	wantP := 2 * (1 - (0.5 + 3.0/8*want/math.Sqrt(a)*(1-want*want/(12*a))))
	if math.Abs(tv-want) > 1e-12 || math.Abs(p-wantP) > 1e-9 {
		t.Errorf("CorrectedTTest = %v, %v; want %v, %v", tv, p, want, wantP)
	}
	// The correction widens the interval: without it (ratio 0) p is smaller.
	if _, p0 := CorrectedTTest([]float64{1, 2, 3, 4, 5}, 0); !(p0 < p) {
		t.Errorf("uncorrected p %v not below corrected %v", p0, p)
	}
	// Sign follows the mean.
	if tv, _ := CorrectedTTest([]float64{-1, -2, -3, -4, -5}, 1.0/9); tv > 0 {
		t.Errorf("negative differences gave t = %v", tv)
	}
	for _, tc := range []struct {
		name string
		d    []float64
		p    float64
	}{
		{"all equal results", []float64{0, 0, 0, 0}, 1},
		{"constant non-zero difference", []float64{2, 2, 2}, 0},
		{"one difference", []float64{3}, 1},
		{"none", nil, 1},
	} {
		if _, p := CorrectedTTest(tc.d, 0.1); p != tc.p {
			t.Errorf("%s: p = %v, want %v", tc.name, p, tc.p)
		}
	}
}
