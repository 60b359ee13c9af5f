package pipeline

import (
	"fmt"
	"math"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/naive"
	"github.com/dtbench/dtbench/tree"
)

// learnerSet is the configured learners, built once per run.
type learnerSet struct {
	configs  []LearnerConfig
	learners []train.Learner
}

func newLearnerSet(cfg *Config) (*learnerSet, error) {
	s := &learnerSet{configs: cfg.Learners}
	for _, lc := range cfg.Learners {
		l, err := train.New(train.Spec{Name: lc.Name, Options: lc.Options})
		if err != nil {
			return nil, err
		}
		s.learners = append(s.learners, l)
	}
	return s, nil
}

// runs reports whether learner i runs on a task (its repetitions cap).
func (s *learnerSet) runs(i int, t Task) bool {
	r := s.configs[i].Repetitions
	return r == 0 || t.Rep < r
}

// modelID numbers a task's models: dataset_id × learners + learner index.
func (s *learnerSet) modelID(t Task, i int) int64 {
	return t.ID*int64(len(s.configs)) + int64(i)
}

func oracleSpec(cfg *Config, t Task) generate.OracleSpec {
	return generate.OracleSpec{Domains: cfg.Oracle.Domains, Classes: cfg.Oracle.Classes, Depth: t.Depth}
}

// generated is the generate stage's output for one task.
type generated struct {
	oracle schemas.TreeRecord
	data   schemas.DatasetRecord
}

// generateTask draws a task's oracle, training set (with noise) and
// held-out test set, in that order, from the task's generator.
func generateTask(cfg *Config, t Task) (generated, error) {
	rng := TaskRand(cfg.Seed, t.Key)
	spec := oracleSpec(cfg, t)
	oracle, err := generate.Oracle(spec, rng)
	if err != nil {
		return generated{}, err
	}
	schema := generate.Schema(spec)
	var train generate.Sample
	switch t.Mode {
	case ModeComplete:
		train, err = generate.Complete(oracle, schema, t.Size, rng)
	case ModeUnique:
		train, err = generate.Unique(oracle, schema, t.Size, rng)
	default:
		err = fmt.Errorf("unknown mode %q", t.Mode)
	}
	if err != nil {
		return generated{}, err
	}
	train = generate.AddNoise(train, cfg.Oracle.Noise, rng)
	rec := schemas.DatasetRecord{DatasetID: t.ID, OracleID: t.ID, Mode: t.Mode, Train: train.Data, TrainRules: train.Rules}
	if cfg.Oracle.TestSize > 0 {
		test, err := generate.Complete(oracle, schema, cfg.Oracle.TestSize, rng)
		if err != nil {
			return generated{}, err
		}
		rec.Test, rec.TestRules = test.Data, test.Rules
	}
	return generated{oracle: schemas.TreeRecord{ID: t.ID, Tree: oracle}, data: rec}, nil
}

// fitted is one learner's model on a task; model is nil when the learner
// does not run on this task (repetitions cap).
type fitted struct {
	model train.Model
	nanos int64
}

// trainTask fits every learner that runs on the task.
func trainTask(cfg *Config, ls *learnerSet, t Task, data *dataset.Dataset) ([]fitted, error) {
	out := make([]fitted, len(ls.learners))
	for i, l := range ls.learners {
		if !ls.runs(i, t) {
			continue
		}
		start := time.Now()
		m, err := l.Fit(data, data.All(), LearnerRand(cfg.Seed, t.Key, ls.configs[i].Name))
		if err != nil {
			return nil, fmt.Errorf("fit %s: %w", ls.configs[i].Name, err)
		}
		out[i] = fitted{model: m, nanos: time.Since(start).Nanoseconds()}
	}
	return out, nil
}

// optimalModel is a model whose learner proves optimality (exact).
type optimalModel interface{ Optimal() bool }

// storedTree is a tree model read back from the models table.
type storedTree struct {
	train.TreeModel
	optimal *bool
}

// loadedModel rebuilds a model from its models-table record, keeping the
// optimality claim when the learner made one.
func loadedModel(rec *schemas.ModelRecord) train.Model {
	m := train.NewTreeModel(rec.Tree)
	if rec.Optimal == nil {
		return m
	}
	return storedTree{TreeModel: m, optimal: rec.Optimal}
}

func (s storedTree) Optimal() bool { return *s.optimal }

