// Package cv assigns rows to cross-validation folds and compares learners
// over them: the stratified k-fold assignment of the benchmark study, the
// assignment Weka 3.6's Evaluation.crossValidateModel and Experimenter
// make (so that a user can compare dtbench's fold accuracies with Weka's
// to the row), java.util.Random (which Weka draws from), and the tests
// that compare learners over shared tasks: the paired t-test and the
// corrected resampled t-test Weka's Experimenter reports (PairedTTest),
// Student's t quantile of their intervals (TQuantile), and Holm's
// adjustment for several comparisons (Holm).
//
// It lives beside dataset and tree because two stages need it: train fits
// on each fold's training rows and evaluate scores each fold's test rows,
// and a stage never imports another.
//
// Conventions:
//   - A fold assignment is over a list of row indexes (the rows of a task:
//     a dataset, or a scenario's subsample, in dataset order) with their
//     class codes; Folds[i] is the test fold of rows[i], 0..K−1.
//   - Everything is deterministic under its seed or generator.
package cv
