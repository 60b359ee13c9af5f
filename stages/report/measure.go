package report

import "github.com/dtbench/dtbench/schemas"

// Measure names a summarised measure: a column of schemas.Measures, whose
// declaration is the one list of measures (schemas.MeasureColumns); the
// summary has a Stat for each, in that order.
type Measure string

// The measures report.md renders by name. Every other measure is in the
// summary table too.
const (
	DOE        Measure = "doe"
	Agreement  Measure = "agreement"
	Accuracy   Measure = "accuracy"
	GammaX     Measure = "gamma_x"
	GammaV     Measure = "gamma_v"
	GammaI     Measure = "gamma_i"
	TreeLeaves Measure = "tree_leaves"
	AvgCost    Measure = "avg_cost"
	TestCost   Measure = "avg_test_cost"
	ErrorCost  Measure = "avg_error_cost"
)

// measureIndex maps a measure's name to its index in MeasureColumns.
var measureIndex = func() map[Measure]int {
	m := map[Measure]int{}
	for i, c := range schemas.MeasureColumns {
		m[Measure(c.Name)] = i
	}
	return m
}()

// Measures returns every measure, in the order of schemas.Measures.
func Measures() []Measure {
	out := make([]Measure, len(schemas.MeasureColumns))
	for i, c := range schemas.MeasureColumns {
		out[i] = Measure(c.Name)
	}
	return out
}

// index returns m's index; it panics on a name that is not a column of
// schemas.Measures, which is a programmer bug.
func (m Measure) index() int {
	i, ok := measureIndex[m]
	if !ok {
		panic("report: no measure " + string(m) + " in schemas.Measures")
	}
	return i
}
