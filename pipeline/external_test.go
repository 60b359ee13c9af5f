package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter()
	os.Exit(m.Run())
}

// externalEntry is the YAML (flow style) of a learners entry for an
// external learner named name running cmd, with extra keys (YAML text).
func externalEntry(name string, cmd []string, extra string) string {
	c, _ := json.Marshal(cmd)
	e := `{external: {name: ` + name + `, command: ` + string(c)
	if extra != "" {
		e += ", " + extra
	}
	return e + `}}`
}

// readAllEvaluations reads every evaluations part of a run folder, in
// part order.
func readAllEvaluations(t *testing.T, dir string) []schemas.OracleEvaluation {
	t.Helper()
	return evaluationRows(t, dir, schemas.ReadEvaluations)
}

// TestExternalLearners: a tree adapter gets the tree measures, a
// predictions-only adapter exact agreement and no DOE; the tables are
// byte-identical for 1 and 4 workers and through the staged commands;
// the manifest names the adapters.
func TestExternalLearners(t *testing.T) {
	learners := "learners=[id3, " + externalEntry("fake-tree", externaltest.Command(externaltest.Tree), "") + ", " +
		externalEntry("fake-predict", externaltest.Command(externaltest.Predict), "repetitions: 2") + "]"
	cfg := smallConfig(t, learners)
	a := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	b := run(t, cfg, Options{Out: t.TempDir(), Workers: 4})
	sameFiles(t, "workers 1 vs 4", deterministicFiles(t, a), deterministicFiles(t, b))

	staged := t.TempDir()
	for _, stage := range flow.Stages {
		if _, err := RunStage(context.Background(), cfg, Options{Out: staged, Workers: 2}, stage); err != nil {
			t.Fatalf("%s: %v", stage, err)
		}
	}
	sameFiles(t, "run vs staged", deterministicFiles(t, a), deterministicFiles(t, filepath.Join(staged, cfg.Name)))

	rows := readAllEvaluations(t, a)
	count := map[string]int{}
	for _, e := range rows {
		count[e.Learner]++
		if e.Status == nil || *e.Status != schemas.StatusOK || e.Message != nil {
			t.Fatalf("%s: status %v, message %v; want ok and null", e.Learner, e.Status, e.Message)
		}
		switch e.Learner {
		case "fake-tree":
			if e.DOE == nil || e.Agreement == nil || e.TreeLeaves == nil || *e.TreeDepth != 1 || e.Accuracy == nil {
				t.Fatalf("fake-tree row lacks tree measures: %+v", e.Measures)
			}
		case "fake-predict":
			if e.DOE != nil || e.TreeLeaves != nil || e.Agreement == nil || e.Accuracy == nil || e.MAE == nil || e.GammaI == nil {
				t.Fatalf("fake-predict row: want agreement, accuracy, mae and γ, no DOE or tree: %+v", e.Measures)
			}
		}
	}
	if count["fake-tree"] != 24 || count["fake-predict"] != 16 {
		t.Errorf("rows per learner %v; want 24 fake-tree, 16 fake-predict (repetitions: 2)", count)
	}
	m, err := readManifest(filepath.Join(a, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := []flow.Adapter{{Learner: "fake-tree", Name: "fake-tree", Version: "0.1"}, {Learner: "fake-predict", Name: "fake-predict", Version: "0.1"}}
	if len(m.Adapters) != 2 || m.Adapters[0] != want[0] || m.Adapters[1] != want[1] {
		t.Errorf("manifest adapters %+v; want %+v", m.Adapters, want)
	}
}

// TestExternalFaultsAreData: a crash, a timeout and garbage are rows
// with their status, and the run goes on.
func TestExternalFaultsAreData(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "once")
	for _, tc := range []struct {
		name    string
		cmd     []string
		extra   string
		status  string // of the first task's row
		message string
		allBad  bool // every row fails, not only the first
	}{
		{"crash restarts", externaltest.Command(externaltest.FlakyArg, marker+"-crash"), "", external.StatusCrashed, "crashing once as asked", false},
		{"slow times out", externaltest.Command(externaltest.SlowOnce, "20s", marker+"-slow"), "timeout: 500ms", external.StatusTimeout, "no reply within 500ms", false},
		{"garbage", externaltest.Command(externaltest.Garbage), "max_failures: 100", external.StatusBadReply, "not a JSON object", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := smallConfig(t, "learners=[id3, "+externalEntry("ext", tc.cmd, tc.extra)+"]")
			dir := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
			n := 0
			for _, e := range readAllEvaluations(t, dir) {
				if e.Learner != "ext" {
					continue
				}
				bad := n == 0 || tc.allBad
				n++
				if !bad {
					if *e.Status != schemas.StatusOK || e.DOE == nil {
						t.Errorf("task %d: status %s, doe %v; want ok after the restart", e.DatasetID, *e.Status, e.DOE)
					}
					continue
				}
				if *e.Status != tc.status || e.Message == nil || !strings.Contains(*e.Message, tc.message) {
					t.Errorf("task %d: status %s, message %v; want %s containing %q", e.DatasetID, *e.Status, e.Message, tc.status, tc.message)
				}
				if e.DOE != nil || e.Accuracy != nil || e.Agreement != nil {
					t.Errorf("task %d: a failed fit with measures %+v", e.DatasetID, e.Measures)
				}
			}
			if n != 24 {
				t.Errorf("%d rows of ext; want 24", n)
			}
		})
	}
}

