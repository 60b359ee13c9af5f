package report

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// costLearner gives a learner's average cost, test cost and accuracy on a
// split at misclassification cost k.
type costLearner func(k float64, split int) (cost, tests, acc float64)

// costRows evaluates learners on dataset "hep" at every k of ks over
// splits splits.
func costRows(ks []float64, splits int, learners map[string]costLearner, order ...string) []schemas.CostEvaluation {
	var rows []schemas.CostEvaluation
	for _, k := range ks {
		for s := range splits {
			for _, l := range order {
				c, t, a := learners[l](k, s)
				rows = append(rows, schemas.CostEvaluation{Learner: l, Rep: int32(s), CostCell: schemas.CostCell{Dataset: "hep", Misclassification: k},
					Measures: schemas.Measures{AvgCost: f64(c), AvgTestCost: f64(t), AvgErrorCost: f64(c - t), Accuracy: f64(a)}})
			}
		}
	}
	return rows
}

func TestCostVerdict(t *testing.T) {
	ks := []float64{10, 100, 1000}
	base := []float64{3.4, 4.1, 3.9, 3.6, 4.0}
	idx := func(k float64, s int) (float64, float64, float64) { return base[s] * k / 10, 1.1, 0.8 }
	// csid3 is idx but 0.02 cheaper on split 2 alone: mean −0.004, and
	// one non-zero difference among five gives t = −1 (4 df).
	csid3 := func(k float64, s int) (float64, float64, float64) {
		c, tc, a := idx(k, s)
		if s == 2 {
			c -= 0.02
		}
		return c, tc, a
	}
	// ICET as in hepatitis: test spending rises with k on every split, its
	// error rate falls from the first k to the last (0.219 → 0.198 on
	// average) but zigzags: ρ −0.5, 0.5, −0.5, 0.5, −1 over the splits.
	zigzag := [][]float64{{0.223, 0.19, 0.198}, {0.20, 0.25, 0.21}, {0.23, 0.18, 0.2}, {0.21, 0.20, 0.24}, {0.232, 0.19, 0.14}}
	icetZigzag := func(k float64, s int) (float64, float64, float64) {
		i := map[float64]int{10: 0, 100: 1, 1000: 2}[k]
		return 50 + k, 1 + float64(i) + 0.1*float64(s), 1 - zigzag[s][i]
	}
	// ICET as Turney found it: more tests and fewer errors at every step.
	icetTurney := func(k float64, s int) (float64, float64, float64) {
		i := map[float64]int{10: 0, 100: 1, 1000: 2}[k]
		return 50 + k, 1 + float64(i) + 0.1*float64(s), 0.7 + 0.05*float64(i) + 0.01*float64(s)
	}
	// eg2 is idx less d[s] on split s: mean 0.034, SD 0.020736. Student's
	// t is 0.034/(0.020736/√5) = 3.666 (p 0.021, clearly cheapest); the
	// splits of one dataset share rows, and the corrected resampled t at
	// the ratio 0.5 of a 2/3 training split is 0.034/(√(1/5 + 0.5)·0.020736)
	// = 1.960 (p 0.122): not clearly cheapest.
	d := []float64{0.02, 0.06, 0.01, 0.05, 0.03}
	eg2 := func(k float64, s int) (float64, float64, float64) {
		c, tc, a := idx(k, s)
		return c - d[s], tc, a
	}
	sd := 0.0
	for _, x := range d {
		sd += (x - 0.034) * (x - 0.034)
	}
	sd = math.Sqrt(sd / 4)
	tests := []struct {
		name      string
		learners  map[string]costLearner
		order     []string
		ratio     float64 // Meta.SplitRatio
		has, hasn []string
	}{
		{
			// The false claim "cheapest learner: csid3" by 0.004.
			name: "cheapest by a hair", learners: map[string]costLearner{"idx": idx, "csid3": csid3}, order: []string{"idx", "csid3"}, ratio: 0.5,
			has: []string{"- k = 10: no learner is clearly cheapest: **csid3** has the lowest mean cost, 3.796, 0.004 below idx, the runner-up (corrected resampled t over 5 splits",
				fmt.Sprintf("%s: not significant).", pValue(t4p(math.Sqrt(0.2/0.7)))), "the variance scaled by 1/n + 0.500"},
			hasn: []string{"**csid3** is clearly cheapest"},
		},
		{
			// Student's t over the splits would call eg2 clearly cheapest.
			name: "cheapest by Student's t only", learners: map[string]costLearner{"idx": idx, "eg2": eg2}, order: []string{"idx", "eg2"}, ratio: 0.5,
			has: []string{"- k = 10: no learner is clearly cheapest: **eg2** has the lowest mean cost, 3.766, 0.034 below idx, the runner-up (corrected resampled t over 5 splits",
				fmt.Sprintf("%s: not significant).", pValue(t4p(0.034/(math.Sqrt(0.7)*sd))))},
			hasn: []string{"**eg2** is clearly cheapest"},
		},
		{
			name: "cheapest at ratio 0 (Student's t)", learners: map[string]costLearner{"idx": idx, "eg2": eg2}, order: []string{"idx", "eg2"},
			has: []string{"- k = 10: **eg2** is clearly cheapest: mean cost 3.766, 0.034 below idx, the runner-up", fmt.Sprintf("%s: significant)", pValue(t4p(0.034/(sd/math.Sqrt(5)))))},
		},
		{
			// The false claim "ICET alone spends more on tests and errs
			// less" from the end values of a zigzag.
			name: "non-monotone error rate", learners: map[string]costLearner{"idx": idx, "icet": icetZigzag}, order: []string{"idx", "icet"}, ratio: 0.5,
			has: []string{"- icet: test cost rises with k (mean Spearman ρ 1.000 over 5 splits", "error rate shows no clear trend (mean Spearman ρ -0.200 over 5 splits",
				"- idx: test cost does not change with k on any of the 5 splits",
				"No learner clearly both spends more on tests and errs less as errors grow dearer."},
			hasn: []string{"ICET alone"},
		},
		{
			name: "Turney's finding", learners: map[string]costLearner{"idx": idx, "icet": icetTurney}, order: []string{"idx", "icet"}, ratio: 0.5,
			has: []string{"error rate falls with k (mean Spearman ρ -1.000 over 5 splits",
				"As Turney reports, ICET alone clearly spends more on tests and errs less as errors grow dearer."},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			evals := costRows(ks, 5, tc.learners, tc.order...)
			summary := Summarize(evals, func(e *schemas.CostEvaluation) (string, schemas.CostCell) { return e.Learner, e.CostCell },
				func(e *schemas.CostEvaluation) *schemas.Measures { return &e.Measures },
				func(e *schemas.CostEvaluation) *schemas.Outcome { return &e.Outcome })
			var b strings.Builder
			if err := CostMarkdown(&b, Meta{Name: "t", Learners: tc.order, SplitRatio: tc.ratio}, summary, evals); err != nil {
				t.Fatal(err)
			}
			md := b.String()
			if !strings.Contains(md, "## Verdict") || strings.Index(md, "## Verdict") > strings.Index(md, "## Tables") {
				t.Errorf("report.md has no verdict section before its tables:\n%s", md)
			}
			for _, s := range tc.has {
				if !strings.Contains(md, s) {
					t.Errorf("report.md:\n%s\nwant %q", md, s)
				}
			}
			for _, s := range tc.hasn {
				if strings.Contains(md, s) {
					t.Errorf("report.md:\n%s\nhas %q", md, s)
				}
			}
		})
	}
}
