package report_test

import (
	"fmt"
	"os"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report"
)

func ExampleSummarize() {
	doe := func(x float64) *float64 { return &x }
	rows := []schemas.Evaluation{
		{Learner: "id3", Features: 10, Depth: 3, Mode: "complete", Size: 100, Rep: 0, DOE: doe(0.5)},
		{Learner: "id3", Features: 10, Depth: 3, Mode: "complete", Size: 100, Rep: 1, DOE: doe(0.75)},
		{Learner: "id3", Features: 10, Depth: 3, Mode: "complete", Size: 100, Rep: 2, DOE: doe(1)},
		{Learner: "majority", Features: 10, Depth: 3, Mode: "complete", Size: 100, Rep: 0}, // no tree: DOE null
	}
	for _, s := range report.Summarize(rows) {
		fmt.Printf("%s size %d: rows %d, DOE n=%d mean=%.3f sd=%.3f ci=[%.3f, %.3f]\n",
			s.Learner, s.Size, s.Count, s.DOE.N, s.DOE.Mean, s.DOE.SD, s.DOE.CILow, s.DOE.CIHigh)
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
	var rows []schemas.Evaluation
	for _, size := range []int32{300, 100} {
		for rep, x := range []float64{0.6, 0.7, 0.8} {
			d := x + float64(size)/1000
			rows = append(rows,
				schemas.Evaluation{Learner: "id3", Features: 10, Depth: 5, Mode: "complete", Size: size, Rep: int32(rep), DOE: val(d)},
				schemas.Evaluation{Learner: "random", Features: 10, Depth: 5, Mode: "complete", Size: size, Rep: int32(rep), Accuracy: val(0.5)})
		}
	}
	table := report.DOETable(report.Summarize(rows), report.Panel{Features: 10, Mode: "complete", Depth: 5})
	if err := table.Markdown(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// | size | id3 |
	// | ---: | ---: |
	// | 100 | 0.800 ± 0.248 |
	// | 300 | 1.000 ± 0.248 |
}
