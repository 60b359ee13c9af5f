package report

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// acrossView is a benchView of len(accuracy) groups whose learner j has
// mean accuracy accuracy[g][j] with the whole top subset.
func acrossView(learners []string, accuracy [][]float64) *benchView {
	var summary []BenchmarkSummary
	for g, row := range accuracy {
		cell := schemas.BenchmarkCell{Dataset: "d" + string(rune('a'+g)), Scenario: "all", Subset: "1st"}
		for j, acc := range row {
			s := BenchmarkSummary{Learner: learners[j], Cell: cell, Count: 1, Stats: make([]Stat, len(Measures()))}
			for i := range s.Stats {
				s.Stats[i] = nullStat()
			}
			*s.Stat(Accuracy) = Stat{N: 1, Mean: acc}
			summary = append(summary, s)
		}
	}
	return newBenchView(Meta{Learners: learners}, SameFull("1st"), summary, nil)
}

// TestAcrossDatasets: the section states what the Friedman test and its
// post-hoc tests support, with their numbers: on the ranks of a published
// R run (nine algorithms, two datasets: χ² = 11.733, F = 2.75, p =
// 0.087) it finds no learner better; on five groups where one learner is
// always first and another always last it names the leader, the pair
// Nemenyi separates and what Holm's tests reject; a learner missing on a
// group is left out by name; one group gives no section.
func TestAcrossDatasets(t *testing.T) {
	nine := []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"}
	ranks := [][]float64{{1, 8, 6, 4, 7, 2, 5, 3, 9}, {1, 6, 3, 9, 7, 2, 8, 4, 5}}
	acc := make([][]float64, 2)
	for g, row := range ranks {
		for _, r := range row {
			acc[g] = append(acc[g], 1-r/10)
		}
	}
	five := [][]float64{{0.9, 0.8, 0.7}, {0.95, 0.85, 0.6}, {0.8, 0.75, 0.5}, {0.99, 0.7, 0.6}, {0.9, 0.85, 0.8}, {0.9, 0.91, 0.3}}
	missing := acrossView([]string{"x", "y", "z"}, five)
	delete(missing.stat["z"], schemas.BenchmarkCell{Dataset: "da", Scenario: "all", Subset: "1st"})
	for _, tc := range []struct {
		name    string
		v       *benchView
		want    []string
		notWant []string
	}{
		{"no difference", acrossView(nine, acc), []string{"χ²_F = 11.733 (8 df, p = 0.164)", "F_F = 2.750 (8 and 8 df, p = 0.087)", "fewer than 10 groups",
			"no learner is better across datasets"}, []string{"ahead of"}},
		{"a clear leader", acrossView([]string{"x", "y", "z"}, five), []string{"**x** has the best average rank, 1.167",
			"Nemenyi's critical difference at 0.05 is 1.353", "separated: x ahead of z (1.833)", "Holm's tests put x ahead of z",
			"| z | 3.000 | 3.175 |", "| x | z | 1.000 | 0.000 | 0.000 |"}, []string{"no learner is better"}},
		{"a learner missing somewhere", missing, []string{"Not ranked, as they did not run on every group: z."}, nil},
		{"one group", acrossView([]string{"x", "y"}, [][]float64{{0.9, 0.8}}), nil, []string{"## Across datasets"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			writeAcrossDatasets(&b, tc.v)
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("the section lacks %q:\n%s", w, b.String())
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(b.String(), w) {
					t.Errorf("the section must not say %q:\n%s", w, b.String())
				}
			}
		})
	}
}

// TestAcrossDatasetsScenarios: groups that are scenarios of one dataset
// are not independent datasets, and the section says so.
func TestAcrossDatasetsScenarios(t *testing.T) {
	v := acrossView([]string{"x", "y"}, [][]float64{{0.9, 0.8}, {0.8, 0.7}, {0.7, 0.75}})
	for g := range v.groups {
		if g < 2 { // da and db become thyroid S1 and S2
			old := v.groups[g]
			renamed := schemas.BenchmarkCell{Dataset: "thyroid", Scenario: "S" + string(rune('1'+g))}
			for _, l := range v.learners {
				s := v.stat[l][schemas.BenchmarkCell{Dataset: old.Dataset, Scenario: old.Scenario, Subset: "1st"}]
				v.stat[l][schemas.BenchmarkCell{Dataset: renamed.Dataset, Scenario: renamed.Scenario, Subset: "1st"}] = s
			}
			v.groups[g] = renamed
			v.fulls["thyroid"], v.tops["thyroid"] = "1st", 1
		}
	}
	var b strings.Builder
	writeAcrossDatasets(&b, v)
	if !strings.Contains(b.String(), "which the scenarios of one dataset are not (thyroid): read their p-values as optimistic") {
		t.Errorf("the section must warn that thyroid's scenarios are not independent datasets:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "which the scenarios of one dataset are not (thyroid): read its probabilities as overconfident") {
		t.Errorf("the Bayesian test's paragraph must warn that thyroid's scenarios are not independent datasets:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "read a decision as tentative") {
		t.Errorf("with fewer than %d groups the Bayesian test's paragraph must say its decisions are tentative:\n%s", smallGroups, b.String())
	}
	var many strings.Builder
	rows := make([][]float64, smallGroups)
	for g := range rows {
		rows[g] = []float64{0.9, 0.8 - 0.01*float64(g)}
	}
	writeAcrossDatasets(&many, acrossView([]string{"x", "y"}, rows))
	if !strings.Contains(many.String(), "Bayesian signed-rank") || strings.Contains(many.String(), "tentative") {
		t.Errorf("with %d groups the Bayesian paragraph still calls its decisions tentative:\n%s", smallGroups, many.String())
	}
	var one strings.Builder
	writeAcrossDatasets(&one, acrossView([]string{"x", "y"}, [][]float64{{0.9, 0.8}, {0.8, 0.7}}))
	if strings.Contains(one.String(), "scenarios of one dataset") {
		t.Errorf("no dataset makes two groups, yet the section warns:\n%s", one.String())
	}
}
