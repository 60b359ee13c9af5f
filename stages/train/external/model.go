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

// PredictValues is Predict for x in the values form. A tree comes only
// from a fit on nominal data without missing values (parseReply), so x
// holds codes; anything else is a programmer error and panics.
func (m *TreeModel) PredictValues(x []float64) int {
	var buf [64]uint8
	return m.t.Predict(valuesToCodes(x, buf[:0]))
}

// DistributionValues is Distribution for x in the values form, which
// holds codes (PredictValues).
func (m *TreeModel) DistributionValues(x []float64, dst []float64) {
	var buf [64]uint8
	m.t.Distribution(valuesToCodes(x, buf[:0]), dst)
}

// Predictions is the model of a fit whose reply held predictions only: it
// answers for the inputs it was asked about at fit time, looked up by
// input. With the whole space predicted (Space), Predict answers for any
// input and agreement with an oracle is exact; otherwise it answers for
// the held-out rows only. A fit in the values form (numeric features or
// missing values) files its held-out rows by their instances
// (valuesKey), and has no space.
type Predictions struct {
	domains []int
	space   []uint8        // class per input in dataset.SpaceIndex order; nil when not predicted
	index   map[string]int // held-out input (its codes, or in the values form its valuesKey) → its row in classes
	values  bool           // the fit was in the values form
	classes []uint8
	k       int
	nanos   int64
}

// Predict returns the adapter's class for x. x must be an input the model
// was asked about (a held-out row, or any input when the space was
// predicted); anything else is a programmer error and panics.
func (m *Predictions) Predict(x []uint8) int {
	if m.values {
		var buf [64]float64
		return m.PredictValues(codesToValues(x, buf[:0]))
	}
	if i, ok := m.index[string(x)]; ok {
		return int(m.classes[i])
	}
	if m.space != nil {
		return int(m.space[dataset.SpaceIndex(m.domains, x)])
	}
	panic(fmt.Sprintf("external: predictions-only model asked about input %v, which was not in its fit request", x))
}

// PredictValues returns the adapter's class for instance x in the values
// form (dataset.Dataset.Values), which must be a held-out row of the fit
// (or, for a fit on nominal codes, any input of a predicted space).
func (m *Predictions) PredictValues(x []float64) int {
	if !m.values {
		var buf [64]uint8
		return m.Predict(valuesToCodes(x, buf[:0]))
	}
	if i, ok := m.find(x); ok {
		return int(m.classes[i])
	}
	panic(fmt.Sprintf("external: predictions-only model asked about instance %v, which was not in its fit request", x))
}

// find returns the row in classes of held-out instance x of a fit in the
// values form.
func (m *Predictions) find(x []float64) (int, bool) {
	var buf [512]byte
	i, ok := m.index[string(valuesKey(buf[:0], x))]
	return i, ok
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
	if m.values {
		var buf [64]float64
		m.DistributionValues(codesToValues(x, buf[:0]), dst)
		return
	}
	if i, ok := m.index[string(x)]; ok {
		copy(dst, m.proba[i*m.k:(i+1)*m.k])
		return
	}
	clear(dst)
	dst[m.Predict(x)] = 1
}

// DistributionValues is Distribution for instance x in the values form
// (a held-out row of the fit).
func (m *Probabilities) DistributionValues(x []float64, dst []float64) {
	if !m.values {
		var buf [64]uint8
		m.Distribution(valuesToCodes(x, buf[:0]), dst)
		return
	}
	if i, ok := m.find(x); ok {
		copy(dst, m.proba[i*m.k:(i+1)*m.k])
		return
	}
	clear(dst)
	dst[m.PredictValues(x)] = 1
}
