package pipeline

import (
	"context"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// oracleEvals reads every evaluation row of an oracle run folder.
func oracleEvals(t *testing.T, dir string) []schemas.OracleEvaluation {
	t.Helper()
	return evaluationRows(t, dir, schemas.EvaluationTable.Read)
}

// evaluationRows reads every evaluations part of run folder dir with read
// (the study's evaluation table), in part order; a read error fails t.
func evaluationRows[R any](t *testing.T, dir string, read func(path string) ([]R, error)) []R {
	t.Helper()
	parts, _ := filepath.Glob(filepath.Join(dir, schemas.Evaluations, "*.parquet"))
	var out []R
	for _, p := range parts {
		rows, err := read(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rows...)
	}
	return out
}

// TestOracleStudyCosts: with a fixed cost model every evaluation row has
// its average costs, and they mean what they say: the majority classifier
// performs no test and pays the matrix for its errors; a tree pays at most
// its depth (unit costs) in tests; avg_cost is the sum; without costs the
// columns are null.
func TestOracleStudyCosts(t *testing.T) {
	cfg := smallConfig(t, "learners=[id3, eg2, majority, naivebayes]", "costs={tests: {default: 1}, matrix: [[0, 10], [10, 0]]}")
	evals := oracleEvals(t, run(t, cfg, Options{Out: t.TempDir()}))
	if len(evals) == 0 {
		t.Fatal("no evaluations")
	}
	for _, e := range evals {
		if e.AvgCost == nil || e.AvgTestCost == nil || e.AvgErrorCost == nil {
			t.Fatalf("%s: cost columns null with costs configured", e.Learner)
		}
		if d := *e.AvgCost - *e.AvgTestCost - *e.AvgErrorCost; math.Abs(d) > 1e-12 {
			t.Errorf("%s: avg_cost %v is not tests %v + errors %v", e.Learner, *e.AvgCost, *e.AvgTestCost, *e.AvgErrorCost)
		}
		if want := 10 * (1 - *e.Accuracy); math.Abs(*e.AvgErrorCost-want) > 1e-9 {
			t.Errorf("%s: avg_error_cost %v; want 10 × error = %v", e.Learner, *e.AvgErrorCost, want)
		}
		switch e.Learner {
		case "majority":
			if *e.AvgTestCost != 0 {
				t.Errorf("majority performs tests costing %v", *e.AvgTestCost)
			}
		case "naivebayes":
			if *e.AvgTestCost != 6 { // reads all 6 features
				t.Errorf("naivebayes test cost %v; want 6 (every feature)", *e.AvgTestCost)
			}
		default:
			if *e.AvgTestCost > float64(*e.TreeDepth)+1e-12 || *e.AvgTestCost < 0 {
				t.Errorf("%s: test cost %v outside [0, depth %d]", e.Learner, *e.AvgTestCost, *e.TreeDepth)
			}
		}
	}
	for _, e := range oracleEvals(t, run(t, smallConfig(t), Options{Out: t.TempDir()})) {
		if e.AvgCost != nil {
			t.Fatalf("%s: avg_cost %v without costs", e.Learner, *e.AvgCost)
		}
	}
}

// TestDrawnCostsAreDeterministic: costs drawn per task give the same
// tables whatever the workers, and on the staged path.
func TestDrawnCostsAreDeterministic(t *testing.T) {
	sets := []string{"learners=[id3, icet, majority]", "costs={draw: {min_cost: 1, max_cost: 20, delayed: 0.3, groups: 2, grouped: 0.5}}"}
	cfg := smallConfig(t, sets...)
	a := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	b := run(t, cfg, Options{Out: t.TempDir(), Workers: 4})
	sameFiles(t, "drawn costs, workers 1 vs 4", deterministicFiles(t, a), deterministicFiles(t, b))
	out := t.TempDir()
	var dir string
	for _, stage := range flow.Stages {
		var err error
		if dir, err = RunStage(context.Background(), cfg, Options{Out: out}, stage); err != nil {
			t.Fatal(err)
		}
	}
	sameFiles(t, "drawn costs, staged vs run", deterministicFiles(t, a), deterministicFiles(t, dir))
	costly := 0
	for _, e := range oracleEvals(t, a) {
		if e.AvgTestCost != nil && *e.AvgTestCost > 1 {
			costly++
		}
	}
	if costly == 0 {
		t.Error("no learner paid more than 1 in tests under costs drawn in [1, 20]")
	}
}

// TestBenchmarkStudyCosts: a dataset's own costs reach its tasks, projected
// onto each subset, and the cost-sensitive learner sees them.
func TestBenchmarkStudyCosts(t *testing.T) {
	cfg := benchConfig(t, "benchmark.datasets=[{path: toy.arff, class: class, costs: {tests: {default: 1, a0: 50}, groups: {g: {common: 5, members: [a1, a2]}}}}]",
		"benchmark.repetitions=1", "learners=[c45, eg2, majority]", "benchmark.scenarios=[]")
	dir := run(t, cfg, Options{Out: t.TempDir()})
	seen := 0
	for _, e := range evaluationRows(t, dir, schemas.BenchmarkEvaluationTable.Read) {
		if e.AvgCost == nil {
			t.Fatalf("%s %s: no costs", e.Learner, e.Subset)
		}
		if e.Learner == "majority" && *e.AvgTestCost != 0 {
			t.Errorf("majority pays %v in tests", *e.AvgTestCost)
		}
		// A subset without a0, a1, a2 costs at most 1 per test.
		if !strings.ContainsAny(e.Attributes, "012") || e.Learner == "majority" {
			continue
		}
		seen++
	}
	if seen == 0 {
		t.Error("no task's subset holds a costly attribute")
	}
}

// TestCostsOfDroppedColumns: a cost entry for a column the dataset's entry
// drops is ignored, with a log line, where it used to be refused as a test
// that is no feature; a test of a column that is not in the file at all is
// still refused.
func TestCostsOfDroppedColumns(t *testing.T) {
	costs := "costs: {tests: {default: 1, a0: 50, a1: 3}, groups: {g: {common: 5, members: [a0, a2]}}, delayed: [a0]}"
	cfg := benchConfig(t, "benchmark.datasets=[{path: toy.arff, class: class, drop: [a0], "+costs+"}]",
		"benchmark.repetitions=1", "learners=[eg2, majority]", "benchmark.scenarios=[]")
	var log strings.Builder
	run(t, cfg, Options{Out: t.TempDir(), Log: slog.New(slog.NewTextHandler(&log, nil))})
	if want := "dataset toy: the costs of a0 are ignored: the entry drops those columns"; !strings.Contains(log.String(), want) {
		t.Errorf("log:\n%s\nwant a line saying %q", log.String(), want)
	}
	cfg = benchConfig(t, "benchmark.datasets=[{path: toy.arff, class: class, drop: [a1], costs: {tests: {default: 1, zz: 50}}}]",
		"benchmark.repetitions=1", "learners=[eg2, majority]", "benchmark.scenarios=[]")
	_, err := Run(context.Background(), cfg, Options{Out: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "zz") {
		t.Errorf("Run with a cost for column zz, in no file = %v; want it refused", err)
	}
}

// TestCostsBadInput: bad costs are refused before anything is written,
// naming the key or the file and line.
func TestCostsBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad+".cost", []byte("f0: 1\nf1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		sets []string
		want string
	}{
		{"unknown test", []string{"costs={tests: {f9: 1, default: 1}}"}, "f9"},
		{"negative cost", []string{"costs={tests: {f0: -1, default: 1}}"}, "costs.tests.f0"},
		{"no cost, no default", []string{"costs={tests: {f0: 1}}"}, "f1"},
		{"matrix of the wrong shape", []string{"costs={tests: {default: 1}, matrix: [[0, 1, 1], [1, 0, 1], [1, 1, 0]]}"}, "costs.matrix"},
		{"matrix not numbers", []string{"costs={tests: {default: 1}, matrix: [[0, x], [1, 0]]}"}, "costs.matrix"},
		{"group of an unknown test", []string{"costs={tests: {default: 1}, groups: {g: {common: 1, members: [f0, zz]}}}"}, "zz"},
		{"group without members", []string{"costs={tests: {default: 1}, groups: {g: {common: 1}}}"}, "costs.groups.g.members"},
		{"draw and tests", []string{"costs={tests: {default: 1}, draw: {max_cost: 5}}"}, "costs.draw"},
		{"draw out of range", []string{"costs={draw: {delayed: 2}}"}, "costs.draw.delayed"},
		{"omega out of range", []string{"learners=[{eg2: {omega: 1.5}}]"}, "omega"},
		{"cost file that does not parse", []string{"costs={uci: " + bad + "}"}, "bad.cost:2"},
		{"missing cost files", []string{"costs={uci: /nonexistent/heart}"}, "heart.cost"},
		{"unknown costs key", []string{"costs.weights=3"}, "costs.weights"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Load(LoadOptions{Sets: append([]string{"name=small", "oracle.features=6", "oracle.depths=[2]", "oracle.sizes=[30]"}, tc.sets...), Env: []string{}})
			refusedUpFront(t, cfg, err, tc.want)
		})
	}
}
