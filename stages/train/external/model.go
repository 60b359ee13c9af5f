package external

import (
	"fmt"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// TreeModel is the model of a fit whose reply held a tree: every measure
// of a built-in tree learner applies (train.TreeModel's methods).
type TreeModel struct {
	t     *tree.Tree
	nanos int64
}

// Predict returns the tree's class for x.
func (m *TreeModel) Predict(x []uint8) int { return m.t.Predict(x) }

// Tree returns the adapter's tree.
func (m *TreeModel) Tree() *tree.Tree { return m.t }

// Distribution gives the tree's class probabilities for x from its counts
// (tree.Tree.Distribution; probability 1 on the prediction without counts).
func (m *TreeModel) Distribution(x []uint8, dst []float64) { m.t.Distribution(x, dst) }

// PredictDistribution is Predict and Distribution from one walk.
func (m *TreeModel) PredictDistribution(x []uint8, dst []float64) int {
	return m.t.PredictDistribution(x, dst)
}

// AdapterNanos is the fit time the adapter reported (fit_seconds), 0 when
// it reported none.
func (m *TreeModel) AdapterNanos() int64 { return m.nanos }

// Predictions is the model of a fit whose reply held predictions only: it
// answers for the inputs it was asked about at fit time, looked up by
// input. With the whole space predicted (Space), Predict answers for any
// input and agreement with an oracle is exact; otherwise it answers for
// the held-out rows only.
type Predictions struct {
	domains []int
	space   []uint8        // class per input in dataset.SpaceIndex order; nil when not predicted
	index   map[string]int // held-out input → its row in classes
	classes []uint8
	k       int
	nanos   int64
}

// Predict returns the adapter's class for x. x must be an input the model
// was asked about (a held-out row, or any input when the space was
// predicted); anything else is a programmer error and panics.
func (m *Predictions) Predict(x []uint8) int {
	if i, ok := m.index[string(x)]; ok {
		return int(m.classes[i])
	}
	if m.space != nil {
		return int(m.space[dataset.SpaceIndex(m.domains, x)])
	}
	panic(fmt.Sprintf("external: predictions-only model asked about input %v, which was not in its fit request", x))
}

// Space returns the class of every input of the space in
// dataset.SpaceIndex order, or nil when the space was not predicted.
// Callers must not modify it.
func (m *Predictions) Space() []uint8 { return m.space }

// AdapterNanos is the fit time the adapter reported, 0 when none.
func (m *Predictions) AdapterNanos() int64 { return m.nanos }

// Probabilities is a Predictions model whose adapter gave class
// probabilities for the held-out rows (predict_proba, Weka's
// distributionForInstance).
type Probabilities struct {
	Predictions
	proba []float64 // k per held-out row
}

// Distribution writes the adapter's class probabilities for held-out
// input x into dst; for another input of a predicted space, probability 1
// on its class.
func (m *Probabilities) Distribution(x []uint8, dst []float64) {
	if i, ok := m.index[string(x)]; ok {
		copy(dst, m.proba[i*m.k:(i+1)*m.k])
		return
	}
	clear(dst)
	dst[m.Predict(x)] = 1
}
