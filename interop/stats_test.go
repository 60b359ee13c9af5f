package interop

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// DuckDB answers count(col), IS NULL, IS NOT NULL, where ORDER BY puts
// nulls and range filters from the files' statistics when it can. These
// tests ask each question of every column of every table of the
// statistics runs with statistics on, and with the statistics optimizer
// off (SET disabled_optimizers = 'statistics_propagation'), of the single
// file and through union_by_name, and compare every answer with the truth
// Arrow decodes from the pages (truth_test.go). Before issue 20 every
// chunk said null_count = 0: count(doe) on the quick run gave 576 for 320
// values, with statistics on only.

// statsDBs are the two DuckDB connections: statistics on, and off.
func statsDBs(t *testing.T) map[string]*sql.DB {
	off := openDB(t)
	if _, err := off.Exec("SET disabled_optimizers = 'statistics_propagation'"); err != nil {
		t.Fatal(err)
	}
	return map[string]*sql.DB{"statistics on": openDB(t), "statistics off": off}
}

// tableFiles lists the Parquet files of the statistics runs.
func tableFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, run := range statsRuns {
		err := filepath.WalkDir(run, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".parquet") {
				out = append(out, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatal("no statistics runs")
	}
	return out
}

// question is a query about one column and the answer the data gives.
type question struct {
	name string
	sql  string // with %s for the column and %s for the source
	want any    // int64, or []bool for an ORDER BY's null flags
}

// questions are what the tests ask of a column, with the truth's answers.
func questions(c column) []question {
	n, nulls := int64(len(c.cells)), int64(c.nulls())
	order := make([]bool, 0, n) // NULLS LAST, DuckDB's default either way
	for i := range n {
		order = append(order, i >= n-nulls)
	}
	qs := []question{
		{"count(col)", "SELECT count(%s) FROM %s", n - nulls},
		{"IS NULL", "SELECT count(*) FROM %[2]s WHERE %[1]s IS NULL", nulls},
		{"IS NOT NULL", "SELECT count(*) FROM %[2]s WHERE %[1]s IS NOT NULL", n - nulls},
	}
	if c.nullable || c.list { // a required column has no null to place
		qs = append(qs,
			question{"ORDER BY", "SELECT list(v IS NULL) FROM (SELECT %s AS v FROM %s ORDER BY v)", order},
			question{"ORDER BY DESC", "SELECT list(v IS NULL) FROM (SELECT %s AS v FROM %s ORDER BY v DESC)", order})
	}
	if c.list {
		empty, elements := c.listTotals()
		qs = append(qs,
			question{"len(col) = 0", "SELECT count(*) FROM %[2]s WHERE len(%[1]s) = 0", int64(empty)},
			question{"sum(len(col))", "SELECT coalesce(sum(len(%s)), 0) FROM %s", int64(elements)},
			question{"unnest", "SELECT count(*) FROM (SELECT unnest(%s) FROM %s)", int64(elements)})
	}
	if v, below, equal, above, ok := c.pivot(); ok {
		lit := sqlLiteral(v)
		qs = append(qs,
			question{"< " + lit, "SELECT count(*) FROM %[2]s WHERE %[1]s < " + lit, int64(below)},
			question{"= " + lit, "SELECT count(*) FROM %[2]s WHERE %[1]s = " + lit, int64(equal)},
			question{"> " + lit, "SELECT count(*) FROM %[2]s WHERE %[1]s > " + lit, int64(above)})
	}
	return qs
}

// ask runs a question's query on src and returns its answer.
func ask(db *sql.DB, q question, col, src string) (any, error) {
	query := fmt.Sprintf(q.sql, `"`+col+`"`, src)
	if _, ok := q.want.([]bool); ok {
		var flags []any
		if err := db.QueryRow(query).Scan(&flags); err != nil {
			return nil, fmt.Errorf("%s: %w", query, err)
		}
		out := make([]bool, 0, len(flags))
		for _, f := range flags {
			out = append(out, f.(bool))
		}
		return out, nil
	}
	var n int64
	if err := db.QueryRow(query).Scan(&n); err != nil {
		return nil, fmt.Errorf("%s: %w", query, err)
	}
	return n, nil
}

// same compares an answer with the truth's.
func same(got, want any) bool {
	if w, ok := want.([]bool); ok {
		g, _ := got.([]bool)
		return slices.Equal(g, w)
	}
	return got == want
}

// TestNullsAndBoundsStatisticsOnOff asks every question of every column
// of every table file of the statistics runs, of the file and of the file
// through union_by_name, with statistics on and off: every answer must be
// the truth's.
func TestNullsAndBoundsStatisticsOnOff(t *testing.T) {
	dbs := statsDBs(t)
	for _, path := range tableFiles(t) {
		rel, _ := filepath.Rel(base, path)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			p := filepath.ToSlash(path)
			sources := map[string]string{
				"file":          fmt.Sprintf("read_parquet('%s')", p),
				"union_by_name": fmt.Sprintf("read_parquet(['%s'], union_by_name = true)", p),
			}
			for _, c := range arrowColumns(t, path) {
				for _, q := range questions(c) {
					for mode, db := range dbs {
						for src, from := range sources {
							got, err := ask(db, q, c.name, from)
							if err != nil {
								t.Fatalf("%s, %s: %v", mode, src, err)
							}
							if !same(got, q.want) {
								t.Errorf("column %s, %s, %s, %s: %v; the data says %v", c.name, q.name, mode, src, brief(got), brief(q.want))
							}
						}
					}
				}
			}
		})
	}
}

