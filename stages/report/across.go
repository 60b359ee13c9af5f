package report

import (
	"fmt"
	"strings"

	"github.com/dtbench/dtbench/bayescomp"
	"github.com/dtbench/dtbench/friedman"
	"github.com/dtbench/dtbench/internal/parallel"
	"github.com/dtbench/dtbench/schemas"
)

// acrossAlpha is the level of the tests across datasets.
const acrossAlpha = 0.05

// smallGroups is the number of groups below which the section warns that
// the Friedman test's χ² and F approximations are rough.
const smallGroups = 10

// writeAcrossDatasets writes the comparison of the learners across the
// (dataset, scenario) groups as Demšar (2006) recommends (package
// friedman): each group's mean accuracy with the whole top subset ranked
// (1 = most accurate, ties averaged), the learners' average ranks, the
// Friedman test with Iman and Davenport's F, and when it rejects equal
// ranks, Nemenyi's critical difference for every pair and Holm's tests
// against the best-ranked learner. Only learners that ran on every group
// are ranked (the test needs a complete table); the others are named. It
// writes nothing with fewer than two groups or two such learners.
func writeAcrossDatasets(b *strings.Builder, v *benchView) {
	a, ok := newAcrossRanks(v)
	if !ok {
		return
	}
	learners, avg, order, best, n, k, test, cd := a.learners, a.avg, a.order, a.best, a.n, a.k, a.test, a.cd

	b.WriteString("\n## Across datasets\n\n")
	fmt.Fprintf(b, "Each of the %d groups (dataset, and scenario where there are scenarios) ranks the learners by their mean accuracy with the whole top subset "+
		"(1 = the most accurate, ties averaged); a learner's average rank is its mean over the groups (Demšar, JMLR 2006). ", n)
	if len(a.left) > 0 {
		fmt.Fprintf(b, "Not ranked, as they did not run on every group: %s. ", strings.Join(escapeAll(a.left), ", "))
	}
	if n < smallGroups {
		fmt.Fprintf(b, "With fewer than %d groups the χ² and F approximations are rough (Demšar advises exact tables for few datasets): read the p-values as approximate. ", smallGroups)
	}
	scenarios := sharedDatasets(v.groups)
	if scenarios != "" {
		fmt.Fprintf(b, "The tests take the groups as independent datasets, which the scenarios of one dataset are not (%s): read their p-values as optimistic. ", scenarios)
	}
	fmt.Fprintf(b, "The Friedman test: χ²_F = %s (%d df, %s); Iman and Davenport's F_F = %s (%d and %d df, %s).\n\n",
		format(test.ChiSquare), k-1, pValue(test.PChiSquare), format(test.F), k-1, (k-1)*(n-1), pValue(test.PF))
	if a.rejects() {
		var tied []string
		for _, j := range order {
			if avg[j] == avg[best] {
				tied = append(tied, "**"+escape(learners[j])+"**")
			}
		}
		lead := fmt.Sprintf("%s has the best average rank, %s", tied[0], format(avg[best]))
		if len(tied) > 1 {
			lead = fmt.Sprintf("%s share the best average rank, %s (the first, in config order, is the control below)", strings.Join(tied, " and "), format(avg[best]))
		}
		var ahead []string
		for _, c := range a.control {
			if c.Rejected {
				ahead = append(ahead, fmt.Sprintf("%s (Holm p = %s)", escape(learners[c.Learner]), pCell(c.HolmP)))
			}
		}
		holm := "Holm's tests against it separate none"
		if len(ahead) > 0 {
			holm = fmt.Sprintf("Holm's tests put %s ahead of %s", escape(learners[best]), strings.Join(ahead, ", "))
		}
		fmt.Fprintf(b, "- Verdict: the learners do not all rank alike (Iman–Davenport F, %s ≤ %g). %s. "+
			"Nemenyi's critical difference at %g is %s (q = %s for %d learners over %d groups): %s. %s.\n",
			pValue(test.PF), acrossAlpha, lead, acrossAlpha, format(cd), format(a.q), k, n, separated(learners, avg, order, cd), holm)
		fmt.Fprintf(b, "- The bars of the [critical-difference diagram](plots/%s.png) join the learners Nemenyi's test cannot separate "+
			"(average ranks less than %s apart): %s.\n", cdPlotName, format(cd), a.cliqueWords())
	} else {
		fmt.Fprintf(b, "- Verdict: no learner is better across datasets: the Friedman test (Iman–Davenport F, %s > %g) cannot reject that every learner ranks alike, "+
			"so no pair is compared.\n", pValue(test.PF), acrossAlpha)
		fmt.Fprintf(b, "- The [critical-difference diagram](plots/%s.png) still draws Nemenyi's critical difference at %g, %s (q = %s for %d learners over %d groups), "+
			"and its bars, which join the learners whose average ranks are less than that apart: %s; as the Friedman test does not reject, "+
			"no pair counts as separated.\n", cdPlotName, acrossAlpha, format(cd), format(a.q), k, n, a.cliqueWords())
	}
	b.WriteString("\n")
	writeRow(b, []string{"learner", "average rank", "z against " + escape(learners[best]), "p", "Holm p", "differs at 5%"})
	writeRow(b, []string{"---", "---:", "---:", "---:", "---:", "---"})
	for _, j := range order {
		cells := []string{escape(learners[j]), format(avg[j])}
		if c, ok := a.versus(j); ok {
			verdict := "no"
			if a.differs(c) {
				verdict = "yes"
			}
			cells = append(cells, format(c.Z), pCell(c.P), pCell(c.HolmP), verdict)
		} else {
			cells = append(cells, "(control)", "", "", "")
		}
		writeRow(b, cells)
	}
	b.WriteString("\nHolm's step-down tests (z = (R_i − R_control)/√(k(k+1)/6N), two-sided normal p) compare each learner with the best-ranked one; " +
		"they count only when the Friedman test rejects. The numbers are in report/ranks.parquet.\n")
	writeBayesianPairs(b, learners, order, a.scores, scenarios)
}

