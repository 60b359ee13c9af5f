package train

import (
	"time"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/exact"
)

// ExactOptions are the config options of the exact learner
// (learners.exact.*), decoded here and handed to exact.Options.
type ExactOptions struct {
	// MaxDepth bounds the tree's depth; 0 = only the number of features.
	MaxDepth int `mapstructure:"max_depth"`
	// TimeBudget caps one fit, as a Go duration ("90s", "2m"); "0" = none.
	// When it runs out the best tree found is kept and its evaluation row
	// says optimal = false; such a result is no longer reproducible.
	TimeBudget string `mapstructure:"time_budget"`
	// Objective is "depth-then-leaves" (the minimum-depth tree with the
	// fewest leaves) or "depth" (any minimum-depth tree, found sooner).
	Objective string `mapstructure:"objective"`
}

// DefaultExactOptions has no depth bound and a one-minute budget per fit:
// noise-free oracle data finish in milliseconds, while heavily noisy
// data can make the exact search intractable.
func DefaultExactOptions() ExactOptions {
	return ExactOptions{TimeBudget: "1m", Objective: exact.DepthThenLeaves.String()}
}

// Validate checks the depth bound and parses the budget.
func (o ExactOptions) Validate() error {
	_, err := o.options()
	return err
}

func (o ExactOptions) options() (exact.Options, error) {
	if o.MaxDepth < 0 {
		return exact.Options{}, input.Keyf("max_depth", "must be >= 0 (0 = no bound), got %d", o.MaxDepth)
	}
	budget, err := time.ParseDuration(o.TimeBudget)
	if err != nil || budget < 0 {
		return exact.Options{}, input.Keyf("time_budget", "want a non-negative duration such as 90s or 2m, got %q", o.TimeBudget)
	}
	obj, err := exact.ParseObjective(o.Objective)
	if err != nil {
		return exact.Options{}, input.Keyf("objective", "%v", err)
	}
	return exact.Options{MaxDepth: o.MaxDepth, TimeBudget: budget, Objective: obj}, nil
}

func newExact(o ExactOptions) Learner {
	opts, _ := o.options() // validated by the registry before build
	return adapt[*exact.Model](exact.Learner{Opts: opts})
}
