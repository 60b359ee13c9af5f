package naive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// TestNaiveBayesWeather checks posteriors on Quinlan's weather data against
// values computed by hand from the table's counts (9 yes, 5 no) with Weka's
// Laplace smoothing: P(c) = (N_c+1)/(14+2), P(v|c) = (N_cv+1)/(N_c+Z_f).
func TestNaiveBayesWeather(t *testing.T) {
	d := weather(t)
	s := d.Schema()
	// Codes follow the ARFF declarations; check them so the fractions below
	// are read against the right values.
	wantValues := [][]string{{"sunny", "overcast", "rainy"}, {"hot", "mild", "cool"}, {"high", "normal"}, {"TRUE", "FALSE"}}
	for f, want := range wantValues {
		if !slices.Equal(s.Features[f].Values, want) {
			t.Fatalf("feature %d values = %v; want %v", f, s.Features[f].Values, want)
		}
	}
	if !slices.Equal(s.Class.Values, []string{"yes", "no"}) {
		t.Fatalf("class values = %v; want [yes no]", s.Class.Values)
	}
	m, err := NaiveBayes{}.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	cases := []struct {
		name    string
		x       []uint8
		yes, no float64 // unnormalised P(c) Π P(x_f|c)
		predict int
	}{
		{
			// sunny: yes 2, no 3; cool: yes 3, no 1; high: yes 3, no 4; TRUE: yes 3, no 3.
			name: "sunny,cool,high,TRUE",
			x:    []uint8{0, 2, 0, 0},
			yes:  10.0 / 16 * (3.0 / 12) * (4.0 / 12) * (4.0 / 11) * (4.0 / 11),
			no:   6.0 / 16 * (4.0 / 8) * (2.0 / 8) * (5.0 / 7) * (4.0 / 7),
			// yes ≈ 0.00689, no ≈ 0.01913
			predict: 1,
		},
		{
			// overcast: yes 4, no 0; mild: yes 4, no 2; normal: yes 6, no 1; FALSE: yes 6, no 2.
			name: "overcast,mild,normal,FALSE",
			x:    []uint8{1, 1, 1, 1},
			yes:  10.0 / 16 * (5.0 / 12) * (5.0 / 12) * (7.0 / 11) * (7.0 / 11),
			no:   6.0 / 16 * (1.0 / 8) * (3.0 / 8) * (2.0 / 7) * (3.0 / 7),
			// yes ≈ 0.04394, no ≈ 0.00215
			predict: 0,
		},
		{
			// rainy: yes 3, no 2; hot: yes 2, no 2; high: yes 3, no 4; FALSE: yes 6, no 2.
			name: "rainy,hot,high,FALSE",
			x:    []uint8{2, 0, 0, 1},
			yes:  10.0 / 16 * (4.0 / 12) * (3.0 / 12) * (4.0 / 11) * (7.0 / 11),
			no:   6.0 / 16 * (3.0 / 8) * (3.0 / 8) * (5.0 / 7) * (3.0 / 7),
			// yes ≈ 0.01205, no ≈ 0.01614
			predict: 1,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := []float64{tc.yes / (tc.yes + tc.no), tc.no / (tc.yes + tc.no)}
			got := m.Posterior(tc.x)
			for c := range want {
				if math.Abs(got[c]-want[c]) > 1e-12 {
					t.Errorf("Posterior(%v)[%d] = %.15g; want %.15g", tc.x, c, got[c], want[c])
				}
			}
			if p := m.Predict(tc.x); p != tc.predict {
				t.Errorf("Predict(%v) = %d; want %d", tc.x, p, tc.predict)
			}
		})
	}
}

