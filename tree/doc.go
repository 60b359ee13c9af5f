// Package tree is dtbench's decision tree: flat parallel arrays in the
// manner of scikit-learn's Tree, shared by every learner, the oracle
// generator, the DOE walk and the Parquet tables.
//
// Conventions, stated once:
//   - Node 0 is the root and every child id is larger than its parent's.
//   - Feature[n] is the feature node n tests, or Leaf. Class[n] is the class
//     a leaf predicts; internal nodes carry NoClass.
//   - An internal node's value → child table is Child[Offset[n] : Offset[n]+Z]
//     where Z is the domain of its feature. Several values may share a child,
//     so multiway (ID3, C4.5) and binary subset (CART) splits are one type;
//     Branches lists a node's distinct children with their value masks.
//     A feature may be tested again below itself (CART does), with the
//     values already excluded on the path leading to children never reached.
//   - Domains[f] == Numeric (0) marks a numeric feature. A node testing it
//     has a two-entry child table, two distinct children: x <= Threshold[n]
//     goes to the first, x > Threshold[n] to the second. Threshold has one
//     entry per node when some node tests a numeric feature and is nil
//     otherwise; it is finite at numeric nodes and NaN at all others.
//   - Counts, when recorded, are per-node class counts of the training rows
//     (Classes entries per node); oracles have none. Weights, when recorded,
//     are per-node class weights (Classes entries per node), fractional
//     where rows with a missing value were spread over the branches as J48
//     spreads them; the distributions and WriteText use them instead of
//     Counts.
//   - Validate checks all of the above without panicking, whatever the
//     slices hold; run it after every load. Apply, Predict and the other
//     walks assume a valid tree and inputs within the domains. Apply,
//     Predict and Distribution take nominal codes (x []uint8) and a tree
//     without numeric nodes; ApplyValues, PredictValues and
//     DistributionValues take Weka's instance vectors (x []float64: a code,
//     a number, NaN where missing) and any tree, and give J48's
//     probabilities where a value is missing.
//   - Builder misuse is a programmer error and panics with a "tree: " prefix;
//     bad data never panics.
//   - WriteText (Weka's Id3/J48 layout) and WriteDOT (Graphviz) render a
//     tree for people; Names supplies the labels, with codes as defaults.
//     Both outputs depend only on the tree and the names.
package tree
