package train

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomForest times Weka 3.8's default RandomForest (100
// RandomTrees, K = ⌊log2 m⌋ + 1, bootstrap samples of the training set's
// size) on the oracle paper's cell, 10 binary features × 3000 rows of a
// depth-8 oracle; target under 30 ms per fit (Weka 660 ms, scikit-learn
// 263 ms on the same data).
func BenchmarkRandomForest(b *testing.B) {
	bc := benchCases[0]
	d := oracleData(b, 1, repeat(2, bc.features), 2, bc.depth, bc.rows)
	rows := d.All()
	rng := rand.New(rand.NewPCG(1, 2))
	l := RandomForest{Options: DefaultRandomForestOptions()}
	var nodes int
	cpu := cpuTime()
	for b.Loop() {
		m, err := l.Fit(d, rows, rng)
		if err != nil {
			b.Fatal(err)
		}
		nodes = 0
		for _, t := range m.(*ForestModel).Trees() {
			nodes += t.Len()
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(bc.rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
