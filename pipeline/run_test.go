package pipeline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/stages/train"
)

// smallConfig is a grid of a few seconds: 3 chunks of 4 tasks.
func smallConfig(t *testing.T, sets ...string) *Config {
	t.Helper()
	base := []string{"name=small", "oracle.features=6", "oracle.depths=[2,4]", "oracle.sizes=[30,60]",
		"oracle.repetitions=3", "oracle.test_size=50", "chunk=4"}
	cfg, err := Load(LoadOptions{Sets: append(base, sets...), Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// deterministicFiles returns the bytes of every deterministic table file
// of a run folder and of its plots, by path relative to it with the shard
// prefix removed.
func deterministicFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, table := range []string{schemas.Oracles, schemas.Datasets, schemas.Models, schemas.Evaluations, schemas.Predictions} {
		paths, _ := filepath.Glob(filepath.Join(dir, table, "*.parquet"))
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(p)
			name = name[strings.Index(name[len("part-"):], "-")+len("part-"):] // drop the shard
			out[table+"/"+name] = b
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "report", "summary.parquet"))
	if err == nil {
		out["report/summary.parquet"] = b
	}
	plots, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(schemas.ReportPlots.Name()), "*"))
	for _, p := range plots {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[schemas.ReportPlots.Name()+"/"+filepath.Base(p)] = b
	}
	if b, err := os.ReadFile(filepath.Join(dir, "report", "report.md")); err == nil {
		out["report/report.md"] = withoutRunLines(b)
	}
	return out
}

// withoutRunLines drops the lines of report.md that say how the run ran
// (its times and cores), which no two runs share.
func withoutRunLines(md []byte) []byte {
	var keep [][]byte
	for _, line := range bytes.SplitAfter(md, []byte("\n")) {
		if !slices.ContainsFunc(report.RunLinePrefixes, func(p string) bool { return bytes.HasPrefix(line, []byte(p)) }) {
			keep = append(keep, line)
		}
	}
	return bytes.Join(keep, nil)
}

func sameFiles(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	if len(a) == 0 {
		t.Fatalf("%s: no files", what)
	}
	var ka, kb []string
	for k := range a {
		ka = append(ka, k)
	}
	for k := range b {
		kb = append(kb, k)
	}
	slices.Sort(ka)
	slices.Sort(kb)
	if !slices.Equal(ka, kb) {
		t.Fatalf("%s: file sets differ:\n%v\n%v", what, ka, kb)
	}
	for _, k := range ka {
		if !bytes.Equal(a[k], b[k]) {
			t.Errorf("%s: %s differs", what, k)
		}
	}
}

