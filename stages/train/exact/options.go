package exact

import (
	"fmt"
	"time"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

// Options are the exact learner's knobs, spelt in config as
// learners.exact.<tag> (the registry decodes the config over
// DefaultOptions): the one option type of the learner, as written, which
// Validate and Fit read.
type Options struct {
	// MaxDepth bounds the depth of the tree (max_depth). 0 means no bound
	// beyond the number of features. When the data need a deeper tree, the
	// learner returns the depth-MaxDepth tree with the fewest training
	// errors, then the fewest leaves.
	MaxDepth int `mapstructure:"max_depth"`
	// TimeBudget caps the search per fit (time_budget), as a Go duration
	// ("90s", "2m"); "0" means none. When it expires the best tree found
	// so far is returned with Model.Optimal() == false, and the result is
	// no longer reproducible.
	TimeBudget string `mapstructure:"time_budget"`
	// Objective is what the search minimises (objective), an Objective's
	// spelling: "depth-then-leaves" (DepthThenLeaves, the minimum-depth
	// tree with the fewest leaves) or "depth" (Depth: any minimum-depth
	// tree, found sooner).
	Objective string `mapstructure:"objective"`
}

// DefaultOptions has no depth bound and a one-minute budget per fit:
// noise-free oracle data finish in milliseconds, while heavily noisy data
// can make the exact search intractable.
func DefaultOptions() Options {
	return Options{TimeBudget: "1m", Objective: DepthThenLeaves.String()}
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

// Validate reports an option out of range or misspelt as an *input.Error
// keyed by the bare option name (the registry adds learners.exact.).
func (o Options) Validate() error {
	_, err := o.settings()
	return err
}

// settings are Options parsed: what the search reads.
type settings struct {
	maxDepth  int
	budget    time.Duration // 0: none
	objective Objective
}

// settings parses and checks o.
func (o Options) settings() (settings, error) {
	if o.MaxDepth < 0 {
		return settings{}, input.Keyf("max_depth", "must be >= 0 (0 = no bound), got %d", o.MaxDepth)
	}
	budget, err := time.ParseDuration(o.TimeBudget)
	if err != nil || budget < 0 {
		return settings{}, input.Keyf("time_budget", "want a non-negative duration such as 90s or 2m, got %q", o.TimeBudget)
	}
	obj, err := ParseObjective(o.Objective)
	if err != nil {
		return settings{}, input.Keyf("objective", "%v", err)
	}
	return settings{maxDepth: o.MaxDepth, budget: budget, objective: obj}, nil
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
