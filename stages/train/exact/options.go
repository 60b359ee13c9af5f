package exact

import (
	"time"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

// Options are the exact learner's knobs (config keys learners.exact.*).
type Options struct {
	// MaxDepth bounds the depth of the tree (max_depth). 0 means no bound
	// beyond the number of features. When the data need a deeper tree, the
	// learner returns the depth-MaxDepth tree with the fewest training
	// errors, then the fewest leaves.
	MaxDepth int
	// TimeBudget caps the search per fit (time_budget); 0 means none. When
	// it expires the best tree found so far is returned with
	// Model.Optimal() == false.
	TimeBudget time.Duration
}

// Validate reports an option out of range as an *input.Error naming its key.
func (o Options) Validate() error {
	if o.MaxDepth < 0 {
		return input.Keyf("learners.exact.max_depth", "must be >= 0, got %d", o.MaxDepth)
	}
	if o.TimeBudget < 0 {
		return input.Keyf("learners.exact.time_budget", "must be >= 0, got %v", o.TimeBudget)
	}
	return nil
}

// Learner is the exact minimum-depth learner. It has the shape of
// train.Learner, returning the concrete *Model.
type Learner struct{ Opts Options }

// Model is a learned exact tree. It satisfies train.TreeModel.
type Model struct {
	t       *tree.Tree
	optimal bool
	errors  int
}

// Predict returns the class the tree gives input x (x[f] = code of feature f).
func (m *Model) Predict(x []uint8) int { return m.t.Predict(x) }

// Tree returns the learned tree. Callers must not modify it.
func (m *Model) Tree() *tree.Tree { return m.t }

// Optimal reports whether the search finished, so the tree is proven
// optimal: minimum depth at the least achievable training error, then
// fewest leaves (or, under a MaxDepth the data exceed, fewest errors, then
// leaves). It is false when the time budget ran out.
func (m *Model) Optimal() bool { return m.optimal }

// TrainingErrors returns how many training rows the tree misclassifies.
func (m *Model) TrainingErrors() int { return m.errors }
