package naive

import (
	"math"
	"testing"
)

// TestNormalProbability checks the Cephes port against Go's own erfc,
// Φ(a) = erfc(−a/√2)/2, to within 1e-12 relative (Cephes is that close in the far tail), with
// Φ(0) = ½ exactly and the tails' limits.
func TestNormalProbability(t *testing.T) {
	for _, a := range []float64{-40, -8.5, -5, -1.5, -1, -0.5, -1e-9, 0, 0.3, 0.70710678, 1, 2.5, 7.9, 12} {
		want := math.Erfc(-a/math.Sqrt2) / 2
		got := normalProbability(a)
		if math.Abs(got-want) > 1e-12*math.Abs(want) {
			t.Errorf("normalProbability(%v) = %.17g; want %.17g", a, got, want)
		}
	}
	if got := normalProbability(0); got != 0.5 {
		t.Errorf("normalProbability(0) = %v; want 0.5", got)
	}
	if got := normalProbability(-40); got != 0 {
		t.Errorf("normalProbability(-40) = %v; want 0 (exp underflows past MAXLOG)", got)
	}
}
