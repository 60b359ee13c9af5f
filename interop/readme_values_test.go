package interop

import (
	"cmp"
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// TestReadmeValues runs the README's four DuckDB queries as written and
// compares every row they return with the same figures computed in Go
// from the tables, read with dtbench's own readers (parquet-go, which
// decodes the pages and ignores the statistics): the right rows, in the
// right order, with the right values (a rounded figure within 0.0005 of
// the exact one).
func TestReadmeValues(t *testing.T) {
	queries := readmeBlocks(t, "sql")
	if len(queries) != 4 {
		t.Fatalf("README's Analysing a run has %d sql blocks; want 4", len(queries))
	}
	db := openDB(t)
	cases := []struct {
		name string
		want func(t *testing.T) [][]any
	}{
		{"mean DOE at depth 5, complete mode", readmeSummaryDOE},
		{"smallest size reaching DOE 0.9", readmeSize90},
		{"both studies' accuracy and γ^V", readmeUnion},
		{"the confusion of one fold from the predictions", readmeFoldConfusion},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(queries[i], "benchmark-small") && benchRun == "" {
				t.Skip(benchSkip)
			}
			got := queryRows(t, db, queries[i])
			want := tc.want(t)
			if len(got) != len(want) {
				t.Fatalf("%d rows; the tables give %d:\n%v\nwant %v", len(got), len(want), got, want)
			}
			if len(want) == 0 {
				t.Fatal("the tables give no row: the query checks nothing")
			}
			for r := range want {
				if !sameRow(got[r], want[r]) {
					t.Errorf("row %d = %v; the tables give %v", r, got[r], want[r])
				}
			}
		})
	}
}

