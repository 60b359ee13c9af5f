package pipeline

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/generate"
)

// costConfig loads a small cost study over the toy dataset with test
// costs: 3 splits, two misclassification costs.
func costConfig(t *testing.T, sets ...string) *Config {
	t.Helper()
	dir := t.TempDir()
	writeBenchData(t, dir)
	file := filepath.Join(dir, "cost.yaml")
	yaml := `name: cost
study: cost
chunk: 3
cost:
  datasets:
    - {path: toy.arff, class: class, costs: {tests: {default: 2, a0: 30}, groups: {g: {common: 4, members: [a1, a2]}}, delayed: [a3]}}
  repetitions: 3
  misclassification: [5, 500]
learners: [c45, eg2, icet, majority]
`
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(LoadOptions{File: file, Sets: sets, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// costEvals reads the cost study's evaluation rows.
func costEvals(t *testing.T, dir string) []schemas.CostEvaluation {
	t.Helper()
	return evaluationRows(t, dir, schemas.CostEvaluationTable.Read)
}

// TestCostStudy: every (split, k, learner) has a row whose costs add up,
// whose error cost is k times the error rate, and whose split is the same
// for every k; the tables are byte-identical across workers and on the
// staged path; the report names the cheapest learner at each k.
func TestCostStudy(t *testing.T) {
	cfg := costConfig(t)
	a := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	evals := costEvals(t, a)
	if len(evals) != 3*2*4 {
		t.Fatalf("%d evaluation rows; want 3 splits × 2 costs × 4 learners", len(evals))
	}
	total := map[[2]any]int64{} // (rep, learner) → test rows, the same for every k
	for _, e := range evals {
		if e.AvgCost == nil {
			t.Fatalf("%s k=%v: no costs", e.Learner, e.Misclassification)
		}
		if d := *e.AvgCost - *e.AvgTestCost - *e.AvgErrorCost; math.Abs(d) > 1e-9 {
			t.Errorf("%s: avg_cost is not tests + errors", e.Learner)
		}
		if want := e.Misclassification * (1 - *e.Accuracy); math.Abs(*e.AvgErrorCost-want) > 1e-9 {
			t.Errorf("%s k=%v: error cost %v; want k × error rate = %v", e.Learner, e.Misclassification, *e.AvgErrorCost, want)
		}
		if e.Learner == "majority" && *e.AvgTestCost != 0 {
			t.Errorf("majority pays %v for tests", *e.AvgTestCost)
		}
		k := [2]any{e.Rep, e.Learner}
		if n, ok := total[k]; ok && n != *e.Total {
			t.Errorf("split %d: %d test rows at one k, %d at another", e.Rep, n, *e.Total)
		}
		total[k] = *e.Total
		if *e.Total != 50 { // 150 rows, round(150 × 2/3) = 100 train
			t.Errorf("%d test rows; want 50", *e.Total)
		}
	}
	b := run(t, cfg, Options{Out: t.TempDir(), Workers: 3})
	sameFiles(t, "cost study, workers 1 vs 3", deterministicFiles(t, a), deterministicFiles(t, b))
	out := t.TempDir()
	var dir string
	for _, stage := range flow.Stages {
		var err error
		if dir, err = RunStage(context.Background(), cfg, Options{Out: out}, stage); err != nil {
			t.Fatal(err)
		}
	}
	sameFiles(t, "cost study, staged vs run", deterministicFiles(t, a), deterministicFiles(t, dir))
	md, err := os.ReadFile(filepath.Join(a, "report", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Verdict", "### toy", "| k | c45 | eg2 | icet | majority |", "Cheapest learner at each k", "- k = 500: ", "As k rises from 5 to 500"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
}

// TestCostStudyBadInput: what the cost study cannot run is refused before
// anything is written, naming the key.
func TestCostStudyBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		sets []string
		want string
	}{
		{"no test costs", []string{"cost.datasets=[{path: toy.arff, class: class}]"}, "cost.datasets[0].costs"},
		{"train share of 1", []string{"cost.train=1"}, "cost.train"},
		{"no repetitions", []string{"cost.repetitions=0"}, "cost.repetitions"},
		{"negative misclassification", []string{"cost.misclassification=[10, -1]"}, "cost.misclassification[1]"},
		{"a benchmark key", []string{"cost.datasets=[{path: toy.arff, class: class, subsets: top, costs: {tests: {default: 1}}}]"}, "cost.datasets[0]"},
		{"drawn costs", []string{"cost.datasets=[{path: toy.arff, class: class, costs: {draw: {max_cost: 3}}}]"}, "cost.datasets[0].costs.draw"},
		{"a test the data lacks", []string{"cost.datasets=[{path: toy.arff, class: class, costs: {tests: {default: 1, zz: 3}}}]"}, "zz"},
		{"matrix of the wrong shape", []string{"cost.misclassification=[]", "cost.datasets=[{path: toy.arff, class: class, costs: {tests: {default: 1}, matrix: [[0]]}}]"}, "costs.matrix"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := func() (cfg *Config, err error) {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				dir := t.TempDir()
				writeBenchData(t, dir)
				file := filepath.Join(dir, "c.yaml")
				os.WriteFile(file, []byte("study: cost\ncost:\n  datasets: [{path: toy.arff, class: class, costs: {tests: {default: 1}}}]\n  misclassification: [10]\n"), 0o644)
				return Load(LoadOptions{File: file, Sets: tc.sets, Env: []string{}})
			}()
			refusedUpFront(t, cfg, err, tc.want)
		})
	}
}

// TestCostTurneyConfig runs configs/cost-turney.yaml, smaller (2 splits,
// two costs), on the shared heart-disease and hepatitis data with Turney's
// cost files: every learner charged, the majority classifier for no test,
// C4.5 (which ignores costs) for some. ICET may choose no test at all
// when errors are cheap, as Turney describes.
func TestCostTurneyConfig(t *testing.T) {
	shareddata.DirOrSkip(t)
	cfg, err := Load(LoadOptions{File: "../configs/cost-turney.yaml", Env: []string{},
		Sets: []string{"cost.repetitions=2", "cost.misclassification=[10, 1000]"}})
	if err != nil {
		t.Fatal(err)
	}
	dir := run(t, cfg, Options{Out: t.TempDir()})
	if md, err := os.ReadFile(filepath.Join(dir, "report", "report.md")); err != nil ||
		!strings.Contains(string(md), "Data: numeric attributes as they are (C4.5's threshold splits), missing values kept (J48's fractional instances)") {
		t.Errorf("report.md must say that the cost study read the numbers and missing values as they are (%v)", err)
	}
	evals := costEvals(t, dir)
	if len(evals) != 2*2*2*6 {
		t.Fatalf("%d rows; want 2 datasets × 2 costs × 2 splits × 6 learners", len(evals))
	}
	for _, e := range evals {
		if e.AvgTestCost == nil {
			t.Fatalf("%s on %s: no test cost", e.Learner, e.Dataset)
		}
		if tc := *e.AvgTestCost; tc < 0 || (e.Learner == "majority" && tc != 0) || (e.Learner == "c45" && tc == 0) {
			t.Errorf("%s on %s: test cost %v", e.Learner, e.Dataset, tc)
		}
	}
}

// TestCostStudyShardsAndResume: two shards plus the report give one run's
// tables, and a deleted part comes back identical with --resume.
func TestCostStudyShardsAndResume(t *testing.T) {
	cfg := costConfig(t)
	whole := run(t, cfg, Options{Out: t.TempDir()})
	sameFiles(t, "cost study, shards vs one run", deterministicFiles(t, whole), deterministicFiles(t, runInShards(t, cfg, 2)))
	before := deterministicFiles(t, whole)
	parts, _ := filepath.Glob(filepath.Join(whole, schemas.Evaluations, "*.parquet"))
	if len(parts) < 2 {
		t.Fatalf("%d evaluation parts; want several chunks", len(parts))
	}
	if err := os.Remove(parts[1]); err != nil {
		t.Fatal(err)
	}
	run(t, cfg, Options{Out: filepath.Dir(whole), Resume: true})
	sameFiles(t, "cost study, resume", before, deterministicFiles(t, whole))
	if _, err := Verify(whole); err != nil {
		t.Error(err)
	}
}

// TestCostStudyICETChoices: results/icet holds, for every ICET fit, one
// row per test with the chosen bias beside the test's real full cost
// (the config's costs: a0 30, a1 and a2 2 + their group's common 4, the
// rest 2), the individual's ω and confidence in the GA's ranges, its
// fitness and 1000 trials, and the model_id of the fit's evaluation row;
// seeded: false (Turney's baseline) says so in every row and changes the
// search.
func TestCostStudyICETChoices(t *testing.T) {
	wantCost := map[string]float64{"a0": 30, "a1": 6, "a2": 6, "a3": 2, "a4": 2, "a5": 2}
	biases := map[bool][]float64{}
	for _, seeded := range []bool{true, false} {
		cfg := costConfig(t)
		if !seeded {
			cfg = costConfig(t, "learners=[c45, {icet: {seeded: false}}]")
		}
		dir := run(t, cfg, Options{Out: t.TempDir(), Workers: 2})
		parts, _ := filepath.Glob(filepath.Join(dir, schemas.ICETChoices, "*.parquet"))
		var rows []schemas.ICETRow
		for _, p := range parts {
			r, err := schemas.ICETTable.Read(p)
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, r...)
		}
		if len(rows) != 3*2*6 {
			t.Fatalf("seeded %v: %d rows in results/icet; want 3 splits × 2 costs × 6 tests", seeded, len(rows))
		}
		models := map[int64]int64{} // dataset_id → icet's model_id
		for _, e := range costEvals(t, dir) {
			if e.Learner == "icet" {
				models[e.DatasetID] = e.ModelID
			}
		}
		for _, r := range rows {
			if r.Learner != "icet" || r.Seeded != seeded || r.Trials != 1000 || r.Fitness == nil {
				t.Errorf("seeded %v: row %+v", seeded, r)
			}
			if want, ok := wantCost[r.Test]; !ok || r.FullCost != want {
				t.Errorf("test %s: full cost %v; want %v", r.Test, r.FullCost, want)
			}
			if !(r.Bias >= 0 && r.Bias <= 10000) || !(r.Omega >= 0 && r.Omega <= 1) || !(r.Confidence > 0 && r.Confidence < 1) {
				t.Errorf("genes out of range: bias %v, ω %v, CF %v", r.Bias, r.Omega, r.Confidence)
			}
			if m, ok := models[r.DatasetID]; !ok || m != r.ModelID {
				t.Errorf("task %d: model_id %d; the evaluation's %d", r.DatasetID, r.ModelID, m)
			}
			biases[seeded] = append(biases[seeded], r.Bias)
		}
	}
	if slices.Equal(biases[true], biases[false]) {
		t.Errorf("seeded: false chose the same biases as the seeded search")
	}
}

// TestImportNote: the report's data line says how each dataset's numbers
// and missing values reached the learners, once when all were read alike.
func TestImportNote(t *testing.T) {
	raw := importer.Options{Discretize: importer.Discretization{Method: importer.NoDiscretization}, Missing: importer.MissingKeep}
	bins := importer.Options{Discretize: importer.Discretization{Method: importer.EqualFrequency, Bins: 5}, Missing: importer.MissingCategory}
	for _, tc := range []struct {
		specs []generate.DatasetSpec
		want  string
	}{
		{[]generate.DatasetSpec{{Name: "a", Options: raw}, {Name: "b", Options: raw}},
			"Data: numeric attributes as they are (C4.5's threshold splits), missing values kept (J48's fractional instances)"},
		{[]generate.DatasetSpec{{Name: "a", Options: raw}, {Name: "b", Options: bins}},
			"Data: a: numeric attributes as they are (C4.5's threshold splits), missing values kept (J48's fractional instances); " +
				"b: numeric attributes in 5 equal-frequency bins, a missing value a category of its own"},
	} {
		if got := importNote(tc.specs); got != tc.want {
			t.Errorf("importNote = %q\nwant %q", got, tc.want)
		}
	}
}
