package exact

import (
	"fmt"
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
	// Objective is what the search minimises (objective): the default
	// DepthThenLeaves, or Depth alone.
	Objective Objective
}

// Objective says which trees the exact learner returns.
type Objective int

const (
	// DepthThenLeaves is the minimum-depth tree at least training error
	// with the fewest leaves, the canonical one (objective
	// depth-then-leaves, the default).
	DepthThenLeaves Objective = iota
	// Depth is any minimum-depth tree at least training error (objective
	// depth): the search stops at the first one it proves. The tree is
	// still a function of the training rows, but not the canonical one.
	Depth
)

// objectiveNames are the config spellings of the objectives, by value.
var objectiveNames = [...]string{DepthThenLeaves: "depth-then-leaves", Depth: "depth"}

// String returns the objective's config spelling.
func (o Objective) String() string {
	if o >= 0 && int(o) < len(objectiveNames) {
		return objectiveNames[o]
	}
	return fmt.Sprintf("Objective(%d)", int(o))
}

// ParseObjective returns the objective spelt s in a config.
func ParseObjective(s string) (Objective, error) {
	for o, name := range objectiveNames {
		if s == name {
			return Objective(o), nil
		}
	}
	return 0, fmt.Errorf("want %s or %s, got %q", objectiveNames[DepthThenLeaves], objectiveNames[Depth], s)
}

// Validate reports an option out of range as an *input.Error naming its key.
func (o Options) Validate() error {
	if o.MaxDepth < 0 {
		return input.Keyf("learners.exact.max_depth", "must be >= 0, got %d", o.MaxDepth)
	}
	if o.TimeBudget < 0 {
		return input.Keyf("learners.exact.time_budget", "must be >= 0, got %v", o.TimeBudget)
	}
	if o.Objective < DepthThenLeaves || o.Objective > Depth {
		return input.Keyf("learners.exact.objective", "unknown objective %d", int(o.Objective))
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
// optimal for the objective: minimum depth at the least achievable
// training error, then (DepthThenLeaves) fewest leaves; under a MaxDepth
// the data exceed, fewest errors, then leaves, for both objectives. It is
// false when the time budget ran out.
func (m *Model) Optimal() bool { return m.optimal }

// TrainingErrors returns how many training rows the tree misclassifies.
func (m *Model) TrainingErrors() int { return m.errors }
