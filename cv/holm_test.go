package cv

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestHolm(t *testing.T) {
	tests := []struct {
		name string
		p    []float64
		want []float64
	}{
		// Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03,
		// 0.06, 0.04, which the running maximum makes 0.02, 0.03, 0.06,
		// 0.06 (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")).
		{"textbook", []float64{0.01, 0.04, 0.03, 0.005}, []float64{0.03, 0.06, 0.06, 0.02}},
		{"capped at 1", []float64{0.4, 0.6}, []float64{0.8, 0.8}},
		{"one test", []float64{0.03}, []float64{0.03}},
		{"NaN counts as 1", []float64{math.NaN(), 0.01}, []float64{1, 0.02}},
		{"ties", []float64{0.02, 0.02, 0.02}, []float64{0.06, 0.06, 0.06}},
		{"none", nil, []float64{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Holm(tc.p)
			if len(got) != len(tc.want) {
				t.Fatalf("Holm(%v) = %v; want %v", tc.p, got, tc.want)
			}
			for i := range got {
				if math.Abs(got[i]-tc.want[i]) > 1e-12 {
					t.Errorf("Holm(%v) = %v; want %v", tc.p, got, tc.want)
					break
				}
			}
		})
	}
}

// TestHolmStepDown checks Holm against its step-down procedure, run
// literally: at α, with the p sorted, reject while p(i) < α/(m − i + 1);
// a hypothesis is rejected exactly when its adjusted p is below α.
func TestHolmStepDown(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		m := 1 + r.IntN(6)
		p := make([]float64, m)
		for i := range p {
			p[i] = r.Float64() * 0.2
		}
		adj := Holm(p)
		for _, alpha := range []float64{0.01, 0.05, 0.1} {
			sorted := slices.Clone(p)
			slices.Sort(sorted)
			rejected := 0
			for rejected < m && sorted[rejected] < alpha/float64(m-rejected) {
				rejected++
			}
			for i := range p {
				want := p[i] < alpha && rejected > 0 && p[i] <= sorted[rejected-1]
				if got := adj[i] < alpha; got != want {
					t.Fatalf("p %v, α %v: adjusted %v rejects %d = %v; the step-down procedure says %v", p, alpha, adj, i, got, want)
				}
			}
		}
	}
}
