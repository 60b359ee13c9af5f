package train

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// CART pruning modes (the option "pruning").
const (
	CARTPruneNone = "none" // the fully grown tree (SimpleCart -U)
	CARTPruneCCP  = "ccp"  // minimal cost-complexity pruning, alpha by internal cross-validation
)

// CARTOptions are CART's options, named after Weka's SimpleCart flags and
// with its defaults (DefaultCARTOptions).
type CARTOptions struct {
	// MinLeaf is SimpleCart's -M, the minimal number of training rows at a
	// leaf: a node of fewer than 2·MinLeaf rows is a leaf, and so is a node
	// whose best split leaves fewer than MinLeaf rows in a branch (no other
	// split is tried, as in SimpleCart). Default 2.
	MinLeaf int `mapstructure:"min_leaf"`
	// Pruning is "ccp" (default; minimal cost-complexity pruning with alpha
	// chosen by internal cross-validation) or "none" (SimpleCart -U).
	Pruning string `mapstructure:"pruning"`
	// Folds is SimpleCart's -N, the number of folds of the internal
	// cross-validation that chooses alpha. Default 5.
	Folds int `mapstructure:"folds"`
	// OneSE is SimpleCart's -A: choose the smallest tree whose
	// cross-validated error is within one standard error of the least.
	// SimpleCart's default is off (pick the least error), and so is ours.
	OneSE bool `mapstructure:"one_se"`
	// Heuristic is the negation of SimpleCart's -H: with more than two
	// classes, a feature with more than 4 values that have rows at the node
	// is split by ordering its values along the first principal component
	// of their class-proportion vectors (Coppersmith, Hong and Hosking,
	// 1999) instead of trying every subset. Default true. With false, every
	// subset is tried up to cartExhaustiveMax values with rows, and the
	// heuristic is still used beyond (SimpleCart would enumerate 2^(Z−1)
	// subsets and never finish).
	Heuristic bool `mapstructure:"heuristic"`
}

// DefaultCARTOptions returns SimpleCart's defaults: -M 2 -N 5, pruned,
// heuristic on, no one-SE rule.
func DefaultCARTOptions() CARTOptions {
	return CARTOptions{MinLeaf: 2, Pruning: CARTPruneCCP, Folds: 5, OneSE: false, Heuristic: true}
}

// Validate checks every option's range.
func (o CARTOptions) Validate() error {
	switch {
	case o.MinLeaf < 1:
		return input.Keyf("min_leaf", "must be >= 1, got %d", o.MinLeaf)
	case o.Pruning != CARTPruneNone && o.Pruning != CARTPruneCCP:
		return input.Keyf("pruning", "must be %q or %q, got %q", CARTPruneNone, CARTPruneCCP, o.Pruning)
	case o.Folds < 2:
		return input.Keyf("folds", "must be >= 2, got %d", o.Folds)
	}
	return nil
}

// CART is Breiman et al.'s Classification and Regression Trees (1984) on
// nominal data, as Weka's SimpleCart (revision 1.4) grows and prunes them:
//
//   - Every split is binary: a subset of the feature's values goes to
//     branch 0, the rest to branch 1, chosen for the largest decrease in
//     Gini impurity (GiniGain). A feature may be tested again lower down on
//     the values still possible there. The subset search is in
//     cart_split.go: the optimal ordering of values for two classes,
//     every subset or a principal-component ordering for more.
//   - The node tests the feature whose best gain, rounded to 7 decimals as
//     SimpleCart rounds it, is largest (ties to the lowest feature index).
//     The node is a leaf of its majority class (ties to the lowest class
//     code) when it is pure, has fewer than 2·MinLeaf rows, has no split of
//     positive rounded gain, or when its best split leaves a branch with
//     fewer than MinLeaf rows.
//   - Values without rows at the node go with the branch of more rows
//     (branch 0 on a tie), as in SimpleCart; so no branch is empty and
//     every leaf has training rows.
//   - With Pruning "ccp" the fully grown tree is pruned by minimal
//     cost-complexity pruning, alpha chosen by Folds-fold internal
//     cross-validation on folds drawn from the rng passed to Fit
//     (cart_cv.go, cart_prune.go).
//
// The fitted tree records every node's class counts.
type CART struct {
	Options CARTOptions
}

// Fit grows (and with Pruning "ccp" prunes) a CART tree on the rows of d in
// rows. Only pruning draws randomness, from rng (the cross-validation
// folds), so an unpruned fit ignores rng; a pruned fit with a nil rng is an
// error. Invalid options are an *input.Error.
func (l CART) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	if err := validateOptions("cart", l.Options); err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	sp := newCARTSplitter(l.Options)
	var t *tree.Tree
	var err error
	if l.Options.Pruning == CARTPruneNone {
		t, err = grow.Tree(d, rows, sp, grow.Options{}, nil)
	} else {
		if rng == nil {
			return nil, fmt.Errorf("cart: cost-complexity pruning needs a random generator for its folds")
		}
		t, err = cartPruned(d, rows, sp, l.Options, rng)
	}
	if err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	return NewTreeModel(t), nil
}
