package naive

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// benchData draws n rows of nf binary features whose label is a noisy
// function of the first three features (like a shallow oracle tree), with
// two classes.
func benchData(b *testing.B, nf, n int) (*dataset.Dataset, [][]uint8) {
	b.Helper()
	rng := rand.New(rand.NewPCG(uint64(nf), uint64(n)))
	domains := make([]int, nf)
	for f := range domains {
		domains[f] = 2
	}
	x, y := randomRows(rng, n, domains, 2)
	for r, row := range x {
		y[r] = (row[0] & row[1]) | row[2]
		if rng.IntN(10) == 0 {
			y[r] ^= 1
		}
	}
	return build(b, domains, 2, x, y), x
}

var sizes = []struct{ features, rows int }{{10, 3000}, {20, 3000}, {64, 3000}, {20, 100000}}

func BenchmarkNaiveBayesFit(b *testing.B) {
	for _, s := range sizes {
		b.Run(fmt.Sprintf("f%d_n%d", s.features, s.rows), func(b *testing.B) {
			d, _ := benchData(b, s.features, s.rows)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (NaiveBayes{}).Fit(d, d.All(), nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(s.rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

func BenchmarkNaiveBayesPredict(b *testing.B) {
	for _, nf := range []int{10, 64} {
		b.Run(fmt.Sprintf("f%d", nf), func(b *testing.B) {
			d, x := benchData(b, nf, 3000)
			m, err := NaiveBayes{}.Fit(d, d.All(), nil)
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

func BenchmarkIntuitiveFit(b *testing.B) {
	for _, s := range sizes[:2] {
		b.Run(fmt.Sprintf("f%d_n%d", s.features, s.rows), func(b *testing.B) {
			d, _ := benchData(b, s.features, s.rows)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Intuitive{}).Fit(d, d.All(), nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(s.rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkIntuitivePredict trains on 3000 rows and predicts fresh uniform
// inputs: with 10 binary features almost every input was seen in training
// (hash hit); with 20 almost none was, so each predict scans ~3000 antecedents.
func BenchmarkIntuitivePredict(b *testing.B) {
	for _, nf := range []int{10, 20} {
		b.Run(fmt.Sprintf("f%d_n3000", nf), func(b *testing.B) {
			d, _ := benchData(b, nf, 3000)
			_, queries := benchData(b, nf, 1024+nf) // other seed
			m, err := Intuitive{}.Fit(d, d.All(), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				m.Predict(queries[i%len(queries)])
				i++
			}
			b.ReportMetric(float64(m.Antecedents()), "antecedents")
		})
	}
}

func BenchmarkRandomPredict(b *testing.B) {
	d, x := benchData(b, 10, 3000)
	m, err := Random{}.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m.Predict(x[0])
	}
}

// BenchmarkIntuitivePredictUnseen is 10-fold CV's case on a dense input
// space: every input of nursery's domains (12,960) once, random classes,
// trained on 90% of them and asked the other 10%, none of which it has
// seen, each with antecedents one feature away.
func BenchmarkIntuitivePredictUnseen(b *testing.B) {
	domains := []int{3, 5, 4, 4, 3, 2, 3, 3}
	all := allInputs(domains)
	rng := rand.New(rand.NewPCG(3, 4))
	var x, queries [][]uint8
	var y []uint8
	for i, in := range all {
		if i%10 == 0 {
			queries = append(queries, in)
			continue
		}
		x = append(x, in)
		y = append(y, uint8(rng.IntN(5)))
	}
	d := build(b, domains, 5, x, y)
	m, err := Intuitive{}.Fit(d, d.All(), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.Predict(queries[i%len(queries)])
		i++
	}
	b.ReportMetric(float64(m.Antecedents()), "antecedents")
}
