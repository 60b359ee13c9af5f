// Command gofit times our learners on the datasets export wrote, for the
// peer comparison in bench/peers/run.sh.
//
// For each dataset of the manifest and each learner key (id3, c45, cart,
// randomtree, naivebayes, exact; see learners in main.go for the options
// each key means), it builds the learner with train.New, runs warm-up fits,
// then times fits of the learner on all training rows, and writes one TSV
// line: the median and minimum fit time in milliseconds and the accuracy
// of the last fitted model on the held-out test file. A key whose
// train.New fails (a learner not registered yet) is skipped with its
// error on stderr.
//
// Conventions shared with WekaBench.java and sklearn_bench.py: the same
// TSV columns (resultHeader), the same stopping rule (at most -warmup
// untimed fits within half of -budget seconds, then at most -n timed fits,
// stopping after -budget seconds but never before one), wall-clock time
// per fit, and the input already parsed and in the library's own data
// structure before timing starts. The cost of that structure is reported
// separately under the pseudo-learner "_dataset": dataset.New on parsed
// columns, which builds the (feature, value) row bitsets our fits use.
//
// Usage:
//
//	go run ./bench/peers/gofit -manifest bench/out/peers/datasets.tsv -learners id3,naivebayes
package main
