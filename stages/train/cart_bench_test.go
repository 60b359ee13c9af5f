package train

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkCART times one CART fit on a noise-free sample of a random
// depth-8 oracle (the tiers of benchCases), unpruned as the oracle study
// runs it and pruned with SimpleCart's defaults (cost-complexity pruning,
// 5-fold internal cross-validation: six trees grown per fit).
func BenchmarkCART(b *testing.B) {
	modes := []struct {
		name string
		l    CART
	}{
		{"unpruned", CART{Options: CARTOptions{MinLeaf: 2, Pruning: CARTPruneNone, Folds: 5, Heuristic: true}}},
		{"ccp", CART{Options: DefaultCARTOptions()}},
	}
	for _, mode := range modes {
		for _, bc := range benchCases {
			b.Run(fmt.Sprintf("%s/m=%d/n=%d", mode.name, bc.features, bc.rows), func(b *testing.B) {
				d := oracleData(b, 1, repeat(2, bc.features), 2, bc.depth, bc.rows)
				rows := d.All()
				rng := rand.New(rand.NewPCG(1, 2))
				var nodes int
				cpu := cpuTime()
				for b.Loop() {
					m, err := mode.l.Fit(d, rows, rng)
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
}
