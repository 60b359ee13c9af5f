package interop

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeBlocks returns the fenced code blocks of one language in the
// section "## Analysing a run" of the repository's README, in order.
func readmeBlocks(t *testing.T, lang string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, "\n## Analysing a run\n")
	if i < 0 {
		t.Fatal(`README.md has no section "## Analysing a run"`)
	}
	section := text[i+1:]
	if j := strings.Index(section[3:], "\n## "); j >= 0 {
		section = section[:j+3]
	}
	var out []string
	for _, part := range strings.Split(section, "```"+lang+"\n")[1:] {
		end := strings.Index(part, "```")
		if end < 0 {
			t.Fatalf("README.md: an unclosed %s block", lang)
		}
		out = append(out, part[:end])
	}
	return out
}

// TestReadmeQueries runs the README's DuckDB queries, exactly as written,
// from the folder that holds runs/: each must return rows.
func TestReadmeQueries(t *testing.T) {
	queries := readmeBlocks(t, "sql")
	if len(queries) != 4 {
		t.Fatalf("README's Analysing a run has %d sql blocks; want 4", len(queries))
	}
	db := openDB(t)
	for i, q := range queries {
		if strings.Contains(q, "benchmark-small") && benchRun == "" {
			t.Logf("query %d skipped: %s", i+1, benchSkip)
			continue
		}
		n, cols, err := countRows(db, q)
		if err != nil {
			t.Errorf("query %d: %v\n%s", i+1, err, q)
			continue
		}
		if n == 0 {
			t.Errorf("query %d returned no rows:\n%s", i+1, q)
		}
		t.Logf("query %d: %d rows of %v", i+1, n, cols)
	}
}

// countRows runs a query and counts its rows.
func countRows(db *sql.DB, q string) (int, []string, error) {
	rows, err := db.Query(q)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	n := 0
	for rows.Next() {
		n++
	}
	return n, cols, rows.Err()
}

// TestReadmePandas runs the README's pandas lines, one Python process per
// block, from the folder that holds runs/, and checks that each gives the
// rows of the DuckDB query before it, value for value: its result (the
// last line's, with a grouping's keys as columns) is compared with the
// query's first columns, position by position (a query may add columns,
// as the confusion's row_ids), numbers within the query's rounding to 3
// places. With pyarrow, pandas reads the Parquet files itself; without it
// (Debian has pandas but no pyarrow), read_parquet is stood in for by a
// CSV copy of the same table, which DuckDB writes, so the lines' logic is
// still run. Without pandas at all the blocks are only parsed.
func TestReadmePandas(t *testing.T) {
	blocks := readmeBlocks(t, "python")
	if len(blocks) != 4 {
		t.Fatalf("README's Analysing a run has %d python blocks; want 4", len(blocks))
	}
	python, arrow := pandasPython()
	if python == "" {
		if _, err := exec.LookPath("python3"); err != nil {
			t.Skip("no python3: the README's pandas lines are not checked")
		}
		for i, code := range blocks {
			parse := exec.Command("python3", "-c", "import ast, sys; ast.parse(sys.stdin.read())")
			parse.Stdin = strings.NewReader(code)
			if out, err := parse.CombinedOutput(); err != nil {
				t.Errorf("pandas block %d is not Python: %v\n%s", i+1, err, out)
			}
		}
		t.Skip("no python3 with pandas (Debian: python3-pandas): the README's pandas lines are parsed, not run")
	}
	queries := readmeBlocks(t, "sql")
	db := openDB(t)
	prelude := "import pandas as pd\n"
	if !arrow {
		t.Log(python + " has pandas but no pyarrow: read_parquet reads CSV copies of the tables")
		prelude += csvStandIn(t, blocks)
	}
	for i, code := range blocks {
		if strings.Contains(code, "benchmark-small") && benchRun == "" {
			t.Logf("block %d skipped: %s", i+1, benchSkip)
			continue
		}
		got, err := pandasRows(python, prelude, code)
		if err != nil {
			t.Errorf("pandas block %d: %v\n%s", i+1, err, code)
			continue
		}
		want := queryRows(t, db, queries[i])
		if len(got) == 0 || len(got) != len(want) {
			t.Errorf("pandas block %d gives %d rows; its query gives %d", i+1, len(got), len(want))
			continue
		}
		for r := range got {
			if msg := samePandasRow(got[r], want[r]); msg != "" {
				t.Errorf("pandas block %d, row %d: %s: pandas %v, query %v", i+1, r+1, msg, got[r], want[r])
				break
			}
		}
	}
}

