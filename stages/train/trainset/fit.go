package trainset

import (
	"fmt"
	"strconv"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// fold is one set of training rows a task's learners are fitted on: a
// fold of a cross-validation, or all of a dataset's training rows (the
// holdout, a task's one fold).
type fold struct {
	// label is the fold's number in Fit.Fold and models.fold: f for fold f
	// of a cross-validation, schemas.NoFold for the holdout.
	label int
	data  *dataset.Dataset
	rows  dataset.Bitset // the training rows of data
	order []int          // the fold scheme's training order (Split.TrainOrder); nil for row order
	query Query          // the held-out rows, told to a QueryLearner
	// seed is appended to a learner's name to key its generator
	// (flow.Task.LearnerRand): "/fold<f>" in a cross-validation, "" for the
	// holdout, so that each keeps the generators it has always had.
	seed string
	// heldOut says whether the fold has held-out rows to score: the
	// benchmark I is fitted as an extra only then.
	heldOut bool
}

// folds are what fitFolds fits a task's learners on.
type folds struct {
	folds []fold
	// dataset is the data's config name, which the learners' datasets
	// option names (benchmark study); "" for data the option does not
	// apply to, where every learner runs.
	dataset  string
	oracleID int64 // models.oracle_id of the task's trees
}

// cvFolds are the k folds of a cross-validation split.
func cvFolds(sp *flow.Split) folds {
	fs := folds{folds: make([]fold, sp.Folds.K), dataset: sp.Dataset, oracleID: -1}
	for f := range fs.folds {
		test := sp.TestRows(f)
		fs.folds[f] = fold{label: f, data: sp.Data, rows: sp.TrainRows(f), order: sp.TrainOrder(f),
			query: Query{Data: sp.Data, Rows: test}, seed: "/fold" + strconv.Itoa(f), heldOut: test.Count() > 0}
	}
	return fs
}

// holdoutFolds is a dataset record's training rows as one fold, with its
// test rows (if any) held out.
func holdoutFolds(data *schemas.DatasetRecord) folds {
	held := data.Test != nil && data.Test.Len() > 0
	fd := fold{label: schemas.NoFold, data: data.Train, rows: data.Train.All(), heldOut: held}
	if held {
		fd.query = Query{Data: data.Test}
	}
	return folds{folds: []fold{fd}, oracleID: data.OracleID}
}

// modelID numbers the models of a task: learner i of the set's L on fold
// f of the task's K is t·L·K + f·L + i for task t. The holdout is one fold
// (K = 1, f = 0), where this is t·L + i. These ids are written to models/
// (tree_id) and to the results' model_id: they must not change.
func (s *Set) modelID(t *flow.Task, k, f, i int) int64 {
	l := int64(len(s.specs))
	return t.ID*l*int64(k) + int64(f)*l + int64(i)
}

// fitFolds fits every learner that runs on task t on each of its folds
// and sets the fits in flow.Fits, fold by fold in learner order, each
// fold's followed by the benchmark I (Extra) when no configured I runs
// on the task and the fold has held-out rows. Fitting, it logs each fit's
// time and sets the trees in schemas.ModelTable. Reloading, it rebuilds
// the trees from the task's models/ records (schemas.ModelTable) and fits
// the other learners again, which are deterministic under the same
// generator: the fits are those fitting made.
func (s *Set) fitFolds(t *flow.Task, b *schemas.Bag, fs folds, reload bool) error {
	stored := map[storedKey]*schemas.ModelRecord{}
	if reload {
		recs := schemas.ModelTable.Get(b)
		for i := range recs {
			stored[storedKey{recs[i].Learner, int(recs[i].Fold)}] = &recs[i]
		}
	}
	taskCosts := flow.CostsOf(b)
	k := len(fs.folds)
	fits := make([]flow.Fit, 0, k*(len(s.learners)+1))
	var models []schemas.ModelRecord
	for f := range fs.folds {
		fd := &fs.folds[f]
		haveI := false
		for i, l := range s.learners {
			if !s.runs(i, t) || !s.runsOn(i, fs.dataset) {
				continue
			}
			name := s.specs[i].Name
			var ft flow.Fit
			if rec, ok := stored[storedKey{name, fd.label}]; ok {
				ft = flow.Fit{Learner: name, Model: train.NewTreeModel(rec.Tree), Tree: rec.Tree, Optimal: rec.Optimal}
			} else {
				var err error
				if ft, err = s.fitLogged(b, t, train.WithCosts(l, taskCosts), name, fd, !reload); err != nil {
					return err
				}
				// An external learner's tree is missing from models/ when
				// its fit failed in train; the fit made again stands
				// (faults do not repeat to order).
				if reload && ft.Tree != nil && !s.isExternal(i) {
					return fmt.Errorf("models table has no %s tree for task %d%s; run train first", name, t.ID, fd.suffix())
				}
			}
			ft.Fold, ft.ModelID = fd.label, s.modelID(t, k, f, i)
			ft.Intuitive = name == train.Intuitive
			haveI = haveI || ft.Intuitive
			if ft.Tree != nil && !reload {
				models = append(models, schemas.ModelRecord{ModelID: ft.ModelID, Learner: name, DatasetID: t.ID,
					OracleID: fs.oracleID, Fold: int32(fd.label), Tree: ft.Tree, Optimal: ft.Optimal})
			}
			fits = append(fits, ft)
		}
		if !haveI && fd.heldOut {
			ft, err := s.extraI(b, t, fd, !reload)
			if err != nil {
				return err
			}
			fits = append(fits, ft)
		}
	}
	if !reload {
		schemas.ModelTable.Set(b, models)
	}
	flow.Fits.Set(b, fits)
	return nil
}

// storedKey finds a task's models/ record: its learner and fold.
type storedKey struct {
	learner string
	fold    int
}

// extraI fits the benchmark I on fold fd as a fit of its own (Extra), for
// a task where no configured I runs: the benchmark study's Γ and the
// other studies' scores compare the learners with it. It gets model id
// -1, and no evaluation or model row.
func (s *Set) extraI(b *schemas.Bag, t *flow.Task, fd *fold, log bool) (flow.Fit, error) {
	ft, err := s.fitLogged(b, t, s.intuitive, train.Intuitive, fd, log)
	if err != nil {
		return flow.Fit{}, err
	}
	ft.Fold, ft.ModelID, ft.Intuitive, ft.Extra = fd.label, -1, true, true
	return ft, nil
}

// fitLogged fits learner l (named name) on fold fd with the task's
// generator for it and, when log is set, logs the fit's time.
func (s *Set) fitLogged(b *schemas.Bag, t *flow.Task, l train.Learner, name string, fd *fold, log bool) (flow.Fit, error) {
	ft, nanos, err := fd.fit(l, t, name)
	if err != nil {
		if fd.label != schemas.NoFold {
			err = fmt.Errorf("fold %d: %w", fd.label, err)
		}
		return flow.Fit{}, err
	}
	if log {
		logFit(b, t, &ft, nanos)
	}
	return ft, nil
}

// suffix names the fold in a message: " fold f", or "" for the holdout.
func (fd *fold) suffix() string {
	if fd.label == schemas.NoFold {
		return ""
	}
	return " fold " + strconv.Itoa(fd.label)
}

// fit fits learner l (named name) on the fold's training rows with the
// task's generator for it: in the fold scheme's training order when the
// fold has one and l can follow it, as rows otherwise, telling a
// QueryLearner of the held-out rows.
func (fd *fold) fit(l train.Learner, t *flow.Task, name string) (flow.Fit, int64, error) {
	rng := t.LearnerRand(name + fd.seed)
	fit := func() (train.Model, error) { return fitQuery(l, fd.data, fd.rows, rng, fd.query) }
	if ol, ok := l.(train.OrderedLearner); ok && fd.order != nil {
		fit = func() (train.Model, error) { return ol.FitOrdered(fd.data, fd.order, rng) }
	}
	if ol, ok := l.(orderedQueryLearner); ok && fd.order != nil {
		fit = func() (train.Model, error) { return ol.FitOrderedQuery(fd.data, fd.order, rng, fd.query) }
	}
	return fitTimed(fit, name)
}

// logFit logs fit f's wall time, and the fit time its adapter reported
// (step adapter_fit) for an external learner's model.
func logFit(b *schemas.Bag, t *flow.Task, f *flow.Fit, nanos int64) {
	flow.TimingLog.Put(b, schemas.Timing{DatasetID: t.ID, Learner: f.Learner, Step: "fit", Nanos: nanos})
	if f.Model == nil {
		return
	}
	if n := adapterNanos(f.Model); n > 0 {
		flow.TimingLog.Put(b, schemas.Timing{DatasetID: t.ID, Learner: f.Learner, Step: "adapter_fit", Nanos: n})
	}
}

// fitTimed runs one fit and makes a Fit of its model, with the fit's
// wall time in nanoseconds. An external learner's failure is a Fit with
// its status and no model, not an error.
func fitTimed(fit func() (train.Model, error), name string) (flow.Fit, int64, error) {
	start := time.Now()
	m, err := fit()
	nanos := time.Since(start).Nanoseconds()
	if err != nil {
		if f, ok := failedFit(err, name); ok {
			return f, nanos, nil
		}
		return flow.Fit{}, 0, fmt.Errorf("fit %s: %w", name, err)
	}
	f := flow.Fit{Learner: name, Model: m, Fold: schemas.NoFold}
	if tm, ok := m.(train.TreeModel); ok {
		f.Tree = tm.Tree()
	}
	if o, ok := m.(interface{ Optimal() bool }); ok {
		opt := o.Optimal()
		f.Optimal = &opt
	}
	return f, nanos, nil
}
