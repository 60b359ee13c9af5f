package interop

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	runcompare "github.com/dtbench/dtbench/compare"
	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/schemas"
)

// TestCompareParquetInDuckDB: dtbench compare's compare.parquet, of the
// quick run against one whose c45 needs 60 rows a leaf, reads in DuckDB
// as it reads in dtbench: the README's query (in its Nightly section, run
// as written from the folder holding compare/) returns the regressed rows
// with the same learners, cells, differences and Holm p-values, and every
// column has the type schemas/README.md gives it.
func TestCompareParquetInDuckDB(t *testing.T) {
	hurt, err := makeRun(pipeline.LoadOptions{Env: []string{}, Sets: []string{"name=quick-hurt",
		"learners=[id3, {c45: {pruning: none, min_leaf: 60}}, {cart: {pruning: none}}, randomtree, exact, naivebayes, intuitive, majority, random]"}},
		filepath.Join(base, "runs"))
	if err != nil {
		t.Fatal(err)
	}
	a, err := pipeline.ReadCompared(oracleRun)
	if err != nil {
		t.Fatal(err)
	}
	b, err := pipeline.ReadCompared(hurt)
	if err != nil {
		t.Fatal(err)
	}
	if err := pipeline.Comparable(a, b); err != nil {
		t.Fatal(err)
	}
	res, err := runcompare.Compare("oracle", a.Tasks, b.Tasks, runcompare.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(base, "compare"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := schemas.CompareTable.Write(filepath.Join(base, "compare", "compare.parquet"), res.Rows); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`duckdb -c "(SELECT [^"]*compare/compare\.parquet[^"]*)"`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no duckdb query of compare/compare.parquet")
	}
	db := openDB(t)
	rows, err := db.Query(string(m[1]))
	if err != nil {
		t.Fatalf("%s: %v", m[1], err)
	}
	defer rows.Close()
	type got struct {
		learner, cell string
		diff, holm    float64
	}
	var fromDuck []got
	for rows.Next() {
		var g got
		if err := rows.Scan(&g.learner, &g.cell, &g.diff, &g.holm); err != nil {
			t.Fatal(err)
		}
		fromDuck = append(fromDuck, g)
	}
	var want []got
	for _, r := range res.Rows {
		if r.Verdict == runcompare.Regressed {
			want = append(want, got{r.Learner, r.Cell, *r.Diff, *r.HolmP})
		}
	}
	sort.SliceStable(want, func(i, j int) bool { return want[i].diff < want[j].diff })
	if len(want) != 12 || len(fromDuck) != len(want) {
		t.Fatalf("DuckDB gives %d regressed rows, dtbench %d (want 12: c45 in every cell)", len(fromDuck), len(want))
	}
	for i := range want {
		w, g := want[i], fromDuck[i]
		if w.learner != g.learner || w.cell != g.cell || math.Float64bits(w.diff) != math.Float64bits(g.diff) || math.Float64bits(w.holm) != math.Float64bits(g.holm) {
			t.Errorf("row %d: DuckDB %+v, dtbench %+v", i, g, w)
		}
	}
	types := map[string]string{}
	desc, err := db.Query("SELECT column_name, column_type, \"null\" FROM (DESCRIBE SELECT * FROM 'compare/compare.parquet')")
	if err != nil {
		t.Fatal(err)
	}
	defer desc.Close()
	for desc.Next() {
		var name, typ, null string
		if err := desc.Scan(&name, &typ, &null); err != nil {
			t.Fatal(err)
		}
		types[name] = typ
	}
	for col, typ := range map[string]string{"study": "VARCHAR", "learner": "VARCHAR", "cell": "VARCHAR", "measure": "VARCHAR", "better": "INTEGER",
		"n_a": "BIGINT", "n_b": "BIGINT", "mean_a": "DOUBLE", "mean_b": "DOUBLE", "pairs": "BIGINT", "diff": "DOUBLE", "ci_low": "DOUBLE", "ci_high": "DOUBLE",
		"p_value": "DOUBLE", "holm_p": "DOUBLE", "test": "VARCHAR", "status_changed": "BIGINT", "verdict": "VARCHAR"} {
		if types[col] != typ {
			t.Errorf("column %s: DuckDB type %q, want %s", col, types[col], typ)
		}
	}
	if len(types) != 18 {
		t.Errorf("DuckDB sees %d columns: %v", len(types), types)
	}
}
