package trainset

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

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

// runsOn reports whether learner i runs on the tasks of the named
// dataset (its datasets option).
func (s *Set) runsOn(i int, dataset string) bool {
	names := s.specs[i].Datasets
	return len(names) == 0 || slices.Contains(names, dataset)
}

// foldModelID numbers the models of a cross-validated task: learner i of
// L on fold f of K of task t is t·L·K + f·L + i.
func (s *Set) foldModelID(t *flow.Task, fold, k, i int) int64 {
	l := int64(len(s.specs))
	return t.ID*l*int64(k) + int64(fold)*l + int64(i)
}

// cvTask fits (or, reloading, rebuilds) every fold's fits of task t.
func (s *Set) cvTask(t *flow.Task, b *schemas.Bag, reload bool) error {
	splits := flow.Splits.Get(b)
	if len(splits) != 1 {
		return fmt.Errorf("task %d has %d splits, want 1", t.ID, len(splits))
	}
	sp := &splits[0]
	k := sp.Folds.K
	stored := map[[2]any]*schemas.ModelRecord{}
	if reload {
		recs := schemas.ModelTable.Get(b)
		for i := range recs {
			stored[[2]any{recs[i].Learner, int(recs[i].Fold)}] = &recs[i]
		}
	}
	var fits []flow.Fit
	var models []schemas.ModelRecord
	for fold := range k {
		rows := sp.TrainRows(fold)
		haveI := false
		for i, l := range s.learners {
			if !s.runs(i, t) || !s.runsOn(i, sp.Dataset) {
				continue
			}
			name := s.specs[i].Name
			var f flow.Fit
			if rec, ok := stored[[2]any{name, fold}]; ok {
				f = flow.Fit{Learner: name, Model: train.NewTreeModel(rec.Tree), Tree: rec.Tree, Optimal: rec.Optimal}
			} else {
				var nanos int64
				var err error
				if f, nanos, err = fitFold(train.WithCosts(l, flow.CostsOf(b)), sp, rows, t, name, fold); err != nil {
					return err
				}
				if reload && f.Tree != nil && !s.isExternal(i) {
					return fmt.Errorf("models table has no %s tree for task %d fold %d; run train first", name, t.ID, fold)
				}
				if !reload {
					logFit(b, t, &f, nanos)
				}
			}
			f.Fold, f.ModelID = fold, s.foldModelID(t, fold, k, i)
			f.Intuitive = name == train.Intuitive
			haveI = haveI || f.Intuitive
			if f.Tree != nil && !reload {
				models = append(models, schemas.ModelRecord{ModelID: f.ModelID, Learner: name, DatasetID: t.ID, OracleID: -1,
					Fold: int32(fold), Tree: f.Tree, Optimal: f.Optimal})
			}
			fits = append(fits, f)
		}
		if !haveI {
			f, _, err := fitFold(s.intuitive, sp, rows, t, train.Intuitive, fold)
			if err != nil {
				return err
			}
			f.Fold, f.ModelID, f.Intuitive, f.Extra = fold, -1, true, true
			fits = append(fits, f)
		}
	}
	if !reload {
		schemas.ModelTable.Set(b, models)
	}
	flow.Fits.Set(b, fits)
	return nil
}

// fitFold fits learner l (named name) on fold fold's training rows of
// the split: in the fold scheme's training order (Split.TrainOrder) when
// the scheme has one and l can follow it, as rows otherwise.
func fitFold(l train.Learner, sp *flow.Split, rows dataset.Bitset, t *flow.Task, name string, fold int) (flow.Fit, int64, error) {
	rng := t.LearnerRand(name + "/fold" + strconv.Itoa(fold))
	q := Query{Data: sp.Data, Rows: sp.TestRows(fold)}
	fit := func() (train.Model, error) { return fitQuery(l, sp.Data, rows, rng, q) }
	if ol, ok := l.(train.OrderedLearner); ok && sp.TrainOrder(fold) != nil {
		fit = func() (train.Model, error) { return ol.FitOrdered(sp.Data, sp.TrainOrder(fold), rng) }
	}
	f, nanos, err := fitTimed(fit, name)
	if err != nil {
		return flow.Fit{}, 0, fmt.Errorf("fold %d: %w", fold, err)
	}
	return f, nanos, nil
}