// queryRows runs q and returns its rows, each cell a string, int64,
// float64 or nil.
func queryRows(t *testing.T, db *sql.DB, q string) [][]any {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%v\n%s", err, q)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]any
	for rows.Next() {
		cells := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range cells {
			ptrs[i] = &cells[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, c := range cells {
			if n, ok := c.(int32); ok {
				cells[i] = int64(n)
			}
		}
		out = append(out, cells)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameRow compares a query's row with the expected one: strings and
// integers equal, a float within 0.0005 of the exact figure (the queries
// round to 3 places), nulls where the figure is undefined.
func sameRow(got, want []any) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range want {
		switch w := want[i].(type) {
		case float64:
			g, ok := got[i].(float64)
			if !ok || math.Abs(g-w) > 0.0005+1e-9 {
				return false
			}
		case []int64: // either of two answers (see readmeSize90)
			if !slices.Contains(w, asInt(got[i])) {
				return false
			}
		default:
			if fmt.Sprint(got[i]) != fmt.Sprint(w) {
				return false
			}
		}
	}
	return true
}

func asInt(v any) int64 {
	n, _ := v.(int64)
	return n
}

// optional is *v, or nil.
func optional(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

// readmeSummaryDOE is query 1's answer: the summary's doe rows at depth 5
// in complete mode with n > 0, by learner and size.
func readmeSummaryDOE(t *testing.T) [][]any {
	rows, err := schemas.ReadSummary(filepath.Join(oracleRun, "report", "summary.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]any
	for _, r := range rows {
		if r.Measure == "doe" && r.Depth == 5 && r.Mode == "complete" && r.N > 0 {
			out = append(out, []any{r.Learner, int64(r.Size), optional(r.Mean), optional(r.CILow), optional(r.CIHigh)})
		}
	}
	slices.SortFunc(out, func(a, b []any) int {
		return cmp.Or(strings.Compare(a[0].(string), b[0].(string)), cmp.Compare(a[1].(int64), b[1].(int64)))
	})
	return out
}

// oracleEvaluations reads every evaluations part of the quick run.
func oracleEvaluations(t *testing.T) []schemas.OracleEvaluation {
	parts, _ := filepath.Glob(filepath.Join(oracleRun, "results", "evaluations", "*.parquet"))
	var out []schemas.OracleEvaluation
	for _, p := range parts {
		rows, err := schemas.ReadEvaluations(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rows...)
	}
	return out
}

// readmeSize90 is query 2's answer: per learner, depth and mode, the
// smallest size whose mean non-null DOE is at least 0.9. A mean within
// 1e-12 of 0.9 may fall either side in another order of summation, so
// such a group's row may hold either answer (a []int64 of both).
func readmeSize90(t *testing.T) [][]any {
	type cell struct {
		learner     string
		depth, size int32
		mode        string
	}
	sum, n := map[cell]float64{}, map[cell]int{}
	for _, e := range oracleEvaluations(t) {
		if e.DOE != nil {
			k := cell{e.Learner, e.Depth, e.Size, e.Mode}
			sum[k] += *e.DOE
			n[k]++
		}
	}
	type key struct {
		learner string
		depth   int32
		mode    string
	}
	smallest := func(threshold float64) map[key]int64 {
		out := map[key]int64{}
		for c, s := range sum {
			if s/float64(n[c]) >= threshold {
				k := key{c.learner, c.depth, c.mode}
				if v, ok := out[k]; !ok || int64(c.size) < v {
					out[k] = int64(c.size)
				}
			}
		}
		return out
	}
	strict, loose := smallest(0.9+1e-12), smallest(0.9-1e-12)
	var out [][]any
	for k, size := range loose {
		var answer any = size
		if s, ok := strict[k]; !ok || s != size {
			answer = []int64{size, s} // s is 0 when no group is clearly above
		}
		out = append(out, []any{k.learner, int64(k.depth), k.mode, answer})
	}
	slices.SortFunc(out, func(a, b []any) int {
		return cmp.Or(strings.Compare(a[0].(string), b[0].(string)), cmp.Compare(a[1].(int64), b[1].(int64)),
			strings.Compare(a[2].(string), b[2].(string)))
	})
	return out
}

// readmeUnion is query 3's answer: per data (the benchmark's dataset, or
// "oracle depth <k>") and learner, the mean accuracy and γ^V over the rows
// where each is not null (null when none is).
func readmeUnion(t *testing.T) [][]any {
	type group struct{ data, learner string }
	type sums struct {
		acc, gamma   float64
		nAcc, nGamma int
	}
	by := map[group]*sums{}
	add := func(g group, m schemas.Measures) {
		s := by[g]
		if s == nil {
			s = &sums{}
			by[g] = s
		}
		if m.Accuracy != nil {
			s.acc += *m.Accuracy
			s.nAcc++
		}
		if m.GammaV != nil {
			s.gamma += *m.GammaV
			s.nGamma++
		}
	}
	for _, e := range oracleEvaluations(t) {
		add(group{fmt.Sprintf("oracle depth %d", e.Depth), e.Learner}, e.Measures)
	}
	parts, _ := filepath.Glob(filepath.Join(benchRun, "results", "evaluations", "*.parquet"))
	for _, p := range parts {
		rows, err := schemas.BenchmarkEvaluationTable.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rows {
			add(group{e.Dataset, e.Learner}, e.Measures)
		}
	}
	mean := func(s float64, n int) any {
		if n == 0 {
			return nil
		}
		return s / float64(n)
	}
	var out [][]any
	for g, s := range by {
		out = append(out, []any{g.data, g.learner, mean(s.acc, s.nAcc), mean(s.gamma, s.nGamma)})
	}
	slices.SortFunc(out, func(a, b []any) int {
		return cmp.Or(strings.Compare(a[0].(string), b[0].(string)), strings.Compare(a[1].(string), b[1].(string)))
	})
	return out
}

// readmeFoldConfusion is query 4's answer: c45's predictions on fold 3 of
// vote's first repetition, per (actual, predicted) class, the count and
// the row ids in order (as the text DuckDB's list shows, [1, 2, …]).
func readmeFoldConfusion(t *testing.T) [][]any {
	type pair struct{ actual, predicted string }
	ids := map[pair][]int64{}
	parts, _ := filepath.Glob(filepath.Join(benchRun, "results", "predictions", "*.parquet"))
	for _, p := range parts {
		blocks, err := schemas.BenchmarkPredictionTable.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			if b.Head.Dataset != "vote" || b.Head.Learner != "c45" || b.Rep != 0 || b.Fold != 3 {
				continue
			}
			for i := range b.Len() {
				k := pair{b.Classes[b.Actual[i]], b.Classes[b.Predicted[i]]}
				ids[k] = append(ids[k], b.RowIDs[i])
			}
		}
	}
	var out [][]any
	for k, rows := range ids {
		slices.Sort(rows)
		out = append(out, []any{k.actual, k.predicted, int64(len(rows)), fmt.Sprint(rows)})
	}
	slices.SortFunc(out, func(a, b []any) int {
		return cmp.Or(strings.Compare(a[0].(string), b[0].(string)), strings.Compare(a[1].(string), b[1].(string)))
	})
	return out
}
