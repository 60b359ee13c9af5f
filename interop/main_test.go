package interop

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/dtbench/dtbench/pipeline"
)

// The runs every test reads, made once by TestMain under base/runs/:
// the built-in quick config (oracle study) and, when the shared datasets
// are beside the repository, configs/benchmark-small.yaml.
var (
	base       string // the folder holding runs/
	oracleRun  string // base/runs/quick
	benchRun   string // base/runs/benchmark-small, "" when skipped
	benchSkip  string // why benchRun is ""
	sharedData = filepath.Join("..", "..", "shared", "datasets")
)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	var err error
	if base, err = os.MkdirTemp("", "dtbench-interop-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(base)
	out := filepath.Join(base, "runs")
	if oracleRun, err = makeRun(pipeline.LoadOptions{Env: []string{}}, out); err != nil {
		fmt.Fprintln(os.Stderr, "quick run:", err)
		return 1
	}
	if _, err := os.Stat(sharedData); err != nil {
		benchSkip = fmt.Sprintf("no shared datasets at %s: the benchmark study's tables are not checked", sharedData)
	} else if benchRun, err = makeRun(pipeline.LoadOptions{File: filepath.Join("..", "configs", "benchmark-small.yaml"), Env: []string{}}, out); err != nil {
		fmt.Fprintln(os.Stderr, "benchmark-small run:", err)
		return 1
	}
	return m.Run()
}

// makeRun runs a config into out and returns its run folder.
func makeRun(opts pipeline.LoadOptions, out string) (string, error) {
	cfg, err := pipeline.Load(opts)
	if err != nil {
		return "", err
	}
	return pipeline.Run(context.Background(), cfg, pipeline.Options{Out: out, Version: "interop-test"})
}

// openDB opens an in-memory DuckDB whose relative paths resolve from base,
// so that the README's 'runs/quick/…' paths work as written.
func openDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one connection: the SET below holds for every query
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec("SET file_search_path = '" + base + "'"); err != nil {
		t.Fatal(err)
	}
	return db
}

// runs returns the run folders to check, skipping the benchmark one with
// its reason when absent.
func runs(t *testing.T) []string {
	if benchRun == "" {
		t.Log(benchSkip)
		return []string{oracleRun}
	}
	return []string{oracleRun, benchRun}
}