// bruteNaiveBayes computes the smoothed posterior by looping over the rows,
// as an independent reference for the bitset counts.
func bruteNaiveBayes(d *dataset.Dataset, rows []int, x []uint8) []float64 {
	k := d.Classes()
	nc := make([]int, k)
	for _, r := range rows {
		nc[d.Label(r)]++
	}
	p := make([]float64, k)
	sum := 0.0
	for c := range k {
		p[c] = float64(nc[c]+1) / float64(len(rows)+k)
		for f := range d.NumFeatures() {
			n := 0
			for _, r := range rows {
				if int(d.Label(r)) == c && d.Value(f, r) == x[f] {
					n++
				}
			}
			p[c] *= float64(n+1) / float64(nc[c]+d.Domain(f))
		}
		sum += p[c]
	}
	for c := range p {
		p[c] /= sum
	}
	return p
}

// TestNaiveBayesBruteForce compares posteriors and predictions with the
// row-loop reference on random datasets and row subsets.
func TestNaiveBayesBruteForce(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		k, n    int
		keep    float64
	}{
		{"binary-2class", []int{2, 2, 2, 2, 2}, 2, 40, 1},
		{"mixed-3class", []int{3, 2, 4, 5}, 3, 100, 0.6},
		{"wide-5class", []int{2, 7, 3, 2, 2, 6, 2, 3}, 5, 300, 0.3},
		{"tiny", []int{3}, 4, 3, 1},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			x, y := randomRows(rng, tc.n, tc.domains, tc.k)
			d := build(t, tc.domains, tc.k, x, y)
			rows, kept := randomSubset(rng, tc.n, tc.keep)
			m, err := NaiveBayes{}.Fit(d, rows, nil)
			if err != nil {
				t.Fatalf("Fit: %v", err)
			}
			for _, in := range allInputs(tc.domains) {
				want := bruteNaiveBayes(d, kept, in)
				got := m.Posterior(in)
				for c := range want {
					if math.Abs(got[c]-want[c]) > 1e-12 {
						t.Fatalf("Posterior(%v)[%d] = %.15g; want %.15g", in, c, got[c], want[c])
					}
				}
				if p, w := m.Predict(in), argmaxFloat(want); p != w && math.Abs(want[p]-want[w]) > 1e-12 {
					t.Fatalf("Predict(%v) = %d; want %d (posteriors %v)", in, p, w, want)
				}
			}
		})
	}
}

// argmaxFloat returns the index of the largest value, ties to the lowest.
func argmaxFloat(p []float64) int {
	best := 0
	for i, v := range p {
		if v > p[best] {
			best = i
		}
	}
	return best
}

// TestNaiveBayesTies checks that equal posteriors go to the lowest class code.
func TestNaiveBayesTies(t *testing.T) {
	cases := []struct {
		name string
		k    int
		x    [][]uint8
		y    []uint8
		want int
	}{
		{"two classes mirror", 2, [][]uint8{{0}, {1}, {1}, {0}}, []uint8{0, 0, 1, 1}, 0},
		{"class 0 absent", 3, [][]uint8{{0}, {1}, {1}, {0}}, []uint8{2, 1, 2, 1}, 1},
		{"no rows", 3, nil, nil, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := build(t, []int{2}, tc.k, tc.x, tc.y)
			m, err := NaiveBayes{}.Fit(d, d.All(), nil)
			if err != nil {
				t.Fatalf("Fit: %v", err)
			}
			for v := range uint8(2) {
				if got := m.Predict([]uint8{v}); got != tc.want {
					t.Errorf("Predict([%d]) = %d; want %d (posterior %v)", v, got, tc.want, m.Posterior([]uint8{v}))
				}
			}
		})
	}
}

