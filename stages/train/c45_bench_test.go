package train

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchLearner times one fit of l per iteration on each of the issue's
// speed tiers (benchCases: a noise-free sample of a random depth-8
// oracle), reporting CPU time, the tree's nodes and rows per second.
func benchLearner(b *testing.B, l Learner) {
	for _, bc := range benchCases {
		b.Run(fmt.Sprintf("m=%d/n=%d", bc.features, bc.rows), func(b *testing.B) {
			d := oracleData(b, 1, repeat(2, bc.features), 2, bc.depth, bc.rows)
			rows := d.All()
			rng := rand.New(rand.NewPCG(1, 2))
			var nodes int
			cpu := cpuTime()
			for b.Loop() {
				m, err := l.Fit(d, rows, rng)
				if err != nil {
					b.Fatal(err)
				}
				nodes = m.(TreeModel).Tree().Len()
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric(float64(bc.rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkC45 times J48 -U (grown and collapsed, as the oracle study
// runs it; target about 300 µs at 10 features × 3000 rows and under 30 ms
// at 20 × 100,000) and J48 with its default pruning.
func BenchmarkC45(b *testing.B) {
	b.Run("unpruned", func(b *testing.B) { benchLearner(b, C45{Options: unprunedC45()}) })
	b.Run("pruned", func(b *testing.B) { benchLearner(b, C45{Options: DefaultC45Options()}) })
}
