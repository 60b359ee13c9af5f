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
//     so multiway (ID3, C4.5) and binary subset (CART) splits are one type.
//     A feature may be tested again below itself (CART does), with the
//     values already excluded on the path leading to children never reached.
//   - Counts, when recorded, are per-node class counts of the training rows
//     (Classes entries per node); oracles have none.
package tree
