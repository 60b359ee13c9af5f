package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report/chart"
)

// BenchmarkPlots returns the benchmark study's figures, with the whole top
// subset: "gamma", γ^X, γ^V and Γ of every learner per dataset (and
// scenario), with 95% confidence intervals over the repetitions; and
// "gamma-entropy", each γ against the dataset's normalized class entropy,
// the learners dodged around each entropy and the axis ticked at the
// entropies, each labelled with the datasets (and scenarios) that have it;
// and with report.md's "Across datasets" section, its critical-difference
// diagram (acrossPlots).
func BenchmarkPlots(meta Meta, v *benchView) []Plot {
	if len(v.groups) == 0 {
		return nil
	}
	caption := fmt.Sprintf("Run %s, seed %d%s; the whole top subset of each dataset (%s). Each marker: a mean over the repetitions of a learner's\n"+
		"cross-validation; bar: the 95%% confidence interval of the mean. γ > 0: more accurate than the benchmark classifier\n"+
		"(X random, V majority, I intuitive).",
		meta.Name, meta.Seed, partialCaption(meta), v.describeTops())
	names := make([]string, len(v.groups))
	for i, g := range v.groups {
		names[i] = plotName(g)
	}
	perDataset := &chart.Figure{
		Title: "γ^X, γ^V and Γ of accuracy per dataset", Caption: caption,
		XLabel: "dataset", YLabel: "mean γ (−1 to 1)", YBounds: []float64{-1, 1}, Refs: []float64{0},
		Cols: 1, Width: max(6.5, 0.25*float64(len(v.groups)*len(v.learners))), Legend: v.learners,
	}
	var at []string
	var xs []float64
	for _, g := range v.groups {
		at = append(at, fmt.Sprintf("%s %.3f", plotName(g), v.entropy[g]))
		xs = append(xs, v.entropy[g])
	}
	ticks := entropyTicks(v)
	entropy := &chart.Figure{
		Title: "γ^X, γ^V and Γ against the class entropy", Caption: caption + " Entropies: " + strings.Join(at, ", ") + ".",
		XLabel: "normalized Shannon entropy of the class (0–1)", YLabel: "mean γ (−1 to 1)", YBounds: []float64{-1, 1}, Refs: []float64{0},
		Legend: v.learners,
	}
	dodge := 0.8 / float64(max(len(v.learners), 1))
	for _, gm := range gammas {
		pd := chart.Panel{Title: gm.label + " (against " + gm.vs + ")", Categories: names, Dodge: dodge}
		pe := chart.Panel{Title: gm.label + " against the class entropy", XTicks: ticks, Dodge: chart.DodgeFor(xs, len(v.learners), false)}
		for _, l := range v.learners {
			sd := chart.Series{Label: l, Points: true}
			se := chart.Series{Label: l, Points: true}
			for i, g := range v.groups {
				s := v.at(l, g, gm.m)
				sd.X, sd.Y, sd.Lo, sd.Hi = append(sd.X, float64(i)), append(sd.Y, s.Mean), append(sd.Lo, s.CILow), append(sd.Hi, s.CIHigh)
				se.X, se.Y, se.Lo, se.Hi = append(se.X, v.entropy[g]), append(se.Y, s.Mean), append(se.Lo, s.CILow), append(se.Hi, s.CIHigh)
			}
			pd.Series = append(pd.Series, sd)
			pe.Series = append(pe.Series, se)
		}
		perDataset.Panels = append(perDataset.Panels, pd)
		entropy.Panels = append(entropy.Panels, pe)
	}
	var out []Plot
	for _, p := range []Plot{{Name: "gamma", Figure: perDataset}, {Name: "gamma-entropy", Figure: entropy}} {
		if hasPoints(p.Figure) {
			out = append(out, p)
		}
	}
	return append(out, acrossPlots(meta, v)...)
}

// entropyTicks are the ticks of the entropy axis: one at each distinct
// class entropy of the groups, labelled with its value and, below, the
// groups that have it (scenarios of one dataset share theirs), in group
// order; ascending.
func entropyTicks(v *benchView) []chart.Tick {
	names := map[float64][]string{}
	var xs []float64
	for _, g := range v.groups {
		x := v.entropy[g]
		if math.IsNaN(x) {
			continue
		}
		if _, ok := names[x]; !ok {
			xs = append(xs, x)
		}
		names[x] = append(names[x], plotName(g))
	}
	slices.Sort(xs)
	ticks := make([]chart.Tick, len(xs))
	for i, x := range xs {
		ticks[i] = chart.Tick{Value: x, Label: fmt.Sprintf("%.3f\n%s", x, strings.Join(names[x], ", "))}
	}
	return ticks
}

// plotName names a (dataset, scenario) group in a figure: groupName
// without its Markdown escapes.
func plotName(g schemas.BenchmarkCell) string {
	if g.Scenario == "all" {
		return g.Dataset
	}
	return g.Dataset + " " + g.Scenario
}
