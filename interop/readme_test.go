package interop

import (
	"os"
	"os/exec"
	"path/filepath"
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
	if len(queries) != 3 {
		t.Fatalf("README's Analysing a run has %d sql blocks; want 3", len(queries))
	}
	db := openDB(t)
	for i, q := range queries {
		if strings.Contains(q, "benchmark-small") && benchRun == "" {
			t.Logf("query %d skipped: %s", i+1, benchSkip)
			continue
		}
		rows, err := db.Query(q)
		if err != nil {
			t.Errorf("query %d: %v\n%s", i+1, err, q)
			continue
		}
		cols, _ := rows.Columns()
		n := 0
		for rows.Next() {
			n++
		}
		if err := rows.Err(); err != nil {
			t.Errorf("query %d: %v", i+1, err)
		}
		rows.Close()
		if n == 0 {
			t.Errorf("query %d returned no rows:\n%s", i+1, q)
		}
		t.Logf("query %d: %d rows of %v", i+1, n, cols)
	}
}

// TestReadmePandas parses the README's pandas lines as Python and runs
// them, in one Python process per block, from the folder that holds
// runs/, when python3 has pandas and pyarrow; it skips the run with a
// message otherwise.
func TestReadmePandas(t *testing.T) {
	blocks := readmeBlocks(t, "python")
	if len(blocks) != 3 {
		t.Fatalf("README's Analysing a run has %d python blocks; want 3", len(blocks))
	}
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
	if err := exec.Command("python3", "-c", "import pandas, pyarrow").Run(); err != nil {
		t.Skip("python3 has no pandas with pyarrow: the README's pandas lines are parsed, not run")
	}
	for i, code := range blocks {
		if strings.Contains(code, "benchmark-small") && benchRun == "" {
			t.Logf("block %d skipped: %s", i+1, benchSkip)
			continue
		}
		lines := strings.Split(strings.TrimSpace(code), "\n")
		lines[len(lines)-1] = "r = " + lines[len(lines)-1]
		script := "import pandas as pd\n" + strings.Join(lines, "\n") + "\nassert len(r) > 0, 'no rows'\nprint(len(r))\n"
		cmd := exec.Command("python3", "-c", script)
		cmd.Dir = base
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("pandas block %d: %v\n%s\n%s", i+1, err, code, out)
		}
	}
}
