package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/schemas"
)

// winsIndex holds the rows of results/wins by cell and ordered pair.
type winsIndex map[schemas.BenchmarkCell]map[[2]string]schemas.WinsRow

func newWinsIndex(wins []schemas.WinsRow) winsIndex {
	out := winsIndex{}
	for _, w := range wins {
		if out[w.BenchmarkCell] == nil {
			out[w.BenchmarkCell] = map[[2]string]schemas.WinsRow{}
		}
		out[w.BenchmarkCell][[2]string{w.LearnerA, w.LearnerB}] = w
	}
	return out
}

// test returns the corrected resampled t-test of a against b in cell,
// from their wins row, with the repetitions both ran (its wins, draws and
// losses); false when they share no fold there.
func (x winsIndex) test(cell schemas.BenchmarkCell, a, b string) (Pairing, bool) {
	w, ok := x[cell][[2]string{a, b}]
	if !ok || w.Folds == nil || *w.Folds == 0 {
		return Pairing{}, false
	}
	return Pairing{Test: winsTTest(w), Reps: w.Wins + w.Draws + w.Losses}, true
}

// foldsTest names the benchmark study's test for n fold differences.
func foldsTest(n int) string {
	return fmt.Sprintf("mean fold-accuracy difference, corrected resampled t over %d folds", n)
}

// writeBenchVerdicts writes the benchmark study's verdict: per dataset and
// scenario, with the whole top subset, the learner with the best mean
// accuracy (which also has the best γ^X, γ^V and Γ there, the benchmarks'
// accuracies being the sample's) and whether it is clearly best — ahead of
// every other learner by the corrected resampled t-test of results/wins
// (the folds' training sets overlap, so the plain paired t would be far
// too liberal), Holm-adjusted over the rivals (Lead); then, against each
// benchmark classifier that is a learner of the run (against, by its γ
// measure), which learners are significantly less or more accurate than
// it (writeAgainst).
// The benchmark classifiers are not compared with themselves.
func writeBenchVerdicts(b *strings.Builder, v *benchView, against map[Measure]string, wins []schemas.WinsRow) {
	if len(v.groups) == 0 {
		return
	}
	idx := newWinsIndex(wins)
	b.WriteString("\n## Verdict\n\n")
	fmt.Fprintf(b, "With the whole top subset of each dataset: %s. %s A learner is clearly best when the corrected resampled t-test "+
		"of its fold accuracies (Nadeau and Bengio; results/wins) puts it ahead of every other learner at the 5%% level, "+
		"Holm-adjusted over them.\n\n", v.describeTops(), gammaDefinition)
	var benchmarks []string
	for _, g := range gammas {
		if l := against[g.m]; l != "" {
			benchmarks = append(benchmarks, l)
		}
	}
	for _, g := range v.groups {
		cell := g
		cell.Subset = v.fulls[g.Dataset]
		stat := func(l string) Stat { return v.at(l, g, Accuracy) }
		lead, ok := newLead(v.learners, stat, true, func(a, b string) (Pairing, bool) { return idx.test(cell, a, b) })
		name := groupName(g)
		if r, ok := v.rank[g]; ok {
			name += " (" + r.describe(v.topOf(g.Dataset)) + ")"
		}
		if !ok {
			fmt.Fprintf(b, "- %s: no accuracy.\n", name)
			continue
		}
		bs := stat(lead.Leader)
		gam := fmt.Sprintf("(γ^X %s, γ^V %s, Γ %s)", num(v.at(lead.Leader, g, GammaX)), num(v.at(lead.Leader, g, GammaV)), num(v.at(lead.Leader, g, GammaI)))
		switch {
		case len(lead.Rivals) == 0 && len(lead.Untested) == 0:
			fmt.Fprintf(b, "- %s: **%s** has a mean accuracy of %s %s (the only learner)", name, escape(lead.Leader), format(bs.Mean), gam)
		case lead.Clear:
			fmt.Fprintf(b, "- %s: **%s** is clearly best: mean accuracy %s %s", name, escape(lead.Leader), format(bs.Mean), gam)
		default:
			fmt.Fprintf(b, "- %s: no learner is clearly best: **%s** has the best mean accuracy, %s %s", name, escape(lead.Leader), format(bs.Mean), gam)
		}
		writeLead(b, lead, "learner", foldsTest, true)
		b.WriteString(".")
		for _, gm := range gammas {
			if bench := against[gm.m]; bench != "" {
				writeAgainst(b, v, g, idx, gm.m, gm.label, gm.vs, bench, benchmarks)
			} else if gm.m != GammaX {
				writeNoTest(b, v, g, gm.m, gm.label, gm.vs, benchmarks)
			}
		}
		b.WriteString("\n")
	}
}

