package train

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Learner fits a model on the rows of d whose bit is set in rows.
type Learner interface {
	Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error)
}

// OrderedLearner is a Learner that can train on rows in a given order:
// one whose model depends on the order (SMO; CART, whose internal pruning
// folds do) follows it, so that a cross-validation in Weka's scheme
// trains it on each fold's rows in the order Weka does. Any other learner
// treats it as Fit on the same rows.
type OrderedLearner interface {
	Learner
	FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error)
}

// Model predicts a class code for an input (x[f] = code of feature f).
type Model interface {
	Predict(x []uint8) int
}

// TreeModel is a Model that is a decision tree.
type TreeModel interface {
	Model
	Tree() *tree.Tree
}

// treeModel adapts a *tree.Tree to TreeModel.
type treeModel struct{ t *tree.Tree }

// NewTreeModel wraps a tree as a TreeModel.
func NewTreeModel(t *tree.Tree) TreeModel { return treeModel{t} }

func (m treeModel) Predict(x []uint8) int { return m.t.Predict(x) }
func (m treeModel) Tree() *tree.Tree      { return m.t }

// Distribution gives the tree's class probabilities for x, as J48 does
// (tree.Tree.Distribution).
func (m treeModel) Distribution(x []uint8, dst []float64) { m.t.Distribution(x, dst) }

// PredictDistribution is Predict and Distribution from one walk.
func (m treeModel) PredictDistribution(x []uint8, dst []float64) int {
	return m.t.PredictDistribution(x, dst)
}

// LeafTable returns the tree and its tree.LeafDistributions: the model's
// PredictDistribution is the class of the leaf Apply reaches and that
// leaf's row of the table (evaluate.LeafTabler), which a scorer of many
// rows reads instead of forming the distribution on every walk.
func (m treeModel) LeafTable() (*tree.Tree, []float64) { return m.t, m.t.LeafDistributions() }

// ValuesModel is a Model that also predicts from an instance written as
// Weka writes one (dataset.Dataset.Values: a nominal feature's code, a
// numeric feature's value, NaN where missing). Every model of a learner
// that takes numeric features or missing values implements it, and the
// evaluation uses it on such data.
type ValuesModel interface {
	Model
	PredictValues(x []float64) int
}

// ValuesDistributor is a ValuesModel that gives class probabilities for
// such an instance: dst[c] = p(c | x), summing to 1.
type ValuesDistributor interface {
	ValuesModel
	DistributionValues(x []float64, dst []float64)
}

// Capabilities say what data a learner takes beyond nominal values
// without missing ones (dataset.Capabilities, where learners of every
// package can name them).
type Capabilities = dataset.Capabilities

// Capable is a Learner that says its Capabilities. A learner that does
// not is taken to need nominal features without missing values.
type Capable interface {
	Capabilities() Capabilities
}

// CapabilitiesNoter is a Capable learner that can say why it lacks a
// capability: an external learner, whose Capabilities are what its
// adapter announced, names the adapter and the protocol version that
// would carry such data. CheckData adds the note to its refusal.
type CapabilitiesNoter interface {
	Capable
	// CapabilitiesNote says why the learner does not take data with
	// numeric features (numeric) and missing values (missing), or "".
	CapabilitiesNote(numeric, missing bool) string
}

// CapabilitiesOf returns what l takes: its own Capabilities, or none.
func CapabilitiesOf(l Learner) Capabilities {
	if c, ok := l.(Capable); ok {
		return c.Capabilities()
	}
	return Capabilities{}
}

// CheckData returns an error naming learner name and the first feature of
// d it cannot take (a numeric one, or one with a missing value), and why;
// nil when l takes all of d. The pipeline calls it before any work
// starts, so that a learner is never fit on data it would misread.
func CheckData(name string, l Learner, d *dataset.Dataset) error {
	err := CapabilitiesOf(l).Admit(name, d)
	if n, ok := l.(CapabilitiesNoter); ok && err != nil {
		if why := n.CapabilitiesNote(d.HasNumeric(), d.HasMissing()); why != "" {
			return fmt.Errorf("%w; %s", err, why)
		}
	}
	return err
}
