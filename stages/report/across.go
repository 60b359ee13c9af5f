package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/bayescomp"
	"github.com/dtbench/dtbench/friedman"
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
	var learners, left []string
	for _, l := range v.learners {
		if slices.ContainsFunc(v.groups, func(g schemas.BenchmarkCell) bool { return v.at(l, g, Accuracy).N == 0 }) {
			left = append(left, l)
			continue
		}
		learners = append(learners, l)
	}
	n, k := len(v.groups), len(learners)
	if n < 2 || k < 2 {
		return
	}
	scores := make([][]float64, n)
	for i, g := range v.groups {
		scores[i] = make([]float64, k)
		for j, l := range learners {
			scores[i][j] = v.at(l, g, Accuracy).Mean
		}
	}
	avg := friedman.AverageRanks(friedman.Ranks(scores, true))
	test, err := friedman.Friedman(avg, n)
	if err != nil {
		return
	}
	order := friedman.Ascending(avg)
	best := order[0]
	cd := friedman.NemenyiCD(acrossAlpha, k, n)

	b.WriteString("\n## Across datasets\n\n")
	fmt.Fprintf(b, "Each of the %d groups (dataset, and scenario where there are scenarios) ranks the learners by their mean accuracy with the whole top subset "+
		"(1 = the most accurate, ties averaged); a learner's average rank is its mean over the groups (Demšar, JMLR 2006). ", n)
	if len(left) > 0 {
		fmt.Fprintf(b, "Not ranked, as they did not run on every group: %s. ", strings.Join(escapeAll(left), ", "))
	}
	if n < smallGroups {
		fmt.Fprintf(b, "With fewer than %d groups the χ² and F approximations are rough (Demšar advises exact tables for few datasets): read the p-values as approximate. ", smallGroups)
	}
	if scenarios := sharedDatasets(v.groups); scenarios != "" {
		fmt.Fprintf(b, "The tests take the groups as independent datasets, which the scenarios of one dataset are not (%s): read their p-values as optimistic. ", scenarios)
	}
	fmt.Fprintf(b, "The Friedman test: χ²_F = %s (%d df, %s); Iman and Davenport's F_F = %s (%d and %d df, %s).\n\n",
		format(test.ChiSquare), k-1, pValue(test.PChiSquare), format(test.F), k-1, (k-1)*(n-1), pValue(test.PF))
	control := friedman.Control(avg, n, best, acrossAlpha)
	if test.PF <= acrossAlpha {
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
		for _, c := range control {
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
			pValue(test.PF), acrossAlpha, lead, acrossAlpha, format(cd), format(friedman.NemenyiQ(acrossAlpha, k)), k, n, separated(learners, avg, order, cd), holm)
	} else {
		fmt.Fprintf(b, "- Verdict: no learner is better across datasets: the Friedman test (Iman–Davenport F, %s > %g) cannot reject that every learner ranks alike, "+
			"so no pair is compared.\n", pValue(test.PF), acrossAlpha)
	}
	b.WriteString("\n")
	writeRow(b, []string{"learner", "average rank", "z against " + escape(learners[best]), "p", "Holm p", "differs at 5%"})
	writeRow(b, []string{"---", "---:", "---:", "---:", "---:", "---"})
	for _, j := range order {
		cells := []string{escape(learners[j]), format(avg[j])}
		if j == best {
			cells = append(cells, "(control)", "", "", "")
		} else {
			c := control[slices.IndexFunc(control, func(c friedman.Comparison) bool { return c.Learner == j })]
			verdict := "no"
			if c.Rejected && test.PF <= acrossAlpha {
				verdict = "yes"
			}
			cells = append(cells, format(c.Z), pCell(c.P), pCell(c.HolmP), verdict)
		}
		writeRow(b, cells)
	}
	b.WriteString("\nHolm's step-down tests (z = (R_i − R_control)/√(k(k+1)/6N), two-sided normal p) compare each learner with the best-ranked one; " +
		"they count only when the Friedman test rejects.\n")
	writeBayesianPairs(b, learners, order, scores)
}

// writeBayesianPairs writes the Bayesian signed-rank test (package
// bayescomp, its default options) of every pair of ranked learners, in
// average-rank order, on their per-group mean accuracies.
func writeBayesianPairs(b *strings.Builder, learners []string, order []int, scores [][]float64) {
	o := bayescomp.DefaultOptions()
	fmt.Fprintf(b, "\nThe Bayesian signed-rank test (Benavoli, Corani, Demšar and Zaffalon, JMLR 2017) of each pair on the groups' mean accuracies: "+
		"the posterior probability that A is more accurate, that the two are practically equivalent (|difference| ≤ %s, the rope), or that B is "+
		"(Dirichlet process prior of strength %s at 0, %d Monte Carlo draws, seed %d). A probability of 0.95 or more is a decision.\n\n",
		format(o.Rope), format(o.Prior), o.Samples, o.Seed)
	writeRow(b, []string{"A", "B", "P(A better)", "P(equivalent)", "P(B better)"})
	writeRow(b, []string{"---", "---", "---:", "---:", "---:"})
	diffs := make([]float64, len(scores))
	for a := 0; a < len(order); a++ {
		for c := a + 1; c < len(order); c++ {
			i, j := order[a], order[c]
			for g, row := range scores {
				diffs[g] = row[i] - row[j]
			}
			r, err := bayescomp.SignedRank(diffs, o)
			if err != nil {
				continue
			}
			writeRow(b, []string{escape(learners[i]), escape(learners[j]), fmt.Sprintf("%.3f", r.PA), fmt.Sprintf("%.3f", r.PRope), fmt.Sprintf("%.3f", r.PB)})
		}
	}
}

// separated lists the pairs of learners (names) whose average ranks
// differ by more than cd, best-ranked first (order), or says that none do.
func separated(names []string, avg []float64, order []int, cd float64) string {
	var pairs []string
	for a := 0; a < len(order); a++ {
		for c := a + 1; c < len(order); c++ {
			i, j := order[a], order[c]
			if d := avg[j] - avg[i]; d > cd {
				pairs = append(pairs, fmt.Sprintf("%s ahead of %s (%s)", escape(names[i]), escape(names[j]), format(d)))
			}
		}
	}
	if len(pairs) == 0 {
		return "no pair's ranks differ by more"
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
