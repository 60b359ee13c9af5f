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
