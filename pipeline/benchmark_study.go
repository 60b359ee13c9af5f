package pipeline

import (
	"fmt"
	"github.com/dtbench/dtbench/compare"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// benchmarkStudy is the Entropy 2021 benchmark study (section
// benchmark.*): real datasets, imported once; per task a scenario's
// subsample, an attribute subset and its folds; every learner
// cross-validated on them; scored against the benchmark classifiers X, V
// and I; summarised with wins and t-tests. A learner's datasets option
// limits it to some of the datasets.
var benchmarkStudy = &Study[generate.BenchmarkSection, generate.BenchmarkConfig]{
	Name:            "benchmark",
	Section:         generate.DefaultBenchmarkSection,
	Resolve:         generate.BenchmarkSection.Resolve,
	Validate:        (*generate.BenchmarkConfig).Validate,
	Learners:        generate.BenchmarkLearners,
	Predictions:     true,
	Datasets:        func(c *generate.BenchmarkConfig) *[]generate.DatasetSpec { return &c.Datasets },
	LearnerDatasets: true,
	Build:           buildBenchmark,
	TreeLabels:      benchmarkTreeLabels,
	CompareFolds:    benchmarkFolds,
	Evaluations: compareTasks(schemas.BenchmarkEvaluationTable, func(e *schemas.BenchmarkEvaluation, names cellNames) compare.Task {
		return compareTask(e.Learner, names.of(e.BenchmarkCell), e.Rep, e.DatasetID, &e.Measures, &e.Outcome)
	}),
}

func buildBenchmark(cfg *Config, bc *generate.BenchmarkConfig, env studyEnv) (*flow.Study, error) {
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	b, err := generate.NewBenchmark(bc, cfg.Costs)
	if err != nil {
		return nil, err
	}
	for _, line := range b.IgnoredCosts() {
		env.logger().Info(line)
	}
	b.CheckLearners(learners.CheckData)
	against := map[report.Measure]string{}
	for _, n := range learners.Benchmarks() {
		switch n {
		case train.Majority:
			against[report.GammaV] = n
		case train.Intuitive:
			against[report.GammaI] = n
		}
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: env.Version, Learners: learners.Names(), Measures: reportMeasures(cfg), Versus: learners.Benchmarks(), Against: against,
		Notes: []string{fmt.Sprintf("%d-fold cross-validation (%s), %d repetitions, %s by gain ratio (%s)",
			bc.Folds.K, bc.Folds.Scheme, bc.Repetitions, selectNote(bc), rankNote(bc))}}
	if slices.ContainsFunc(bc.Datasets, func(d generate.DatasetSpec) bool {
		return d.Options.Discretize.Method == importer.NoDiscretization || d.Options.Missing == importer.MissingKeep
	}) {
		meta.Notes = append(meta.Notes, "numeric attributes and missing values kept as they are: the learners split or model them as Weka 3.6 does; "+
			"the gain-ratio ranking reads them as Weka's GainRatioAttributeEval does (numbers in MDL bins, missing rows spread over the values), "+
			"and the benchmark I and the conditional entropy read a nominal view (numbers in MDL bins of the training rows, a missing value a value of its own)")
	}
	preds := generate.Predictions{On: cfg.Outputs.Predictions,
		Costed: cfg.Costs != nil || slices.ContainsFunc(bc.Datasets, func(d generate.DatasetSpec) bool { return d.Costs != nil })}
	return withLearners(&flow.Study{
		Name:      cfg.Study,
		Plan:      b.Plan(cfg.Seed),
		Footprint: func(shared *schemas.Bag) flow.Footprint { return b.Footprint(len(learners.Names()), preds, shared) },
		Inputs:    b.Inputs(),
		Nodes: []flow.Node{
			b.ImportNode(),
			b.SplitNode(),
			learners.CVNode(),
			evaluate.BenchmarkNode(b.Cells(), bc.Alpha, cfg.Outputs.Predictions),
			report.BenchmarkNode(meta, b.FullSubset),
		},
	}, learners), nil
}

// benchmarkTreeLabels names a benchmark model: the names of the task's
// attributes (its subset, in dataset order: feature i of the tree is the
// i-th), their values and the classes, from the run's imported dataset;
// the title names the learner, dataset, scenario, subset, repetition and
// fold.
func benchmarkTreeLabels(_, run, evals string, ti TreeInfo) (tree.Names, error) {
	e, err := evaluationOf(evals, schemas.BenchmarkEvaluationTable.Read, ti,
		func(r *schemas.BenchmarkEvaluation) (int64, string) { return r.DatasetID, r.Learner })
	if err != nil {
		return tree.Names{}, err
	}
	s, err := importedSchema(run, e.Dataset)
	if err != nil {
		return tree.Names{}, err
	}
	attrs := strings.Split(e.Attributes, ",")
	sub := dataset.Schema{Class: s.Class}
	for _, name := range attrs {
		i := slices.IndexFunc(s.Features, func(a dataset.Attribute) bool { return a.Name == name })
		if i < 0 {
			return tree.Names{}, &input.Error{File: evals, Err: fmt.Errorf("task %d's attribute %q is not in dataset %s", ti.DatasetID, name, e.Dataset)}
		}
		sub.Features = append(sub.Features, s.Features[i])
	}
	if d := ti.Tree.Domains; len(d) != len(sub.Features) {
		return tree.Names{}, &input.Error{File: evals, Err: fmt.Errorf("task %d has %d attributes; tree %d tests %d features", ti.DatasetID, len(sub.Features), ti.ID, len(d))}
	}
	names := tree.NamesOf(sub)
	names.Title = fmt.Sprintf("%s on %s, scenario %s, subset %s (%s), repetition %d, fold %d of %d (task %d, tree %d)",
		ti.Learner, e.Dataset, e.Scenario, e.Subset, strings.Join(attrs, ", "), e.Rep, ti.Fold, e.Folds, ti.DatasetID, ti.ID)
	return names, nil
}

// rankNote says how the benchmark study ranks: the mode, and "once per
// scenario" when repetition 0's ranking serves every repetition.
func rankNote(bc *generate.BenchmarkConfig) string {
	if bc.RankPer == generate.RankPerScenario {
		return bc.Rank + ", ranked once per scenario on repetition 0's sample"
	}
	return bc.Rank
}

// selectNote says how many attributes the study selects: "top 5
// attributes", "every attribute", and "(a dataset's own select where its
// entry sets one)" when some entry does.
func selectNote(bc *generate.BenchmarkConfig) string {
	note := fmt.Sprintf("top %d attributes", bc.Select)
	if bc.Select == generate.SelectAll {
		note = "every attribute"
	}
	if slices.ContainsFunc(bc.Datasets, func(d generate.DatasetSpec) bool { return d.Select != nil }) {
		note += " (a dataset's own select where its entry sets one)"
	}
	return note
}

// benchmarkFolds sets each cross-validated task's Folds from the run's
// results/confusion (schemas.FoldCounts, as the wins table reads them),
// each part checked first; a task whose learner has no rows there (a
// failed fit) keeps none.
func benchmarkFolds(dir string, check func(path string) error, tasks []compare.Task) error {
	parts, err := schemas.ConfusionTable.RunFiles(dir)
	if err != nil {
		return err
	}
	folds := map[schemas.TaskLearner][]schemas.FoldCount{}
	for _, p := range parts {
		if err := check(p); err != nil {
			return err
		}
		rows, err := schemas.ConfusionTable.Read(p)
		if err != nil {
			return err
		}
		schemas.FoldCounts(rows, folds)
	}
	for i := range tasks {
		tasks[i].Folds = folds[schemas.TaskLearner{Task: tasks[i].Task, Learner: tasks[i].Learner}]
	}
	return nil
}
