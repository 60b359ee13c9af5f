package report

import (
	"math"

	"github.com/dtbench/dtbench/schemas"
)

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

// Range returns the least and the greatest value measure m can take, ±Inf
// where nothing bounds it: the one place the report knows it. The plots
// cut confidence intervals there, since a t-interval of the mean reaches
// past a bound the mean itself cannot cross (a cost band below $0).
//
// Shares (DOE, agreement, accuracy, the benchmark classifiers' μ, MAE)
// are 0–1 and the γ measures −1 to 1. A test never costs less than 0
// (package costs), so neither does the test cost; an error's matrix entry
// is never below 0 either, but a right guess's may be, a benefit. credit
// says whether the cost matrices behind the values may hold one: without,
// the average and the error cost are ≥ 0 too, with, they are unbounded.
func (m Measure) Range(credit bool) (lo, hi float64) {
	switch m {
	case DOE, Agreement, Accuracy, "mae", "acc_x", "acc_v", "acc_i":
		return 0, 1
	case GammaX, GammaV, GammaI:
		return -1, 1
	case TestCost, "tree_depth", TreeLeaves, "tree_nodes", "correct", "total":
		return 0, math.Inf(1)
	case AvgCost, ErrorCost:
		if !credit {
			return 0, math.Inf(1)
		}
	}
	return math.Inf(-1), math.Inf(1)
}

// bounds is Range as chart.Figure.YBounds.
func (m Measure) bounds(credit bool) []float64 { return yBounds(m.Range(credit)) }

// yBounds is a range as chart.Figure.YBounds: nil when nothing bounds it.
func yBounds(lo, hi float64) []float64 {
	if math.IsInf(lo, -1) && math.IsInf(hi, 1) {
		return nil
	}
	return []float64{lo, hi}
}

// floored reports whether m is a measure that is never negative and
// unbounded above (a cost): the one whose interval a caption says is cut
// at 0, as the plots cut it.
func (m Measure) floored(credit bool) bool {
	lo, hi := m.Range(credit)
	return lo == 0 && math.IsInf(hi, 1)
}
