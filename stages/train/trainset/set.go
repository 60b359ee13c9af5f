package trainset

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/external"
)

// Benchmarks returns the registered names of the benchmark classifiers V
// and I that the set holds, in that order: the learners the benchmark
// study's wins tables compare the others with.
func (s *Set) Benchmarks() []string {
	var out []string
	for _, n := range []string{train.Majority, train.Intuitive} {
		if slices.Contains(s.Names(), n) {
			out = append(out, n)
		}
	}
	return out
}

// Set is a run's configured learners, built once from their specs, in
// config order. A learner's index in the set numbers its models: the model
// id of learner i on task t is t × (number of learners) + i.
type Set struct {
	specs     []train.Spec
	learners  []train.Learner
	intuitive train.Learner // I, for the tasks where no configured learner gives it
	external  []*external.Learner
}

// Options are what a Set is built with besides the specs.
type Options struct {
	// Registry holds the learners specs may name; nil means Builtin.
	Registry *train.Registry
	// Log gets the external learners' standard error; nil discards it.
	Log *slog.Logger
}

// New builds the learners of specs: registered ones from
// opts.Registry, external ones as processes to be started (by Check or
// the first fit). It fails with an *input.Error on an empty list, a
// learner listed twice, a negative repetitions option, an external
// learner named like a registered one, or any error New reports.
func New(specs []train.Spec, opts Options) (*Set, error) {
	if err := train.CheckSpecs(specs); err != nil {
		return nil, err
	}
	reg := opts.Registry // nil is train.Builtin, for Has and New
	s := &Set{specs: specs}
	for _, spec := range specs {
		if spec.External != nil {
			if reg.Has(spec.Name) {
				return nil, input.Keyf("learners.external.name", "%q is a built-in learner's name; give the external learner another", spec.Name)
			}
			x := external.New(spec.Name, *spec.External, opts.Log)
			s.external = append(s.external, x)
			s.learners = append(s.learners, externalLearner{x})
			continue
		}
		l, err := reg.New(spec)
		if err != nil {
			return nil, err
		}
		s.learners = append(s.learners, l)
	}
	var err error
	if s.intuitive, err = reg.New(train.Spec{Name: train.Intuitive}); err != nil {
		return nil, fmt.Errorf("train: build the benchmark I: %w", err)
	}
	return s, nil
}

// Check starts the first process of every external learner and runs its
// handshake, before any work: a command that does not start or fails the
// handshake is an *input.Error keyed learners.<name>.command.
func (s *Set) Check() error {
	for _, x := range s.external {
		if _, err := x.Check(); err != nil {
			return err
		}
	}
	return nil
}

// Adapters returns what each external learner's adapter said of itself,
// in config order; a learner whose process has not started yet is left
// out.
func (s *Set) Adapters() []Adapter {
	var out []Adapter
	for _, x := range s.external {
		if info, ok := x.Info(); ok {
			out = append(out, Adapter{Learner: x.Name(), Name: info.Name, Version: info.Version})
		}
	}
	return out
}

// Close ends the external learners' processes.
func (s *Set) Close() {
	for _, x := range s.external {
		x.Close()
	}
}

// isExternal reports whether learner i is external.
func (s *Set) isExternal(i int) bool { return s.specs[i].External != nil }

// Names returns the learner names in config order.
func (s *Set) Names() []string {
	names := make([]string, len(s.specs))
	for i, spec := range s.specs {
		names[i] = spec.Name
	}
	return names
}

// runs reports whether learner i runs on task t (its repetitions cap).
func (s *Set) runs(i int, t *flow.Task) bool {
	r := s.specs[i].Repetitions
	return r == 0 || t.Rep < r
}

func (s *Set) modelID(t *flow.Task, i int) int64 { return t.ID*int64(len(s.specs)) + int64(i) }

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
// slot (got by get).
func (s *Set) fitNodeOf(slot schemas.Ref, get func(*schemas.Bag) []schemas.DatasetRecord) flow.Node {
	return flow.Node{
		Stage:       flow.StageTrain,
		Reads:       []schemas.Ref{slot, flow.TaskCosts},
		Writes:      []schemas.Ref{schemas.ModelTable, flow.Fits},
		Run:         func(t *flow.Task, b *schemas.Bag) error { return s.fitTask(t, b, get) },
		Reload:      func(t *flow.Task, b *schemas.Bag) error { return s.reloadTask(t, b, get) },
		ReloadReads: []schemas.Ref{schemas.ModelTable},
		Check:       s.Check,
	}
}

// trainingSet returns the task's one dataset record.
func trainingSet(t *flow.Task, b *schemas.Bag, get func(*schemas.Bag) []schemas.DatasetRecord) (*schemas.DatasetRecord, error) {
	recs := get(b)
	if len(recs) != 1 {
		return nil, fmt.Errorf("task %d has %d datasets, want 1", t.ID, len(recs))
	}
	return &recs[0], nil
}

