package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/dtbench/dtbench/cv"
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
	// Seed is SimpleCart's -S, the seed of the java.util.Random that
	// shuffles the rows for the internal folds when the rows come in
	// Weka's order (FitOrdered). Default 1. Fit draws the folds from the
	// generator it is given instead and ignores Seed.
	Seed int `mapstructure:"seed"`
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

// DefaultCARTOptions returns SimpleCart's defaults: -M 2 -N 5 -S 1,
// pruned, heuristic on, no one-SE rule.
func DefaultCARTOptions() CARTOptions {
	return CARTOptions{MinLeaf: 2, Pruning: CARTPruneCCP, Folds: 5, OneSE: false, Heuristic: true, Seed: 1}
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
	case o.Seed < math.MinInt32 || o.Seed > math.MaxInt32:
		return input.Keyf("seed", "must be a Java int (%d..%d), got %d", math.MinInt32, math.MaxInt32, o.Seed)
	}
	return nil
}

// CART is Breiman et al.'s Classification and Regression Trees (1984) on
// nominal data, as Weka's SimpleCart (revision 10491, Weka 3.6.14) grows
// and prunes them:
//
//   - Every split is binary: a subset of the feature's values goes to
//     branch 0, the rest to branch 1, chosen for the largest decrease in
//     Gini impurity, computed as SimpleCart computes it (SimpleCartGain)
//     and compared exactly, as SimpleCart compares it (no rounding), so
//     that splits of equal gain in exact arithmetic go where SimpleCart's
//     floating point sends them. A feature may be tested again lower down
//     on the values still possible there. The subset search is in
//     cart_split.go: the optimal ordering of values for two classes,
//     every subset or SimpleCart's principal-component ordering (over
//     the fit's rows, cart_heuristic.go) for more.
//   - The node tests the feature whose best gain is largest (ties to the
//     lowest feature index). The node is a leaf of its majority class
//     (ties to the lowest class code) when it is pure, has fewer than
//     2·MinLeaf rows, has no split of gain above 0, or when its best split
//     leaves a branch with fewer than MinLeaf rows. (A split of no gain in
//     exact arithmetic may come out a few ulps above 0; SimpleCart makes
//     it, and so do we.)
//   - Values without rows at the node go with the branch of more rows
//     (branch 0 on a tie), as in SimpleCart; so no branch is empty and
//     every leaf has training rows.
//   - With Pruning "ccp" the fully grown tree is pruned by minimal
//     cost-complexity pruning, alpha chosen by Folds-fold internal
//     cross-validation (cart_cv.go, cart_prune.go). FitOrdered draws the
//     internal folds as SimpleCart does, from the rows in the order given:
//     shuffled by java.util.Random(Seed), the last shuffled row left out,
//     stratified. Fit has no order to follow and draws them from the
//     generator it is given, keeping every row; its pruned trees are
//     SimpleCart's procedure on other folds.
//
// So on rows in SimpleCart's order, FitOrdered's tree is SimpleCart's,
// node for node (cart_weka_test.go checks it against SimpleCart's own
// trees on the shared datasets and every golden training set, and
// pipeline's Weka test its 10-fold cross-validation), except with
// Heuristic false and more than cartExhaustiveMax values with rows at a
// node (cart_split.go), and where SimpleCart fails: fewer rows than
// folds, where we prune with fewer folds or not at all.
//
// The fitted tree records every node's class counts; its class
// probabilities for an input are the counts of the leaf it reaches,
// normalized, which is SimpleCart's distributionForInstance.
type CART struct {
	Options CARTOptions
}

var _ OrderedLearner = CART{}

// Capabilities: numeric features (SimpleCart's binary threshold splits)
// and missing values (SimpleCart's fractional instances, split by the
// branches' weights).
func (CART) Capabilities() Capabilities { return Capabilities{Numeric: true, Missing: true} }

// Fit grows (and with Pruning "ccp" prunes) a CART tree on the rows of d in
// rows. Only pruning draws randomness, from rng (the cross-validation
// folds: the rows shuffled with rng, every row in a fold), so an unpruned
// fit ignores rng; a pruned fit with a nil rng is an error. Invalid
// options are an *input.Error.
func (l CART) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	if err := validateOptions("cart", l.Options); err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	if l.Options.Pruning != CARTPruneNone && rng == nil {
		return nil, fmt.Errorf("cart: cost-complexity pruning needs a random generator for its folds")
	}
	order := func() []int { return dataset.And(make(dataset.Bitset, len(rows)), rows, d.All()).Rows(nil) }
	return l.fit(d, rows, order, func() []int {
		folded := order()
		rng.Shuffle(len(folded), func(i, j int) { folded[i], folded[j] = folded[j], folded[i] })
		return folded
	})
}

// FitOrdered grows (and prunes) a CART tree on the rows of d listed in
// order, as SimpleCart's buildClassifier does on instances in that order.
// The grown trees do not depend on the order; the pruning folds do: they
// are made of the rows randomized with java.util.Random(Seed)
// (Instances.randomize) less the last of them (SimpleCart keeps the first
// (int)(n·m_SizePer) − 1 rows, and m_SizePer is 1), stratified into Folds
// folds (Instances.stratify, testCV, trainCV). rng is not used. Invalid
// options are an *input.Error.
func (l CART) FitOrdered(d *dataset.Dataset, order []int, _ *rand.Rand) (Model, error) {
	if err := validateOptions("cart", l.Options); err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	return l.fit(d, rowSet(d.Len(), order), func() []int { return order }, func() []int { return wekaFolded(order, l.Options.Seed) })
}

// wekaFolded returns the rows SimpleCart's internal folds are made of,
// from the rows of a fit in order: randomized with java.util.Random(seed),
// less the last.
func wekaFolded(order []int, seed int) []int {
	folded := slices.Clone(order)
	cv.WekaRandomize(folded, cv.NewJavaRandom(int64(seed)))
	return folded[:max(len(folded)-1, 0)]
}

// fit grows a tree on rows (listed in the order order returns) and, unless Pruning is
// "none", prunes it with folds stratified from the rows folded returns,
// in that order. A dataset with a numeric feature or a missing value is
// fit by the SimpleCart port (cart_weka.go), on the rows in that order.
func (l CART) fit(d *dataset.Dataset, rows dataset.Bitset, order, folded func() []int) (Model, error) {
	if d.HasNumeric() || d.HasMissing() {
		return l.fitWeka(d, order(), folded), nil
	}
	sp := newCARTSplitter(l.Options)
	var t *tree.Tree
	var err error
	if l.Options.Pruning == CARTPruneNone {
		t, err = grow.Tree(d, rows, sp, grow.Options{}, nil)
	} else {
		t, err = cartPruned(d, rows, sp, l.Options, folded)
	}
	if err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	return NewTreeModel(t), nil
}
