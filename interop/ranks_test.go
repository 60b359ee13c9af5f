package interop

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"
)

// TestRanksRecomputed: report/ranks.parquet's average ranks are what
// DuckDB computes from report/summary.parquet, as schemas/README.md says:
// per (dataset, scenario), the ranked learners' mean accuracy with the
// whole top subset (the subset of the most attributes) ranked, 1 the most
// accurate and ties averaged, then averaged over the groups; and every
// row's critical difference is q_α·√(k(k+1)/6N).
func TestRanksRecomputed(t *testing.T) {
	if benchRun == "" {
		t.Skip(benchSkip)
	}
	path := func(parts ...string) string {
		return filepath.ToSlash(filepath.Join(append([]string{benchRun}, parts...)...))
	}
	q := fmt.Sprintf(`WITH rk AS (SELECT * FROM read_parquet('%s')),
s AS (SELECT dataset, scenario, subset, learner, mean FROM read_parquet('%s')
      WHERE measure = 'accuracy' AND learner IN (SELECT learner FROM rk)),
whole AS (SELECT dataset, scenario, arg_max(subset, len(string_split(subset, ','))) AS subset FROM s GROUP BY ALL),
g AS (SELECT s.* FROM s JOIN whole USING (dataset, scenario, subset)),
r AS (SELECT learner, rank() OVER w + (count(*) OVER (PARTITION BY dataset, scenario, mean) - 1) / 2 AS rank
      FROM g WINDOW w AS (PARTITION BY dataset, scenario ORDER BY mean DESC)),
a AS (SELECT learner, avg(rank) AS avg, count(*) AS n FROM r GROUP BY ALL)
SELECT rk.learner, a.avg, rk.average_rank, a.n, rk.groups, rk.learners, rk.q_alpha, rk.nemenyi_cd FROM rk JOIN a USING (learner)`,
		path("report", "ranks.parquet"), path("report", "summary.parquet"))
	db := openDB(t)
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var learner string
		var avg, want, qa, cd float64
		var groups, nWant, k int64
		if err := rows.Scan(&learner, &avg, &want, &groups, &nWant, &k, &qa, &cd); err != nil {
			t.Fatal(err)
		}
		n++
		if math.Abs(avg-want) > 1e-9 || groups != nWant {
			t.Errorf("%s: DuckDB's average rank %g over %d groups; report/ranks says %g over %d", learner, avg, groups, want, nWant)
		}
		if se := math.Sqrt(float64(k*(k+1)) / (6 * float64(nWant))); math.Abs(cd-qa*se) > 1e-9 {
			t.Errorf("%s: nemenyi_cd %g; q_alpha·√(k(k+1)/6N) = %g", learner, cd, qa*se)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 2 {
		t.Errorf("%d learners ranked across the benchmark's datasets; want at least 2", n)
	}
}
