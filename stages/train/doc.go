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
//     decode over the defaults strictly (no weak typing, unknown options
//     rejected), and every bad option is an *input.Error keyed
//     "learners.<name>.<option>" (see options.go).
//   - Tree learners follow scikit-learn's split of roles. Criteria
//     (criteria.go) are pure functions of class counts, in bits. A splitter
//     (splitter.go) chooses a node's test from counts alone: this is what
//     tells learners apart. One grower (grow.go) grows every tree with an
//     explicit stack, records every node's class counts, makes a leaf of
//     the majority class (ties to the lowest class code), and gives a
//     branch no training row takes its parent's majority class.
//   - A node's class counts per feature value come either from the
//     dataset's (feature, value) and class row bitsets, AND + popcount
//     over the node's rows (stats.go), or from its rows packed into lane
//     words, all features of a row in one or a few 64-bit words, so one
//     addition counts a row for every feature (pack.go, lanes.go). List
//     nodes keep their packed rows grouped by class in an arena window
//     that partitions hand down to the children (rows.go, partition.go);
//     with every feature packed all nodes are lists, and in the oracle
//     study's case (two classes, binary features) small subtrees grow by
//     recursion over a cached buffer (tiny.go). These are representations
//     only: each gives the same counts, so the same tree.
//   - Ties between features go to the lowest feature index; gains within
//     1e-10 of each other are ties, and a gain within 1e-10 of 0 is none
//     (float rounding only).
package train
