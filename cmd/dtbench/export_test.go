package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/schemas"
)

// runPredictions reads a run's results/predictions blocks with read.
func runPredictions[R any](t *testing.T, run string, read func(string) ([]schemas.PredictionBlock[R], error)) []schemas.PredictionBlock[R] {
	t.Helper()
	parts, _ := filepath.Glob(filepath.Join(run, "results", "predictions", "*.parquet"))
	var out []schemas.PredictionBlock[R]
	for _, p := range parts {
		b, err := read(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b...)
	}
	if len(out) == 0 {
		t.Fatalf("%s has no predictions", run)
	}
	return out
}

// csvRowIDs reads the row_id column of an exported CSV file and its
// number of columns.
func csvRowIDs(t *testing.T, path string) ([]int64, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 || recs[0][0] != "row_id" {
		t.Fatalf("%s: %v, header %v; want a header starting row_id", path, err, recs)
	}
	var ids []int64
	for _, r := range recs[1:] {
		id, err := strconv.ParseInt(r[0], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids, len(recs[0])
}

// wekaCorrect runs Debian's Weka J48 on an exported fold and returns how
// many test rows it classifies correctly; it skips t without Java or Weka.
func wekaCorrect(t *testing.T, train, test string) int64 {
	t.Helper()
	java, err := exec.LookPath("java")
	const jar = "/usr/share/java/weka.jar"
	if _, jerr := os.Stat(jar); err != nil || jerr != nil {
		t.Skipf("Weka's J48 is not here (java: %v; %s: %v): apt-get install weka default-jdk-headless", err, jar, jerr)
	}
	out, err := exec.Command(java, "-cp", jar, "weka.classifiers.trees.J48", "-t", train, "-T", test).CombinedOutput()
	if err != nil {
		t.Fatalf("J48: %v\n%s", err, out)
	}
	_, onTest, ok := strings.Cut(string(out), "=== Error on test data ===")
	m := regexp.MustCompile(`Correctly Classified Instances\s+(\d+)`).FindStringSubmatch(onTest)
	if !ok || m == nil {
		t.Fatalf("J48's output has no test result:\n%s", out)
	}
	n, _ := strconv.ParseInt(m[1], 10, 64)
	return n
}

// checkExportReplaysInWeka exports every fold of task id of a benchmark
// run (Weka's fold scheme) as ARFF and CSV, and checks that Weka's J48 on
// the ARFF classifies exactly as many test rows correctly as c45 did on
// the fold by the run's predictions, that the CSV's test rows are the
// predictions' rows of the fold, and that the folds' training and test
// rows partition the task's rows.
func checkExportReplaysInWeka(t *testing.T, run string, id int64, folds int) {
	t.Helper()
	byFold := map[int32]*schemas.PredictionRows{}
	for _, b := range runPredictions(t, run, schemas.BenchmarkPredictionTable.Read) {
		if b.Head.DatasetID == id && b.Head.Learner == "c45" {
			byFold[b.Fold] = &b.PredictionRows
		}
	}
	if len(byFold) != folds {
		t.Fatalf("task %d: c45 has predictions on %d folds; want %d", id, len(byFold), folds)
	}
	var all []int64
	for fold := range folds {
		dir := t.TempDir()
		args := []string{"export", "--run", run, "--task", strconv.FormatInt(id, 10), "--fold", strconv.Itoa(fold), "--out"}
		for _, ext := range []string{"arff", "csv"} {
			code, stdout, stderr := cli(t, append(args, filepath.Join(dir, "fold."+ext))...)
			if code != 0 {
				t.Fatalf("export fold %d as %s: exit %d: %s", fold, ext, code, stderr)
			}
			if want := fmt.Sprintf("%s\n%s\n", filepath.Join(dir, "fold-train."+ext), filepath.Join(dir, "fold-test."+ext)); stdout != want {
				t.Errorf("export prints %q; want the two files, %q", stdout, want)
			}
		}
		p := byFold[int32(fold)]
		correct := int64(0)
		for i := range p.Len() {
			if p.Actual[i] == p.Predicted[i] {
				correct++
			}
		}
		if got := wekaCorrect(t, filepath.Join(dir, "fold-train.arff"), filepath.Join(dir, "fold-test.arff")); got != correct {
			t.Errorf("task %d fold %d: Weka's J48 classifies %d test rows correctly; the run's predictions say c45 did %d of %d", id, fold, got, correct, p.Len())
		}
		test, _ := csvRowIDs(t, filepath.Join(dir, "fold-test.csv"))
		if !slices.Equal(test, p.RowIDs) {
			t.Errorf("task %d fold %d: exported test rows %v; the predictions' %v", id, fold, test, p.RowIDs)
		}
		train, _ := csvRowIDs(t, filepath.Join(dir, "fold-train.csv"))
		both := slices.Sorted(slices.Values(slices.Concat(train, test)))
		if fold == 0 {
			all = both
		} else if !slices.Equal(both, all) {
			t.Errorf("task %d fold %d: its training and test rows are not those of fold 0", id, fold)
		}
		if len(slices.Compact(slices.Clone(both))) != len(both) {
			t.Errorf("task %d fold %d: a row both trains and tests", id, fold)
		}
	}
}

// TestExportReplaysInWeka on the toy CSV (a discretized column, missing
// values as a value, a dropped row): the task of the whole top subset.
func TestExportReplaysInWeka(t *testing.T) {
	run := toyRun(t, "benchmark")
	// Cells are the subsets in the paper's order, the whole top set last
	// (#7 of 7 for 3 attributes); one repetition: task 6.
	checkExportReplaysInWeka(t, run, 6, 5)
}

// TestExportReplaysInWekaShared on configs/benchmark-small.yaml's shared
// tic-tac-toe (one repetition): a two-attribute subset's task.
func TestExportReplaysInWekaShared(t *testing.T) {
	shareddata.DirOrSkip(t)
	dir := t.TempDir()
	code, stdout, stderr := cli(t, "run", "-c", "../../configs/benchmark-small.yaml", "--out", dir, "--quiet",
		"--set", "benchmark.repetitions=1", "--set", "learners=[c45]")
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	checkExportReplaysInWeka(t, strings.TrimSpace(stdout), 2, 10)
}

// TestExportCostSplit: a cost task's export is its split: the test rows
// are its predictions' rows, the training rows the rest of the imported
// dataset; the Parquet files hold the same rows as the CSV ones.
func TestExportCostSplit(t *testing.T) {
	run := toyRun(t, "cost")
	dir := t.TempDir()
	for _, ext := range []string{"csv", "parquet"} {
		if code, _, stderr := cli(t, "export", "--run", run, "--task", "1", "--out", filepath.Join(dir, "split."+ext)); code != 0 {
			t.Fatalf("export as %s: exit %d: %s", ext, code, stderr)
		}
	}
	test, cols := csvRowIDs(t, filepath.Join(dir, "split-test.csv"))
	train, _ := csvRowIDs(t, filepath.Join(dir, "split-train.csv"))
	if cols != 1+4+1 {
		t.Errorf("%d columns; want row_id, the 4 attributes, the class", cols)
	}
	var want []int64
	for _, b := range runPredictions(t, run, schemas.CostPredictionTable.Read) {
		if b.Head.DatasetID == 1 && b.Head.Learner == "c45" {
			want = b.RowIDs
		}
	}
	if !slices.Equal(test, want) {
		t.Errorf("exported test rows %v; the predictions' %v", test, want)
	}
	all := slices.Sorted(slices.Values(slices.Concat(train, test)))
	for i, id := range all {
		if id != int64(i) {
			t.Fatalf("training and test rows %v; want every row of the 119 imported once", all)
		}
	}
	if len(all) != 119 {
		t.Errorf("%d rows; the toy data has 119 with a class", len(all))
	}
	for _, split := range []string{"train", "test"} {
		code, _, stderr := cli(t, "import", filepath.Join(dir, "split-"+split+".parquet"), "--class", "label", "--drop", "row_id",
			"--out", filepath.Join(dir, "again-"+split+".arff"))
		if code != 0 {
			t.Fatalf("import the exported Parquet: exit %d: %s", code, stderr)
		}
	}
}

// TestExportBadInput: a folder that is no run, a task outside the plan, a
// fold outside the task or missing, a fold for a split, a bad --out: exit
// 2, naming it, and nothing written.
func TestExportBadInput(t *testing.T) {
	bench, cost := toyRun(t, "benchmark"), toyRun(t, "cost")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"not a run", []string{"--run", t.TempDir(), "--task", "0"}, []string{"not a dtbench run folder"}},
		{"no such folder", []string{"--run", filepath.Join(t.TempDir(), "none"), "--task", "0"}, []string{"no such run folder"}},
		{"task past the plan", []string{"--run", bench, "--task", "7", "--fold", "0"}, []string{"--task", "tasks 0 to 6", "not 7"}},
		{"negative task", []string{"--run", bench, "--task", "-1", "--fold", "0"}, []string{"--task", "not -1"}},
		{"no task", []string{"--run", bench, "--fold", "0"}, []string{"--task", "required"}},
		{"no fold", []string{"--run", bench, "--task", "6"}, []string{"--fold", "5-fold", "0 to 4"}},
		{"fold past the folds", []string{"--run", bench, "--task", "6", "--fold", "5"}, []string{"--fold", "fold 5", "0 to 4"}},
		{"negative fold", []string{"--run", bench, "--task", "6", "--fold", "-2"}, []string{"--fold", ">= 0"}},
		{"fold of a split", []string{"--run", cost, "--task", "1", "--fold", "0"}, []string{"--fold", "no folds"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			code, stdout, stderr := cli(t, append(append([]string{"export"}, tc.args...), "--out", filepath.Join(dir, "x.arff"))...)
			if code != 2 || stdout != "" {
				t.Errorf("exit %d, stdout %q; want 2 and nothing", code, stdout)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("wrote %d files", len(entries))
			}
		})
	}
	if code, _, stderr := cli(t, "export", "--run", bench, "--task", "6", "--fold", "0", "--out", filepath.Join(bench, "x.arff")); code != 2 || !strings.Contains(stderr, "inside the run folder") {
		t.Errorf("--out in the run folder: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(bench, "x-train.arff")); err == nil {
		t.Errorf("export wrote into the run folder")
	}
	dir := t.TempDir()
	if code, _, stderr := cli(t, "export", "--run", bench, "--task", "6", "--fold", "0", "--out", filepath.Join(dir, "x.txt")); code != 2 || !strings.Contains(stderr, "X.arff, X.csv or X.parquet") {
		t.Errorf("--out x.txt: exit %d, %q", code, stderr)
	}
	out := filepath.Join(dir, "x.arff")
	if code, _, stderr := cli(t, "export", "--run", bench, "--task", "6", "--fold", "0", "--out", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	if code, _, stderr := cli(t, "export", "--run", bench, "--task", "6", "--fold", "1", "--out", out); code != 2 || !strings.Contains(stderr, "--force") {
		t.Errorf("export over existing files: exit %d, %q; want 2 and --force", code, stderr)
	}
}

// TestExportOracleTask: an oracle task's export is its dataset of
// datasets/: its training rows and its held-out rows, row_id their rows
// within each split; it has no folds.
func TestExportOracleTask(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	code, stdout, stderr := cli(t, append([]string{"run", "--out", out}, small...)...)
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	run := strings.TrimSpace(stdout)
	dir := t.TempDir()
	if code, _, stderr := cli(t, "export", "--run", run, "--task", "3", "--out", filepath.Join(dir, "o.csv")); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		split string
		rows  int
	}{{"train", 20}, {"test", 20}} { // the small grid: oracle.sizes=[20], oracle.test_size=20
		ids, cols := csvRowIDs(t, filepath.Join(dir, "o-"+tc.split+".csv"))
		if len(ids) != tc.rows || cols != 1+5+1 {
			t.Errorf("%s: %d rows of %d columns; want %d of row_id, f0…f4, class", tc.split, len(ids), cols, tc.rows)
		}
		for i, id := range ids {
			if id != int64(i) {
				t.Fatalf("%s: row %d has row_id %d", tc.split, i, id)
			}
		}
	}
	if code, _, stderr := cli(t, "export", "--run", run, "--task", "3", "--fold", "0", "--out", filepath.Join(dir, "x.csv")); code != 2 || !strings.Contains(stderr, "no folds") {
		t.Errorf("--fold of an oracle task: exit %d, %q", code, stderr)
	}
}
