package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/schemas"
)

// costReps indexes the cost study's evaluations by (learner, cell) and
// split, for the measures its verdict tests.
type costReps struct {
	cost, tests, accuracy repIndex[schemas.CostCell]
}

func newCostReps(evals []schemas.CostEvaluation) costReps {
	key := func(e *schemas.CostEvaluation) (string, schemas.CostCell, int32) { return e.Learner, e.CostCell, e.Rep }
	ms := func(e *schemas.CostEvaluation) *schemas.Measures { return &e.Measures }
	return costReps{cost: indexReps(evals, key, ms, AvgCost), tests: indexReps(evals, key, ms, TestCost), accuracy: indexReps(evals, key, ms, Accuracy)}
}

// splitsTest names the cost study's test for n pairs.
func splitsTest(n int) string { return fmt.Sprintf("corrected resampled t over %d splits", n) }

// turneysLearner is the learner Turney found to trade tests for errors.
const turneysLearner = "icet"

// writeCostVerdicts writes the cost study's verdict, per dataset: at each
// misclassification cost k, whether a learner is clearly cheapest — its
// mean average cost below every other learner's by the corrected
// resampled t-test over the splits at ratio, the splits' test rows to
// their training rows (every learner and every k sees the same splits),
// Holm-adjusted over the rivals (Lead); and, per learner, whether its
// test cost rises and its error rate falls as k rises, each judged by the
// mean Spearman ρ over the splits and its corrected interval (Trend),
// never by the two end values. k = 0 (the matrix of the costs section) is
// no point on the k axis and is left out of the trends.
func writeCostVerdicts(b *strings.Builder, learners, datasets []string, ks map[string][]float64, at func(string, schemas.CostCell, Measure) Stat, reps costReps, ratio float64) {
	b.WriteString("\n## Verdict\n\n")
	fmt.Fprintf(b, "A learner is clearly cheapest at a k when the corrected resampled t-test over the splits (the same splits for every "+
		"learner and every k; Nadeau and Bengio 2003, the variance scaled by 1/n + %s, the ratio of a split's test rows to its training rows, "+
		"because the splits of one dataset share rows) puts its average cost below every other learner's at the 5%% level, Holm-adjusted over them.\n", format(ratio))
	for _, d := range datasets {
		fmt.Fprintf(b, "\n### %s\n\nCheapest learner at each k:\n\n", escape(d))
		for _, k := range ks[d] {
			c := schemas.CostCell{Dataset: d, Misclassification: k}
			stat := func(l string) Stat { return at(l, c, AvgCost) }
			lead, ok := newLead(learners, stat, false, func(a, b string) (Pairing, bool) {
				return pairReps(reps.cost[groupKey[schemas.CostCell]{a, c}], reps.cost[groupKey[schemas.CostCell]{b, c}], ratio), true
			})
			if !ok {
				fmt.Fprintf(b, "- k = %s: no learner has a cost.\n", kName(k))
				continue
			}
			switch {
			case len(lead.Rivals) == 0 && len(lead.Untested) == 0:
				fmt.Fprintf(b, "- k = %s: **%s** costs %s (the only learner)", kName(k), escape(lead.Leader), format(stat(lead.Leader).Mean))
			case lead.Clear:
				fmt.Fprintf(b, "- k = %s: **%s** is clearly cheapest: mean cost %s", kName(k), escape(lead.Leader), format(stat(lead.Leader).Mean))
			default:
				fmt.Fprintf(b, "- k = %s: no learner is clearly cheapest: **%s** has the lowest mean cost, %s", kName(k), escape(lead.Leader), format(stat(lead.Leader).Mean))
			}
			writeLead(b, lead, "learner", splitsTest, false)
			b.WriteString(".\n")
		}
		writeCostTrends(b, learners, d, ks[d], reps, ratio)
	}
}

// writeCostTrends writes, for one dataset, each learner's trends of test
// cost and error rate in k (Trend, its interval corrected at ratio), and
// which learners do what Turney found only ICET does: spend more on tests
// and err less as k rises.
func writeCostTrends(b *strings.Builder, learners []string, dataset string, all []float64, reps costReps, ratio float64) {
	var ks []float64
	for _, k := range all {
		if k != 0 {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	if len(ks) < 2 {
		return
	}
	fmt.Fprintf(b, "\nAs k rises from %s to %s: per split, Spearman's ρ between k and the learner's test cost (and its error rate), "+
		"then the mean ρ over the splits with its 95%% corrected resampled t interval (as above, cut at ±1, the range of ρ); a trend is clear when the interval excludes 0 "+
		"(Turney found that only ICET raises its test spending and lowers its error rate as k rises):\n\n", kName(ks[0]), kName(ks[len(ks)-1]))
	var both []string
	for _, l := range learners {
		tests, errs := map[int32]map[float64]float64{}, map[int32]map[float64]float64{}
		for _, k := range ks {
			g := groupKey[schemas.CostCell]{l, schemas.CostCell{Dataset: dataset, Misclassification: k}}
			for s, v := range reps.tests[g] {
				put(tests, s, k, v)
			}
			for s, v := range reps.accuracy[g] {
				put(errs, s, k, 1-v)
			}
		}
		if len(tests) == 0 {
			continue
		}
		tt, te := newTrend(tests, ks, ratio), newTrend(errs, ks, ratio)
		if tt.direction() > 0 && te.direction() < 0 {
			both = append(both, l)
		}
		fmt.Fprintf(b, "- %s: test cost %s; error rate %s.\n", escape(l), tt.describe(), te.describe())
	}
	switch {
	case len(both) == 1 && both[0] == turneysLearner:
		b.WriteString("\nAs Turney reports, ICET alone clearly spends more on tests and errs less as errors grow dearer.\n")
	case len(both) == 0:
		b.WriteString("\nNo learner clearly both spends more on tests and errs less as errors grow dearer.\n")
	default:
		fmt.Fprintf(b, "\nLearners that clearly spend more on tests and err less as errors grow dearer: %s.\n", strings.Join(escapeAll(both), ", "))
	}
}

// put sets m[s][k] = v.
func put(m map[int32]map[float64]float64, s int32, k, v float64) {
	if m[s] == nil {
		m[s] = map[float64]float64{}
	}
	m[s][k] = v
}
