package pipeline

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

// wantInputError fails unless err is an *input.Error saying every want.
func wantInputError(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	var ie *input.Error
	if !errors.As(err, &ie) {
		t.Fatalf("%s: err = %v; want an *input.Error", what, err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: message %q does not say %q", what, err, w)
		}
	}
}

// TestAdapterVersionChanged: an external learner whose adapter reports
// another version is a changed input of its results: --resume is refused
// naming the learner and both versions, as is a staged evaluate that
// would refit with the new adapter beside the trees of the old; with
// --recompute-changed every chunk is recomputed, as a fresh run with the
// new adapter gives, and the manifest names the new version.
func TestAdapterVersionChanged(t *testing.T) {
	version := filepath.Join(t.TempDir(), "version")
	writeText(t, version, "1.0\n")
	cfg := smallConfig(t, "learners=[id3, "+externalEntry("fake-v", externaltest.Command(externaltest.Version, version), "")+"]")
	out := t.TempDir()
	dir := run(t, cfg, Options{Out: out, Workers: 2})
	writeText(t, version, "1.0.10\n") // a longer version: other stumps
	before := snapshot(t, out)
	_, err := Run(context.Background(), cfg, Options{Out: out, Workers: 2, Resume: true})
	wantInputError(t, "resume", err, "learners.fake-v", "fake-version 1.0", "now fake-version 1.0.10", "--recompute-changed")
	_, err = RunStage(context.Background(), cfg, Options{Out: out, Workers: 2}, flow.StageEvaluate)
	wantInputError(t, "staged evaluate", err, "learners.fake-v", "models/part-0-", "fake-version 1.0 (manifest.json)")
	if !maps.Equal(snapshot(t, out), before) {
		t.Error("a refused command changed the run folder")
	}
	oldFiles := tableFiles(t, dir)
	progress := &countingProgress{}
	if _, err := Run(context.Background(), cfg, Options{Out: out, Workers: 2, Resume: true, RecomputeChanged: true, Progress: progress}); err != nil {
		t.Fatal(err)
	}
	all := &countingProgress{}
	fresh := run(t, cfg, Options{Out: t.TempDir(), Progress: all})
	if progress.total.Load() != all.total.Load() {
		t.Errorf("recomputed %d tasks; want all %d: every chunk has the learner's rows", progress.total.Load(), all.total.Load())
	}
	sameFiles(t, "recomputed vs fresh", tableFiles(t, fresh), tableFiles(t, dir))
	if m := readText(t, filepath.Join(dir, "manifest.json")); !strings.Contains(m, `"version": "1.0.10"`) {
		t.Error("the manifest does not name the adapter's new version")
	}
	if old, now := tableFiles(t, dir), tableFiles(t, fresh); maps.EqualFunc(old, oldFiles, bytesEqual) || !maps.EqualFunc(old, now, bytesEqual) {
		t.Error("the new adapter's results are the old ones: the test cannot tell a recompute from a keep")
	}
}

