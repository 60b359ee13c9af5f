package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// noise is a zero-mean pattern over five repetitions: SD √2.5, so a
// difference d + s·noise has the standard error s·√0.5 under the paired
// t-test.
var noise = []float64{-2, -1, 0, 1, 2}

// panelRows gives learner l the DOE doe[l][i][rep] at sizes[i], in one
// (10 features, complete, depth 3) panel; a NaN is a failed fit (status
// crashed, every measure null).
func panelRows(sizes []int32, doe map[string][][]float64, order ...string) []schemas.OracleEvaluation {
	var rows []schemas.OracleEvaluation
	for i, size := range sizes {
		for _, l := range order {
			for rep, d := range doe[l][i] {
				r := oracleRow(l, 10, 3, "complete", size, int32(rep), schemas.Measures{DOE: f64(d)})
				if math.IsNaN(d) {
					r = oracleRow(l, 10, 3, "complete", size, int32(rep), schemas.Measures{})
					r.Outcome = crashed()
				}
				rows = append(rows, r)
			}
		}
	}
	return rows
}

// crashed is the outcome of a fit whose adapter died.
func crashed() schemas.Outcome {
	s, m := "crashed", "adapter died" // any status but ok (external.StatusCrashed, say)
	return schemas.Outcome{Status: &s, Message: &m}
}

// shifted returns base + d + s·noise[rep], per repetition.
func shifted(base []float64, d, s float64) []float64 {
	out := make([]float64, len(base))
	for i := range base {
		out[i] = base[i] + d + s*noise[i]
	}
	return out
}

// t4p is the two-sided p of t with 4 degrees of freedom, from the closed
// form of its CDF: F(t) = 1/2 + (3/8)·u·(1 − t²/(12a)), a = 1 + t²/4,
// u = t/√a.
func t4p(t float64) float64 {
	a := 1 + t*t/4
	return 2 * (1 - (0.5 + 3.0/8*t/math.Sqrt(a)*(1-t*t/(12*a))))
}