// TestNaiveBayesNoUnderflow uses 2000 features, where the product of
// probabilities underflows float64: log-space scores must still give finite,
// normalised posteriors and the right class.
func TestNaiveBayesNoUnderflow(t *testing.T) {
	const nf = 2000
	domains := make([]int, nf)
	for f := range domains {
		domains[f] = 4
	}
	x := make([][]uint8, 6)
	y := make([]uint8, 6)
	for r := range x {
		y[r] = uint8(r % 3)
		x[r] = make([]uint8, nf)
		for f := range x[r] {
			x[r][f] = y[r]
		}
	}
	d := build(t, domains, 3, x, y)
	m, err := NaiveBayes{}.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	for r := range x {
		p := m.Posterior(x[r])
		sum := 0.0
		for _, v := range p {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("Posterior(row %d) = %v; want finite", r, p)
			}
			sum += v
		}
		if math.Abs(sum-1) > 1e-12 || p[y[r]] < 0.999 {
			t.Errorf("Posterior(row %d) = %v; want normalised with class %d near 1", r, p, y[r])
		}
		if got := m.Predict(x[r]); got != int(y[r]) {
			t.Errorf("Predict(row %d) = %d; want %d", r, got, y[r])
		}
	}
}

// TestFitErrors checks that every learner rejects a nil dataset and a row
// set of the wrong size, and that Random rejects a nil generator.
func TestFitErrors(t *testing.T) {
	d := build(t, []int{2}, 2, [][]uint8{{0}, {1}}, []uint8{0, 1})
	rng := rand.New(rand.NewPCG(1, 2))
	fits := map[string]func(*dataset.Dataset, dataset.Bitset, *rand.Rand) error{
		"naivebayes": func(d *dataset.Dataset, b dataset.Bitset, r *rand.Rand) error {
			_, err := NaiveBayes{}.Fit(d, b, r)
			return err
		},
		"intuitive": func(d *dataset.Dataset, b dataset.Bitset, r *rand.Rand) error {
			_, err := Intuitive{}.Fit(d, b, r)
			return err
		},
		"majority": func(d *dataset.Dataset, b dataset.Bitset, r *rand.Rand) error {
			_, err := Majority{}.Fit(d, b, r)
			return err
		},
		"random": func(d *dataset.Dataset, b dataset.Bitset, r *rand.Rand) error {
			_, err := Random{}.Fit(d, b, r)
			return err
		},
	}
	for name, fit := range fits {
		t.Run(name, func(t *testing.T) {
			if err := fit(nil, d.All(), rng); err == nil {
				t.Error("Fit(nil dataset) = nil error; want error")
			}
			if err := fit(d, dataset.NewBitset(200), rng); err == nil {
				t.Error("Fit(rows of 200) = nil error; want error")
			}
			if err := fit(d, d.All(), rng); err != nil {
				t.Errorf("Fit(valid) = %v; want nil", err)
			}
		})
	}
	if _, err := (Random{}).Fit(d, d.All(), nil); err == nil {
		t.Error("Random.Fit(nil rng) = nil error; want error")
	}
}

// TestNaiveBayesPredictDistribution: PredictDistribution (and so
// Distribution) gives Predict's class and the posteriors of normalize on
// the scores bit for bit, for two classes (its one-exp path) and more, on
// every input of random fits, ties included (tiny fits and symmetric data
// make equal scores).
func TestNaiveBayesPredictDistribution(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 200 {
		k := 2 + rng.IntN(3)
		if trial%2 == 0 {
			k = 2
		}
		domains := make([]int, 1+rng.IntN(5))
		for f := range domains {
			domains[f] = 2 + rng.IntN(3)
		}
		x, y := randomRows(rng, 1+rng.IntN(30), domains, k)
		d := build(t, domains, k, x, y)
		m, err := NaiveBayes{}.Fit(d, d.All(), nil)
		if err != nil {
			t.Fatal(err)
		}
		got, want := make([]float64, k), make([]float64, k)
		for _, in := range allInputs(domains) {
			p := m.PredictDistribution(in, got)
			m.scores(in, want)
			normalize(want)
			if wp := m.Predict(in); p != wp {
				t.Fatalf("trial %d, input %v: class %d, Predict %d", trial, in, p, wp)
			}
			for c := range want {
				if math.Float64bits(got[c]) != math.Float64bits(want[c]) {
					t.Fatalf("trial %d, input %v: distribution %v, normalized scores %v", trial, in, got, want)
				}
			}
		}
	}
}