func run(t *testing.T, cfg *Config, opts Options) string {
	t.Helper()
	dir, err := Run(context.Background(), cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// runInShards runs cfg as count shards into one folder, then the report
// stage over them, and returns the run folder.
func runInShards(t *testing.T, cfg *Config, count int) string {
	t.Helper()
	out := t.TempDir()
	for i := range count {
		run(t, cfg, Options{Out: out, Shard: Shard{Index: i, Count: count}})
	}
	dir, err := RunStage(context.Background(), cfg, Options{Out: out}, flow.StageReport)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// wroteNothing fails the test when what failed wrote anything into out.
func wroteNothing(t *testing.T, out, what string) {
	t.Helper()
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("%s wrote %v", what, entries)
	}
}

// refusedUpFront checks a bad config: Load refused it (err), or Run
// does, with an *input.Error naming want, and either way before anything
// is written.
func refusedUpFront(t *testing.T, cfg *Config, err error, want string) {
	t.Helper()
	if err == nil {
		out := t.TempDir()
		_, err = Run(context.Background(), cfg, Options{Out: out})
		wroteNothing(t, out, "bad input")
	}
	if !input.Is(err) || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v; want an input error naming %q", err, want)
	}
}

func TestRunWritesEveryTable(t *testing.T) {
	cfg := smallConfig(t)
	dir := run(t, cfg, Options{Out: t.TempDir()})
	evals := 0
	for c := range 3 {
		rows, err := schemas.ReadEvaluations(filepath.Join(dir, schemas.Evaluations, "part-0-0000"+string(rune('0'+c))+".parquet"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range rows {
			isTree := e.Learner != "naivebayes" && e.Learner != "intuitive" && e.Learner != "majority" && e.Learner != "random"
			if isTree && (e.DOE == nil || *e.DOE < 0 || *e.DOE > 1 || e.Agreement == nil || e.TreeLeaves == nil) {
				t.Fatalf("bad tree evaluation row %+v", e)
			}
			if !isTree && (e.DOE != nil || e.TreeLeaves != nil) {
				t.Fatalf("non-tree learner with tree columns: %+v", e)
			}
			if e.Accuracy == nil || e.GammaX == nil || *e.GammaX < -1 || *e.GammaX > 1 || e.AccI == nil {
				t.Fatalf("missing accuracy or gamma columns: %+v", e)
			}
			if (e.Learner == "exact") != (e.Optimal != nil) {
				t.Fatalf("optimal set for the wrong learner: %+v", e)
			}
		}
		evals += len(rows)
	}
	if want := 12 * len(cfg.Learners); evals != want {
		t.Errorf("%d evaluation rows, want %d", evals, want)
	}
	for _, name := range []string{"report.md", "plots/doe-complete.png", "plots/doe-complete.svg", "plots/accuracy-unique.svg"} {
		if _, err := os.Stat(filepath.Join(dir, "report", name)); err != nil {
			t.Error(err)
		}
	}
	if v, err := Verify(dir); err != nil || v.Checked == 0 {
		t.Errorf("Verify = %+v, %v", v, err)
	}
}

func TestRunIsIndependentOfWorkers(t *testing.T) {
	cfg := smallConfig(t)
	a := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	b := run(t, cfg, Options{Out: t.TempDir(), Workers: 4})
	sameFiles(t, "workers 1 vs 4", deterministicFiles(t, a), deterministicFiles(t, b))
}

func TestShardsEqualOneRun(t *testing.T) {
	cfg := smallConfig(t)
	whole := run(t, cfg, Options{Out: t.TempDir()})
	sameFiles(t, "shards vs one run", deterministicFiles(t, whole), deterministicFiles(t, runInShards(t, cfg, 2)))
}

func TestResumeRestoresDeletedChunk(t *testing.T) {
	cfg := smallConfig(t)
	dir := run(t, cfg, Options{Out: t.TempDir()})
	before := deterministicFiles(t, dir)
	for _, p := range []string{
		filepath.Join(dir, schemas.Evaluations, "part-0-00001.parquet"),
		filepath.Join(dir, schemas.Datasets, "part-0-00002.parquet"),
	} {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	// A temporary file left by a killed writer must disappear too.
	os.WriteFile(filepath.Join(dir, schemas.Models, ".part-0-00001.parquet.tmp123"), []byte("half"), 0o644)
	run(t, cfg, Options{Out: filepath.Dir(dir), Resume: true})
	sameFiles(t, "resume", before, deterministicFiles(t, dir))
	if _, err := os.Stat(filepath.Join(dir, schemas.Models, ".part-0-00001.parquet.tmp123")); err == nil {
		t.Error("temporary file survived the resume")
	}
	if _, err := Verify(dir); err != nil {
		t.Error(err)
	}
}

func TestStagedPathEqualsRun(t *testing.T) {
	cfg := smallConfig(t)
	whole := run(t, cfg, Options{Out: t.TempDir()})
	out := t.TempDir()
	var dir string
	for _, stage := range flow.Stages {
		var err error
		if dir, err = RunStage(context.Background(), cfg, Options{Out: out}, stage); err != nil {
			t.Fatalf("%s: %v", stage, err)
		}
	}
	sameFiles(t, "staged vs run", deterministicFiles(t, whole), deterministicFiles(t, dir))
}

func TestStageWithoutInputsFails(t *testing.T) {
	cfg := smallConfig(t)
	out := t.TempDir()
	_, err := RunStage(context.Background(), cfg, Options{Out: out}, flow.StageTrain)
	if !input.Is(err) {
		t.Fatalf("train on a missing run folder: err = %v, want an input error", err)
	}
	wroteNothing(t, out, "a failed stage")
}

func TestBadInputWritesNothing(t *testing.T) {
	cfg := smallConfig(t)
	cfg.Learners = []train.Spec{{Name: "no-such-learner"}}
	out := t.TempDir()
	_, err := Run(context.Background(), cfg, Options{Out: out})
	if !input.Is(err) || !strings.Contains(err.Error(), "no-such-learner") {
		t.Fatalf("err = %v", err)
	}
	wroteNothing(t, out, "bad input")
}

// TestOracleAboveLeafLimitWritesNothing: an oracle grid whose depth
// allows more leaves than generate.MaxOracleLeaves is refused by Load,
// and, given to Run as a config that skipped Load, by Run before the run
// folder is touched.
func TestOracleAboveLeafLimitWritesNothing(t *testing.T) {
	_, err := Load(LoadOptions{Env: []string{}, Sets: []string{"oracle.features=23", "oracle.depths=[23]"}})
	if !input.Is(err) || !strings.Contains(err.Error(), "oracle.depths") {
		t.Fatalf("Load: err = %v, want an input error for oracle.depths", err)
	}
	cfg := smallConfig(t)
	oracleOf(cfg).Features, oracleOf(cfg).Depths = 23, []int{23}
	oracleOf(cfg).Domains = slices.Repeat([]int{2}, 23)
	out := t.TempDir()
	if _, err := Run(context.Background(), cfg, Options{Out: out}); !input.Is(err) || !strings.Contains(err.Error(), "oracle.depths") {
		t.Fatalf("Run: err = %v, want an input error for oracle.depths", err)
	}
	wroteNothing(t, out, "bad input")
}

func TestDifferentConfigOverExistingRunIsRefused(t *testing.T) {
	cfg := smallConfig(t)
	dir := run(t, cfg, Options{Out: t.TempDir()})
	other := smallConfig(t, "seed=2")
	_, err := Run(context.Background(), other, Options{Out: filepath.Dir(dir)})
	if !input.Is(err) {
		t.Fatalf("err = %v, want an input error", err)
	}
}

func TestStageRejectsForeignPartBeforeWriting(t *testing.T) {
	cfg := smallConfig(t)
	out := t.TempDir()
	dir, err := RunStage(context.Background(), cfg, Options{Out: out}, flow.StageGenerate)
	if err != nil {
		t.Fatal(err)
	}
	// Chunk 2's datasets part is replaced by another table's file.
	eval := filepath.Join(t.TempDir(), "e.parquet")
	if _, err := schemas.WriteTimings(eval, []schemas.Timing{{DatasetID: 1, Step: "fit", Nanos: 5}}); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, schemas.Datasets, "part-0-00002.parquet")
	b, _ := os.ReadFile(eval)
	os.WriteFile(bad, b, 0o644)
	manifest, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	_, err = RunStage(context.Background(), cfg, Options{Out: out}, flow.StageTrain)
	if !input.Is(err) || !strings.Contains(err.Error(), "part-0-00002") {
		t.Fatalf("err = %v, want an input error naming the part", err)
	}
	if _, err := os.Stat(filepath.Join(dir, schemas.Models)); err == nil {
		t.Error("train wrote models despite a foreign input part")
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "manifest.json")); !bytes.Equal(now, manifest) {
		t.Error("train rewrote the manifest despite a foreign input part")
	}
}

func TestNoiseFlipsTrainingLabelsOnly(t *testing.T) {
	cfg := smallConfig(t, "oracle.noise=0.3", "learners=[id3]", "oracle.sizes=[60]", "oracle.modes=[complete]")
	dir := run(t, cfg, Options{Out: t.TempDir()})
	oracles := map[int64]*schemas.TreeRecord{}
	recs, err := schemas.ReadOracles(filepath.Join(dir, schemas.Oracles, "part-0-00000.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		oracles[recs[i].ID] = &recs[i]
	}
	data, err := schemas.ReadDatasets(filepath.Join(dir, schemas.Datasets, "part-0-00000.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	flipped, trainRows := 0, 0
	for _, d := range data {
		o := oracles[d.OracleID].Tree
		x := make([]uint8, 0, 6)
		for r := range d.Train.Len() {
			if o.Predict(d.Train.Row(r, x)) != int(d.Train.Label(r)) {
				flipped++
			}
			trainRows++
		}
		for r := range d.Test.Len() {
			if o.Predict(d.Test.Row(r, x)) != int(d.Test.Label(r)) {
				t.Fatalf("dataset %d: test row %d is noisy", d.DatasetID, r)
			}
		}
	}
	// 4 tasks × 60 rows with p = 0.3: 72 expected flips, sd ≈ 7.1.
	if flipped < 40 || flipped > 105 {
		t.Errorf("%d of %d training labels differ from the oracle; want about 30%%", flipped, trainRows)
	}
}

func TestLearnerRepetitionsCap(t *testing.T) {
	cfg := smallConfig(t, "learners=[id3, {exact: {repetitions: 1}}]")
	dir := run(t, cfg, Options{Out: t.TempDir()})
	count := map[string]int{}
	for _, e := range evaluationRows(t, dir, schemas.ReadEvaluations) {
		count[e.Learner]++
		if e.Learner == "exact" && e.Rep != 0 {
			t.Errorf("exact ran on repetition %d", e.Rep)
		}
	}
	// 2 depths × 2 modes × 2 sizes = 8 cells × 3 repetitions.
	if count["id3"] != 24 || count["exact"] != 8 {
		t.Errorf("evaluation rows per learner = %v; want id3 24, exact 8", count)
	}
}
