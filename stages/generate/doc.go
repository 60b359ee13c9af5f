// Package generate is every study's generate stage: it draws the oracle
// study's inputs — random "oracle" decision trees (Algorithm 1 of the
// ICTAC 2020 DOE paper, generalised to any domain sizes and class counts)
// and datasets sampled from them — and imports and splits the real
// datasets of the benchmark study (Entropy 2021) and the cost study
// (Turney, JAIR 1995).
//
// A study's planner is the files named after it, each holding its config
// section as written (with the section's defaults and the study's default
// learners), the section resolved, its cells and plan, its nodes and its
// footprint:
//   - oracle_config.go, oracle_plan.go, oracle_costs.go (the drawn or
//     fixed cost model of each task), oracle_footprint.go,
//     oracle_describe.go: the oracle study; oracle.go, spec.go, mode.go,
//     complete.go, unique.go, binary.go, rules.go and noise.go are its
//     generators, which any caller may use on their own;
//   - benchmark_config.go, benchmark_plan.go, benchmark_import.go,
//     benchmark_split.go, benchmark_footprint.go: the benchmark study;
//   - cost_config.go, cost_plan.go, cost_footprint.go: the cost study.
//
// The real-data studies share dataset_spec.go (a datasets entry) and
// datasets.go (the import of their datasets); every study shares
// task_costs.go (a task's cost model, the cost files it read) and
// footprint.go (the footprint's measured figures).
//
// Conventions, stated once:
//   - An oracle is a tree.Tree whose every root-to-leaf path tests exactly
//     Depth distinct features, each split being multiway (one child per
//     value). A leaf is a rule; a row's rule is the leaf its input reaches.
//   - Features are named "f0".."f{m-1}" with value labels "0".."Z-1"; the
//     class is named "class" with labels "0".."K-1" (see Schema).
//   - Randomness comes only from the *rand.Rand passed in. Every function
//     documents the order in which it draws from it; that order is part of
//     the contract, so a seed always gives the same tree and rows.
//   - Complete mode draws inputs uniformly from the whole input space
//     (duplicates allowed); this is the paper's random walks with free
//     features uniform. Unique mode draws distinct inputs spread over the
//     rules round-robin. Mode names them as the config does. AddNoise
//     flips labels to a different class.
//   - Samples are written column by column straight into the dataset's
//     columns. Binary features are drawn 64 rows per rng.Uint64; with all
//     features binary and a small input space, rows find their leaf in a
//     table of every input's leaf instead of walking the tree.
//   - Sizes and specs that come from a config are checked here and fail
//     with an *input.Error naming the config key (oracle.features,
//     oracle.domain, oracle.classes, oracle.depths, oracle.sizes,
//     oracle.modes, oracle.noise), so the CLI exits with status 2.
//     OracleSpec.Validate, CheckSize, ParseMode and ValidateNoise let the
//     pipeline check a whole config before any work starts.
//   - The samplers accept any valid tree, not just oracles: a leaf's inputs
//     are the box of values its path allows, so subset splits and features
//     tested twice on a path are handled too.
package generate
