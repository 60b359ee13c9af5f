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

// TestPairedTTest checks the whole test against values computed by hand
// and a textbook example.
func TestPairedTTest(t *testing.T) {
	t4 := 2.7764451051977987 // t(0.975, 4), R's qt(0.975, 4)
	tests := []struct {
		name  string
		d     []float64
		ratio float64
		want  TTest
		tol   float64
	}{
		{
			// Mean 3, s² = 2.5, SE = √(2.5/5) = √0.5, t = 3/√0.5; with 4
			// degrees of freedom p = 2(1 − F(t)), F from its closed form
			// (TestCorrectedTTest).
			name: "1..5, Student", d: []float64{1, 2, 3, 4, 5}, ratio: 0,
			want: TTest{N: 5, Mean: 3, SD: math.Sqrt(2.5), SE: math.Sqrt(0.5), T: 3 / math.Sqrt(0.5),
				P: t4TwoSided(3 / math.Sqrt(0.5)), Low: 3 - t4*math.Sqrt(0.5), High: 3 + t4*math.Sqrt(0.5)},
			tol: 1e-9,
		},
		{
			// The corrected variance (1/5 + 1/9)·2.5 widens the interval.
			name: "1..5, corrected", d: []float64{1, 2, 3, 4, 5}, ratio: 1.0 / 9,
			want: TTest{N: 5, Mean: 3, SD: math.Sqrt(2.5), SE: math.Sqrt((0.2 + 1.0/9) * 2.5), T: 3 / math.Sqrt((0.2+1.0/9)*2.5),
				P: t4TwoSided(3 / math.Sqrt((0.2+1.0/9)*2.5)), Low: 3 - t4*math.Sqrt((0.2+1.0/9)*2.5), High: 3 + t4*math.Sqrt((0.2+1.0/9)*2.5)},
			tol: 1e-9,
		},
		{
			// Student's sleep data (Cushny and Peebles; R's
			// t.test(extra ~ group, data = sleep, paired = TRUE)): the
			// differences of drug 2 − drug 1 over 10 patients give
			// t = 4.0621, df = 9, p = 0.002833, 95% CI [0.7001142,
			// 2.4598858], mean 1.58.
			name: "sleep", d: []float64{1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4}, ratio: 0,
			want: TTest{N: 10, Mean: 1.58, SD: 1.2299955, SE: 1.2299955 / math.Sqrt(10), T: 4.062128, P: 0.002832890,
				Low: 0.7001142, High: 2.4598858},
			tol: 1e-6,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := PairedTTest(tc.d, tc.ratio)
			if got.N != tc.want.N {
				t.Errorf("N = %d; want %d", got.N, tc.want.N)
			}
			for _, f := range []struct {
				name      string
				got, want float64
			}{
				{"Mean", got.Mean, tc.want.Mean}, {"SD", got.SD, tc.want.SD}, {"SE", got.SE, tc.want.SE},
				{"T", got.T, tc.want.T}, {"P", got.P, tc.want.P}, {"Low", got.Low, tc.want.Low}, {"High", got.High, tc.want.High},
			} {
				if math.Abs(f.got-f.want) > tc.tol*math.Max(1, math.Abs(f.want)) {
					t.Errorf("%s = %.10g; want %.10g", f.name, f.got, f.want)
				}
			}
		})
	}
}

// TestPairedTTestDegenerate: too few differences leave the interval
// undefined; differences without spread give Weka's p and an interval of
// width 0.
func TestPairedTTestDegenerate(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name            string
		d               []float64
		mean, p, lo, hi float64
	}{
		{"none", nil, nan, 1, nan, nan},
		{"one", []float64{0.3}, 0.3, 1, nan, nan},
		{"all zero", []float64{0, 0, 0}, 0, 1, 0, 0},
		{"constant", []float64{0.25, 0.25, 0.25, 0.25}, 0.25, 0, 0.25, 0.25},
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := PairedTTest(tc.d, 0)
			if !same(got.Mean, tc.mean) || got.P != tc.p || !same(got.Low, tc.lo) || !same(got.High, tc.hi) || !math.IsNaN(got.T) {
				t.Errorf("PairedTTest(%v) = %+v; want mean %v, p %v, CI [%v, %v], t NaN", tc.d, got, tc.mean, tc.p, tc.lo, tc.hi)
			}
		})
	}
}

// t4TwoSided is the two-sided p of t with 4 degrees of freedom, from the
// closed form of its CDF.
func t4TwoSided(t float64) float64 {
	a := 1 + t*t/4
	return 2 * (1 - (0.5 + 3.0/8*t/math.Sqrt(a)*(1-t*t/(12*a))))
}
