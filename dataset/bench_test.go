package dataset

import (
	"fmt"
	"math/rand/v2"
	"strings"
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

// BenchmarkParseARFF measures reading nominal ARFF: rows of one-letter
// labels ("f,t,…", as the exact learner's peer comparison writes its
// binary features) and rows of quoted labels of several letters, as
// vote.arff has, at two sizes.
func BenchmarkParseARFF(b *testing.B) {
	for _, shape := range []struct {
		name   string
		labels []string
	}{
		{"letters", []string{"f", "t"}},
		{"quoted", []string{"'no'", "'yes'"}},
	} {
		for _, rows := range []int{3000, 100_000} {
			var sb strings.Builder
			sb.WriteString("@relation bench\n")
			for a := range 16 {
				fmt.Fprintf(&sb, "@attribute b%02d {f,t,no,yes}\n", a)
			}
			sb.WriteString("@attribute class {f,t}\n@data\n")
			rng := rand.New(rand.NewPCG(1, 2))
			for range rows {
				for range 16 {
					sb.WriteString(shape.labels[rng.IntN(2)])
					sb.WriteByte(',')
				}
				sb.WriteString([]string{"f\n", "t\n"}[rng.IntN(2)])
			}
			text := sb.String()
			b.Run(fmt.Sprintf("%s/rows=%d", shape.name, rows), func(b *testing.B) {
				for b.Loop() {
					d, err := ParseARFF(strings.NewReader(text), "bench.arff", "")
					if err != nil {
						b.Fatal(err)
					}
					if d.Len() != rows {
						b.Fatalf("%d rows; want %d", d.Len(), rows)
					}
				}
				b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			})
		}
	}
}
