package pipeline

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/schemas"
)

// Stage names, in pipeline order.
const (
	StageGenerate = "generate"
	StageTrain    = "train"
	StageEvaluate = "evaluate"
	StageReport   = "report"
)

// stageDecl declares the tables a stage reads and writes, in the manner of
// Kedro's node(func, inputs, outputs); the pipeline checks the wiring
// before any work starts. Timings are written by every stage that times
// work and read by none, so they are not part of the wiring.
type stageDecl struct {
	name   string
	reads  []string
	writes []string
}

var stageDecls = []stageDecl{
	{StageGenerate, nil, []string{schemas.Oracles, schemas.Datasets}},
	{StageTrain, []string{schemas.Datasets}, []string{schemas.Models}},
	{StageEvaluate, []string{schemas.Oracles, schemas.Datasets, schemas.Models}, []string{schemas.Evaluations}},
	{StageReport, []string{schemas.Evaluations}, []string{schemas.Summaries}},
}

// checkWiring verifies that every table has one producer and that every
// table a stage reads is written by an earlier stage.
func checkWiring(decls []stageDecl) error {
	producer := map[string]string{}
	for _, d := range decls {
		for _, r := range d.reads {
			if _, ok := producer[r]; !ok {
				return fmt.Errorf("pipeline: stage %s reads %s, which no earlier stage writes", d.name, r)
			}
		}
		for _, w := range d.writes {
			if p, ok := producer[w]; ok {
				return fmt.Errorf("pipeline: table %s has two producers, %s and %s", w, p, d.name)
			}
			producer[w] = d.name
		}
	}
	return nil
}

// StageNames returns the stage names in pipeline order.
func StageNames() []string {
	var out []string
	for _, d := range stageDecls {
		out = append(out, d.name)
	}
	return out
}

// selection is the set of stages one command runs.
type selection []string

func (s selection) has(stage string) bool { return slices.Contains(s, stage) }

// needsFromDisk returns the tables the selected stages read that no
// selected stage writes: they come from the run folder.
func (s selection) needsFromDisk() []string {
	written := map[string]bool{}
	var need []string
	for _, d := range stageDecls {
		if !s.has(d.name) {
			continue
		}
		for _, r := range d.reads {
			if !written[r] && !slices.Contains(need, r) {
				need = append(need, r)
			}
		}
		for _, w := range d.writes {
			written[w] = true
		}
	}
	return need
}

// chunkOutputs returns the per-chunk tables the selected stages write.
func (s selection) chunkOutputs() []string {
	var out []string
	for _, d := range stageDecls {
		if s.has(d.name) && d.name != StageReport {
			out = append(out, d.writes...)
		}
	}
	return out
}
