package dataset

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkAndCount measures the inner step of every split statistic:
// |rows ∧ value rows| for a node's row set.
func BenchmarkAndCount(b *testing.B) {
	for _, n := range []int{3000, 100_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			x, y := NewBitset(n), NewBitset(n)
			for i := range n {
				if rng.IntN(2) == 0 {
					x.Set(i)
				}
				if rng.IntN(3) == 0 {
					y.Set(i)
				}
			}
			sink := 0
			for b.Loop() {
				sink += AndCount(x, y)
			}
			if sink < 0 {
				b.Fatal("unreachable")
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "Grows/s")
		})
	}
}

// BenchmarkAndCount3 measures the three-way count (rows ∧ value ∧ class).
func BenchmarkAndCount3(b *testing.B) {
	for _, n := range []int{3000, 100_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			x, y, z := FullBitset(n), FullBitset(n), FullBitset(n)
			sink := 0
			for b.Loop() {
				sink += AndCount3(x, y, z)
			}
			if sink != n*b.N {
				b.Fatalf("count %d; want %d", sink, n*b.N)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "Grows/s")
		})
	}
}

// BenchmarkFromRows measures building a dataset with its row bitsets:
// 10 binary features, the oracle study's shape.
func BenchmarkFromRows(b *testing.B) {
	for _, n := range []int{3000, 100_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			s := schemaOf([]int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}, 2)
			x, y := randomRows(rand.New(rand.NewPCG(1, 2)), s, n)
			for b.Loop() {
				if _, err := FromRows(s, x, y); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mrows/s")
		})
	}
}