// modelRecords returns the tree models of a task for the models table.
func modelRecords(ls *learnerSet, t Task, fits []fitted) []schemas.ModelRecord {
	var out []schemas.ModelRecord
	for i, f := range fits {
		tm, ok := f.model.(train.TreeModel)
		if !ok {
			continue
		}
		rec := schemas.ModelRecord{
			ModelID: ls.modelID(t, i), Learner: ls.configs[i].Name,
			DatasetID: t.ID, OracleID: t.ID, Tree: tm.Tree(),
		}
		if opt, ok := f.model.(optimalModel); ok {
			o := opt.Optimal()
			rec.Optimal = &o
		}
		out = append(out, rec)
	}
	return out
}

// evaluateTask scores every fitted model of a task against its oracle and
// on the held-out rows.
func evaluateTask(cfg *Config, ls *learnerSet, t Task, oracle *tree.Tree, data schemas.DatasetRecord, fits []fitted) ([]schemas.Evaluation, error) {
	var test *evaluate.Rows
	accuracy := make([]float64, len(fits))
	if data.Test != nil && data.Test.Len() > 0 {
		test = evaluate.NewRows(data.Test, data.Test.All())
		for i, f := range fits {
			if f.model != nil {
				accuracy[i] = test.Accuracy(f.model)
			}
		}
	}
	bench, err := benchmarkAccuracies(ls, fits, accuracy, data, test)
	if err != nil {
		return nil, err
	}
	var out []schemas.Evaluation
	for i, f := range fits {
		if f.model == nil {
			continue
		}
		e := schemas.Evaluation{
			DatasetID: t.ID, OracleID: t.ID, Learner: ls.configs[i].Name, ModelID: ls.modelID(t, i),
			Features: int32(cfg.Oracle.Features), Depth: int32(t.Depth), Mode: t.Mode,
			Size: int32(t.Size), Rep: int32(t.Rep),
		}
		if tm, ok := f.model.(train.TreeModel); ok {
			lt := tm.Tree()
			eq, err := evaluate.Compare(oracle, lt)
			if err != nil {
				return nil, fmt.Errorf("evaluate %s: %w", ls.configs[i].Name, err)
			}
			doe, agr := eq.DOE(), eq.Agreement
			depth, leaves, nodes := int32(lt.Depth()), int32(lt.Leaves()), int32(lt.Len())
			e.DOE, e.Agreement = &doe, &agr
			e.TreeDepth, e.TreeLeaves, e.TreeNodes = &depth, &leaves, &nodes
		}
		if opt, ok := f.model.(optimalModel); ok {
			o := opt.Optimal()
			e.Optimal = &o
		}
		if bench != nil {
			acc := accuracy[i]
			gx, gv, gi := evaluate.Gamma(acc, bench.x), evaluate.Gamma(acc, bench.v), evaluate.Gamma(acc, bench.i)
			e.Accuracy = &acc
			e.AccX, e.AccV, e.AccI = &bench.x, &bench.v, &bench.i
			e.GammaX, e.GammaV, e.GammaI = &gx, &gv, &gi
		}
		out = append(out, e)
	}
	return out, nil
}

// benchmarks are the accuracies of the benchmark classifiers X, V and I
// trained on a task's training rows, on its held-out rows.
type benchmarks struct{ x, v, i float64 }

// benchmarkAccuracies computes μ_X analytically from the training priors
// and the test class counts, μ_V as the test share of the training
// majority, and μ_I by scoring I — the configured intuitive learner's
// accuracy when it ran on this task, else a fit made here. It returns nil
// when the task has no held-out rows.
func benchmarkAccuracies(ls *learnerSet, fits []fitted, accuracy []float64, data schemas.DatasetRecord, test *evaluate.Rows) (*benchmarks, error) {
	if test == nil {
		return nil, nil
	}
	train, held := data.Train, data.Test
	trainCounts, testCounts := train.ClassCounts(train.All()), held.ClassCounts(held.All())
	b := &benchmarks{
		x: evaluate.RandomAccuracy(trainCounts, testCounts),
		v: evaluate.MajorityAccuracy(trainCounts, testCounts),
		i: math.NaN(),
	}
	for k, lc := range ls.configs {
		if lc.Name == "intuitive" && fits[k].model != nil {
			b.i = accuracy[k]
		}
	}
	if math.IsNaN(b.i) {
		intuitive, err := naive.Intuitive{}.Fit(train, train.All(), nil)
		if err != nil {
			return nil, fmt.Errorf("fit the intuitive benchmark: %w", err)
		}
		b.i = test.Accuracy(intuitive)
	}
	return b, nil
}
