package interop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPredictionsAuditInDuckDB: DuckDB, a reader of its own, recomputes
// from benchmark-small's results/predictions every evaluation row's total,
// correct and mae, the last through the classes and probabilities lists
// (one UNNEST of both), and finds every row of results/evaluations with
// its predictions.
func TestPredictionsAuditInDuckDB(t *testing.T) {
	if benchRun == "" {
		t.Skip(benchSkip)
	}
	db := openDB(t)
	q := `WITH long AS (
	  SELECT dataset_id, learner, fold, row_id, actual, predicted, unnest(classes) AS class, unnest(probabilities) AS p
	  FROM read_parquet('runs/benchmark-small/results/predictions/*.parquet')),
	rows AS (
	  SELECT dataset_id, learner, fold, row_id, actual, predicted,
	         sum(abs(p - CASE WHEN class = actual THEN 1 ELSE 0 END)) / count(*) AS e
	  FROM long GROUP BY ALL),
	per AS (
	  SELECT dataset_id, learner, count(*) AS n, sum(CASE WHEN actual = predicted THEN 1 ELSE 0 END) AS correct, avg(e) AS mae
	  FROM rows GROUP BY ALL)
	SELECT count(*) AS evaluations,
	       count(per.n) AS with_predictions,
	       count(*) FILTER (WHERE per.n <> ev.total OR per.correct <> ev.correct OR abs(per.mae - ev.mae) > 1e-9) AS differ
	FROM read_parquet('runs/benchmark-small/results/evaluations/*.parquet') ev
	LEFT JOIN per USING (dataset_id, learner)`
	var evals, with, differ int64
	if err := db.QueryRow(q).Scan(&evals, &with, &differ); err != nil {
		t.Fatal(err)
	}
	if evals == 0 || with != evals || differ != 0 {
		t.Errorf("%d evaluation rows, %d with predictions, %d whose total, correct or mae differ from their predictions'", evals, with, differ)
	}
}

// TestSchemasReadmePredictionsQuery runs the DuckDB query of
// schemas/README.md's results/predictions section as written: it must
// return a row per (learner, class) of vote.
func TestSchemasReadmePredictionsQuery(t *testing.T) {
	if benchRun == "" {
		t.Skip(benchSkip)
	}
	b, err := os.ReadFile(filepath.Join("..", "schemas", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## results/predictions/")
	_, block, ok2 := strings.Cut(section, "```sql\n")
	q, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("schemas/README.md's results/predictions section has no sql block")
	}
	n, cols, err := countRows(openDB(t), q)
	if err != nil {
		t.Fatalf("%v\n%s", err, q)
	}
	// benchmark-small's 7 learners, vote's 2 classes.
	if n != 7*2 {
		t.Errorf("%d rows of %v; want one per learner and class, 14", n, cols)
	}
}
