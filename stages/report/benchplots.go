package report

import (
	"fmt"
	"strings"

	"github.com/dtbench/dtbench/stages/report/chart"
)

// BenchmarkPlots returns the benchmark study's figures, with the whole top
// subset: "gamma", γ^X, γ^V and Γ of every learner per dataset (and
// scenario), with 95% confidence intervals over the repetitions; and
// "gamma-entropy", each γ against the dataset's normalized class entropy;
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
		names[i] = groupName(g)
	}
	perDataset := &chart.Figure{
		Title: "γ^X, γ^V and Γ of accuracy per dataset", Caption: caption,
		XLabel: "dataset", YLabel: "mean γ (−1 to 1)", YBounds: []float64{-1, 1}, Refs: []float64{0},
		Cols: 1, Width: max(6.5, 0.25*float64(len(v.groups)*len(v.learners))), Legend: v.learners,
	}
	var at []string
	for _, g := range v.groups {
		at = append(at, fmt.Sprintf("%s %.3f", groupName(g), v.entropy[g]))
	}
	entropy := &chart.Figure{
		Title: "γ^X, γ^V and Γ against the class entropy", Caption: caption + " Entropies: " + strings.Join(at, ", ") + ".",
		XLabel: "normalized Shannon entropy of the class (0–1)", YLabel: "mean γ (−1 to 1)", YBounds: []float64{-1, 1}, Refs: []float64{0},
		Legend: v.learners,
	}
	dodge := 0.8 / float64(max(len(v.learners), 1))
	for _, gm := range gammas {
		pd := chart.Panel{Title: gm.label + " (against " + gm.vs + ")", Categories: names, Dodge: dodge}
		pe := chart.Panel{Title: gm.label + " against the class entropy"}
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
