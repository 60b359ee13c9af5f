// Package smo is the SMO learner of the benchmark study
// (seeds/entropy-benchmark-classifiers.txt): Weka 3.6's
// weka.classifiers.functions.SMO with its default options — a linear
// support vector machine trained with Platt's sequential minimal
// optimisation as improved by Keerthi et al. (two thresholds bLow and
// bUp, Modification 1), complexity C = 1, one machine per pair of classes.
// Its predictions on nominal data are Weka's: on the shared datasets every
// predicted class and every weight Weka prints agree bit for bit
// (testdata/weka holds Weka's answers and the script that wrote them).
//
// Conventions, stated once:
//
//   - Learner has the shape of train.Learner without importing package
//     train: Fit(d, rows, rng) trains on the rows of d whose bit is set in
//     rows, in row order, and returns a *Model whose Predict(x []uint8) int
//     satisfies train.Model. Fit is deterministic and ignores rng: Weka's
//     only randomness, the shuffle of each pair's rows, uses its own
//     java.util.Random seeded with 1 (-W 1): cv.JavaRandom and cv.WekaRandomize.
//   - Coding (Weka's NominalToBinary, then Normalize, which leaves 0/1
//     values as they are): a feature of Z > 2 values is Z coordinates, one
//     per value, one-hot; a feature of two values is one coordinate holding
//     its code (first value 0, second 1); a feature of one value is one
//     coordinate that is always 0. Coordinates follow the features in schema
//     order. Model.Machine returns weights in this coding.
//   - Pairs: the machine of classes i < j is trained on the rows of class i
//     (y = -1) then of class j (y = +1), shuffled; its output is w·x − b and
//     it votes j when the output is > 0, i otherwise. Pairs are ordered
//     (0,1), (0,2), …, (1,2), …. A pair with training rows of one class only
//     always votes for that class; a pair with none does not vote.
//   - Prediction: the class of most votes, ties to the lowest code; the
//     distribution is the votes divided by the number of voting pairs. With
//     Options.Probabilities, each pair's output is mapped to a probability
//     by a logistic model fitted to its training outputs (Weka's -M with
//     -V -1: weka.classifiers.functions.Logistic, ridge 1e-8, with
//     weka.core.Optimization's quasi-Newton method, ported), the pairs are
//     coupled by Hastie and Tibshirani's method (Weka's
//     MultiClassClassifier.pairwiseCoupling) when there are more than two
//     classes, and the class of largest probability is predicted.
//   - A code outside its feature's domain stands for a missing value and is
//     read as the feature's training mode, as Weka's ReplaceMissingValues
//     does. With missing: category '?' is a value of its own and not
//     Weka's mode.
//   - Numeric features and missing values (and Options.Standardize, -N 1,
//     on any data) take Weka's filter chain instead of the packed 0/1
//     rows (coding.go): ReplaceMissingValues (training mean or mode),
//     NominalToBinary, then Normalize to [0, 1] by the training minimum
//     and maximum (a constant coordinate becomes 0) or Standardize, all
//     fitted on the training rows in their order; the solver then works
//     on real rows (its dense mode: the same steps, real dot products,
//     the kernel rows of up to 2048 examples cached). Such a model
//     predicts from dataset.Dataset.Values (PredictValues,
//     DistributionValues). On the shared datasets with numbers and
//     missing values its cross-validation classifies as Weka's does
//     (internal/wekasets/testdata/weka-cv.txt).
//   - Floating point: every quantity that decides a step — errors,
//     thresholds, clipped multipliers, weights — is computed with Weka's
//     operations in Weka's order. Kernel values are exact integers (dot
//     products of 0/1 rows). Products that are added are wrapped in float64()
//     so that no platform fuses them into an FMA, which Java never does.
//   - Models are read-only after Fit and safe for concurrent use. Predict
//     and Distribution do not allocate without probabilities (for up to 256
//     features); with them, Distribution runs Weka's coupling iteration,
//     about a millisecond for soybean's 19 classes.
//
// Where the port differs from Weka, deliberately:
//
//   - Weka's loops have no iteration bound; here the SMO loop of n
//     examples stops with an error after 10⁸ + 10⁴·n steps, and the
//     logistic fit after 51 × 200 iterations (Weka restarts its 200
//     iterations without end). Neither bound is near on any dataset seen.
//   - Weka fails on an empty training set and on a class attribute of one
//     value; here the model predicts class 0 with a uniform distribution.
//   - Where Weka's pairwise coupling divides 0 by 0 (two classes whose
//     pairwise probabilities all underflow to 0), it returns NaN; here the
//     pair's ratio is taken as 1/2.
//   - Java's Math.exp and Math.log may differ from Go's in the last bit, so
//     probabilities agree with Weka's to about 1e-11, not bit for bit.
//   - I0's iteration order (Weka's SMOset linked list) decides ties between
//     equal errors; it is reproduced by insertion stamps on a dense array
//     (unboundSet), not by the list.
package smo
