// Package train holds dtbench's learners behind one interface and the
// registry that builds them by name from config options.
//
// A Learner fits a Model on a subset of a dataset's rows; randomness comes
// only from the *rand.Rand passed in (seeded by the pipeline from the run
// seed and the task key), never from a global generator or the clock. Tree
// learners follow scikit-learn's split of roles: criteria are pure
// functions of class counts (criteria.go), splitters choose a test for a
// node from the dataset's (feature, value) row bitsets, and one builder
// grows the tree.
package train
