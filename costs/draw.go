package costs

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/dtbench/dtbench/input"
)

// DrawOptions say how the oracle study's task generator draws a cost
// model for a dataset of random features. Option keys in errors are the
// mapstructure names.
type DrawOptions struct {
	// MinCost and MaxCost bound the test costs, drawn uniformly in
	// [MinCost, MaxCost].
	MinCost float64 `mapstructure:"min_cost"`
	MaxCost float64 `mapstructure:"max_cost"`
	// Delayed is the share of delayed tests, in [0, 1]: round(Delayed·n)
	// tests drawn at random.
	Delayed float64 `mapstructure:"delayed"`
	// Groups is the number of groups; Grouped is the share of tests in
	// one, in [0, 1]: round(Grouped·n) tests drawn at random and dealt to
	// the groups in turn, so every group has a member when there are at
	// least as many grouped tests as groups (groups left without one are
	// dropped).
	Groups  int     `mapstructure:"groups"`
	Grouped float64 `mapstructure:"grouped"`
	// MinCommon and MaxCommon bound the groups' common costs, drawn
	// uniformly.
	MinCommon float64 `mapstructure:"min_common"`
	MaxCommon float64 `mapstructure:"max_common"`
	// Matrix is the cost matrix; nil means DefaultMatrix.
	Matrix [][]float64 `mapstructure:"matrix"`
}

// DefaultDrawOptions returns test costs uniform in [1, 10], no delayed
// test and no group (common costs in [1, 10] once groups are asked for).
func DefaultDrawOptions() DrawOptions {
	return DrawOptions{MinCost: 1, MaxCost: 10, MinCommon: 1, MaxCommon: 10}
}

// Validate checks every option's range.
func (o DrawOptions) Validate() error {
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case !finite(o.MinCost) || o.MinCost < 0:
		return input.Keyf("min_cost", "must be finite and >= 0, got %v", o.MinCost)
	case !finite(o.MaxCost) || o.MaxCost < o.MinCost:
		return input.Keyf("max_cost", "must be finite and >= min_cost (%v), got %v", o.MinCost, o.MaxCost)
	case !(o.Delayed >= 0 && o.Delayed <= 1):
		return input.Keyf("delayed", "must be in [0, 1], got %v", o.Delayed)
	case o.Groups < 0:
		return input.Keyf("groups", "must be >= 0, got %d", o.Groups)
	case !(o.Grouped >= 0 && o.Grouped <= 1):
		return input.Keyf("grouped", "must be in [0, 1], got %v", o.Grouped)
	case o.Grouped > 0 && o.Groups == 0:
		return input.Keyf("groups", "must be >= 1 when grouped (%v) is above 0", o.Grouped)
	case !finite(o.MinCommon) || o.MinCommon < 0:
		return input.Keyf("min_common", "must be finite and >= 0, got %v", o.MinCommon)
	case !finite(o.MaxCommon) || o.MaxCommon < o.MinCommon:
		return input.Keyf("max_common", "must be finite and >= min_common (%v), got %v", o.MinCommon, o.MaxCommon)
	}
	if o.Matrix != nil {
		if err := checkMatrix("matrix", o.Matrix, len(o.Matrix)); err != nil {
			return err
		}
	}
	return nil
}

// Draw draws a cost model for features tests f0, f1, … and the given
// classes from rng: the same rng state gives the same model. The draws,
// in order: each test's cost; a permutation choosing the delayed tests;
// one choosing the grouped tests; each group's common cost.
func Draw(rng *rand.Rand, features, classes int, o DrawOptions) (*Model, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	m := Unit(features, classes, nil)
	if o.Matrix != nil {
		if len(o.Matrix) != classes {
			return nil, input.Keyf("matrix", "must be %d×%d for %d classes, got %d rows", classes, classes, classes, len(o.Matrix))
		}
		m.Matrix = cloneMatrix(o.Matrix)
	}
	for f := range m.Tests {
		m.Tests[f].Cost = o.MinCost + (o.MaxCost-o.MinCost)*rng.Float64()
	}
	for _, f := range rng.Perm(features)[:share(o.Delayed, features)] {
		m.Tests[f].Delayed = true
	}
	grouped := rng.Perm(features)[:share(o.Grouped, features)]
	groups := min(o.Groups, len(grouped))
	for g := range groups {
		m.Groups = append(m.Groups, Group{Name: fmt.Sprintf("g%d", g), Common: o.MinCommon + (o.MaxCommon-o.MinCommon)*rng.Float64()})
	}
	for i, f := range grouped {
		m.Tests[f].Group = i % groups
	}
	return m, nil
}

// share returns round(p·n), the number of n items a share p picks.
func share(p float64, n int) int { return int(math.Round(p * float64(n))) }
