package train

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchCases are the speed tiers: the oracle paper's cell (10
// binary features, 3000 rows, depth-8 oracle; target under 200 µs per ID3
// fit) and a large one (20 binary features, 100,000 rows; under 30 ms).
var benchCases = []struct {
	features, rows, depth int
}{
	{10, 3000, 8},
	{20, 100_000, 8},
}

// BenchmarkID3 times one ID3 fit on a noise-free sample of a random
// depth-8 oracle, the data of the oracle study.
func BenchmarkID3(b *testing.B) {
	for _, bc := range benchCases {
		b.Run(fmt.Sprintf("m=%d/n=%d", bc.features, bc.rows), func(b *testing.B) {
			d := oracleData(b, 1, repeat(2, bc.features), 2, bc.depth, bc.rows)
			rows := d.All()
			rng := rand.New(rand.NewPCG(1, 2))
			var nodes int
			cpu := cpuTime()
			for b.Loop() {
				m, err := ID3{}.Fit(d, rows, rng)
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
