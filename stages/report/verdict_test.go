package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// curveRows gives each learner the mean DOE doe[learner][i] at sizes[i],
// in one (complete, depth 3) panel, from two repetitions that differ by
// ±spread, so every cell has an interval.
func curveRows(sizes []int32, spread float64, doe map[string][]float64, order ...string) []schemas.OracleEvaluation {
	var rows []schemas.OracleEvaluation
	for i, size := range sizes {
		for rep, d := range []float64{-spread, spread} {
			for _, l := range order {
				rows = append(rows, oracleRow(l, 10, 3, "complete", size, int32(rep), schemas.Measures{DOE: f64(doe[l][i] + d)}))
			}
		}
	}
	return rows
}

func TestVerdict(t *testing.T) {
	sizes := []int32{100, 200, 300, 400}
	tests := []struct {
		name       string
		doe        map[string][]float64
		spread     float64
		best, next string
		from       int32
		reach      map[string][]int32
		sentence   []string
	}{
		{
			name:   "overtakes",
			doe:    map[string][]float64{"a": {0.80, 0.91, 0.95, 0.995}, "b": {0.85, 0.90, 0.89, 0.93}},
			spread: 0.001,
			best:   "a", next: "b", from: 200,
			reach:    map[string][]int32{"a": {200, 400}, "b": {400, 0}},
			sentence: []string{"**a** has the highest mean DOE at 400 rows, 0.995, 0.065 above b (0.930; the 95% intervals do not overlap); it leads from 200 rows on."},
		},
		{
			name:   "dips below the threshold",
			doe:    map[string][]float64{"a": {0.92, 0.89, 0.95, 0.96}, "b": {0.5, 0.6, 0.7, 0.955}},
			spread: 0.05,
			best:   "a", next: "b", from: 100,
			reach:    map[string][]int32{"a": {300, 0}, "b": {400, 0}},
			sentence: []string{"0.005 above b", "intervals overlap", "leads from 100 rows on"},
		},
		{
			name:   "level",
			doe:    map[string][]float64{"a": {0.5, 0.6, 0.7, 1}, "b": {0.6, 0.7, 0.8, 1}},
			spread: 0,
			best:   "a", next: "b", from: 400,
			reach:    map[string][]int32{"a": {400, 400}, "b": {400, 400}},
			sentence: []string{"level with b to 3 decimals", "leads at that size only"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs := Verdicts(SummarizeOracle(curveRows(sizes, tc.spread, tc.doe, "a", "b")))
			if len(vs) != 1 {
				t.Fatalf("%d verdicts; want 1", len(vs))
			}
			v := vs[0]
			if v.Best != tc.best || v.Next != tc.next || v.From != tc.from {
				t.Errorf("best %s, next %s, from %d; want %s, %s, %d", v.Best, v.Next, v.From, tc.best, tc.next, tc.from)
			}
			for l, want := range tc.reach {
				if got := v.Reach[slices.Index(v.Learners, l)]; !slices.Equal(got, want) {
					t.Errorf("%s reaches 90%%/99%% at %v; want %v", l, got, want)
				}
			}
			for _, s := range tc.sentence {
				if !strings.Contains(v.Sentence(), s) {
					t.Errorf("Sentence() = %q; want it to contain %q", v.Sentence(), s)
				}
			}
		})
	}
}

func TestVerdictSkipsNonTreePanels(t *testing.T) {
	rows := []schemas.OracleEvaluation{oracleRow("majority", 4, 2, "complete", 10, 0, schemas.Measures{Accuracy: f64(0.5)})}
	if vs := Verdicts(SummarizeOracle(rows)); len(vs) != 0 {
		t.Errorf("Verdicts of a run without tree learners = %v; want none", vs)
	}
}

func TestWriteBudget(t *testing.T) {
	yes, no := true, false
	var rows []schemas.OracleEvaluation
	for rep, opt := range []*bool{&yes, &no, &no, &yes} {
		rows = append(rows, oracleRow("exact", 10, 5, "unique", 100, int32(rep), schemas.Measures{DOE: f64(1), Optimal: opt}),
			oracleRow("id3", 10, 5, "unique", 100, int32(rep), schemas.Measures{DOE: f64(0.5)}))
	}
	rows = append(rows, oracleRow("exact", 10, 3, "unique", 100, 0, schemas.Measures{DOE: f64(1), Optimal: &yes}))
	var b strings.Builder
	writeBudget(&b, SummarizeOracle(rows))
	want := "- exact: 2 of 5 fits hit the time budget (optimal = false), so their trees need not be optimal: unique mode depth 5 (2 of 4).\n"
	if !strings.Contains(b.String(), want) || strings.Contains(b.String(), "id3") {
		t.Errorf("writeBudget wrote\n%s\nwant the line\n%s", b.String(), want)
	}
	b.Reset()
	writeBudget(&b, SummarizeOracle(rows[len(rows)-1:]))
	if !strings.Contains(b.String(), "every one of its 1 fits proved its tree optimal") {
		t.Errorf("writeBudget of optimal fits wrote %q", b.String())
	}
}
