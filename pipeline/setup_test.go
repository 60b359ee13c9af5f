package pipeline

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/generate"
)

// setupStudy is a study of two stages built for the test: a setup node
// (generate) writes a single-file table, and a per-task node (train) reads
// it in every task and writes one evaluation row per task naming it.
func setupStudy() *flow.Study {
	return &flow.Study{
		Name: "setup-test",
		Plan: flow.Plan{Cells: []string{"a", "b"}, Reps: 3, Seed: 1},
		Nodes: []flow.Node{
			{Stage: flow.StageGenerate, PerRun: true, Setup: true, Writes: []schemas.Ref{schemas.ReportDoc},
				Run: func(_ *flow.Task, b *schemas.Bag) error {
					schemas.ReportDoc.Set(b, []byte("shared"))
					return nil
				}},
			{Stage: flow.StageTrain, Reads: []schemas.Ref{schemas.ReportDoc}, Writes: []schemas.Ref{schemas.EvaluationTable},
				Run: func(t *flow.Task, b *schemas.Bag) error {
					schemas.EvaluationTable.Put(b, schemas.OracleEvaluation{DatasetID: t.ID, Learner: string(schemas.ReportDoc.Get(b))})
					return nil
				}},
		},
	}
}

// TestSetupNodeSharesItsTable: what a setup node writes reaches every task,
// in one command and, from its file, in a later staged command.
func TestSetupNodeSharesItsTable(t *testing.T) {
	cfg := smallConfig(t, "chunk=2")
	log := slog.New(slog.DiscardHandler)
	check := func(dir string) {
		t.Helper()
		n := 0
		for _, e := range evaluationRows(t, dir, schemas.ReadEvaluations) {
			if e.Learner != "shared" {
				t.Errorf("task %d saw %q", e.DatasetID, e.Learner)
			}
			n++
		}
		if n != 6 {
			t.Errorf("%d rows, want one per task (6)", n)
		}
	}
	fused, err := executeStudy(context.Background(), cfg, Options{Out: t.TempDir(), Shard: Shard{Index: 0, Count: 1}}, []string{flow.StageGenerate, flow.StageTrain}, setupStudy(), log)
	if err != nil {
		t.Fatal(err)
	}
	check(fused)
	out := t.TempDir()
	opts := Options{Out: out, Shard: Shard{Index: 0, Count: 1}}
	if _, err := executeStudy(context.Background(), cfg, opts, []string{flow.StageGenerate}, setupStudy(), log); err != nil {
		t.Fatal(err)
	}
	staged, err := executeStudy(context.Background(), cfg, opts, []string{flow.StageTrain}, setupStudy(), log)
	if err != nil {
		t.Fatal(err)
	}
	check(staged)
	// A damaged shared table stops the staged command before it writes.
	doc := filepath.Join(staged, "report", "report.md")
	if err := os.WriteFile(doc, []byte("tampered"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := executeStudy(context.Background(), cfg, opts, []string{flow.StageTrain}, setupStudy(), log); err == nil {
		t.Error("a tampered shared table was read")
	}
}

// oracleOf, benchmarkOf and costOf return cfg's section of each study
// (nil for another study's config).
func oracleOf(cfg *Config) *generate.OracleConfig { return sectionOf[generate.OracleConfig](cfg) }
func benchmarkOf(cfg *Config) *generate.BenchmarkConfig {
	return sectionOf[generate.BenchmarkConfig](cfg)
}
func costOf(cfg *Config) *generate.CostConfig { return sectionOf[generate.CostConfig](cfg) }
