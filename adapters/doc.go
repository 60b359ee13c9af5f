// Package adapters holds the adapters that run external learners under
// dtbench's protocol (adapters/README.md): sklearn/dtbench_sklearn.py for
// scikit-learn and weka/DtbenchWeka.java for Weka. The package has no Go
// code of its own; its tests run the adapters through the pipeline and
// check them against dtbench's learners (cross-implementation), and its
// benchmarks measure the protocol's overhead per fit.
package adapters
