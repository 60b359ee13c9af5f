package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/friedman"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report/chart"
)

// acrossRanks is the comparison of the learners across the (dataset,
// scenario) groups, computed once for what shows it: report.md's "Across
// datasets" section (writeAcrossDatasets), its CD diagram (acrossPlots)
// and report/ranks.parquet (RankRows).
type acrossRanks struct {
	learners []string    // ranked: those that ran on every group, in config order
	left     []string    // not ranked: they did not run on every group
	scores   [][]float64 // per group, each ranked learner's mean accuracy with the whole top subset
	avg      []float64   // average ranks, in learners' order
	n, k     int         // groups, ranked learners
	test     friedman.Test
	order    []int // learners by ascending average rank, ties in config order
	best     int   // the control: order[0]
	q, cd    float64
	control  []friedman.Comparison
	cliques  [][]int // the learners Nemenyi's CD cannot separate (friedman.Cliques)
}

// newAcrossRanks ranks the learners of v over its groups by mean accuracy
// with the whole top subset (1 = the most accurate, ties averaged) and
// runs the tests at acrossAlpha; false when there are fewer than two
// groups or two learners that ran on every group, or the Friedman test
// is undefined.
func newAcrossRanks(v *benchView) (*acrossRanks, bool) {
	a := &acrossRanks{}
	for _, l := range v.learners {
		if slices.ContainsFunc(v.groups, func(g schemas.BenchmarkCell) bool { return v.at(l, g, Accuracy).N == 0 }) {
			a.left = append(a.left, l)
			continue
		}
		a.learners = append(a.learners, l)
	}
	a.n, a.k = len(v.groups), len(a.learners)
	if a.n < 2 || a.k < 2 {
		return nil, false
	}
	a.scores = make([][]float64, a.n)
	for i, g := range v.groups {
		a.scores[i] = make([]float64, a.k)
		for j, l := range a.learners {
			a.scores[i][j] = v.at(l, g, Accuracy).Mean
		}
	}
	a.avg = friedman.AverageRanks(friedman.Ranks(a.scores, true))
	test, err := friedman.Friedman(a.avg, a.n)
	if err != nil {
		return nil, false
	}
	a.test = test
	a.order = friedman.Ascending(a.avg)
	a.best = a.order[0]
	a.q, a.cd = friedman.NemenyiQ(acrossAlpha, a.k), friedman.NemenyiCD(acrossAlpha, a.k, a.n)
	a.control = friedman.Control(a.avg, a.n, a.best, acrossAlpha)
	a.cliques = friedman.Cliques(a.avg, a.cd)
	return a, true
}

// rejects reports whether the Friedman test (Iman and Davenport's F)
// rejects equal ranks at acrossAlpha, which the post-hoc tests need.
func (a *acrossRanks) rejects() bool { return a.test.PF <= acrossAlpha }

// versus returns learner j's comparison with the control; false for the
// control itself.
func (a *acrossRanks) versus(j int) (friedman.Comparison, bool) {
	i := slices.IndexFunc(a.control, func(c friedman.Comparison) bool { return c.Learner == j })
	if i < 0 {
		return friedman.Comparison{}, false
	}
	return a.control[i], true
}

// differs reports whether learner j's Holm test against the control
// counts as a difference: it rejects, and so does the Friedman test.
func (a *acrossRanks) differs(c friedman.Comparison) bool { return c.Rejected && a.rejects() }

// cliqueWords names the learners each bar of the CD diagram joins, in
// the diagram's order: "{c45, cart}; {cart, id3}", or says that none is
// joined.
func (a *acrossRanks) cliqueWords() string {
	if len(a.cliques) == 0 {
		return "none: every pair's average ranks differ by at least the critical difference"
	}
	var out []string
	for _, cl := range a.cliques {
		names := make([]string, len(cl))
		for i, j := range cl {
			names[i] = escape(a.learners[j])
		}
		out = append(out, "{"+strings.Join(names, ", ")+"}")
	}
	return strings.Join(out, "; ")
}

// cdPlotName is the CD diagram's file name in report/plots, without the
// extension.
const cdPlotName = "cd-accuracy"

// acrossPlots returns the CD diagram of the comparison across datasets,
// none when report.md has no "Across datasets" section.
func acrossPlots(meta Meta, v *benchView) []Plot {
	a, ok := newAcrossRanks(v)
	if !ok {
		return nil
	}
	verdict := "the Friedman test rejects equal ranks"
	if !a.rejects() {
		verdict = "the Friedman test does not reject equal ranks, so no pair counts as separated"
	}
	caption := fmt.Sprintf("Run %s, seed %d%s. Average ranks (1 = the most accurate, best on the left) of %d learners over %d groups (dataset, scenario), "+
		"each ranking the learners by mean accuracy with the whole top subset. Nemenyi's test at α = %g (q_α = %s): a bar joins learners "+
		"whose average ranks differ by less than CD, which the test cannot separate. Iman–Davenport %s: %s.",
		meta.Name, meta.Seed, partialCaption(meta), a.k, a.n, acrossAlpha, format(a.q), pValue(a.test.PF), verdict)
	d := &chart.CDDiagram{Title: "Critical difference diagram of accuracy across datasets", Caption: caption,
		Learners: a.learners, Ranks: a.avg, CD: a.cd}
	return []Plot{{Name: cdPlotName, CD: d}}
}

// RankRows returns the rows of report/ranks.parquet: one per ranked
// learner, best first, with the numbers of report.md's "Across datasets"
// section; none when the report has no such section.
func RankRows(v *benchView) []schemas.RankRow {
	a, ok := newAcrossRanks(v)
	if !ok {
		return nil
	}
	out := make([]schemas.RankRow, 0, a.k)
	for _, j := range a.order {
		r := schemas.RankRow{Measure: string(Accuracy), Learner: a.learners[j], AverageRank: a.avg[j], Groups: int64(a.n), Learners: int64(a.k),
			Alpha: acrossAlpha, QAlpha: a.q, NemenyiCD: a.cd, FriedmanChi2: a.test.ChiSquare, FriedmanP: a.test.PChiSquare,
			ImanDavenportF: a.test.F, ImanDavenportP: a.test.PF, Control: a.learners[a.best]}
		if c, ok := a.versus(j); ok {
			differs := a.differs(c)
			r.Z, r.P, r.HolmP, r.DiffersFromControl = &c.Z, &c.P, &c.HolmP, &differs
		}
		out = append(out, r)
	}
	return out
}