func (s *Set) fitTask(t *flow.Task, b *schemas.Bag, get func(*schemas.Bag) []schemas.DatasetRecord) error {
	data, err := trainingSet(t, b, get)
	if err != nil {
		return err
	}
	d := data.Train
	fits := make([]flow.Fit, 0, len(s.learners)+1)
	var models []schemas.ModelRecord
	haveI := false
	task := flow.CostsOf(b)
	for i, l := range s.learners {
		if !s.runs(i, t) {
			continue
		}
		name := s.specs[i].Name
		f, nanos, err := fit(train.WithCosts(l, task), d, t, name, heldOut(data))
		if err != nil {
			return err
		}
		f.ModelID = s.modelID(t, i)
		f.Intuitive = name == train.Intuitive
		haveI = haveI || f.Intuitive
		logFit(b, t, &f, nanos)
		if f.Tree != nil {
			models = append(models, schemas.ModelRecord{ModelID: f.ModelID, Learner: name, Fold: schemas.NoFold,
				DatasetID: t.ID, OracleID: data.OracleID, Tree: f.Tree, Optimal: f.Optimal})
		}
		fits = append(fits, f)
	}
	if !haveI && hasTestRows(data) {
		f, nanos, err := fit(s.intuitive, d, t, train.Intuitive, Query{})
		if err != nil {
			return err
		}
		f.ModelID, f.Intuitive, f.Extra = -1, true, true
		logFit(b, t, &f, nanos)
		fits = append(fits, f)
	}
	schemas.ModelTable.Set(b, models)
	flow.Fits.Set(b, fits)
	return nil
}

func hasTestRows(data *schemas.DatasetRecord) bool { return data.Test != nil && data.Test.Len() > 0 }

// heldOut is the query of a task's held-out rows (none without them).
func heldOut(data *schemas.DatasetRecord) Query {
	if !hasTestRows(data) {
		return Query{}
	}
	return Query{Data: data.Test}
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

// fit fits learner l (named name) on every training row of d with the
// task's generator for it, telling it of the held-out rows q.
func fit(l train.Learner, d *dataset.Dataset, t *flow.Task, name string, q Query) (flow.Fit, int64, error) {
	return fitWith(l, d, d.All(), t.LearnerRand(name), name, q)
}

// fitWith fits learner l (named name) on the rows of d with rng, and
// returns the fit (its tree and optimality claim, if any) and its time.
func fitWith(l train.Learner, d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand, name string, q Query) (flow.Fit, int64, error) {
	return fitTimed(func() (train.Model, error) { return fitQuery(l, d, rows, rng, q) }, name)
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

// reloadTask rebuilds fitTask's fits from the task's models/ records and
// by fitting the learners whose models are not trees again.
func (s *Set) reloadTask(t *flow.Task, b *schemas.Bag, get func(*schemas.Bag) []schemas.DatasetRecord) error {
	data, err := trainingSet(t, b, get)
	if err != nil {
		return err
	}
	stored := map[string]*schemas.ModelRecord{}
	recs := schemas.ModelTable.Get(b)
	for i := range recs {
		stored[recs[i].Learner] = &recs[i]
	}
	fits := make([]flow.Fit, 0, len(s.learners)+1)
	haveI := false
	for i, l := range s.learners {
		if !s.runs(i, t) {
			continue
		}
		name := s.specs[i].Name
		var f flow.Fit
		if rec, ok := stored[name]; ok {
			f = flow.Fit{Learner: name, Model: train.NewTreeModel(rec.Tree), Tree: rec.Tree, Optimal: rec.Optimal, Fold: schemas.NoFold}
		} else {
			if f, _, err = fit(train.WithCosts(l, flow.CostsOf(b)), data.Train, t, name, heldOut(data)); err != nil {
				return fmt.Errorf("refit: %w", err)
			}
			// An external learner's tree is missing from models/ when its
			// fit failed in train; the fit made again stands (faults do
			// not repeat to order).
			if f.Tree != nil && !s.isExternal(i) {
				return fmt.Errorf("models table has no %s tree for dataset %d; run train first", name, t.ID)
			}
		}
		f.ModelID = s.modelID(t, i)
		f.Intuitive = name == train.Intuitive
		haveI = haveI || f.Intuitive
		fits = append(fits, f)
	}
	if !haveI && hasTestRows(data) {
		f, _, err := fit(s.intuitive, data.Train, t, train.Intuitive, Query{})
		if err != nil {
			return err
		}
		f.ModelID, f.Intuitive, f.Extra = -1, true, true
		fits = append(fits, f)
	}
	flow.Fits.Set(b, fits)
	return nil
}

// CheckFeatures checks the options of every learner that depend on the
// number of features m of the study's data (train.CheckFeatures).
func (s *Set) CheckFeatures(m int) error {
	for i, l := range s.learners {
		if err := train.CheckFeatures(s.specs[i].Name, l, m); err != nil {
			return err
		}
	}
	return nil
}
