package evaluate

import (
	"math"
	"testing"
)

func TestGamma(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name      string
		mu, muB   float64
		want      float64
		tolerance float64
	}{
		{"better: errors removed", 0.8, 0.5, 0.6, 1e-15},
		{"worse: hits lost", 0.4, 0.5, -0.2, 1e-15},
		{"equal", 0.5, 0.5, 0, 0},
		{"perfect vs 0.5", 1, 0.5, 1, 0},
		{"always wrong vs 0.5", 0, 0.5, -1, 0},
		{"μB = 1, μ = 1", 1, 1, 0, 0},
		{"μB = 1, μ = 0.7", 0.7, 1, -0.3, 1e-15},
		{"μB = 1, μ = 0", 0, 1, -1, 0},
		{"μB = 0, μ = 0", 0, 0, 0, 0},
		{"μB = 0, μ = 0.3", 0.3, 0, 0.3, 0},
		{"μB = 0, μ = 1", 1, 0, 1, 0},
		{"NaN μ", nan, 0.5, nan, 0},
		{"NaN μB", 0.5, nan, nan, 0},
		{"μ above 1", 1.1, 0.5, nan, 0},
		{"μB below 0", 0.5, -0.1, nan, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Gamma(tc.mu, tc.muB); !sameFloat(got, tc.want, tc.tolerance) {
				t.Errorf("Gamma(%g, %g) = %.6g; want %.6g", tc.mu, tc.muB, got, tc.want)
			}
		})
	}
}

// TestGammaRange checks on a grid that γ lies in [−1, 1] and has the sign
// of μ − μB.
func TestGammaRange(t *testing.T) {
	for i := 0; i <= 50; i++ {
		for j := 0; j <= 50; j++ {
			mu, muB := float64(i)/50, float64(j)/50
			g := Gamma(mu, muB)
			if g < -1 || g > 1 || math.IsNaN(g) {
				t.Fatalf("Gamma(%g, %g) = %g; want within [-1, 1]", mu, muB, g)
			}
			if (g > 0) != (mu > muB) || (g < 0) != (mu < muB) {
				t.Fatalf("Gamma(%g, %g) = %g; want the sign of μ − μB", mu, muB, g)
			}
		}
	}
}
