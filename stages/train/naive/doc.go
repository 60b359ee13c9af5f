// Package naive holds dtbench's non-tree learners: naive Bayes and
// the three benchmark classifiers of the entropy paper
// (seeds/entropy-benchmark-classifiers.txt, sections 2.2 and 2.4) that the
// γ measures compare every learner against:
//
//   - NaiveBayes: Weka 3.6's NaiveBayes (Laplace-smoothed counts; on data with
//     numeric features or missing values, Weka's normal or kernel estimators
//     or supervised discretization, missing values skipped: its model then
//     predicts from dataset.Dataset.Values through PredictValues).
//   - Intuitive (I): one rule per distinct (full feature vector, class) seen in
//     training, predicting with the rule that matches most attributes.
//   - Majority (V): always the training majority class.
//   - Random (X): draws a class with the training class priors.
//
// Conventions, stated once:
//   - Every learner has the shape of train.Learner without importing package
//     train (the registry there imports this package): Fit(d, rows, rng)
//     trains on the rows of d whose bit is set in rows and returns a concrete
//     model type whose Predict(x []uint8) int satisfies train.Model.
//   - x holds one code per feature of the training dataset, in schema order.
//   - Ties between classes always go to the lowest class code, as
//     dataset.ArgMax and Weka's Utils.maxIndex do.
//   - Counts come from the dataset's (feature, value) and class row bitsets
//     or, for Intuitive, from rows packed once per fit; no learner copies the
//     dataset. Predict does not allocate (Intuitive: while a packed row fits
//     8 words, i.e. at least 64 features).
//   - Randomness comes only from the *rand.Rand given to Fit; only Random uses
//     it, and its model draws from it at predict time, so a RandomModel is not
//     safe for concurrent use. The other models are read-only after Fit.
//   - An empty row set is valid input: every model then falls back to class 0
//     (the majority of no rows), and Random draws uniformly.
package naive
