package naive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRowSubset checks that every learner trains on exactly the rows given
// to Fit: a fit on a subset of a dataset must equal a fit on a dataset made
// of those rows only, in the same order, on every possible input.
func TestRowSubset(t *testing.T) {
	domains := []int{2, 3, 2, 4}
	const k, n = 3, 120
	inputs := allInputs(domains)
	for trial := range 10 {
		rng := rand.New(rand.NewPCG(uint64(trial), 11))
		x, y := randomRows(rng, n, domains, k)
		// Skew the subset's labels away from the whole set's, so a learner
		// reading all rows would be caught.
		for r := range y {
			if r%3 == 0 {
				y[r] = 2
			}
		}
		full := build(t, domains, k, x, y)
		rows, kept := randomSubset(rng, n, 0.4)
		var sx [][]uint8
		var sy []uint8
		for _, r := range kept {
			sx, sy = append(sx, x[r]), append(sy, y[r])
		}
		sub := build(t, domains, k, sx, sy)

		t.Run("naivebayes", func(t *testing.T) {
			a, err := NaiveBayes{}.Fit(full, rows, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := NaiveBayes{}.Fit(sub, sub.All(), nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range inputs {
				pa, pb := a.Posterior(in), b.Posterior(in)
				for c := range pa {
					if math.Abs(pa[c]-pb[c]) > 1e-12 {
						t.Fatalf("trial %d: subset posterior(%v) = %v; want %v", trial, in, pa, pb)
					}
				}
			}
		})
		t.Run("intuitive", func(t *testing.T) {
			a, err := Intuitive{}.Fit(full, rows, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Intuitive{}.Fit(sub, sub.All(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if a.Antecedents() != b.Antecedents() {
				t.Fatalf("trial %d: %d antecedents; want %d", trial, a.Antecedents(), b.Antecedents())
			}
			for _, in := range inputs {
				if pa, pb := a.Predict(in), b.Predict(in); pa != pb {
					t.Fatalf("trial %d: subset Predict(%v) = %d; want %d", trial, in, pa, pb)
				}
			}
		})
		t.Run("majority", func(t *testing.T) {
			a, err := Majority{}.Fit(full, rows, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Majority{}.Fit(sub, sub.All(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if a.Class() != b.Class() {
				t.Fatalf("trial %d: subset class %d; want %d", trial, a.Class(), b.Class())
			}
		})
		t.Run("random", func(t *testing.T) {
			a, err := Random{}.Fit(full, rows, rand.New(rand.NewPCG(5, 5)))
			if err != nil {
				t.Fatal(err)
			}
			b, err := Random{}.Fit(sub, sub.All(), rand.New(rand.NewPCG(5, 5)))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a.Priors(), b.Priors()) {
				t.Fatalf("trial %d: subset priors %v; want %v", trial, a.Priors(), b.Priors())
			}
			for range 100 {
				if pa, pb := a.Predict(nil), b.Predict(nil); pa != pb {
					t.Fatalf("trial %d: subset draw %d; want %d", trial, pa, pb)
				}
			}
		})
	}
}
