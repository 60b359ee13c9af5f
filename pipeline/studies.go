package pipeline

import (
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/trainset"
)

// studies are the studies dtbench runs, by config name (key study). A study
// is its plan and the nodes its stages export; the executor (run.go) knows
// nothing else of it. To add one, add its builder here.
var studies = map[string]func(cfg *Config, env studyEnv) (*flow.Study, error){
	"oracle":    oracleStudy,
	"benchmark": benchmarkStudy,
	"cost":      costStudy,
}

// studyEnv is what a study is built with besides the config.
type studyEnv struct {
	Version  string          // dtbench's, for the report
	Learners *train.Registry // the learners config may name; nil = train.Builtin
	Log      *slog.Logger    // external adapters' stderr; nil = discard
}

// learnerSet builds the config's learners, and makes the study release
// them (their processes) when it is done.
func (e studyEnv) learnerSet(cfg *Config) (*trainset.Set, error) {
	return trainset.New(cfg.Learners, trainset.Options{Registry: e.Learners, Log: e.Log})
}

// withLearners makes study own set: Close ends its processes, Adapters
// names them.
func withLearners(study *flow.Study, set *trainset.Set) *flow.Study {
	study.Close, study.Adapters = set.Close, set.Adapters
	return study
}

// StudyNames returns the known study names, sorted.
func StudyNames() []string {
	var names []string
	for n := range studies {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// oracleStudy is the ICTAC 2020 oracle study: random oracles, datasets
// drawn from them, every learner trained on each, scored against its
// oracle and on held-out rows, then summarised.
func oracleStudy(cfg *Config, env studyEnv) (*flow.Study, error) {
	version := env.Version
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	o := cfg.Oracle
	if err := learners.CheckFeatures(o.Features); err != nil {
		return nil, err
	}
	oc, err := generate.NewOracleCosts(o, cfg.Costs)
	if err != nil {
		return nil, err
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: version, Learners: learners.Names(), Notes: []string{"Grid: " + o.Describe()}}
	preds := generate.Predictions{On: cfg.Outputs.Predictions, Costed: cfg.Costs != nil}
	return withLearners(&flow.Study{
		Name:      "oracle",
		Plan:      o.Plan(cfg.Seed),
		Footprint: func(*schemas.Bag) flow.Footprint { return o.Footprint(len(learners.Names()), preds) },
		Inputs:    generate.CostInputs(cfg.Costs, nil),
		Nodes: []flow.Node{
			generate.OracleNode(o),
			oc.Node(),
			learners.FitNode(),
			evaluate.OracleNode(o.Cells(), cfg.Outputs.Predictions),
			report.OracleNode(meta),
		},
	}, learners), nil
}

// benchmarkStudy is the Entropy 2021 benchmark study: real datasets,
// imported once; per task a scenario's subsample, an attribute subset and
// its folds; every learner cross-validated on them; scored against the
// benchmark classifiers X, V and I; summarised with wins and t-tests.
func benchmarkStudy(cfg *Config, env studyEnv) (*flow.Study, error) {
	version := env.Version
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	bc := cfg.Benchmark
	b, err := generate.NewBenchmark(bc, cfg.Costs)
	if err != nil {
		return nil, err
	}
	full := make([]int, bc.Select)
	for i := range full {
		full[i] = i + 1
	}
	against := map[report.Measure]string{}
	for _, n := range learners.Benchmarks() {
		switch n {
		case train.Majority:
			against[report.GammaV] = n
		case train.Intuitive:
			against[report.GammaI] = n
		}
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: version, Learners: learners.Names(), Versus: learners.Benchmarks(), Against: against,
		Notes: []string{fmt.Sprintf("%d-fold cross-validation (%s), %d repetitions, top %d attributes by gain ratio (%s)",
			bc.Folds.K, bc.Folds.Scheme, bc.Repetitions, bc.Select, bc.Rank)}}
	preds := generate.Predictions{On: cfg.Outputs.Predictions,
		Costed: cfg.Costs != nil || slices.ContainsFunc(bc.Datasets, func(d generate.DatasetSpec) bool { return d.Costs != nil })}
	return withLearners(&flow.Study{
		Name:      "benchmark",
		Plan:      b.Plan(cfg.Seed),
		Footprint: func(shared *schemas.Bag) flow.Footprint { return b.Footprint(len(learners.Names()), preds, shared) },
		Inputs:    b.Inputs(),
		Nodes: []flow.Node{
			b.ImportNode(),
			b.SplitNode(),
			learners.CVNode(),
			evaluate.BenchmarkNode(b.Cells(), bc.Alpha, cfg.Outputs.Predictions),
			report.BenchmarkNode(meta, schemas.SubsetName(full)),
		},
	}, learners), nil
}

// costStudy is Turney's cost study (JAIR 1995): real datasets with their
// test costs, imported once; per task a random train/test split and a
// misclassification cost; every learner (the cost-sensitive ones given
// the task's cost model) trained on the split and charged, per test case,
// for its tests and its errors.
func costStudy(cfg *Config, env studyEnv) (*flow.Study, error) {
	version := env.Version
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	cc := cfg.Cost
	c, err := generate.NewCost(cc, cfg.Costs)
	if err != nil {
		return nil, err
	}
	ks := "the costs section's matrix"
	if len(cc.Misclassification) > 0 {
		parts := make([]string, len(cc.Misclassification))
		for i, k := range cc.Misclassification {
			parts[i] = strconv.FormatFloat(k, 'g', -1, 64)
		}
		ks = "misclassification cost k = " + strings.Join(parts, ", ")
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: version, Learners: learners.Names(),
		Notes: []string{fmt.Sprintf("%d random splits per dataset, %.3g of the rows training; %s", cc.Repetitions, cc.Train, ks)}}
	preds := generate.Predictions{On: cfg.Outputs.Predictions, Costed: true} // every task has its cost model
	return withLearners(&flow.Study{
		Name:      "cost",
		Plan:      c.Plan(cfg.Seed),
		Footprint: func(shared *schemas.Bag) flow.Footprint { return c.Footprint(len(learners.Names()), preds, shared) },
		Inputs:    c.Inputs(),
		Nodes: []flow.Node{
			c.ImportNode(),
			c.SplitNode(),
			learners.HoldoutFitNode(),
			evaluate.CostNode(c.Cells(), cfg.Outputs.Predictions),
			report.CostNode(meta),
		},
	}, learners), nil
}
