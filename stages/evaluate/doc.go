// Package evaluate scores learned models: the degree of equivalence (DOE)
// and the exact agreement of a learned tree with its oracle, accuracy on
// held-out rows, the analytic accuracies of the benchmark classifiers
// random X and majority V, and the proportional-error-reduction measure γ.
//
// Conventions, stated once:
//   - Trees are tree.Tree values that pass Validate; Compare checks only
//     what it needs cheaply (same features, domains and classes) and never
//     calls Validate itself, which the loaders and learners already do.
//   - A set of feature values is a uint64 mask (bit v set = value v still
//     possible), so domains hold at most 64 values.
//   - An accuracy μ is a share in [0, 1]. A measure with nothing to measure
//     (no evaluation rows, no training rows) is NaN, which the tables write
//     as null; it is never silently 0.
//   - Class codes are ints; ties between classes go to the lowest code, as
//     in dataset.ArgMax.
//
// The measures follow DESIGN.md "The measures" and the oracle paper's
// Algorithm 2 (seeds/oracle-doe-ictac2020.txt, section 4.3).
package evaluate
