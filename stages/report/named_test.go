package report

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// TestNamedMeasures: report.measures adds a table per measure, cells ×
// learners in config order, each the summary's mean ± half-width; no
// section without named measures.
func TestNamedMeasures(t *testing.T) {
	k := func(x float64) *float64 { return &x }
	cell := schemas.CostCell{Dataset: "heart", Misclassification: 10}
	var evals []schemas.CostEvaluation
	for rep, v := range []float64{0.5, 0.7} {
		for _, l := range []string{"b", "a"} {
			e := schemas.CostEvaluation{Learner: l, CostCell: cell, Rep: int32(rep)}
			e.Kappa = k(v)
			if l == "a" {
				e.Kappa = k(v / 2)
			}
			evals = append(evals, e)
		}
	}
	summary := Summarize(evals, func(e *schemas.CostEvaluation) (string, schemas.CostCell) { return e.Learner, e.CostCell },
		func(e *schemas.CostEvaluation) *schemas.Measures { return &e.Measures }, func(e *schemas.CostEvaluation) *schemas.Outcome { return &e.Outcome })
	name := func(c schemas.CostCell) string { return c.Dataset }
	var none strings.Builder
	writeNamedMeasures(&none, Meta{Learners: []string{"a", "b"}}, summary, func(schemas.CostCell) bool { return true }, name)
	if none.Len() != 0 {
		t.Errorf("a section without named measures:\n%s", none.String())
	}
	var b strings.Builder
	writeNamedMeasures(&b, Meta{Learners: []string{"a", "b"}, Measures: []Measure{"kappa", "rmse"}}, summary, func(schemas.CostCell) bool { return true }, name)
	// a: 0.25, 0.35 → 0.300 ± t(0.975, 1)·0.0707/√2 = 12.706·0.05 = 0.635.
	for _, want := range []string{"## Measures", "### kappa\n\n| cell | a | b |", "| heart | 0.300 ± 0.635 | 0.600 ± 1.271 |", "### rmse", "| heart | – | – |"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}
