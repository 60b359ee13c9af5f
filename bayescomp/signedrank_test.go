package bayescomp

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat"
)

// bruteSignedRank is the test as the authors' R code (BayesianSignedRank.R
// of the tutorial's repository) writes it, a double loop over the
// weights, drawing them from the same stream: the independent truth for
// SignedRank's sorted two-pointer sums.
func bruteSignedRank(diffs []float64, o Options) Result {
	z := append([]float64{0}, diffs...)
	alpha := make([]float64, len(z))
	for i := range alpha {
		alpha[i] = 1
	}
	alpha[0] = o.Prior
	// SignedRank draws in sorted order: sort z and alpha alike so the
	// streams match.
	for i := 1; i < len(z); i++ {
		for j := i; j > 0 && z[j] < z[j-1]; j-- {
			z[j], z[j-1] = z[j-1], z[j]
			alpha[j], alpha[j-1] = alpha[j-1], alpha[j]
		}
	}
	draw := newWeights(alpha, o.Seed)
	var res Result
	for range o.Samples {
		w := make([]float64, len(z))
		total := draw(w)
		var right, rope, left float64
		for i := range z {
			for j := range z {
				p := w[i] / total * w[j] / total
				switch s := z[i] + z[j]; {
				case s > 2*o.Rope:
					right += p
				case s >= -2*o.Rope:
					rope += p
				default:
					left += p
				}
			}
		}
		best := max(right, rope, left)
		n := 0.0
		for _, m := range []float64{right, rope, left} {
			if m == best {
				n++
			}
		}
		if right == best {
			res.PA += 1 / n
		}
		if rope == best {
			res.PRope += 1 / n
		}
		if left == best {
			res.PB += 1 / n
		}
	}
	s := float64(o.Samples)
	return Result{res.PA / s, res.PRope / s, res.PB / s}
}

// TestWeightsAreGammas: the fast draws have Gamma(α, 1)'s mean α and
// variance α, for α = 1, ½ and 2 (gonum's sampler).
func TestWeightsAreGammas(t *testing.T) {
	alpha := []float64{1, 0.5, 2}
	draw := newWeights(alpha, 7)
	cols := make([][]float64, len(alpha))
	w := make([]float64, len(alpha))
	for range 200000 {
		draw(w)
		for k := range w {
			cols[k] = append(cols[k], w[k])
		}
	}
	for k, a := range alpha {
		m, v := stat.MeanVariance(cols[k], nil)
		if math.Abs(m-a) > 0.02 || math.Abs(v-a) > 0.05 {
			t.Errorf("shape %v: mean %.4f, variance %.4f; want %v, %v", a, m, v, a, a)
		}
	}
}

func TestSignedRankIsTheAuthorsLoop(t *testing.T) {
	cases := [][]float64{
		{0.02, 0.015, -0.003, 0.04, 0.011, 0.0, 0.025, -0.012, 0.008, 0.03},
		{0.005, -0.004, 0.009, -0.008, 0.001, 0.003},
		{-0.05, -0.02, -0.03, 0.01, -0.04},
		{0.01, 0.01, -0.01, 0.02, -0.02}, // sums on the rope's edges
	}
	for i, d := range cases {
		o := DefaultOptions()
		o.Samples = 3000
		got, err := SignedRank(d, o)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteSignedRank(d, o)
		if math.Abs(got.PA-want.PA) > 1e-12 || math.Abs(got.PRope-want.PRope) > 1e-12 || math.Abs(got.PB-want.PB) > 1e-12 {
			t.Errorf("case %d: %+v; the double loop %+v", i, got, want)
		}
	}
}

// TestSignedRankProperties: probabilities sum to 1; differences far
// beyond the rope on one side give that side ≈ 1; differences within it
// give equivalence ≈ 1; negating the differences swaps A and B (the same
// draws); the same seed gives the same result.
func TestSignedRankProperties(t *testing.T) {
	o := DefaultOptions()
	o.Samples = 20000
	far := []float64{0.1, 0.08, 0.12, 0.09, 0.11, 0.1, 0.07, 0.13, 0.1, 0.09}
	r, _ := SignedRank(far, o)
	if r.PA < 0.99 {
		t.Errorf("A far ahead on 10 datasets: %+v", r)
	}
	near := []float64{0.001, -0.002, 0.0005, 0.003, -0.001, 0.002, -0.0015, 0.0, 0.001, -0.0005}
	if r, _ := SignedRank(near, o); r.PRope < 0.99 {
		t.Errorf("every difference within the rope: %+v", r)
	}
	mixed := []float64{0.02, 0.015, -0.003, 0.04, 0.011, 0.0, 0.025, -0.012}
	a, _ := SignedRank(mixed, o)
	neg := make([]float64, len(mixed))
	for i, d := range mixed {
		neg[i] = -d
	}
	b, _ := SignedRank(neg, o)
	if math.Abs(a.PA+a.PRope+a.PB-1) > 1e-9 || math.Abs(a.PA-b.PB) > 0.02 || math.Abs(a.PB-b.PA) > 0.02 {
		t.Errorf("mixed %+v, negated %+v: want sums of 1 and A and B swapped", a, b)
	}
	again, _ := SignedRank(mixed, o)
	if again != a {
		t.Errorf("same seed: %+v then %+v", a, again)
	}
	if _, err := SignedRank(nil, o); err == nil {
		t.Error("no differences must be an error")
	}
}

// BenchmarkSignedRank is one pair of a report's Bayesian table: the
// differences of 3 groups (benchmark-small) and of 33 (the paper's eleven
// datasets by three scenarios), 50,000 draws.
func BenchmarkSignedRank(b *testing.B) {
	for _, n := range []int{3, 33} {
		diffs := make([]float64, n)
		for i := range diffs {
			diffs[i] = 0.02 * math.Sin(float64(3*i+1))
		}
		b.Run(fmt.Sprintf("groups=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := SignedRank(diffs, DefaultOptions()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