// pandasRows runs a README block after prelude and returns the rows of
// its last line's result as JSON values: a Series or a grouped frame with
// its index as leading columns, another frame without its index.
func pandasRows(python, prelude, code string) ([][]any, error) {
	lines := strings.Split(strings.TrimSpace(code), "\n")
	lines[len(lines)-1] = "r = " + lines[len(lines)-1]
	script := prelude + strings.Join(lines, "\n") + `
import sys
keyed = isinstance(r, pd.Series) or any(n is not None for n in r.index.names)
r = r.reset_index() if keyed else r.reset_index(drop=True)
sys.stdout.write(r.to_json(orient="values"))
`
	cmd := exec.Command(python, "-c", script)
	cmd.Dir = base
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%w\n%s", err, stderr.String())
	}
	var rows [][]any
	if err := json.Unmarshal(out, &rows); err != nil {
		return nil, fmt.Errorf("its result as JSON: %w: %.200s", err, out)
	}
	return rows, nil
}

// samePandasRow compares a pandas row with the first columns of a query's row:
// numbers within 0.0015 (the query rounds to 3 places), anything else as
// text. It returns what differs, "" when nothing does.
func samePandasRow(pandas, query []any) string {
	if len(pandas) > len(query) {
		return fmt.Sprintf("%d columns, the query has %d", len(pandas), len(query))
	}
	for c, p := range pandas {
		pn, pok := number(p)
		qn, qok := number(query[c])
		switch {
		case pok && qok:
			if math.Abs(pn-qn) > 0.0015 {
				return fmt.Sprintf("column %d: %v against %v", c+1, p, query[c])
			}
		case fmt.Sprint(p) != fmt.Sprint(query[c]):
			return fmt.Sprintf("column %d: %q against %q", c+1, fmt.Sprint(p), fmt.Sprint(query[c]))
		}
	}
	return ""
}

// number returns v as a float64 when it is a number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case int:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	return 0, false
}

// pandasPython finds a Python with pandas (python3 on PATH, else Debian's
// /usr/bin/python3) and says whether it has pyarrow too.
func pandasPython() (python string, arrow bool) {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import pandas").Run() == nil {
			return p, exec.Command(p, "-c", "import pyarrow").Run() == nil
		}
	}
	return "", false
}

// csvStandIn writes, for every path the blocks pass to pd.read_parquet, a
// CSV copy of the table there (DuckDB's COPY), and returns Python that
// makes pd.read_parquet read those copies.
func csvStandIn(t *testing.T, blocks []string) string {
	t.Helper()
	db := openDB(t)
	paths := regexp.MustCompile(`pd\.read_parquet\("([^"]+)"\)`)
	var entries []string
	seen := map[string]bool{}
	for _, code := range blocks {
		for _, m := range paths.FindAllStringSubmatch(code, -1) {
			path := m[1]
			if seen[path] || (strings.Contains(path, "benchmark-small") && benchRun == "") {
				continue
			}
			seen[path] = true
			src := path
			if !strings.HasSuffix(path, ".parquet") {
				src = path + "/*.parquet" // a table's folder
			}
			csv := filepath.Join(t.TempDir(), "table.csv")
			if _, err := db.Exec(fmt.Sprintf("COPY (SELECT * FROM read_parquet('%s')) TO '%s' (HEADER)", src, csv)); err != nil {
				t.Fatalf("copy %s to CSV: %v", path, err)
			}
			entries = append(entries, fmt.Sprintf("%q: %q", path, csv))
		}
	}
	return "_csv = {" + strings.Join(entries, ", ") + "}\npd.read_parquet = lambda path, *a, **k: pd.read_csv(_csv[path])\n"
}
