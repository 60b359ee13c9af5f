package pipeline

import (
	"fmt"
	"github.com/dtbench/dtbench/compare"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// costStudy is Turney's cost study, JAIR 1995 (section cost.*): real
// datasets with their test costs, imported once; per task a random
// train/test split and a misclassification cost; every learner (the
// cost-sensitive ones given the task's cost model) trained on the split
// and charged, per test case, for its tests and its errors.
var costStudy = &Study[generate.CostSection, generate.CostConfig]{
	Name:        "cost",
	Section:     generate.DefaultCostSection,
	Resolve:     generate.CostSection.Resolve,
	Learners:    generate.CostLearners,
	Predictions: true,
	Datasets:    func(c *generate.CostConfig) *[]generate.DatasetSpec { return &c.Datasets },
	Build:       buildCost,
	TreeLabels:  costTreeLabels,
	Evaluations: compareTasks(schemas.CostEvaluationTable, func(e *schemas.CostEvaluation, names cellNames) compare.Task {
		return compareTask(e.Learner, names.of(e.CostCell), e.Rep, e.DatasetID, &e.Measures, &e.Outcome)
	}),
	SplitRatio: (*generate.CostConfig).SplitRatio,
}

func buildCost(cfg *Config, cc *generate.CostConfig, env studyEnv) (*flow.Study, error) {
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	c, err := generate.NewCost(cc, cfg.Costs)
	if err != nil {
		return nil, err
	}
	for _, line := range c.IgnoredCosts() {
		env.logger().Info(line)
	}
	c.CheckLearners(learners.CheckData)
	ks := "the costs section's matrix"
	if len(cc.Misclassification) > 0 {
		parts := make([]string, len(cc.Misclassification))
		for i, k := range cc.Misclassification {
			parts[i] = strconv.FormatFloat(k, 'g', -1, 64)
		}
		ks = "misclassification cost k = " + strings.Join(parts, ", ")
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: env.Version, Learners: learners.Names(), Measures: reportMeasures(cfg), SplitRatio: cc.SplitRatio(),
		Notes: []string{fmt.Sprintf("%d random splits per dataset, %.3g of the rows training; %s", cc.Repetitions, cc.Train, ks), importNote(cc.Datasets)}}
	preds := generate.Predictions{On: cfg.Outputs.Predictions, Costed: true} // every task has its cost model
	return withLearners(&flow.Study{
		Name:      cfg.Study,
		Plan:      c.Plan(cfg.Seed),
		Footprint: func(shared *schemas.Bag) flow.Footprint { return c.Footprint(len(learners.Names()), preds, shared) },
		Inputs:    c.Inputs(),
		Nodes: []flow.Node{
			c.ImportNode(),
			c.SplitNode(),
			learners.HoldoutFitNode(),
			evaluate.CostNode(c.Cells(), cfg.Outputs.Predictions, slices.ContainsFunc(cfg.Learners, func(s train.Spec) bool { return s.Name == "icet" })),
			report.CostNode(meta),
		},
	}, learners), nil
}

// costTreeLabels names a cost model: the imported dataset's names; the
// title names the learner, dataset, misclassification cost and split.
func costTreeLabels(_, run, evals string, ti TreeInfo) (tree.Names, error) {
	e, err := evaluationOf(evals, schemas.CostEvaluationTable.Read, ti,
		func(r *schemas.CostEvaluation) (int64, string) { return r.DatasetID, r.Learner })
	if err != nil {
		return tree.Names{}, err
	}
	s, err := importedSchema(run, e.Dataset)
	if err != nil {
		return tree.Names{}, err
	}
	k := fmt.Sprintf("misclassification cost %g", e.Misclassification)
	if e.Misclassification == 0 {
		k = "the costs section's matrix"
	}
	names := tree.NamesOf(s)
	names.Title = fmt.Sprintf("%s on %s, %s, split %d (task %d, tree %d)", ti.Learner, e.Dataset, k, e.Rep, ti.DatasetID, ti.ID)
	return names, nil
}

// importNote says how the datasets' numbers and missing values reached the
// learners (their import options): one phrase when every dataset was read
// alike, else one per dataset.
func importNote(specs []generate.DatasetSpec) string {
	phrase := func(o importer.Options) string {
		nums := "numeric attributes as they are (C4.5's threshold splits)"
		if !o.Discretize.Numeric() {
			nums = fmt.Sprintf("numeric attributes in %d %s bins", o.Discretize.Bins, o.Discretize.Method)
		}
		switch o.Missing {
		case importer.MissingKeep:
			return nums + ", missing values kept (J48's fractional instances)"
		case importer.MissingDrop:
			return nums + ", rows with a missing value dropped"
		}
		return nums + ", a missing value a category of its own"
	}
	var parts []string
	same := true
	for _, d := range specs {
		parts = append(parts, d.Name+": "+phrase(d.Options))
		same = same && phrase(d.Options) == phrase(specs[0].Options)
	}
	if same && len(specs) > 0 {
		return "Data: " + phrase(specs[0].Options)
	}
	return "Data: " + strings.Join(parts, "; ")
}