func TestVerdict(t *testing.T) {
	sizes := []int32{100, 200, 300}
	b := [][]float64{{0.80, 0.82, 0.78, 0.81, 0.79}, {0.85, 0.86, 0.84, 0.85, 0.85}, {0.90, 0.91, 0.92, 0.89, 0.90}}
	each := func(f func(i int) []float64) [][]float64 {
		out := make([][]float64, len(sizes))
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	// A rival as good as a to a p of 0.039 (t = 0.03/(0.014·√0.5)).
	tHolm := 0.03 / (0.014 * math.Sqrt(0.5))
	pHolm := t4p(tHolm)
	tests := []struct {
		name     string
		doe      map[string][][]float64
		order    []string
		clear    bool
		leader   string
		from     int32
		sentence []string
		not      []string
	}{
		{
			// a is 0.05 ± 0.001·noise above b at 200 and 300 rows: SE
			// 0.001·√0.5, so the interval is 0.05 ± t(0.975, 4)·0.000707 =
			// [0.048, 0.052]; at 100 rows it is 0.002 above in noise.
			name: "clearly best from 200",
			doe: map[string][][]float64{"b": b, "a": each(func(i int) []float64 {
				if i == 0 {
					return shifted(b[0], 0.002, 0.02)
				}
				return shifted(b[i], 0.05, 0.001)
			})},
			order: []string{"a", "b"}, clear: true, leader: "a", from: 200,
			sentence: []string{"**a** is clearly best at 300 rows: mean DOE 0.954, 0.050 above b, the runner-up (paired t over 5 repetitions, 95% CI [0.048, 0.052], p < 0.001: significant); clearly best at every size from 200 rows on."},
		},
		{
			// The false claim "0.000 above": equal DOE in every repetition.
			name:  "equal",
			doe:   map[string][][]float64{"a": b, "b": b},
			order: []string{"a", "b"}, leader: "a",
			sentence: []string{"no tree learner is clearly best at 300 rows: **a** has the highest mean DOE, 0.904, level with b to 3 decimals, the runner-up (paired t over 5 repetitions, 95% CI [0.000, 0.000], p = 1.000: not significant)."},
			not:      []string{"above", "intervals"},
		},
		{
			// Ahead by 0.0001 in every repetition: the test is degenerate
			// (p = 0), but a difference of 0.000 is never "above".
			name:  "ahead by less than the printed digits",
			doe:   map[string][][]float64{"a": each(func(i int) []float64 { return shifted(b[i], 0.0001, 0) }), "b": b},
			order: []string{"a", "b"}, leader: "a",
			sentence: []string{"no tree learner is clearly best", "level with b to 3 decimals", "significant but below 0.0005"},
			not:      []string{"above", "clearly best at every"},
		},
		{
			// 0.011 above in noise of SD 0.03·√2.5: t = 0.011/(0.03·√0.5).
			name:  "within noise",
			doe:   map[string][][]float64{"a": each(func(i int) []float64 { return shifted(b[i], 0.011, 0.03) }), "b": b},
			order: []string{"a", "b"}, leader: "a",
			sentence: []string{"no tree learner is clearly best at 300 rows", "0.011 above b, the runner-up (paired t over 5 repetitions",
				fmt.Sprintf("p = %.3f: not significant", t4p(0.011/(0.03*math.Sqrt(0.5))))},
			not: []string{"**a** is clearly best"},
		},
		{
			name:  "one rival at p 0.039",
			doe:   map[string][][]float64{"a": each(func(i int) []float64 { return shifted(b[i], 0.03, 0.014) }), "b": b},
			order: []string{"a", "b"}, clear: true, leader: "a", from: 100,
			sentence: []string{fmt.Sprintf("p = %.3f: significant)", pHolm)},
		},
		{
			// Two rivals each at p 0.039: Holm doubles the smaller (and
			// so both) to 0.078, so a is not clearly best over both.
			name: "two rivals at p 0.039 each",
			doe: map[string][][]float64{"a": each(func(i int) []float64 { return shifted(b[i], 0.03, 0.014) }),
				"b": b, "c": b},
			order: []string{"a", "b", "c"}, leader: "a",
			sentence: []string{fmt.Sprintf("p = %.3f, Holm-adjusted over 2 comparisons = %.3f: not significant)", pHolm, 2*pHolm),
				fmt.Sprintf("nor significantly ahead of c (a − c: +0.030, adjusted p = %.3f)", 2*pHolm)},
			not: []string{"**a** is clearly best"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			evals := panelRows(sizes, tc.doe, tc.order...)
			vs := Verdicts(SummarizeOracle(evals), evals)
			if len(vs) != 1 {
				t.Fatalf("%d verdicts; want 1", len(vs))
			}
			v := vs[0]
			if v.Lead.Leader != tc.leader || v.Lead.Clear != tc.clear || v.From != tc.from {
				t.Errorf("leader %s, clear %v, from %d; want %s, %v, %d", v.Lead.Leader, v.Lead.Clear, v.From, tc.leader, tc.clear, tc.from)
			}
			got := v.Sentence()
			for _, s := range tc.sentence {
				if !strings.Contains(got, s) {
					t.Errorf("Sentence() = %q;\nwant it to contain %q", got, s)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(got, s) {
					t.Errorf("Sentence() = %q;\nwant no %q", got, s)
				}
			}
		})
	}
}

// TestVerdictPairsSharedRepetitions: with two failed fits, the test pairs
// the three repetitions both learners have, and says so.
func TestVerdictPairsSharedRepetitions(t *testing.T) {
	nan := math.NaN()
	evals := panelRows([]int32{100}, map[string][][]float64{
		"a": {{0.9, 0.91, 0.92, 0.95, 0.96}},
		"b": {{0.8, 0.82, 0.83, nan, nan}},
	}, "a", "b")
	vs := Verdicts(SummarizeOracle(evals), evals)
	// Differences 0.10, 0.09, 0.09: mean 0.0933, SD 0.00577, SE 0.00333,
	// t(0.975, 2) = 4.303: the interval is [0.079, 0.108].
	want := "0.093 above b, the runner-up (paired t over 3 repetitions that both have (of a's 5 and b's 3), 95% CI [0.079, 0.108]"
	if len(vs) != 1 || !strings.Contains(vs[0].Sentence(), want) {
		t.Fatalf("verdicts %+v;\nwant a sentence with %q", vs, want)
	}
}

func TestVerdictReach(t *testing.T) {
	sizes := []int32{100, 200, 300, 400}
	doe := map[string][][]float64{
		"a": {{0.80, 0.80}, {0.91, 0.91}, {0.95, 0.95}, {0.995, 0.995}},
		"b": {{0.92, 0.92}, {0.89, 0.89}, {0.95, 0.95}, {0.96, 0.96}},
	}
	evals := panelRows(sizes, doe, "a", "b")
	vs := Verdicts(SummarizeOracle(evals), evals)
	want := map[string][]int32{"a": {200, 400}, "b": {300, 0}}
	for l, w := range want {
		if got := vs[0].Reach[slices.Index(vs[0].Learners, l)]; !slices.Equal(got, w) {
			t.Errorf("%s reaches 90%%/99%% at %v; want %v", l, got, w)
		}
	}
}

func TestVerdictSkipsNonTreePanels(t *testing.T) {
	rows := []schemas.OracleEvaluation{oracleRow("majority", 4, 2, "complete", 10, 0, schemas.Measures{Accuracy: f64(0.5)})}
	if vs := Verdicts(SummarizeOracle(rows), rows); len(vs) != 0 {
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
