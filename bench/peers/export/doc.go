// Command export writes the oracle datasets of the peer comparison
// (bench/peers/run.sh): for each tier and seed, a random depth-8 oracle
// from stages/generate, a training sample and a 1000-row held-out sample
// drawn uniformly from it, each as ARFF (for Weka and for gofit) and as
// CSV (for scikit-learn), plus datasets.tsv, the manifest every runner
// reads.
//
// Conventions: all features and the class are binary with labels "0" and
// "1", which are also the codes, so the CSV is an ordinal encoding. The
// tiers are fixed in code (tiers in main.go) with their own dataset
// counts, which -seeds overrides; the same flags always give the same
// bytes.
//
// Usage:
//
//	go run ./bench/peers/export -out bench/out/peers
package main