// TestExternalStops: max_failures consecutive failures stop the run with
// an error (not bad input) naming the learner, the task and the failure.
func TestExternalStops(t *testing.T) {
	cfg := smallConfig(t, "learners=[id3, "+externalEntry("crashy", externaltest.Command(externaltest.Crash), "max_failures: 2")+"]")
	_, err := Run(context.Background(), cfg, Options{Out: t.TempDir(), Workers: 1})
	if err == nil || input.Is(err) {
		t.Fatalf("Run = %v; want a run error", err)
	}
	for _, want := range []string{"task 1 (", "external learner crashy failed 2 fits in a row", "crashed: adapter died", "exit status 3"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestExternalBadCommand: a command that does not exist or fails the
// handshake is bad input, found before the run folder is made.
func TestExternalBadCommand(t *testing.T) {
	for _, tc := range []struct {
		name string
		cmd  []string
		want string
	}{
		{"missing", []string{"./no-such-adapter.py"}, "learners.nope.command: start ./no-such-adapter.py"},
		{"bad handshake", externaltest.Command(externaltest.NoHello), "learners.nope.command: handshake"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := smallConfig(t, "learners=[id3, "+externalEntry("nope", tc.cmd, "")+"]")
			out := t.TempDir()
			_, err := Run(context.Background(), cfg, Options{Out: out})
			if !input.Is(err) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Run = %v; want bad input containing %q", err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(out, cfg.Name)); !os.IsNotExist(err) {
				t.Errorf("the run folder exists (%v); nothing should be written", err)
			}
		})
	}
}

// TestExternalConfig: the external entry's keys are checked at load.
func TestExternalConfig(t *testing.T) {
	for _, tc := range []struct {
		entry, want string
	}{
		{`{external: {command: [x]}}`, "learners.external.name"},
		{`{external: {name: e}}`, "learners.e.command: required"},
		{`{external: {name: e, command: []}}`, "learners.e.command: want a non-empty list"},
		{`{external: {name: e, command: [x], timeout: 3}}`, "learners.e.timeout: want a duration"},
		{`{external: {name: e, command: [x], timeout: -1s}}`, "learners.e.timeout: want a positive duration"},
		{`{external: {name: e, command: [x], max_failures: 0}}`, "learners.e.max_failures: want an integer >= 1"},
		{`{external: {name: e, command: [x], colour: red}}`, "learners.e.colour: unknown key"},
		{`{external: {name: id3, command: [x]}}`, "learners.external.name: \"id3\" is a built-in learner's name"},
		{`{external: {name: e, command: [x], repetitions: -1}}`, "learners.e.repetitions: must be >= 0"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := Load(LoadOptions{Sets: []string{"learners=[majority, " + tc.entry + "]"}, Env: []string{}})
			if !input.Is(err) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load = %v; want bad input containing %q", err, tc.want)
			}
		})
	}
}

// TestExternalFailuresInReport: a failed fit of an external learner is
// counted in the summary (failed) and shown in report.md, and counted as
// no repetition there.
func TestExternalFailuresInReport(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "once")
	cfg := smallConfig(t, "learners=[id3, "+externalEntry("ext", externaltest.Command(externaltest.FlakyArg, marker), "")+"]")
	dir := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	summary, err := schemas.ReadSummary(filepath.Join(dir, "report", "summary.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]int64{}
	var cell schemas.OracleCell
	for _, s := range summary {
		if s.Failed == nil {
			t.Fatalf("summary row %+v has no failed count", s)
		}
		if s.Measure == "doe" {
			failed[s.Learner] += *s.Failed
			if s.Learner == "ext" && *s.Failed == 1 {
				cell = s.OracleCell
				if s.Count != 3 || s.N != 2 {
					t.Errorf("ext's failed cell: count %d, n %d; want 3 rows, 2 DOE values", s.Count, s.N)
				}
			}
		}
	}
	if failed["ext"] != 1 || failed["id3"] != 0 {
		t.Fatalf("failed fits per learner %v; want ext 1 (the first task), id3 0", failed)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("- ext: 1 of its 24 fits failed: %d features, depth %d, %s, size %d (1 of 3).", cell.Features, cell.Depth, cell.Mode, cell.Size)
	for _, w := range []string{"## Failed fits", want, "ext 2–3 (+1 failed)"} {
		if !strings.Contains(string(md), w) {
			t.Errorf("report.md lacks %q:\n%s", w, md)
		}
	}
}
