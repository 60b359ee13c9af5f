// Package train holds dtbench's learners behind one interface and the
// registry that builds them by name from config options.
//
// Conventions, stated once:
//   - A Learner fits a Model on the rows of a dataset whose bit is set in a
//     row Bitset (of the dataset's length), so folds and held-out splits
//     cost nothing. Randomness comes only from the *rand.Rand passed in
//     (seeded by the pipeline from the run seed and the task key), never
//     from a global generator or the clock; a deterministic learner ignores
//     it. Equal inputs give equal trees, whatever the goroutine or order.
//   - Learners are built by New(Spec) from the one table in registry.go.
//     Options are typed structs with defaults and Validate; config values
//     decode over the defaults by the rules of every config key
//     (internal/decode: "3" is not 3, 90 is not "90", unknown options
//     rejected), and every bad option is an *input.Error keyed
//     "learners.<name>.<option>" (see options.go).
//   - The cost-sensitive learners (idx, csid3, eg2, icet) are
//     CostSensitive: the caller hands each the cost model of the dataset
//     it fits (package costs) with WithCosts; without one they use unit
//     costs.
//   - Tree learners follow scikit-learn's split of roles. A criterion
//     (criterion.go) scores one candidate split from its contingency table
//     and the node's class-count sums (nodeSums), and may look up the
//     feature's index (a test's cost); the formulas are package info's,
//     the reference, and criteria.go computes them fast from n·log2 n
//     sums, with the one 2×2 fast path (terms2x2), checked against info
//     in its tests. A splitter chooses a node's test from counts alone, by
//     strategy: multiway per value (splitter.go; J48's selection in
//     c45_split.go), binary value subsets (cart_split.go), the best of K
//     random features (randomtree.go). The builder, one for every tree,
//     is the engine in internal/grow, with the counting machinery under it
//     (bitsets, packed lane words, row arenas, the small-subtree path); a
//     learner file mostly chooses a splitter, a criterion, stopping rules
//     and a pruner. A learner that only ranks splits differently is a
//     criterion and a few lines (see cost.go: IDX, CS-ID3 and EG2 are
//     C4.5 with their criteria; ICET searches EG2's biases).
//   - An ensemble composes learners rather than splitters: RandomForest
//     (randomforest.go) grows RandomTrees on bootstrap samples, each
//     materialized as a dataset of its own so that a row drawn twice
//     counts twice, and its model (forest_model.go) averages their class
//     distributions; it is a Model with Distribution, not a TreeModel.
//   - Ties between features go to the lowest feature index; gains within
//     1e-10 of each other are ties, and a gain within 1e-10 of 0 is none
//     (float rounding only). C4.5 follows J48's tolerances instead
//     (c45_split.go).
package train
