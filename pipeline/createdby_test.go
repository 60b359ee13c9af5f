package pipeline

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/dtbench/dtbench/schemas"
)

// TestFilesNameTheVersion: every table file a run writes, per chunk or per
// run, names in created_by the dtbench version the run was given, beside
// its table's schema version, so that a reader can tell which dtbench
// wrote it.
func TestFilesNameTheVersion(t *testing.T) {
	const version = "v1.2.3-test"
	dir := run(t, smallConfig(t), Options{Out: t.TempDir(), Version: version})
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".parquet" {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close() // read only
		st, err := f.Stat()
		if err != nil {
			return err
		}
		pf, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			return err
		}
		table, _ := pf.Lookup(schemas.MetaTable)
		v, _ := schemas.TableVersion(table)
		want := "dtbench version " + version + " (build schema " + strconv.Itoa(v) + ")"
		if got := pf.Metadata().CreatedBy; got != want {
			t.Errorf("%s: created_by %q; want %q", path, got, want)
		}
		seen[table] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{schemas.Oracles, schemas.Datasets, schemas.Models, schemas.Evaluations, schemas.Timings, schemas.Summaries} {
		if !seen[table] {
			t.Errorf("no %s file among %v", table, slices.Sorted(maps.Keys(seen)))
		}
	}
}
