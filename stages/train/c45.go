package train

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// Pruning modes of C45Options.Pruning.
const (
	PruningNone        = "none"        // J48 -U: grow only (the tree is still collapsed)
	PruningPessimistic = "pessimistic" // J48's default: C4.5's error-based pruning
)

// C45Options are C4.5's options, named after Weka's J48 flags with J48's
// defaults (see DefaultC45Options).
type C45Options struct {
	// MinLeaf is J48's -M: a split is allowed only when at least two of
	// its branches have MinLeaf rows or more, and a node of fewer than
	// 2·MinLeaf rows is a leaf.
	MinLeaf int `mapstructure:"min_leaf"`
	// Pruning is "pessimistic" (J48's default) or "none" (J48 -U).
	Pruning string `mapstructure:"pruning"`
	// Confidence is J48's -C, the confidence factor of the pessimistic
	// error estimate, in (0, 0.5]; smaller prunes more. Ignored when
	// Pruning is "none".
	Confidence float64 `mapstructure:"confidence"`
	// SubtreeRaising is the negation of J48's -S: pruning may replace a
	// node by its largest branch. Ignored when Pruning is "none".
	SubtreeRaising bool `mapstructure:"subtree_raising"`
	// Collapse is the negation of J48's -O: before pruning (and also
	// when unpruned), a subtree whose training error is no lower than
	// its root's as a leaf becomes that leaf.
	Collapse bool `mapstructure:"collapse"`
}

// DefaultC45Options returns J48's defaults: -M 2, pruned with -C 0.25,
// subtree raising, collapsing.
func DefaultC45Options() C45Options {
	return C45Options{MinLeaf: 2, Pruning: PruningPessimistic, Confidence: 0.25, SubtreeRaising: true, Collapse: true}
}

// Validate checks every option's range.
func (o C45Options) Validate() error {
	switch {
	case o.MinLeaf < 1:
		return input.Keyf("min_leaf", "must be >= 1, got %d", o.MinLeaf)
	case o.Pruning != PruningNone && o.Pruning != PruningPessimistic:
		return input.Keyf("pruning", "must be %q or %q, got %q", PruningNone, PruningPessimistic, o.Pruning)
	case !(o.Confidence > 0 && o.Confidence <= 0.5):
		return input.Keyf("confidence", "must be in (0, 0.5], got %v", o.Confidence)
	}
	return nil
}

// C45 is Quinlan's C4.5 (1993) on nominal data, as Weka's J48 builds it
// (C45ModelSelection, C45Split, C45PruneableClassifierTree):
//
//   - A node is a leaf when it is pure or has fewer than 2·min_leaf rows.
//   - A feature's split is valid when at least two of its branches have
//     min_leaf rows or more. Among valid splits, those whose information
//     gain is at least the average gain of the valid splits (less 1e-3,
//     as J48) compete on gain ratio; the largest gain ratio wins, ties to
//     the lowest feature index. J48's rule for many-valued features is
//     kept: unless every feature has at least 0.3·N values (N = training
//     rows), features with that many values are left out of the average.
//     No valid split, or a best gain ratio of 0, makes a leaf.
//   - One branch per value; a branch no row takes predicts its parent's
//     majority class, as J48's empty leaves do.
//   - The grown tree is collapsed (collapse), then pruned (pruning) by
//     subtree replacement and subtree raising with C4.5's pessimistic
//     error estimate; see prune.go.
//
// J48's tolerances are used where they decide a split: a gain or split
// information whose n-weighted value is within 1e-6 of 0 counts as 0, and
// one gain ratio beats another only by more than 1e-6.
type C45 struct {
	Options C45Options
}

// Fit grows (and by default prunes) a C4.5 tree on the rows of d in rows.
// C4.5 is deterministic and ignores rng.
func (l C45) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	return fitJ48("c45", d, rows, l.Options, &gainRatio{}, rng)
}

var _ OrderedLearner = C45{}

// Capabilities: numeric features (J48's threshold splits) and missing
// values (J48's fractional instances, in training and in prediction).
func (C45) Capabilities() Capabilities { return Capabilities{Numeric: true, Missing: true} }

// FitOrdered is Fit on the rows of d listed in order, as J48's
// buildClassifier takes instances in that order. On nominal data without
// missing values the tree does not depend on the order; with a numeric
// feature or a missing value the J48 port (c45_weka.go) sums the
// instances' weights in J48's order, which follows the order given, so
// that its fractional weights are J48's to the bit.
func (l C45) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	return fitJ48Ordered("c45", d, order, l.Options, &gainRatio{}, rng)
}

// fitJ48 is C4.5's fit with criterion crit in place of the gain ratio: the
// multiway splitter with J48's size rules and average-gain selection
// (j48Rule), then J48's collapse and pessimistic pruning as the options
// say. A learner that is "C4.5 with another selection measure" (EG2) is
// fitJ48 with its criterion; name prefixes errors.
//
// A dataset with a numeric feature or a missing value is fit by the J48
// port (c45_weka.go) on the rows in ascending order; fitJ48Ordered takes
// the order.
func fitJ48(name string, d *dataset.Dataset, rows dataset.Bitset, o C45Options, crit criterion, rng *rand.Rand) (Model, error) {
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if d.HasNumeric() || d.HasMissing() {
		return fitJ48Weka(name, d, dataset.And(make(dataset.Bitset, len(rows)), rows, d.All()).Rows(nil), o, crit)
	}
	path, _ := crit.(pathCriterion)
	sp := &multiway{crit: crit, path: path, j48: newJ48Rule(d, rows, o.MinLeaf)}
	t, err := grow.Tree(d, rows, sp, grow.Options{}, rng)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	prune := o.Pruning == PruningPessimistic
	if !prune && !o.Collapse {
		return NewTreeModel(t), nil
	}
	p := pruners.Get().(*pruner)
	defer pruners.Put(p)
	p.load(t, d, rows, prune && o.SubtreeRaising)
	defer p.unbind()
	changed := false
	if o.Collapse {
		changed = p.collapse()
	}
	if prune {
		p.setConfidence(float32(o.Confidence), d.Len())
		changed = p.pruneRoot() || changed
	}
	if !changed {
		return NewTreeModel(t), nil
	}
	return NewTreeModel(p.tree()), nil
}

// fitJ48Ordered is fitJ48 on the rows listed in order, which the J48 port
// follows (the nominal engine has no order to follow).
func fitJ48Ordered(name string, d *dataset.Dataset, order []int, o C45Options, crit criterion, rng *rand.Rand) (Model, error) {
	if !d.HasNumeric() && !d.HasMissing() {
		return fitJ48(name, d, rowSet(d.Len(), order), o, crit, rng)
	}
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return fitJ48Weka(name, d, order, o, crit)
}