// writeAgainst sorts the learners of group g (the benchmark classifiers
// left out) by how they compare with the benchmark learner bench, whose γ
// measure is m: significantly less accurate, not significantly different,
// significantly more accurate, by the corrected resampled t-test of
// results/wins against it, Holm-adjusted over the learners compared, so
// that the three lists hold together at the 5% level.
func writeAgainst(b *strings.Builder, v *benchView, g schemas.BenchmarkCell, idx winsIndex, m Measure, label, vs, bench string, benchmarks []string) {
	cell := g
	cell.Subset = v.fulls[g.Dataset]
	var cs []Comparison
	var ps []float64
	var untested []string
	for _, l := range v.learners {
		if slices.Contains(benchmarks, l) || v.at(l, g, Accuracy).N == 0 {
			continue
		}
		pr, ok := idx.test(cell, l, bench)
		if !ok {
			untested = append(untested, escape(l))
			continue
		}
		cs = append(cs, Comparison{A: l, B: bench, Test: pr.Test, Reps: pr.Reps})
		ps = append(ps, pr.Test.P)
	}
	var less, same, more []string
	for i, p := range cv.Holm(ps) {
		c := &cs[i]
		c.Adjusted, c.Family = p, len(cs)
		q := "p"
		if c.Family > 1 {
			q = "adjusted p"
		}
		item := fmt.Sprintf("%s (%s %s; fold accuracy difference %s, %s %s)", escape(c.A), label, num(v.at(c.A, g, m)),
			signed(c.Test.Mean), q, strings.TrimPrefix(pValue(c.Adjusted), "p "))
		switch {
		case c.beats(true):
			more = append(more, item)
		case c.beats(false):
			less = append(less, item)
		default:
			same = append(same, item)
		}
	}
	if len(cs) > 0 {
		fmt.Fprintf(b, "\n  - Against %s, %s (%s; corrected resampled t, Holm over %d):", escape(bench), vs, label, len(cs))
		var parts []string
		for _, part := range []struct {
			what  string
			items []string
		}{{"less accurate", less}, {"no significant difference", same}, {"more accurate", more}} {
			if len(part.items) > 0 {
				parts = append(parts, part.what+": "+strings.Join(part.items, ", "))
			}
		}
		b.WriteString(" " + strings.Join(parts, "; ") + ".")
	}
	if len(untested) > 0 {
		fmt.Fprintf(b, "\n  - Not compared with %s (no fold in common): %s.", escape(bench), strings.Join(untested, ", "))
	}
}

// writeNoTest writes, when the benchmark classifier of γ measure m is not
// a learner of the run (so no test against it exists), the learners whose
// mean γ is at most 0, saying that no test stands behind it.
func writeNoTest(b *strings.Builder, v *benchView, g schemas.BenchmarkCell, m Measure, label, vs string, benchmarks []string) {
	var worse []string
	for _, l := range v.learners {
		s := v.at(l, g, m)
		if s.N > 0 && s.Mean <= 0 && !slices.Contains(benchmarks, l) {
			worse = append(worse, fmt.Sprintf("%s (%s)", escape(l), format(s.Mean)))
		}
	}
	if len(worse) > 0 {
		fmt.Fprintf(b, "\n  - Mean %s ≤ 0, untested (%s is not a learner of this run): %s.", label, vs, strings.Join(worse, ", "))
	}
}

// signed formats x with 3 decimals and its sign: "+0.011", "-0.004",
// "0.000".
func signed(x float64) string {
	s := format(x)
	if s != "0.000" && !math.Signbit(x) {
		s = "+" + s
	}
	return s
}
