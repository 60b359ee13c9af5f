package interop

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

// The runs every test reads, made once by TestMain under base/runs/:
// the built-in quick config (oracle study) and, when the shared datasets
// are beside the repository, configs/benchmark-small.yaml; and the
// statistics runs (statsRuns), one part per table, whose external learner
// fails some of its fits.
var (
	base       string // the folder holding runs/
	oracleRun  string // base/runs/quick
	benchRun   string // base/runs/benchmark-small, "" when skipped
	benchSkip  string // why benchRun is ""
	statsRuns  []string
	sharedData = filepath.Join("..", "..", "shared", "datasets")
)

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter() // the fake external learner of the statistics runs
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
	for _, opts := range statsConfigs() {
		run, err := makeRun(opts, out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "statistics run:", err)
			return 1
		}
		statsRuns = append(statsRuns, run)
	}
	return m.Run()
}

// statsConfigs are the statistics runs: each study with one chunk, so one
// part per table, beside learners that leave measures null (non-tree
// learners, a predictions-only external learner) an external learner,
// ext-some, that fails every fit whose seed is a multiple of 3 (status
// error, every measure null, a message); the benchmark and cost studies
// when the shared datasets are there. A benchmark row fails when one of
// its 10 folds does, so there ext-some fails one fit in 40.
func statsConfigs() []pipeline.LoadOptions {
	some := externalLearner("ext-some", externaltest.Command(externaltest.ErrorSome, "3"))
	someFolds := externalLearner("ext-some", externaltest.Command(externaltest.ErrorSome, "40"))
	predict := externalLearner("ext-predict", externaltest.Command(externaltest.Predict))
	out := []pipeline.LoadOptions{{Env: []string{}, Sets: []string{"name=stats-oracle", "chunk=100000", "oracle.repetitions=4",
		"learners=[id3, {c45: {pruning: none}}, exact, naivebayes, majority, " + some + ", " + predict + "]"}}}
	if _, err := os.Stat(sharedData); err != nil {
		return out
	}
	return append(out,
		pipeline.LoadOptions{File: filepath.Join("..", "configs", "benchmark-small.yaml"), Env: []string{},
			Sets: []string{"name=stats-benchmark", "chunk=100000", "benchmark.repetitions=2",
				"learners=[c45, naivebayes, intuitive, majority, random, " + someFolds + "]"}},
		pipeline.LoadOptions{File: filepath.Join("..", "configs", "cost-turney.yaml"), Env: []string{},
			// On bins: the failing fake adapter speaks protocol 1 (nominal
			// codes only), and the cost study reads numbers as they are by
			// default.
			Sets: []string{"name=stats-cost", "chunk=100000", "cost.repetitions=2", "cost.misclassification=[10, 1000]",
				"cost.discretize=equal-frequency", "cost.missing=category",
				"learners=[c45, idx, csid3, majority, " + some + "]"}})
}

// externalLearner is the learners entry (YAML, flow style) of an external
// learner name running cmd, allowed to fail every fit.
func externalLearner(name string, cmd []string) string {
	c, _ := json.Marshal(cmd)
	return `{external: {name: ` + name + `, command: ` + string(c) + `, max_failures: 1000000}}`
}

// statsRun returns the statistics run of a study ("oracle", "benchmark",
// "cost"), "" when it was not made.
func statsRun(study string) string {
	for _, r := range statsRuns {
		if strings.HasSuffix(r, "stats-"+study) {
			return r
		}
	}
	return ""
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
