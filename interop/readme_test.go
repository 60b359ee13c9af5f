package interop

import (
	"database/sql"
	"fmt"
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
// block, from the folder that holds runs/, and checks that each gives as
// many rows as the DuckDB query before it. With pyarrow, pandas reads the Parquet files itself; without it
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
		lines := strings.Split(strings.TrimSpace(code), "\n")
		lines[len(lines)-1] = "r = " + lines[len(lines)-1]
		script := prelude + strings.Join(lines, "\n") + "\nassert len(r) > 0, 'no rows'\nprint(len(r))\n"
		cmd := exec.Command(python, "-c", script)
		cmd.Dir = base
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("pandas block %d: %v\n%s\n%s", i+1, err, code, out)
			continue
		}
		want, _, err := countRows(db, queries[i])
		if err != nil {
			t.Fatalf("query %d: %v", i+1, err)
		}
		if got := strings.TrimSpace(string(out)); got != fmt.Sprint(want) {
			t.Errorf("pandas block %d gives %s rows; its query gives %d", i+1, got, want)
		}
	}
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
