package report

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// benchEvaluations returns n evaluation rows shaped like the oracle paper's
// grid: 5 learners (one without a tree), 4 depths, 2 modes, 30 sizes, all
// measures set except the tree ones of the non-tree learner.
func benchEvaluations(n int) []schemas.OracleEvaluation {
	rng := rand.New(rand.NewPCG(7, 7))
	learners := []string{"id3", "c45", "cart", "randomtree", "naivebayes"}
	modes := []string{"complete", "unique"}
	rows := make([]schemas.OracleEvaluation, n)
	for i := range rows {
		task := i / len(learners)
		e := schemas.OracleEvaluation{
			Learner: learners[i%len(learners)],
			OracleCell: schemas.OracleCell{Features: 10, Depth: int32(5 + task%4), Mode: modes[task/4%2],
				Size: int32(100 * (1 + task/8%30))},
			Rep: int32(task / 240),
		}
		x := func() *float64 { v := rng.Float64(); return &v }
		e.Accuracy, e.AccX, e.AccV, e.AccI = x(), x(), x(), x()
		e.GammaX, e.GammaV, e.GammaI = x(), x(), x()
		if i%len(learners) != len(learners)-1 {
			e.DOE, e.Agreement = x(), x()
			d, l := int32(rng.IntN(10)), int32(rng.IntN(100))
			e.TreeDepth, e.TreeLeaves = &d, &l
		}
		rows[i] = e
	}
	return rows
}

func BenchmarkSummarize(b *testing.B) {
	for _, n := range []int{1000, 100000} {
		rows := benchEvaluations(n)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				SummarizeOracle(rows)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkOracleReport is the report stage's work on a grid the size of
// the oracle paper's (5 learners × 2 modes × 4 depths × 30 sizes × the
// repetitions): summary, verdict, the figures in both formats, report.md.
func BenchmarkOracleReport(b *testing.B) {
	rows := benchEvaluations(5 * 240 * 100)
	meta := Meta{Name: "bench", Seed: 1, Learners: []string{"id3", "c45", "cart", "randomtree", "naivebayes"}}
	b.ReportAllocs()
	for b.Loop() {
		summary := SummarizeOracle(rows)
		m := meta
		m.Plots = OraclePlots(m, summary)
		if _, err := RenderPlots(m.Plots); err != nil {
			b.Fatal(err)
		}
		var md strings.Builder
		if err := Markdown(&md, m, summary, rows); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
