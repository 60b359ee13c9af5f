package naive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// labelsOnly builds a one-feature dataset whose rows carry the given labels.
func labelsOnly(t *testing.T, k int, y []uint8) *dataset.Dataset {
	t.Helper()
	x := make([][]uint8, len(y))
	for r := range x {
		x[r] = []uint8{uint8(r % 2)}
	}
	return build(t, []int{2}, k, x, y)
}

func TestMajority(t *testing.T) {
	cases := []struct {
		name   string
		k      int
		labels []uint8
		keep   []int // rows to train on; nil = all
		want   int
	}{
		{"clear winner", 3, []uint8{2, 2, 1, 2, 0}, nil, 2},
		{"tie to lowest code", 3, []uint8{2, 1, 1, 2, 0}, nil, 1},
		{"three-way tie", 3, []uint8{2, 1, 0}, nil, 0},
		{"subset changes winner", 3, []uint8{0, 0, 0, 2, 2}, []int{2, 3, 4}, 2},
		{"no rows", 4, []uint8{3, 3}, []int{}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := labelsOnly(t, tc.k, tc.labels)
			rows := d.All()
			if tc.keep != nil {
				rows = dataset.NewBitset(d.Len())
				for _, r := range tc.keep {
					rows.Set(r)
				}
			}
			m, err := Majority{}.Fit(d, rows, nil)
			if err != nil {
				t.Fatalf("Fit: %v", err)
			}
			for _, x := range [][]uint8{{0}, {1}} {
				if got := m.Predict(x); got != tc.want {
					t.Errorf("Predict(%v) = %d; want %d", x, got, tc.want)
				}
			}
			if m.Class() != tc.want {
				t.Errorf("Class() = %d; want %d", m.Class(), tc.want)
			}
		})
	}
}

func TestRandomPriors(t *testing.T) {
	cases := []struct {
		name   string
		k      int
		labels []uint8
		keep   []int
		want   []float64
	}{
		{"counts 6,3,1", 3, []uint8{0, 1, 0, 0, 2, 1, 0, 0, 1, 0}, nil, []float64{0.6, 0.3, 0.1}},
		{"absent class", 3, []uint8{2, 2, 0, 2}, nil, []float64{0.25, 0, 0.75}},
		{"subset", 2, []uint8{0, 0, 0, 1}, []int{0, 3}, []float64{0.5, 0.5}},
		{"no rows draws uniformly", 4, []uint8{1}, []int{}, []float64{0.25, 0.25, 0.25, 0.25}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := labelsOnly(t, tc.k, tc.labels)
			rows := d.All()
			if tc.keep != nil {
				rows = dataset.NewBitset(d.Len())
				for _, r := range tc.keep {
					rows.Set(r)
				}
			}
			m, err := Random{}.Fit(d, rows, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatalf("Fit: %v", err)
			}
			got := m.Priors()
			for j := range tc.want {
				if math.Abs(got[j]-tc.want[j]) > 1e-15 {
					t.Fatalf("Priors() = %v; want %v", got, tc.want)
				}
			}
			got[0] = 42 // Priors returns a copy
			if m.Priors()[0] == 42 {
				t.Error("Priors() exposes the model's slice")
			}
			// Draw frequencies approach the priors (5 standard deviations).
			const draws = 200000
			seen := make([]int, tc.k)
			for range draws {
				seen[m.Predict(nil)]++
			}
			for j, p := range tc.want {
				f := float64(seen[j]) / draws
				if tol := 5*math.Sqrt(p*(1-p)/draws) + 1e-12; math.Abs(f-p) > tol {
					t.Errorf("class %d drawn %.5f of the time; want %.5f ± %.5f", j, f, p, tol)
				}
			}
		})
	}
}

// TestRandomAccuracy checks that X's empirical accuracy on an evaluation set
// with class shares q approaches μ_X = Σ p_j q_j (the paper's equation 9),
// and that ExpectedAccuracy returns that value.
func TestRandomAccuracy(t *testing.T) {
	train := []uint8{0, 0, 0, 0, 0, 0, 1, 1, 1, 2} // p = .6, .3, .1
	eval := []uint8{0, 0, 1, 1, 1, 1, 1, 2, 2, 2}  // q = .2, .5, .3
	const want = 0.6*0.2 + 0.3*0.5 + 0.1*0.3
	d := labelsOnly(t, 3, train)
	m, err := Random{}.Fit(d, d.All(), rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	if got := m.ExpectedAccuracy([]int{2, 5, 3}); math.Abs(got-want) > 1e-15 {
		t.Errorf("ExpectedAccuracy = %.17g; want %.17g", got, want)
	}
	if got := m.ExpectedAccuracy([]int{6, 3, 1}); math.Abs(got-(0.36+0.09+0.01)) > 1e-15 {
		t.Errorf("ExpectedAccuracy(training counts) = %.17g; want Σp² = 0.46", got)
	}
	const passes = 20000
	correct := 0
	for range passes {
		for _, y := range eval {
			if m.Predict(nil) == int(y) {
				correct++
			}
		}
	}
	n := float64(passes * len(eval))
	acc := float64(correct) / n
	if tol := 5 * math.Sqrt(want*(1-want)/n); math.Abs(acc-want) > tol {
		t.Errorf("empirical accuracy = %.5f; want %.5f ± %.5f", acc, want, tol)
	}
}

// TestRandomSeeded checks that X's draws depend only on the generator given
// to Fit: the same seed gives the same sequence, another seed another one.
func TestRandomSeeded(t *testing.T) {
	d := labelsOnly(t, 3, []uint8{0, 1, 2, 0, 1, 2})
	seq := func(seed uint64) []int {
		m, err := Random{}.Fit(d, d.All(), rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatalf("Fit: %v", err)
		}
		out := make([]int, 64)
		for i := range out {
			out[i] = m.Predict(nil)
		}
		return out
	}
	a, b, c := seq(1), seq(1), seq(2)
	if !slices.Equal(a, b) {
		t.Errorf("same seed gave %v and %v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 gave the same 64 draws %v", a)
	}
}
