package smo

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// benchData draws n rows of nf binary features whose label is a noisy
// function of the first three features (like a shallow oracle tree), with
// two classes — the data of the naive learners' benchmarks.
func benchData(b testing.TB, nf, n int) (*dataset.Dataset, [][]uint8) {
	b.Helper()
	rng := rand.New(rand.NewPCG(uint64(nf), uint64(n)))
	domains := make([]int, nf)
	for f := range domains {
		domains[f] = 2
	}
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, nf)
		for f := range x[r] {
			x[r][f] = uint8(rng.IntN(2))
		}
		y[r] = (x[r][0] & x[r][1]) | x[r][2]
		if rng.IntN(10) == 0 {
			y[r] ^= 1
		}
	}
	return build(b, domains, 2, x, y), x
}

var sizes = []struct{ features, rows int }{{10, 3000}, {20, 3000}, {64, 3000}, {20, 30000}}

func BenchmarkFit(b *testing.B) {
	for _, s := range sizes {
		b.Run(fmt.Sprintf("f%d_n%d", s.features, s.rows), func(b *testing.B) {
			d, _ := benchData(b, s.features, s.rows)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Learner{Options: DefaultOptions()}).Fit(d, d.All(), nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(s.rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkFitRepeatedRows fits data that repeats its rows, as a
// benchmark dataset cut to its top five attributes does (nursery at
// select 5: 3·5·4·4·3 = 720 possible rows): 10,000 rows of five features
// of three to five values, three classes from a rule with 20% noise.
func BenchmarkFitRepeatedRows(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 10000))
	domains := []int{3, 5, 4, 4, 3}
	x, y := randomRows(rng, 10000, domains, 3)
	for r := range x {
		if rng.IntN(5) != 0 {
			y[r] = (x[r][0] + x[r][1] + x[r][3]) % 3
		}
	}
	d := build(b, domains, 3, x, y)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Learner{Options: DefaultOptions()}).Fit(d, d.All(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPredict predicts training rows: two classes (one machine) and
// nineteen classes over 35 ternary features (171 machines, soybean's
// shape), by votes and with probabilities (Weka's pairwise coupling).
func BenchmarkPredict(b *testing.B) {
	multi := func(b *testing.B) (*dataset.Dataset, [][]uint8) {
		rng := rand.New(rand.NewPCG(19, 35))
		domains := make([]int, 35)
		for f := range domains {
			domains[f] = 3
		}
		x, y := randomRows(rng, 700, domains, 19)
		for r := range x {
			y[r] = (x[r][0]*3 + x[r][1]*2 + x[r][2]) % 19
		}
		return build(b, domains, 19, x, y), x
	}
	two := func(b *testing.B) (*dataset.Dataset, [][]uint8) { return benchData(b, 10, 3000) }
	for _, tc := range []struct {
		name  string
		data  func(*testing.B) (*dataset.Dataset, [][]uint8)
		probs bool
	}{{"k2_f10", two, false}, {"k2_f10_probabilities", two, true}, {"k19_f35", multi, false}, {"k19_f35_probabilities", multi, true}} {
		b.Run(tc.name, func(b *testing.B) {
			d, x := tc.data(b)
			o := DefaultOptions()
			o.Probabilities = tc.probs
			m, err := Learner{Options: o}.Fit(d, d.All(), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				m.Predict(x[i%len(x)])
				i++
			}
		})
	}
}
