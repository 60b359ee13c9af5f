package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
)

// A fourth study, added in this file alone: a descriptor, a planner and
// its nodes. It proves that the config layer and the executor know a
// study only through the table studies — no other file names it.
//
// The toy study draws, per task, a random oracle over binary features
// (generate's Algorithm 1) and a training set from it, fits the learners,
// and scores them against the oracle with the oracle study's evaluate and
// report nodes; its section is toy.{features, depth, rows, repetitions}.

// toySection is the section as written.
type toySection struct {
	Features    int `mapstructure:"features"`
	Depth       int `mapstructure:"depth"`
	Rows        int `mapstructure:"rows"`
	Repetitions int `mapstructure:"repetitions"`
}

// toyConfig is the section resolved.
type toyConfig struct {
	Features    int `json:"features"`
	Depth       int `json:"depth"`
	Rows        int `json:"rows"`
	Repetitions int `json:"repetitions"`
}

func (c *toyConfig) Validate() error {
	switch {
	case c.Features < 1 || c.Features > 8:
		return input.Keyf("toy.features", "want 1 to 8, got %d", c.Features)
	case c.Depth < 1 || c.Depth > c.Features:
		return input.Keyf("toy.depth", "want 1 to toy.features (%d), got %d", c.Features, c.Depth)
	case c.Rows < 1:
		return input.Keyf("toy.rows", "must be >= 1, got %d", c.Rows)
	case c.Repetitions < 1:
		return input.Keyf("toy.repetitions", "must be >= 1, got %d", c.Repetitions)
	}
	return nil
}

var toyStudy = &Study[toySection, toyConfig]{
	Name:    "toy",
	Section: func() toySection { return toySection{Features: 4, Depth: 2, Rows: 40, Repetitions: 3} },
	Resolve: func(s toySection, _ string) (*toyConfig, error) {
		c := toyConfig(s)
		return &c, c.Validate()
	},
	Validate:    (*toyConfig).Validate,
	Learners:    func() []string { return []string{"id3", "majority"} },
	Predictions: false,
	Build:       buildToy,
	Evaluations: oracleStudy.Evaluations, // its rows are the oracle study's
}

// toyPlanner is the toy study's planner: one cell, repetitions tasks.
type toyPlanner struct{ cfg *toyConfig }

func (p toyPlanner) spec() generate.OracleSpec {
	return generate.OracleSpec{Domains: slices.Repeat([]int{2}, p.cfg.Features), Classes: 2, Depth: p.cfg.Depth}
}

func (p toyPlanner) cells() []schemas.OracleCell {
	return []schemas.OracleCell{{Features: int32(p.cfg.Features), Depth: int32(p.cfg.Depth), Mode: string(generate.ModeComplete), Size: int32(p.cfg.Rows)}}
}

func (p toyPlanner) plan(seed uint64) flow.Plan {
	return flow.Plan{Cells: []string{fmt.Sprintf("toy/f%d/d%d/q%d", p.cfg.Features, p.cfg.Depth, p.cfg.Rows)}, Reps: p.cfg.Repetitions, Seed: seed}
}

// node is the toy's generate stage: per task an oracle, its training set
// and no cost model (the memory slot its Reload sets again for a staged
// train).
func (p toyPlanner) node() flow.Node {
	return flow.Node{
		Reload: func(_ *flow.Task, b *schemas.Bag) error {
			flow.TaskCosts.Set(b, nil)
			return nil
		},
		Stage:  flow.StageGenerate,
		Writes: []schemas.Ref{schemas.OracleTable, schemas.DatasetTable, flow.TaskCosts},
		Run: func(t *flow.Task, b *schemas.Bag) error {
			rng := t.Rand()
			oracle, err := generate.Oracle(p.spec(), rng)
			if err != nil {
				return err
			}
			train, err := generate.Complete(oracle, generate.Schema(p.spec()), p.cfg.Rows, rng)
			if err != nil {
				return err
			}
			schemas.OracleTable.Put(b, schemas.TreeRecord{ID: t.ID, Tree: oracle})
			schemas.DatasetTable.Put(b, schemas.DatasetRecord{DatasetID: t.ID, OracleID: t.ID, Mode: string(generate.ModeComplete), Train: train.Data, TrainRules: train.Rules})
			flow.TaskCosts.Set(b, nil)
			return nil
		},
	}
}

func buildToy(cfg *Config, c *toyConfig, env studyEnv) (*flow.Study, error) {
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	p := toyPlanner{c}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: env.Version, Learners: learners.Names()}
	return withLearners(&flow.Study{
		Name: cfg.Study,
		Plan: p.plan(cfg.Seed),
		Nodes: []flow.Node{
			p.node(),
			learners.FitNode(),
			evaluate.OracleNode(p.cells(), false, false),
			report.OracleNode(meta),
		},
	}, learners), nil
}

// withToyStudy adds the toy study to the table for the test.
func withToyStudy(t *testing.T) {
	t.Helper()
	saved := studies
	studies = newStudyTable(append(slices.Clone(saved.list), toyStudy)...)
	t.Cleanup(func() { studies = saved })
}

