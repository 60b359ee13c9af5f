package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// writeBenchVerdicts writes the benchmark study's verdict: per dataset and
// scenario, with the whole top subset, the learner with the best mean
// accuracy (which also has the best γ^X, γ^V and Γ there, the benchmarks'
// accuracies being the sample's), its lead over the next, and the
// learners that do no better than the majority classifier V (γ^V ≤ 0) or
// the intuitive classifier I (Γ ≤ 0). The benchmark classifiers of versus
// are not listed against themselves.
func writeBenchVerdicts(b *strings.Builder, v *benchView, versus []string) {
	if len(v.groups) == 0 {
		return
	}
	b.WriteString("\n## Verdict\n\n")
	fmt.Fprintf(b, "With the whole top subset (%s); γ > 0 means more accurate than the benchmark classifier.\n\n", escape(v.full))
	for _, g := range v.groups {
		best, next := "", ""
		for _, l := range v.learners {
			m := v.at(l, g, Accuracy).Mean
			if math.IsNaN(m) {
				continue
			}
			switch {
			case best == "" || m > v.at(best, g, Accuracy).Mean:
				best, next = l, best
			case next == "" || m > v.at(next, g, Accuracy).Mean:
				next = l
			}
		}
		if best == "" {
			fmt.Fprintf(b, "- %s: no accuracy.\n", groupName(g))
			continue
		}
		bs := v.at(best, g, Accuracy)
		fmt.Fprintf(b, "- %s: **%s** has the best mean accuracy, %s (γ^X %s, γ^V %s, Γ %s)", groupName(g), escape(best), format(bs.Mean),
			num(v.at(best, g, GammaX)), num(v.at(best, g, GammaV)), num(v.at(best, g, GammaI)))
		if next != "" {
			ns := v.at(next, g, Accuracy)
			if format(bs.Mean) == format(ns.Mean) {
				fmt.Fprintf(b, ", level with %s to 3 decimals", escape(next))
			} else {
				apart := "overlap"
				if bs.CILow > ns.CIHigh {
					apart = "do not overlap"
				} else if math.IsNaN(bs.CILow) || math.IsNaN(ns.CIHigh) {
					apart = "are undefined"
				}
				fmt.Fprintf(b, ", %s above %s (the 95%% intervals %s)", format(bs.Mean-ns.Mean), escape(next), apart)
			}
		}
		b.WriteString(".")
		for _, t := range []struct {
			m    Measure
			what string
		}{{GammaV, "V (γ^V ≤ 0)"}, {GammaI, "I (Γ ≤ 0)"}} {
			var worse []string
			for _, l := range v.learners {
				s := v.at(l, g, t.m)
				if s.N > 0 && s.Mean <= 0 && !slices.Contains(versus, l) {
					worse = append(worse, escape(l))
				}
			}
			if len(worse) > 0 {
				fmt.Fprintf(b, " No better than %s: %s.", t.what, strings.Join(worse, ", "))
			}
		}
		b.WriteString("\n")
	}
}
