package interop

import (
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/dtbench/dtbench/cv"
)

// dec formats as report.md does: 3 decimals, never "-0.000".
func dec(x float64) string {
	s := strconv.FormatFloat(x, 'f', 3, 64)
	if s == "-0.000" {
		return "0.000"
	}
	return s
}

// oracleLead matches the runner-up comparison of an oracle verdict line.
var (
	oracleLine = regexp.MustCompile(`^- Depth (\d+): .*? at (\d+) rows`)
	leaderName = regexp.MustCompile(`\*\*(\S+)\*\*`)
	oracleLead = regexp.MustCompile(`, (?:level with (\S+) to 3 decimals|([0-9.]+) (above|below) (\S+)), ` +
		`the runner-up \(paired t over (\d+) repetitions, 95% CI \[(-?[0-9.]+), (-?[0-9.]+)\], p (= [0-9.]+|< 0\.001)`)
)

// TestOracleVerdictRecomputed: every runner-up comparison of the quick
// run's verdict — the size of the difference, its pairs, its 95% interval
// and p — is what DuckDB computes from results/evaluations: the DOE
// differences of the two learners paired by repetition within the cell,
// their mean and sample SD, with Student's t at n − 1 degrees of freedom.
func TestOracleVerdictRecomputed(t *testing.T) {
	md, err := os.ReadFile(filepath.Join(oracleRun, "report", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	ev := "read_parquet('" + filepath.ToSlash(filepath.Join(oracleRun, "results", "evaluations", "*.parquet")) + "')"
	mode, checked := "", 0
	for _, line := range strings.Split(string(md), "\n") {
		if m := regexp.MustCompile(`^### (\S+) mode`).FindStringSubmatch(line); m != nil {
			mode = m[1]
			continue
		}
		head, m := oracleLine.FindStringSubmatch(line), oracleLead.FindStringSubmatch(line)
		if head == nil {
			continue
		}
		if m == nil {
			t.Errorf("a verdict line without a runner-up comparison: %s", line)
			continue
		}
		depth, size, leader := head[1], head[2], leaderName.FindStringSubmatch(line)[1]
		// m: 1 level's rival; 2 size, 3 above/below, 4 rival; 5 pairs; 6, 7
		// the interval; 8 p.
		rival := m[1] + m[4]
		q := fmt.Sprintf(`SELECT count(*), avg(a.doe - b.doe), stddev_samp(a.doe - b.doe)
FROM %[1]s a JOIN %[1]s b USING (features, depth, mode, size, rep)
WHERE a.learner = '%[2]s' AND b.learner = '%[3]s' AND depth = %[4]s AND mode = '%[5]s' AND size = %[6]s
  AND a.doe IS NOT NULL AND b.doe IS NOT NULL`, ev, leader, rival, depth, mode, size)
		var n int
		var mean, sd sql.NullFloat64
		if err := db.QueryRow(q).Scan(&n, &mean, &sd); err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("depth %s %s, %s − %s", depth, mode, leader, rival)
		if strconv.Itoa(n) != m[5] {
			t.Errorf("%s: %d pairs; report.md says %s", what, n, m[5])
			continue
		}
		switch {
		case m[1] != "" && dec(math.Abs(mean.Float64)) != "0.000":
			t.Errorf("%s: report.md says level, DuckDB's mean difference is %v", what, mean.Float64)
		case m[1] == "" && (dec(math.Abs(mean.Float64)) != m[2] || (mean.Float64 > 0) != (m[3] == "above")):
			t.Errorf("%s: report.md says %s %s, DuckDB's mean difference is %v", what, m[2], m[3], mean.Float64)
		}
		half := cv.TQuantile(0.975, n-1) * sd.Float64 / math.Sqrt(float64(n))
		if dec(mean.Float64-half) != m[6] || dec(mean.Float64+half) != m[7] {
			t.Errorf("%s: interval [%s, %s] from DuckDB; report.md says [%s, %s]", what, dec(mean.Float64-half), dec(mean.Float64+half), m[6], m[7])
		}
		if sd.Float64 > 1e-6 {
			tv := mean.Float64 / (sd.Float64 / math.Sqrt(float64(n)))
			p := 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Survival(math.Abs(tv))
			want := "= " + dec(p)
			if p < 0.001 {
				want = "< 0.001"
			}
			if want != m[8] {
				t.Errorf("%s: p %s from DuckDB; report.md says p %s", what, want, m[8])
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatalf("no verdict line with a runner-up in %s", filepath.Join(oracleRun, "report", "report.md"))
	}
	t.Logf("%d verdict comparisons recomputed", checked)
}

// TestWinsRecomputed: every row of results/wins holds the wins, the number
// of fold differences, their mean and the corrected resampled t-test's
// interval that DuckDB computes from results/confusion and
// results/evaluations: per (task, learner, fold) the accuracy of the fold's
// test rows, paired by task and fold, and the mean test/train ratio of the
// folds.
func TestWinsRecomputed(t *testing.T) {
	if benchRun == "" {
		t.Skip(benchSkip)
	}
	path := func(parts ...string) string {
		return filepath.ToSlash(filepath.Join(append([]string{benchRun}, parts...)...))
	}
	q := fmt.Sprintf(`WITH ev AS (SELECT * FROM read_parquet('%s')),
fold AS (SELECT dataset_id, learner, fold, sum(count) FILTER (WHERE actual = predicted) / sum(count) AS acc, sum(count) AS rows
         FROM read_parquet('%s') GROUP BY ALL),
task AS (SELECT DISTINCT dataset_id, dataset, scenario, subset, total FROM ev WHERE total IS NOT NULL),
d AS (SELECT t.dataset, t.scenario, t.subset, a.learner AS a, b.learner AS b, a.acc - b.acc AS d, a.rows / (t.total - a.rows) AS ratio
      FROM fold a JOIN fold b USING (dataset_id, fold) JOIN task t USING (dataset_id) WHERE a.learner <> b.learner),
r AS (SELECT dataset, scenario, subset, a, b, count(*) AS n, avg(d) AS mean, var_samp(d) AS var, avg(ratio) AS ratio FROM d GROUP BY ALL)
SELECT r.dataset || ' ' || r.subset || ' ' || r.a || '/' || r.b, r.n, w.folds, r.mean, w.mean_diff, r.var, r.ratio, w.ci_low, w.ci_high
FROM r JOIN read_parquet('%s') w ON w.dataset = r.dataset AND w.scenario = r.scenario AND w.subset = r.subset AND w.learner_a = r.a AND w.learner_b = r.b`,
		path("results", "evaluations", "*.parquet"), path("results", "confusion", "*.parquet"), path("results", "wins", "wins.parquet"))
	db := openDB(t)
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	checked := 0
	for rows.Next() {
		var key string
		var n int
		var folds sql.NullInt64
		var mean, wmean, variance, ratio, lo, hi sql.NullFloat64
		if err := rows.Scan(&key, &n, &folds, &mean, &wmean, &variance, &ratio, &lo, &hi); err != nil {
			t.Fatal(err)
		}
		checked++
		if !folds.Valid || int(folds.Int64) != n || !near(mean, wmean) {
			t.Errorf("%s: %d folds, mean difference %v from DuckDB; results/wins says %v, %v", key, n, mean.Float64, folds, wmean)
			continue
		}
		half := cv.TQuantile(0.975, n-1) * math.Sqrt((1/float64(n)+ratio.Float64)*variance.Float64)
		if !near(sql.NullFloat64{Float64: mean.Float64 - half, Valid: true}, lo) || !near(sql.NullFloat64{Float64: mean.Float64 + half, Valid: true}, hi) {
			t.Errorf("%s: interval [%v, %v] from DuckDB; results/wins says [%v, %v]", key, mean.Float64-half, mean.Float64+half, lo, hi)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no wins row recomputed")
	}
	t.Logf("%d wins rows recomputed", checked)
}

// TestSummaryFailedRecomputed: report/summary's failed is, per learner and
// cell, the evaluation rows whose status is not ok.
func TestSummaryFailedRecomputed(t *testing.T) {
	db := openDB(t)
	for _, run := range runs(t) {
		cell := "features, depth, mode, size"
		if run == benchRun {
			cell = "dataset, scenario, subset"
		}
		q := fmt.Sprintf(`WITH r AS (SELECT learner, %[1]s, count(*) FILTER (WHERE status <> 'ok') AS failed
                  FROM read_parquet('%[2]s') GROUP BY ALL)
SELECT count(*), count(*) FILTER (WHERE s.failed IS DISTINCT FROM r.failed)
FROM read_parquet('%[3]s') s JOIN r USING (learner, %[1]s)`, cell,
			filepath.ToSlash(filepath.Join(run, "results", "evaluations", "*.parquet")), filepath.ToSlash(filepath.Join(run, "report", "summary.parquet")))
		var n, bad int
		if err := db.QueryRow(q).Scan(&n, &bad); err != nil {
			t.Fatal(err)
		}
		if n == 0 || bad != 0 {
			t.Errorf("%s: %d of %d summary rows have a failed count DuckDB does not recompute", filepath.Base(run), bad, n)
		}
	}
}
