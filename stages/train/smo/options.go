package smo

import (
	"math"

	"github.com/dtbench/dtbench/input"
)

// Options are the SMO learner's knobs, spelt in config as
// learners.smo.<tag>. The defaults are Weka 3.6's: -C 1.0 -L 0.001
// -P 1.0E-12, -N 0 (normalize) and no logistic models (-M off).
type Options struct {
	// Complexity is the cost C of a margin violation (Weka's -C).
	Complexity float64 `mapstructure:"complexity"`
	// Tolerance is the accuracy to which the KKT conditions are checked:
	// SMO stops when bLow <= bUp + 2*tolerance (Weka's -L).
	Tolerance float64 `mapstructure:"tolerance"`
	// Epsilon is the round-off tolerance of a step: a multiplier that
	// would move by less than epsilon*(a_new + a_old + epsilon) is left
	// as it is (Weka's -P).
	Epsilon float64 `mapstructure:"epsilon"`
	// Probabilities fits a logistic model to each pairwise machine's
	// outputs on its training rows (Platt scaling, Weka's -M with -V -1)
	// and couples them pairwise; the distribution and the predicted class
	// then come from those probabilities instead of the pairwise votes.
	Probabilities bool `mapstructure:"probabilities"`
	// Standardize rescales every coordinate to mean 0 and standard
	// deviation 1 over the training rows (Weka's -N 1, Standardize)
	// instead of to [0, 1] (-N 0, Normalize, the default), which on
	// nominal data changes nothing.
	Standardize bool `mapstructure:"standardize"`
}

// DefaultOptions returns Weka's defaults.
func DefaultOptions() Options {
	return Options{Complexity: 1, Tolerance: 1e-3, Epsilon: 1e-12}
}

// Validate reports an option out of range as an *input.Error keyed by the
// bare option name.
func (o Options) Validate() error {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case !finite(o.Complexity) || o.Complexity <= 0:
		return input.Keyf("complexity", "must be a finite number > 0, got %v", o.Complexity)
	case !finite(o.Tolerance) || o.Tolerance <= 0:
		return input.Keyf("tolerance", "must be a finite number > 0, got %v", o.Tolerance)
	case !finite(o.Epsilon) || o.Epsilon <= 0:
		return input.Keyf("epsilon", "must be a finite number > 0, got %v", o.Epsilon)
	}
	return nil
}
