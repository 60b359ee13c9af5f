package train

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
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

// BenchmarkRandomForestNursery times the forest on the largest shared
// dataset, nursery (12,960 rows, 8 features of 2–5 values, 5 classes):
// fit on 90% of its rows (a fold of 10-fold CV) and score the other 10%,
// the work of one fold of bench/peers/cv.sh's RandomForest run. Large
// trees of multiway splits: the forest's leaf tables and its scoring
// weigh here as they do not on binary data.
func BenchmarkRandomForestNursery(b *testing.B) {
	d := readShared(b, "nursery", importer.MissingCategory)
	train, test := dataset.NewBitset(d.Len()), []int{}
	for r := range d.Len() {
		if r%10 == 0 {
			test = append(test, r)
		} else {
			train.Set(r)
		}
	}
	k, m := d.Classes(), d.NumFeatures()
	x := make([]uint8, 0, len(test)*m)
	for _, r := range test {
		x = append(x, d.Row(r, nil)...)
	}
	pred, dst := make([]int, len(test)), make([]float64, len(test)*k)
	rng := rand.New(rand.NewPCG(1, 2))
	l := RandomForest{Options: DefaultRandomForestOptions()}
	var nodes int
	cpu := cpuTime()
	for b.Loop() {
		fm, err := l.Fit(d, train, rng)
		if err != nil {
			b.Fatal(err)
		}
		f := fm.(*ForestModel)
		f.PredictDistributions(x, m, pred, dst)
		nodes = 0
		for _, t := range f.Trees() {
			nodes += t.Len()
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(nodes), "nodes")
}
