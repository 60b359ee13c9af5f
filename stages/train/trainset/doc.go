// Package trainset is the train stage: a run's configured learners (Set,
// built by New from the config's specs through a train.Registry, with the
// external learners as processes) and the flow nodes that fit them on
// every task — FitNode (the oracle and cost studies), HoldoutFitNode (the
// cost study's held-out rows) and CVNode (the benchmark study's folds) —
// writing models/ and the in-memory fits evaluate scores.
//
// The three nodes share one loop, fitFolds (fit.go), over a task's folds:
// a cross-validation's K folds, or a dataset's training rows as one fold
// (K = 1, stored as fold schemas.NoFold). Learner i of the set's L on fold
// f of task t has model id t·L·K + f·L + i (t·L + i on a held-out task),
// and its generator is the task's for the learner's name, with "/fold<f>"
// appended in a cross-validation. When no configured intuitive classifier
// I runs on a task, each fold with held-out rows gets one extra fit of I
// (flow.Fit.Extra, model id −1) for the benchmarks. A node's Reload
// runs the same loop, taking the trees from models/ and fitting the other
// learners again.
//
// It is apart from package train so that a program that only builds and
// fits learners by name links the learners and their registry alone: the
// nodes need the flow machinery and the table code (Parquet), which cost a
// registry program about 2 ms of start-up and 19 MB of binary.
package trainset