// loadToy loads a config file that names the toy study and nothing else
// but sets.
func loadToy(t *testing.T, sets ...string) *Config {
	t.Helper()
	file := filepath.Join(t.TempDir(), "toy.yaml")
	if err := os.WriteFile(file, []byte("study: toy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(LoadOptions{File: file, Sets: sets, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestToyStudyConfig: the toy study's keys, defaults, default learners and
// refusals come from its descriptor alone, through the shared rules.
func TestToyStudyConfig(t *testing.T) {
	withToyStudy(t)
	if !slices.Contains(StudyNames(), "toy") {
		t.Fatalf("StudyNames() = %v, want toy among them", StudyNames())
	}
	cfg := loadToy(t, "toy.rows=25")
	if got, want := *sectionOf[toyConfig](cfg), (toyConfig{Features: 4, Depth: 2, Rows: 25, Repetitions: 3}); got != want {
		t.Errorf("section = %+v; want %+v (defaults, rows from --set)", got, want)
	}
	if got := cfg.LearnerNames(); !slices.Equal(got, []string{"id3", "majority"}) {
		t.Errorf("default learners = %v; want the toy's [id3 majority]", got)
	}
	if cfg.Outputs.Predictions {
		t.Error("outputs.predictions is on; the toy's default is off")
	}
	for _, tc := range []struct {
		name string
		sets []string
		want []string // all in the message
	}{
		{"a word for a number", []string{"study=toy", "toy.rows=many"}, []string{"--set", "toy.rows", `"many"`}},
		{"an unknown key", []string{"study=toy", "toy.colour=red"}, []string{"--set", "toy.colour", "toy.rows"}},
		{"its own check", []string{"study=toy", "toy.depth=9"}, []string{"--set", "toy.depth", "9"}},
		{"its key on an oracle run", []string{"toy.rows=5"}, []string{"--set", "toy.rows", "toy study", "study oracle"}},
		{"an oracle key on a toy run", []string{"study=toy", "oracle.depths=[3]"}, []string{"--set", "oracle.depths", "study toy"}},
		{"a learner's datasets option", []string{"study=toy", "learners=[{id3: {datasets: [x]}}]"}, []string{"learners.id3.datasets", "the benchmark study only"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(LoadOptions{Sets: tc.sets, Env: []string{}})
			if !input.Is(err) {
				t.Fatalf("Load(%q): err = %v, want bad input", tc.sets, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Load(%q) = %q; want it to name %q", tc.sets, err, w)
				}
			}
		})
	}
}

// TestToyStudyRuns: the toy study runs end to end to a manifest that
// records its section, in one command and stage by stage with identical
// tables, and the commands that read a run folder back (LoadRun, resume,
// export, tree labels) take it.
func TestToyStudyRuns(t *testing.T) {
	withToyStudy(t)
	cfg := loadToy(t)
	whole := run(t, cfg, Options{Out: t.TempDir()})

	b, err := os.ReadFile(filepath.Join(whole, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Config map[string]json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var sec toyConfig
	if err := json.Unmarshal(m.Config["toy"], &sec); err != nil || sec != *sectionOf[toyConfig](cfg) {
		t.Errorf("manifest's config.toy = %s (%v); want the section %+v", m.Config["toy"], err, *sectionOf[toyConfig](cfg))
	}
	evals := evaluationRows(t, whole, schemas.ReadEvaluations)
	if len(evals) != 3*2 {
		t.Errorf("%d evaluation rows; want one per task and learner (3 × 2)", len(evals))
	}
	for _, e := range evals {
		if e.Size != 40 || e.Depth != 2 || e.Features != 4 {
			t.Errorf("evaluation row %+v is not of the toy's cell (4 features, depth 2, 40 rows)", e)
		}
	}

	out := t.TempDir()
	var staged string
	for _, stage := range flow.Stages {
		if staged, err = RunStage(context.Background(), cfg, Options{Out: out}, stage); err != nil {
			t.Fatalf("%s: %v", stage, err)
		}
	}
	sameFiles(t, "toy staged vs run", deterministicFiles(t, whole), deterministicFiles(t, staged))

	back, err := LoadRun(whole)
	if err != nil {
		t.Fatalf("LoadRun: %v", err)
	}
	if !reflect.DeepEqual(back.Section, cfg.Section) {
		t.Errorf("LoadRun's section = %+v; want %+v", back.Section, cfg.Section)
	}
	if _, err := Run(context.Background(), cfg, Options{Out: filepath.Dir(whole), Resume: true}); err != nil {
		t.Errorf("resume over the toy's folder: %v", err)
	}
	rows, err := ExportRows(whole, 1, -1)
	if err != nil {
		t.Fatalf("ExportRows: %v", err)
	}
	if rows.Train.Len() != 40 {
		t.Errorf("exported task 1 has %d training rows; want the toy's 40", rows.Train.Len())
	}
	models, _ := filepath.Glob(filepath.Join(whole, filepath.FromSlash(schemas.Models), "*.parquet"))
	if len(models) == 0 {
		t.Fatal("no models part")
	}
	infos, err := ReadTrees(models[0])
	if err != nil || len(infos) == 0 {
		t.Fatalf("ReadTrees(%s) = %d trees, %v", models[0], len(infos), err)
	}
	if _, err := TreeLabels(models[0], infos[0]); err != nil {
		t.Errorf("TreeLabels of a toy model: %v", err)
	}
}
