package interop

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docTypes maps schemas/README.md's column types to DuckDB's.
var docTypes = map[string]string{
	"int64":             "BIGINT",
	"int32":             "INTEGER",
	"string":            "VARCHAR",
	"double":            "DOUBLE",
	"boolean":           "BOOLEAN",
	`list\<int32\>`:     "INTEGER[]",
	"list<int32>":       "INTEGER[]",
	`list\<double\>`:    "DOUBLE[]",
	`list\<string\>`:    "VARCHAR[]",
	"boolean, nullable": "BOOLEAN",
	"double, nullable":  "DOUBLE",
}

// readmeSections parses schemas/README.md: for each heading, the columns
// its tables document, with their DuckDB types.
func readmeSections(t *testing.T) map[string]map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "schemas", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| ((?:`[a-z0-9_]+`(?:, )?)+) \\| ([^|]*) \\|")
	name := regexp.MustCompile("`([a-z0-9_]+)`")
	out := map[string]map[string]string{}
	heading := ""
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			heading = line
			out[heading] = map[string]string{}
			continue
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		typ, ok := docTypes[strings.TrimSpace(m[2])]
		if !ok {
			continue // not a column table (the rules' table); a column left out is reported as undocumented
		}
		for _, n := range name.FindAllStringSubmatch(m[1], -1) {
			out[heading][n[1]] = typ
		}
	}
	return out
}

// sectionsOf names the README sections that document a table's columns,
// first match first, by the table constant in the file's footer and the
// study of the run.
func sectionsOf(table string, bench bool) []string {
	ev, sum := "## results/evaluations/ — one row per (dataset, learner)", "## report/summary.parquet"
	switch table {
	case "oracles":
		return []string{"## oracles/"}
	case "models":
		return []string{"## models/", "## oracles/"}
	case "datasets":
		return []string{"## datasets/"}
	case "results/evaluations":
		if bench {
			return []string{"### results/evaluations/ (benchmark)", ev}
		}
		return []string{ev}
	case "report/summary":
		if bench {
			return []string{"### report/summary.parquet (benchmark)", sum, "### results/entropy/"}
		}
		return []string{sum}
	case "results/timings":
		return []string{"## results/timings/"}
	case "results/wins":
		return []string{"### results/wins/"}
	case "report/ranks":
		return []string{"### report/ranks.parquet"}
	case "results/predictions":
		// The cell's columns are typed in the study's evaluations section.
		return []string{"## results/predictions/", "### results/evaluations/ (benchmark)", "### results/evaluations/ (cost)", ev}
	}
	return []string{"### " + table + "/"}
}

// lookup finds a column's documented type in the sections named by
// prefixes (a section matches when its heading starts with the prefix).
func lookup(sections map[string]map[string]string, prefixes []string, col string) (string, bool) {
	for _, p := range prefixes {
		for h, cols := range sections {
			if strings.HasPrefix(h, p) {
				if typ, ok := cols[col]; ok {
					return typ, true
				}
			}
		}
	}
	return "", false
}

// manifestRows reads a run's manifest.json: rows per file.
func manifestRows(t *testing.T, run string) map[string]int64 {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(run, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Files []struct {
			Path string `json:"path"`
			Rows int64  `json:"rows"`
		} `json:"files"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, f := range m.Files {
		out[f.Path] = f.Rows
	}
	return out
}

// tables groups a run's Parquet files by table: each directory of parts
// is one table (read as dir/*.parquet), each imported dataset its own.
func tables(t *testing.T, run string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(run, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".parquet") {
			return err
		}
		rel, _ := filepath.Rel(run, p)
		key := filepath.ToSlash(filepath.Dir(rel)) + "/*.parquet"
		if strings.HasPrefix(rel, filepath.Join("datasets", "imported")) || !strings.HasPrefix(filepath.Base(p), "part-") {
			key = filepath.ToSlash(rel)
		}
		out[key] = append(out[key], filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryTableReads opens every table of both runs with DuckDB: its rows
// are the manifest's, every column has the type schemas/README.md gives
// it, and no column is of a type DuckDB or pandas read badly (unsigned
// integers, INT96 timestamps).
func TestEveryTableReads(t *testing.T) {
	db := openDB(t)
	sections := readmeSections(t)
	for _, run := range runs(t) {
		bench := strings.HasSuffix(run, "benchmark-small")
		rows := manifestRows(t, run)
		for glob, files := range tables(t, run) {
			t.Run(filepath.Base(run)+"/"+glob, func(t *testing.T) {
				src := fmt.Sprintf("read_parquet('%s')", filepath.ToSlash(filepath.Join(run, glob)))
				var want int64
				for _, f := range files {
					n, ok := rows[f]
					if !ok {
						t.Fatalf("%s is not in the manifest", f)
					}
					want += n
				}
				var got int64
				if err := db.QueryRow("SELECT count(*) FROM " + src).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("%d rows; the manifest says %d", got, want)
				}
				var table string
				if err := db.QueryRow(fmt.Sprintf("SELECT decode(value) FROM parquet_kv_metadata('%s') WHERE decode(key) = 'dtbench.table' LIMIT 1",
					filepath.ToSlash(filepath.Join(run, files[0])))).Scan(&table); err != nil {
					t.Fatalf("dtbench.table metadata: %v", err)
				}
				checkColumns(t, db, src, table, bench, sections)
				checkPhysical(t, db, filepath.ToSlash(filepath.Join(run, glob)))
			})
		}
	}
}

// checkColumns compares DESCRIBE's column types with the README's; an
// undocumented column of datasets/ is a feature, INTEGER.
func checkColumns(t *testing.T, db *sql.DB, src, table string, bench bool, sections map[string]map[string]string) {
	t.Helper()
	rows, err := db.Query("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM " + src + ")")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var col, typ string
		if err := rows.Scan(&col, &typ); err != nil {
			t.Fatal(err)
		}
		n++
		want, ok := lookup(sections, sectionsOf(table, bench), col)
		if !ok && table == "datasets" {
			want, ok = "INTEGER", true // one column per feature
		}
		switch {
		case !ok:
			t.Errorf("column %s (%s) of %s is not documented in schemas/README.md", col, typ, table)
		case typ != want:
			t.Errorf("column %s of %s is %s in DuckDB; schemas/README.md says %s", col, table, typ, want)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no columns")
	}
}

// checkPhysical refuses the Parquet types that DuckDB or pandas read
// badly: INT96 timestamps and unsigned integers.
func checkPhysical(t *testing.T, db *sql.DB, glob string) {
	t.Helper()
	rows, err := db.Query(fmt.Sprintf("SELECT DISTINCT name, coalesce(type, ''), coalesce(converted_type, ''), coalesce(logical_type, '') FROM parquet_schema('%s')", glob))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, typ, conv, logical string
		if err := rows.Scan(&name, &typ, &conv, &logical); err != nil {
			t.Fatal(err)
		}
		if typ == "INT96" || strings.HasPrefix(conv, "UINT") || strings.Contains(logical, "isSigned=false") || strings.Contains(logical, "is_signed=false") {
			t.Errorf("column %s: physical %s, converted %q, logical %q: DuckDB or pandas read it badly", name, typ, conv, logical)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
