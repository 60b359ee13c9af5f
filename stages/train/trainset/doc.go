// Package trainset is the train stage: a run's configured learners (Set,
// built by New from the config's specs through a train.Registry, with the
// external learners as processes) and the flow nodes that fit them on
// every task — FitNode (the oracle and cost studies), HoldoutFitNode (the
// cost study's held-out rows) and CVNode (the benchmark study's folds) —
// writing models/ and the in-memory fits evaluate scores.
//
// It is apart from package train so that a program that only builds and
// fits learners by name links the learners and their registry alone: the
// nodes need the flow machinery and the table code (Parquet), which cost a
// registry program about 2 ms of start-up and 19 MB of binary.
package trainset