// writeBayesianPairs writes the Bayesian signed-rank test (package
// bayescomp, its default options) of every pair of ranked learners, in
// average-rank order, on their per-group mean accuracies. scenarios names
// the datasets that make several groups (sharedDatasets), whose groups
// the test, too, takes as independent.
func writeBayesianPairs(b *strings.Builder, learners []string, order []int, scores [][]float64, scenarios string) {
	o := bayescomp.DefaultOptions()
	fmt.Fprintf(b, "\nThe Bayesian signed-rank test (Benavoli, Corani, Demšar and Zaffalon, JMLR 2017) of each pair on the groups' mean accuracies: "+
		"the posterior probability that A is more accurate, that the two are practically equivalent (|difference| ≤ %s, the rope), or that B is "+
		"(Dirichlet process prior of strength %s at 0, %d Monte Carlo draws, seed %d). A probability of 0.95 or more is a decision.",
		format(o.Rope), format(o.Prior), o.Samples, o.Seed)
	if n := len(scores); n < smallGroups {
		fmt.Fprintf(b, " With %d groups its posterior rests on %d differences, and the prior's pseudo-observation at 0 weighs in: read a decision as tentative.", n, n)
	}
	if scenarios != "" {
		fmt.Fprintf(b, " It too takes the groups as independent datasets, which the scenarios of one dataset are not (%s): read its probabilities as overconfident.", scenarios)
	}
	b.WriteString("\n\n")
	writeRow(b, []string{"A", "B", "P(A better)", "P(equivalent)", "P(B better)"})
	writeRow(b, []string{"---", "---", "---:", "---:", "---:"})
	type pair struct {
		i, j int
		r    bayescomp.Result
		err  error
	}
	var pairs []pair
	for a := 0; a < len(order); a++ {
		for c := a + 1; c < len(order); c++ {
			pairs = append(pairs, pair{i: order[a], j: order[c]})
		}
	}
	// The pairs' draws are independent (each its own seeded stream), so
	// they run side by side and the table is the same whatever the order.
	_ = parallel.For(len(pairs), func(k int) error {
		p := &pairs[k]
		diffs := make([]float64, len(scores))
		for g, row := range scores {
			diffs[g] = row[p.i] - row[p.j]
		}
		p.r, p.err = bayescomp.SignedRank(diffs, o)
		return nil
	})
	for _, p := range pairs {
		if p.err != nil {
			continue
		}
		writeRow(b, []string{escape(learners[p.i]), escape(learners[p.j]), fmt.Sprintf("%.3f", p.r.PA), fmt.Sprintf("%.3f", p.r.PRope), fmt.Sprintf("%.3f", p.r.PB)})
	}
}

// separated lists the pairs of learners (names) whose average ranks
// differ by at least cd (friedman.Separated), best-ranked first (order), or says that none do.
func separated(names []string, avg []float64, order []int, cd float64) string {
	var pairs []string
	for a := 0; a < len(order); a++ {
		for c := a + 1; c < len(order); c++ {
			i, j := order[a], order[c]
			if d := avg[j] - avg[i]; friedman.Separated(avg[i], avg[j], cd) {
				pairs = append(pairs, fmt.Sprintf("%s ahead of %s (%s)", escape(names[i]), escape(names[j]), format(d)))
			}
		}
	}
	if len(pairs) == 0 {
		return "no pair's ranks differ by as much"
	}
	return "separated: " + strings.Join(pairs, "; ")
}

// sharedDatasets names the datasets that make several groups (one per
// scenario), "" when none does.
func sharedDatasets(groups []schemas.BenchmarkCell) string {
	count := map[string]int{}
	var shared []string
	for _, g := range groups {
		if count[g.Dataset]++; count[g.Dataset] == 2 {
			shared = append(shared, escape(g.Dataset))
		}
	}
	return strings.Join(shared, ", ")
}

// pCell is pValue for a table cell: "0.142", "< 0.001".
func pCell(p float64) string { return strings.TrimPrefix(pValue(p), "p = ") }
