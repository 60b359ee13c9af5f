package trainset

import (
	"fmt"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// FitNode is the train stage: per task, every learner that runs on it is
// fitted on the task's training rows with the task's learner generator.
// It writes the tree models to models/ and every fit, trees or not, to the
// memory slot flow.Fits, with the benchmark I added (Extra) when the
// dataset has held-out rows and no configured I runs on the task. Its
// Reload rebuilds the same fits for a staged evaluate: trees from models/,
// the other learners fitted again (they are deterministic under the same
// generator).
func (s *Set) FitNode() flow.Node { return s.fitNodeOf(schemas.DatasetTable, schemas.DatasetTable.Get) }

// HoldoutFitNode is FitNode on the cost study's train/test splits, the
// memory slot flow.Holdouts, instead of the datasets/ table.
func (s *Set) HoldoutFitNode() flow.Node { return s.fitNodeOf(flow.Holdouts, flow.Holdouts.Get) }

// fitNodeOf is the train node over the task's dataset record, read from
// slot (got by get): its training rows are the task's one fold.
func (s *Set) fitNodeOf(slot schemas.Ref, get func(*schemas.Bag) []schemas.DatasetRecord) flow.Node {
	run := func(reload bool) func(t *flow.Task, b *schemas.Bag) error {
		return func(t *flow.Task, b *schemas.Bag) error {
			recs := get(b)
			if len(recs) != 1 {
				return fmt.Errorf("task %d has %d datasets, want 1", t.ID, len(recs))
			}
			return s.fitFolds(t, b, holdoutFolds(&recs[0]), reload)
		}
	}
	return flow.Node{
		Stage:       flow.StageTrain,
		Reads:       []schemas.Ref{slot, flow.TaskCosts},
		Writes:      []schemas.Ref{schemas.ModelTable, flow.Fits},
		Run:         run(false),
		Reload:      run(true),
		ReloadReads: []schemas.Ref{schemas.ModelTable},
		Check:       s.Check,
	}
}

// CVNode is the benchmark study's train stage: per task, every learner
// that runs on it is fitted on each fold's training rows of the task's
// split (flow.Splits), with a generator of its own per fold. Tree
// models go to models/ with their fold; every fit, trees or not, goes to
// flow.Fits with its fold, with the benchmark I added per fold (Extra)
// when no configured I runs on the task. Reload rebuilds the fits for a
// staged evaluate: trees from models/, the other learners fitted again.
func (s *Set) CVNode() flow.Node {
	return flow.Node{
		Stage:       flow.StageTrain,
		Reads:       []schemas.Ref{flow.Splits, flow.TaskCosts},
		Writes:      []schemas.Ref{schemas.ModelTable, flow.Fits},
		Run:         func(t *flow.Task, b *schemas.Bag) error { return s.cvTask(t, b, false) },
		Reload:      func(t *flow.Task, b *schemas.Bag) error { return s.cvTask(t, b, true) },
		ReloadReads: []schemas.Ref{schemas.ModelTable},
	}
}

// cvTask fits (or, reloading, rebuilds) every fold's fits of task t.
func (s *Set) cvTask(t *flow.Task, b *schemas.Bag, reload bool) error {
	splits := flow.Splits.Get(b)
	if len(splits) != 1 {
		return fmt.Errorf("task %d has %d splits, want 1", t.ID, len(splits))
	}
	return s.fitFolds(t, b, cvFolds(&splits[0]), reload)
}
