package pipeline

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// section returns the text of report.md from the line starting with
// title to the next line starting with "### " (or the end).
func section(md, title string) string {
	i := strings.Index(md, "\n"+title)
	if i < 0 {
		return ""
	}
	rest := md[i+1+len(title):]
	if j := strings.Index(rest, "\n### "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// tableRows returns the cells of the Markdown table rows of text.
func tableRows(text string) [][]string {
	var out [][]string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "| ") && strings.HasSuffix(line, " |") {
			out = append(out, strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | "))
		}
	}
	return out
}

// TestBenchmarkPaperTables recomputes from results/evaluations the means
// over the repetitions of γ^X, Γ and γ^V of c45 (J48) and intuitive (I)
// per subset, and their least and greatest over the subsets, and compares
// them with report.md's Tables A1–A5 and 7 (and Table 6, checkTable6);
// a learner that did not run has no column, and one subset has no total
// row in the wins.
func TestBenchmarkPaperTables(t *testing.T) {
	cases := []struct {
		name      string
		sets      []string
		head      []string // Table A's columns after "subset"
		wantTotal bool     // the wins tables have a total row
	}{
		{"all learners", nil, []string{"γ^X(J48)", "Γ(J48)", "γ^X(I)", "γ^V(J48)", "γ^V(I)"}, true},
		// I still runs as Γ's benchmark, but has no columns of its own.
		{"no intuitive", []string{"learners=[c45, naivebayes, majority, random]"}, []string{"γ^X(J48)", "Γ(J48)", "γ^V(J48)"}, true},
		{"one subset", []string{"benchmark.subsets=top"}, []string{"γ^X(J48)", "Γ(J48)", "γ^X(I)", "γ^V(J48)", "γ^V(I)"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := run(t, benchConfig(t, tc.sets...), Options{Out: t.TempDir()})
			b, err := os.ReadFile(filepath.Join(dir, "report", "report.md"))
			if err != nil {
				t.Fatal(err)
			}
			md := string(b)
			type key struct{ group, subset, col string }
			sum, n := map[key]float64{}, map[key]int{}
			var groups []string
			subsets := map[string][]string{}
			for _, e := range evaluationRows(t, dir, schemas.BenchmarkEvaluationTable.Read) {
				g := e.Dataset + " " + e.Scenario
				if !slices.Contains(groups, g) {
					groups = append(groups, g)
				}
				if !slices.Contains(subsets[g], e.Subset) {
					subsets[g] = append(subsets[g], e.Subset)
				}
				who := map[string]string{"c45": "J48", "intuitive": "I"}[e.Learner]
				if who == "" {
					continue
				}
				for _, m := range []struct {
					name string
					v    *float64
				}{{"γ^X", e.GammaX}, {"Γ", e.GammaI}, {"γ^V", e.GammaV}} {
					if m.v != nil && !math.IsNaN(*m.v) {
						k := key{g, e.Subset, m.name + "(" + who + ")"}
						sum[k] += *m.v
						n[k]++
					}
				}
			}
			f := func(x float64) string {
				s := fmt.Sprintf("%.3f", x)
				if s == "-0.000" {
					s = "0.000"
				}
				return s
			}
			tableA := section(md, "### γ per subset")
			var intervals [][]string
			for _, g := range groups {
				part := section(strings.ReplaceAll(tableA, "\n#### ", "\n### "), "### "+g+"\n")
				rows := tableRows(part)
				if len(rows) < 2 || !slices.Equal(rows[0], append([]string{"subset"}, tc.head...)) {
					t.Fatalf("%s: Table A head %v, want subset then %v", g, rows, tc.head)
				}
				rows = rows[2:]
				if len(rows) != len(subsets[g]) {
					t.Fatalf("%s: %d Table A rows, want one per subset (%d)", g, len(rows), len(subsets[g]))
				}
				lo, hi := map[string]float64{}, map[string]float64{}
				for _, sub := range subsets[g] {
					i := slices.IndexFunc(rows, func(r []string) bool { return r[0] == sub || strings.HasSuffix(r[0], "("+sub+")") })
					if i < 0 {
						t.Fatalf("%s: no Table A row of subset %s: %v", g, sub, rows)
					}
					for j, col := range tc.head {
						k := key{g, sub, col}
						mean := sum[k] / float64(n[k])
						if got := rows[i][j+1]; got != f(mean) {
							t.Errorf("%s subset %s %s: %s, want %s", g, sub, col, got, f(mean))
						}
						if _, ok := lo[col]; !ok {
							lo[col], hi[col] = mean, mean
						}
						lo[col], hi[col] = min(lo[col], mean), max(hi[col], mean)
					}
				}
				row := []string{g}
				for _, col := range tc.head {
					if len(subsets[g]) == 1 {
						row = append(row, f(lo[col])) // its one value, not an interval
						continue
					}
					row = append(row, f(lo[col])+" – "+f(hi[col]))
				}
				intervals = append(intervals, row)
			}
			table7 := tableRows(section(md, "### Intervals of γ"))
			if len(table7) < 2 || !slices.Equal(table7[0], append([]string{"dataset"}, tc.head...)) {
				t.Fatalf("Table 7 head %v, want dataset then %v", table7, tc.head)
			}
			if got := table7[2:]; !slices.EqualFunc(got, intervals, slices.Equal[[]string]) {
				t.Errorf("Table 7 rows %v, want %v", got, intervals)
			}
			wins := section(md, "### Wins")
			if got := strings.Contains(wins, "\n| total |"); got != tc.wantTotal {
				t.Errorf("wins have a total row: %v, want %v", got, tc.wantTotal)
			}
			// The legends say when a single subset changes a table.
			for _, l := range []struct{ table, says string }{
				{wins, "single subset: the total row, which would repeat the subset's row, is left out"},
				{section(md, "### Intervals of γ"), "single subset: the cell is that subset's value, not an interval"},
			} {
				if got := strings.Contains(l.table, l.says); got == tc.wantTotal {
					t.Errorf("legend says %q: %v, want %v", l.says, got, !tc.wantTotal)
				}
			}
			checkTable6(t, dir, wins, groups)
		})
	}
}

// checkTable6 recomputes from results/wins the shares of c45's wins over
// majority (V) per dataset and scenario, and their mean, and compares them
// with the Table 6 of the wins section of report.md.
func checkTable6(t *testing.T, dir, wins string, groups []string) {
	t.Helper()
	rows, err := schemas.WinsTable.Read(filepath.Join(dir, schemas.Wins, "wins.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	tot := map[string][3]int64{}
	for _, w := range rows {
		if w.LearnerA == "c45" && w.LearnerB == "majority" {
			g := w.Dataset + " " + w.Scenario
			c := tot[g]
			tot[g] = [3]int64{c[0] + w.Wins, c[1] + w.Losses, c[2] + w.Draws}
		}
	}
	i := strings.Index(wins, "#### Shares of wins")
	if i < 0 {
		t.Fatal("no Table 6 in the wins")
	}
	table := tableRows(wins[i:])
	col := slices.Index(table[0], "c45 / majority")
	if col < 0 {
		t.Fatalf("Table 6 head %v has no c45 / majority", table[0])
	}
	var sum [3]float64
	f := func(sh [3]float64) string { return fmt.Sprintf("%.2f / %.2f (%.2f)", sh[0], sh[1], sh[2]) }
	for j, g := range groups {
		c := tot[g]
		n := float64(c[0] + c[1] + c[2])
		sh := [3]float64{100 * float64(c[0]) / n, 100 * float64(c[1]) / n, 100 * float64(c[2]) / n}
		for k := range sh {
			sum[k] += sh[k]
		}
		if got := table[2+j]; got[0] != g || got[col] != f(sh) {
			t.Errorf("Table 6 row %v, want %s with %s", got, g, f(sh))
		}
	}
	m := float64(len(groups))
	want := f([3]float64{sum[0] / m, sum[1] / m, sum[2] / m})
	if got := table[2+len(groups)]; got[0] != "average %" || got[col] != want {
		t.Errorf("Table 6 average row %v, want %s", got, want)
	}
}
