package interop

import (
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report"
)

// recomputeSQL is report/summary recomputed from results/evaluations in
// SQL: per (learner, cell, measure) the rows, the non-null values, their
// mean and sample SD; joined to the summary file on the same key, so that
// a group missing on either side shows as NULLs on that side.
func recomputeSQL(run string, cell []string) string {
	ev := fmt.Sprintf("read_parquet('%s')", filepath.ToSlash(filepath.Join(run, "results", "evaluations", "*.parquet")))
	var long []string
	for _, m := range schemas.MeasureColumns {
		long = append(long, fmt.Sprintf("SELECT learner, %s, '%s' AS measure, CAST(%s AS DOUBLE) AS v FROM ev", strings.Join(cell, ", "), m.Name, m.Name))
	}
	key := append([]string{"learner"}, append(cell, "measure")...)
	var on []string
	for _, k := range key {
		on = append(on, "r."+k+" = s."+k)
	}
	return fmt.Sprintf(`WITH ev AS (SELECT * FROM %s),
long AS (%s),
r AS (SELECT %s, count(*) AS count, count(v) AS n, avg(v) AS mean, stddev_samp(v) AS sd FROM long GROUP BY ALL),
s AS (SELECT * FROM read_parquet('%s'))
SELECT coalesce(r.learner, s.learner) || ' ' || coalesce(r.measure, s.measure), r.count, s.count, r.n, s.n, r.mean, s.mean, r.sd, s.sd,
       s.ci_low, s.ci_high
FROM r FULL OUTER JOIN s ON %s`,
		ev, strings.Join(long, "\nUNION ALL "), strings.Join(key, ", "),
		filepath.ToSlash(filepath.Join(run, "report", "summary.parquet")), strings.Join(on, " AND "))
}

// TestSummaryRecomputed: report/summary.parquet holds, for every learner,
// cell and measure, the count, non-null count, mean and SD that DuckDB
// computes from results/evaluations, and the 95% interval mean ± t·SD/√n
// with Student's t at n − 1 degrees of freedom.
func TestSummaryRecomputed(t *testing.T) {
	db := openDB(t)
	for _, run := range runs(t) {
		cell := []string{"features", "depth", "mode", "size"}
		if strings.HasSuffix(run, "benchmark-small") {
			cell = []string{"dataset", "scenario", "subset"}
		}
		t.Run(filepath.Base(run), func(t *testing.T) {
			rows, err := db.Query(recomputeSQL(run, cell))
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			groups := 0
			for rows.Next() {
				var key string
				var rc, sc, rn, sn sql.NullInt64
				var rm, sm, rsd, ssd, lo, hi sql.NullFloat64
				if err := rows.Scan(&key, &rc, &sc, &rn, &sn, &rm, &sm, &rsd, &ssd, &lo, &hi); err != nil {
					t.Fatal(err)
				}
				groups++
				if !rc.Valid || !sc.Valid {
					t.Errorf("%s: only in the %s", key, map[bool]string{true: "summary file", false: "recomputation"}[sc.Valid])
					continue
				}
				if rc != sc || rn != sn {
					t.Errorf("%s: count %d, n %d; the summary says %d, %d", key, rc.Int64, rn.Int64, sc.Int64, sn.Int64)
				}
				if !near(rm, sm) || !near(rsd, ssd) {
					t.Errorf("%s: mean %v, sd %v; the summary says %v, %v", key, rm, rsd, sm, ssd)
				}
				if sn.Int64 >= 2 && ssd.Float64 > 0 {
					half := report.TQuantile(0.975, int(sn.Int64-1)) * ssd.Float64 / math.Sqrt(float64(sn.Int64))
					if math.Abs(lo.Float64-(sm.Float64-half)) > 1e-9 || math.Abs(hi.Float64-(sm.Float64+half)) > 1e-9 {
						t.Errorf("%s: interval [%v, %v]; want mean ± %v", key, lo.Float64, hi.Float64, half)
					}
				} else if sn.Int64 < 2 && (lo.Valid || hi.Valid) {
					t.Errorf("%s: an interval with n = %d", key, sn.Int64)
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if groups == 0 {
				t.Error("no summary rows")
			}
			t.Logf("%d summary rows recomputed", groups)
		})
	}
}

// near compares two nullable floats: both null, or within 1e-9 relative.
func near(a, b sql.NullFloat64) bool {
	if a.Valid != b.Valid {
		return false
	}
	return !a.Valid || math.Abs(a.Float64-b.Float64) <= 1e-9*math.Max(1, math.Abs(b.Float64))
}

// TestBothStudiesUnion reads the oracle and benchmark evaluations in one
// query (union_by_name): every row of each, the oracle-only columns null
// on the benchmark's rows and the reverse.
func TestBothStudiesUnion(t *testing.T) {
	if benchRun == "" {
		t.Skip(benchSkip)
	}
	db := openDB(t)
	glob := func(run string) string {
		return "'" + filepath.ToSlash(filepath.Join(run, "results", "evaluations", "*.parquet")) + "'"
	}
	count := func(q string) int64 {
		var n int64
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	oracle := count("SELECT count(*) FROM read_parquet(" + glob(oracleRun) + ")")
	bench := count("SELECT count(*) FROM read_parquet(" + glob(benchRun) + ")")
	both := fmt.Sprintf("read_parquet([%s, %s], union_by_name = true)", glob(oracleRun), glob(benchRun))
	if n := count("SELECT count(*) FROM " + both); n != oracle+bench {
		t.Errorf("union: %d rows; want %d + %d", n, oracle, bench)
	}
	if n := count("SELECT count(*) FROM " + both + " WHERE dataset IS NULL AND depth IS NOT NULL"); n != oracle {
		t.Errorf("%d rows with a depth and no dataset; want the oracle study's %d", n, oracle)
	}
	if n := count("SELECT count(*) FROM " + both + " WHERE dataset IS NOT NULL AND depth IS NULL AND accuracy IS NOT NULL"); n != bench {
		t.Errorf("%d rows with a dataset, no depth and an accuracy; want the benchmark study's %d", n, bench)
	}
}
