package trainset

import (
	"errors"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/external"
)

// Query names the held-out rows a fit's model will be asked to classify
// (external.Query).
type Query = external.Query

// QueryLearner is a Learner whose model can answer only for the inputs it
// was told of when it fitted: an external learner that replies with
// predictions and no tree. The train stage gives it the task's held-out
// rows (a fold's test rows in a cross-validation); plain Fit tells it of
// none, and its model then answers only from a predicted input space.
type QueryLearner interface {
	train.Learner
	FitQuery(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand, q Query) (train.Model, error)
}

// Adapter is what an external learner's adapter said of itself in the
// handshake, for the manifest.
type Adapter = flow.Adapter

// externalLearner is an external.Learner behind the Learner interface.
type externalLearner struct{ l *external.Learner }

// Capabilities are what the learner's adapter announced in its handshake
// (protocol 2; an adapter of protocol 1 takes neither numbers nor missing
// values). Asked before any process has started, it starts one (the
// handshake Check runs); an adapter that does not start takes nothing,
// and Check reports why.
func (e externalLearner) Capabilities() train.Capabilities {
	info, err := e.info()
	if err != nil {
		return train.Capabilities{}
	}
	return info.Capabilities
}

// CapabilitiesNote names the adapter and the protocol version it would
// need to take numeric features or missing values (external.Info.Lacks).
func (e externalLearner) CapabilitiesNote(numeric, missing bool) string {
	info, err := e.info()
	if err != nil {
		return "its adapter did not start: " + err.Error()
	}
	return info.Lacks(numeric, missing)
}

// info is what the learner's adapter said in its handshake, running it
// when no process has started yet.
func (e externalLearner) info() (external.Info, error) {
	if info, ok := e.l.Info(); ok {
		return info, nil
	}
	return e.l.Check()
}

func (e externalLearner) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (train.Model, error) {
	return e.FitQuery(d, rows, rng, Query{})
}

func (e externalLearner) FitQuery(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand, q Query) (train.Model, error) {
	m, err := e.l.Fit(d, rows, rng, q)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// FitOrderedQuery is FitQuery on the rows of d listed in order: rows in
// the values form (numbers, missing values) go to the adapter in that
// order, the fold scheme's (external.Learner.FitOrdered).
func (e externalLearner) FitOrderedQuery(d *dataset.Dataset, order []int, rng *rand.Rand, q Query) (train.Model, error) {
	m, err := e.l.FitOrdered(d, order, rng, q)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// orderedQueryLearner is a QueryLearner that also follows a training
// order: an external learner.
type orderedQueryLearner interface {
	QueryLearner
	FitOrderedQuery(d *dataset.Dataset, order []int, rng *rand.Rand, q Query) (train.Model, error)
}

// fitQuery fits l on rows of d, telling a QueryLearner of the held-out
// rows q.
func fitQuery(l train.Learner, d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand, q Query) (train.Model, error) {
	if ql, ok := l.(QueryLearner); ok {
		return ql.FitQuery(d, rows, rng, q)
	}
	return l.Fit(d, rows, rng)
}

// failedFit returns the Fit that records err when err is an external
// learner's failure, one the run goes on from.
func failedFit(err error, name string) (flow.Fit, bool) {
	var f *external.Failure
	if !errors.As(err, &f) {
		return flow.Fit{}, false
	}
	return flow.Fit{Learner: name, Fold: schemas.NoFold, Status: f.Status, Message: f.Message}, true
}

// adapterNanos is the fit time an external model's adapter reported.
func adapterNanos(m any) int64 {
	if a, ok := m.(interface{ AdapterNanos() int64 }); ok {
		return a.AdapterNanos()
	}
	return 0
}