// TestShardsRecomputeTheirOwn: in a folder of two shards, a changed
// dataset recomputed by one shard alone leaves the folder mixed: the
// report refuses naming the input and both records, and verify reports
// it; once the other shard has recomputed its own, the report runs and
// the folder holds a fresh run's bytes.
func TestShardsRecomputeTheirOwn(t *testing.T) {
	inputs := writeInputs(t)
	cfg := loadInputs(t, inputs, benchInputs)
	out := t.TempDir()
	shard := func(i int, flag bool) error {
		_, err := Run(context.Background(), loadInputs(t, inputs, benchInputs), Options{Out: out, Shard: Shard{Index: i, Count: 2}, Resume: true, RecomputeChanged: flag})
		return err
	}
	report := func() error {
		_, err := RunStage(context.Background(), cfg, Options{Out: out}, flow.StageReport)
		return err
	}
	for i := range 2 {
		if err := shard(i, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := report(); err != nil {
		t.Fatal(err)
	}
	flipClasses(t, filepath.Join(inputs, "toy.data"), 20)
	wantInputError(t, "shard 0 without the flag", shard(0, false), "toy.data", "changed since the run")
	if err := shard(0, true); err != nil {
		t.Fatal(err)
	}
	wantInputError(t, "report over one recomputed shard", report(), "toy.data", "mixed", "manifest-0-of-2.json", "manifest-1-of-2.json")
	dir := filepath.Join(out, cfg.Name)
	_, err := Verify(dir)
	wantInputError(t, "verify of a mixed folder", err, "toy.data: mixed")
	wantInputError(t, "shard 1 without the flag", shard(1, false), "toy.data", "changed since the run")
	if err := shard(1, true); err != nil {
		t.Fatal(err)
	}
	if err := report(); err != nil {
		t.Fatalf("report once both shards recomputed: %v", err)
	}
	if _, err := Verify(dir); err != nil {
		t.Errorf("verify: %v", err)
	}
	fresh := run(t, loadInputs(t, inputs, benchInputs), Options{Out: t.TempDir()})
	sameFiles(t, "two recomputed shards vs fresh", tableFiles(t, fresh), tableFiles(t, dir))
}

// TestStagedRecompute: the staged commands over a changed dataset:
// generate is refused; with --recompute-changed it imports the new data
// and removes what train, evaluate and report computed from the old,
// so that the report refuses the missing chunks until the later stages
// ran again, which gives a fresh run's bytes.
func TestStagedRecompute(t *testing.T) {
	inputs := writeInputs(t)
	out := t.TempDir()
	stage := func(s string, flag bool) error {
		_, err := RunStage(context.Background(), loadInputs(t, inputs, benchInputs), Options{Out: out, RecomputeChanged: flag}, s)
		return err
	}
	for _, s := range flow.Stages {
		if err := stage(s, false); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	flipClasses(t, filepath.Join(inputs, "toy.data"), 20)
	wantInputError(t, "generate", stage(flow.StageGenerate, false), "toy.data", "changed since the run")
	if err := stage(flow.StageGenerate, true); err != nil {
		t.Fatal(err)
	}
	wantInputError(t, "report after generate alone", stage(flow.StageReport, false), "chunks missing")
	for _, s := range []string{flow.StageTrain, flow.StageEvaluate, flow.StageReport} {
		if err := stage(s, false); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	dir := filepath.Join(out, "inputs")
	if _, err := Verify(dir); err != nil {
		t.Errorf("verify: %v", err)
	}
	fresh := run(t, loadInputs(t, inputs, benchInputs), Options{Out: t.TempDir()})
	sameFiles(t, "staged recompute vs fresh", tableFiles(t, fresh), tableFiles(t, dir))
}

// TestStagedRunKeepsInputs: staged commands over the folder with the
// config its manifest records (--run), which knows the cost files' spec
// but not the files, keep the inputs' records: a resume from the config
// file afterwards has nothing to refuse and nothing to recompute.
func TestStagedRunKeepsInputs(t *testing.T) {
	inputs := writeInputs(t)
	out := t.TempDir()
	if _, err := RunStage(context.Background(), loadInputs(t, inputs, costInputs), Options{Out: out}, flow.StageGenerate); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "cost-inputs")
	for _, s := range []string{flow.StageTrain, flow.StageEvaluate, flow.StageReport} {
		cfg, err := LoadRun(dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := RunStage(context.Background(), cfg, Options{Out: out}, s); err != nil {
			t.Fatalf("%s --run: %v", s, err)
		}
	}
	if m := readText(t, filepath.Join(dir, "manifest.json")); !strings.Contains(m, "toy.cost") || !strings.Contains(m, "toy.data") {
		t.Errorf("the staged commands dropped inputs from the manifest:\n%s", m)
	}
	progress := &countingProgress{}
	if _, err := Run(context.Background(), loadInputs(t, inputs, costInputs), Options{Out: out, Resume: true, Progress: progress}); err != nil {
		t.Fatalf("resume: %v", err)
	}
	if progress.total.Load() != 0 {
		t.Errorf("resume computed %d tasks; want none", progress.total.Load())
	}
}
