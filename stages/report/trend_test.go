package report

import (
	"math"
	"strings"
	"testing"
)

func TestSpearman(t *testing.T) {
	tests := []struct {
		name string
		x, y []float64
		want float64
	}{
		// Wikipedia's example (IQ against hours of TV a week): Σd² = 194,
		// ρ = 1 − 6·194/(10·99) = −29/165.
		{"textbook", []float64{106, 100, 86, 101, 99, 103, 97, 113, 112, 110}, []float64{7, 27, 2, 50, 28, 29, 20, 12, 6, 17}, -29.0 / 165},
		// Ties: y's ranks 1, 2.5, 2.5, 4; Pearson of (1, 2, 3, 4) with them
		// is 4.5/√(5·4.5).
		{"ties", []float64{1, 2, 3, 4}, []float64{1, 2, 2, 3}, 4.5 / math.Sqrt(22.5)},
		{"monotone, not linear", []float64{10, 50, 100, 1000}, []float64{1, 1.1, 5, 5.1}, 1},
		{"reversed", []float64{1, 2, 3}, []float64{9, 4, 1}, -1},
		{"constant", []float64{1, 2, 3}, []float64{2, 2, 2}, math.NaN()},
		{"one value", []float64{1}, []float64{2}, math.NaN()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Spearman(tc.x, tc.y)
			if !(math.Abs(got-tc.want) < 1e-12 || math.IsNaN(got) && math.IsNaN(tc.want)) {
				t.Errorf("Spearman(%v, %v) = %v; want %v", tc.x, tc.y, got, tc.want)
			}
		})
	}
}

// TestTrend: the mean ρ over the splits with its t interval, a constant
// split counted as 0, and the words.
func TestTrend(t *testing.T) {
	ks := []float64{10, 100, 1000}
	series := func(rows ...[]float64) map[int32]map[float64]float64 {
		out := map[int32]map[float64]float64{}
		for s, r := range rows {
			out[int32(s)] = map[float64]float64{}
			for i, v := range r {
				out[int32(s)][ks[i]] = v
			}
		}
		return out
	}
	tests := []struct {
		name  string
		v     map[int32]map[float64]float64
		ratio float64 // of a split's test to training rows
		mean  float64
		dir   int
		words string
	}{
		// ρ = 1, 1, 1, 0.5 (1, 3, 2): mean 0.875, SD 0.25, SE 0.125,
		// t(0.975, 3) = 3.182: CI [0.477, 1.273], printed cut at ρ's 1.
		{"rising", series([]float64{1, 2, 3}, []float64{0, 5, 6}, []float64{2, 3, 9}, []float64{1, 3, 2}), 0, 0.875, 1,
			"rises with k (mean Spearman ρ 0.875 over 4 splits, 95% CI [0.477, 1.000])"},
		// Corrected at 0.5 (train 2/3): SE = √(1/4 + 0.5)·0.25 = 0.2165,
		// half-width 3.182·0.2165 = 0.689: CI [0.186, 1.564], cut at 1.
		{"rising, corrected", series([]float64{1, 2, 3}, []float64{0, 5, 6}, []float64{2, 3, 9}, []float64{1, 3, 2}), 0.5, 0.875, 1,
			"rises with k (mean Spearman ρ 0.875 over 4 splits, 95% CI [0.186, 1.000])"},
		// At ratio 2 (train 1/3): SE = √(1/4 + 2)·0.25 = 0.375, half-width
		// 1.193: CI [−0.318, 2.068] (cut at 1), no clear trend where
		// Student's t saw one.
		{"rising, corrected at 2", series([]float64{1, 2, 3}, []float64{0, 5, 6}, []float64{2, 3, 9}, []float64{1, 3, 2}), 2, 0.875, 0,
			"shows no clear trend (mean Spearman ρ 0.875 over 4 splits, 95% CI [-0.318, 1.000])"},
		// The end values fall (0.223 → 0.198) but the series zigzags:
		// ρ = −0.5, 0.5, −0.5, 0.5 has mean 0 and an interval around it.
		{"non-monotone with falling ends", series([]float64{0.223, 0.19, 0.198}, []float64{0.2, 0.25, 0.21}, []float64{0.22, 0.18, 0.2}, []float64{0.2, 0.23, 0.21}), 0, 0, 0,
			"shows no clear trend (mean Spearman ρ 0.000 over 4 splits"},
		{"constant", series([]float64{1, 1, 1}, []float64{2, 2, 2}), 0, 0, 0, "does not change with k on any of the 2 splits"},
		{"partly constant", series([]float64{1, 1, 1}, []float64{1, 2, 3}, []float64{1, 2, 3}), 0, 2.0 / 3, 0, "; constant on 1 of them)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := newTrend(tc.v, ks, tc.ratio)
			if math.Abs(tr.Test.Mean-tc.mean) > 1e-12 || tr.direction() != tc.dir || !strings.Contains(tr.describe(), tc.words) {
				t.Errorf("trend mean %v, direction %d, %q; want %v, %d, %q", tr.Test.Mean, tr.direction(), tr.describe(), tc.mean, tc.dir, tc.words)
			}
		})
	}
}
