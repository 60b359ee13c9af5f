package report_test

import (
	"fmt"
	"os"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report"
)

// row is an oracle-study evaluation row of one cell.
func row(learner string, features, depth int32, mode string, size, rep int32, m schemas.Measures) schemas.OracleEvaluation {
	return schemas.OracleEvaluation{Learner: learner, Rep: rep, Measures: m,
		OracleCell: schemas.OracleCell{Features: features, Depth: depth, Mode: mode, Size: size}}
}

func ExampleSummarizeOracle() {
	doe := func(x float64) *float64 { return &x }
	rows := []schemas.OracleEvaluation{
		row("id3", 10, 3, "complete", 100, 0, schemas.Measures{DOE: doe(0.5)}),
		row("id3", 10, 3, "complete", 100, 1, schemas.Measures{DOE: doe(0.75)}),
		row("id3", 10, 3, "complete", 100, 2, schemas.Measures{DOE: doe(1)}),
		row("majority", 10, 3, "complete", 100, 0, schemas.Measures{}), // no tree: DOE null
	}
	for _, s := range report.SummarizeOracle(rows) {
		doe := s.Stat(report.DOE)
		fmt.Printf("%s size %d: rows %d, DOE n=%d mean=%.3f sd=%.3f ci=[%.3f, %.3f]\n",
			s.Learner, s.Cell.Size, s.Count, doe.N, doe.Mean, doe.SD, doe.CILow, doe.CIHigh)
	}
	// Output:
	// id3 size 100: rows 3, DOE n=3 mean=0.750 sd=0.250 ci=[0.129, 1.371]
	// majority size 100: rows 1, DOE n=0 mean=NaN sd=NaN ci=[NaN, NaN]
}

func ExampleTQuantile() {
	for _, df := range []int{1, 2, 9, 30, 100} {
		fmt.Printf("t(0.975, %d) = %.4f\n", df, report.TQuantile(0.975, df))
	}
	// Output:
	// t(0.975, 1) = 12.7062
	// t(0.975, 2) = 4.3027
	// t(0.975, 9) = 2.2622
	// t(0.975, 30) = 2.0423
	// t(0.975, 100) = 1.9840
}

func ExampleDOETable() {
	val := func(x float64) *float64 { return &x }
	var rows []schemas.OracleEvaluation
	for _, size := range []int32{300, 100} {
		for rep, x := range []float64{0.6, 0.7, 0.8} {
			d := x + float64(size)/1000
			rows = append(rows,
				row("id3", 10, 5, "complete", size, int32(rep), schemas.Measures{DOE: val(d)}),
				row("random", 10, 5, "complete", size, int32(rep), schemas.Measures{Accuracy: val(0.5)}))
		}
	}
	table := report.DOETable(report.SummarizeOracle(rows), report.Panel{Features: 10, Mode: "complete", Depth: 5})
	if err := table.Markdown(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// | size | id3 |
	// | ---: | ---: |
	// | 100 | 0.800 ± 0.248 |
	// | 300 | 1.000 ± 0.248 |
}