// TestEvaluationsUnionStatisticsOnOff reads the evaluations of every
// study's statistics run in one union_by_name query, as the README's
// two-study query does: a column a study lacks is null in its rows, and
// DuckDB must say so with statistics on and off.
func TestEvaluationsUnionStatisticsOnOff(t *testing.T) {
	var files []string
	byName := map[string]*column{}
	var names []string
	total := 0 // rows of the union so far
	for _, study := range []string{"oracle", "benchmark", "cost"} {
		run := statsRun(study)
		if run == "" {
			t.Logf("no %s statistics run: %s", study, benchSkip)
			continue
		}
		parts, _ := filepath.Glob(filepath.Join(run, "results", "evaluations", "*.parquet"))
		for _, part := range parts {
			files = append(files, "'"+filepath.ToSlash(part)+"'")
			cols := arrowColumns(t, part)
			rows := len(cols[0].cells)
			have := map[string]bool{}
			for _, c := range cols {
				have[c.name] = true
				u, ok := byName[c.name]
				if !ok {
					u = &column{name: c.name, list: c.list, cells: make([]any, total)}
					byName[c.name] = u
					names = append(names, c.name)
				}
				u.cells = append(u.cells, c.cells...)
			}
			for _, name := range names {
				if !have[name] {
					byName[name].cells = append(byName[name].cells, make([]any, rows)...)
				}
			}
			total += rows
		}
	}
	src := "read_parquet([" + strings.Join(files, ", ") + "], union_by_name = true)"
	for mode, db := range statsDBs(t) {
		for _, name := range names {
			for _, q := range questions(*byName[name]) {
				got, err := ask(db, q, name, src)
				if err != nil {
					t.Fatal(err)
				}
				if !same(got, q.want) {
					t.Errorf("column %s, %s, %s: %v; the data says %v", name, q.name, mode, brief(got), brief(q.want))
				}
			}
		}
	}
}

// brief shortens a long list of null flags for a failure message.
func brief(v any) any {
	if flags, ok := v.([]bool); ok {
		nulls := 0
		for _, f := range flags {
			if f {
				nulls++
			}
		}
		first := slices.Index(flags, true)
		return fmt.Sprintf("%d rows, %d null, the first null at %d", len(flags), nulls, first)
	}
	return v
}

// TestStatsRunsFailSomeFits: the statistics runs hold what the tests need
// to see, in every study: the external learner ext-some failed some of its
// fits (status error, a message, no accuracy) and not all of them.
func TestStatsRunsFailSomeFits(t *testing.T) {
	for _, run := range statsRuns {
		t.Run(filepath.Base(run), func(t *testing.T) {
			parts, _ := filepath.Glob(filepath.Join(run, "results", "evaluations", "*.parquet"))
			if len(parts) != 1 {
				t.Fatalf("%d evaluations parts; want one part per table", len(parts))
			}
			cols := map[string]column{}
			for _, c := range arrowColumns(t, parts[0]) {
				cols[c.name] = c
			}
			failed, ok := 0, 0
			for i, l := range cols["learner"].cells {
				if l != "ext-some" {
					continue
				}
				switch status := cols["status"].cells[i]; {
				case status == "error" && cols["message"].cells[i] != nil && cols["accuracy"].cells[i] == nil:
					failed++
				case status == "ok" && cols["message"].cells[i] == nil:
					ok++
				default:
					t.Errorf("row %d: status %v, message %v, accuracy %v", i, status, cols["message"].cells[i], cols["accuracy"].cells[i])
				}
			}
			if failed == 0 || ok == 0 {
				t.Errorf("ext-some: %d failed fits, %d good ones; want some of each", failed, ok)
			}
			t.Logf("ext-some: %d failed fits of %d", failed, failed+ok)
		})
	}
}
