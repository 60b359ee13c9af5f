package pipeline

import (
	"fmt"
	"github.com/dtbench/dtbench/compare"
	"slices"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/tree"
)

// oracleStudy is the ICTAC 2020 oracle study (section oracle.*): random
// oracles, datasets drawn from them, every learner trained on each, scored
// against its oracle and on held-out rows, then summarised. Its
// predictions are off by default: its held-out rows are many and drawn
// afresh from each oracle.
var oracleStudy = &Study[generate.OracleSection, generate.OracleConfig]{
	Name:        "oracle",
	Section:     generate.DefaultOracleSection,
	Resolve:     generate.OracleSection.Resolve,
	Validate:    (*generate.OracleConfig).Validate,
	Learners:    generate.OracleLearners,
	Predictions: false,
	Build:       buildOracle,
	TreeLabels:  oracleTreeLabels,
	Evaluations: compareTasks(schemas.EvaluationTable, func(e *schemas.OracleEvaluation, names cellNames) compare.Task {
		return compareTask(e.Learner, names.of(e.OracleCell), e.Rep, e.DatasetID, &e.Measures, &e.Outcome)
	}),
}

func buildOracle(cfg *Config, o *generate.OracleConfig, env studyEnv) (*flow.Study, error) {
	learners, err := env.learnerSet(cfg)
	if err != nil {
		return nil, err
	}
	if err := learners.CheckFeatures(o.Features); err != nil {
		return nil, err
	}
	oc, err := generate.NewOracleCosts(o, cfg.Costs)
	if err != nil {
		return nil, err
	}
	if !o.AUC && slices.Contains(cfg.ReportMeasures(), "auc_weighted") {
		return nil, input.Keyf("report.measures", "auc_weighted is null in the oracle study unless oracle.auc is true (it sorts every learner's test rows)")
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: env.Version, Learners: learners.Names(), Measures: reportMeasures(cfg), Notes: []string{"Grid: " + o.Describe()},
		Credit: cfg.Costs.MayCredit()}
	preds := generate.Predictions{On: cfg.Outputs.Predictions, Costed: cfg.Costs != nil}
	return withLearners(&flow.Study{
		Name:      cfg.Study,
		Plan:      o.Plan(cfg.Seed),
		Footprint: func(*schemas.Bag) flow.Footprint { return o.Footprint(len(learners.Names()), preds) },
		Inputs:    generate.CostInputs(cfg.Costs, nil),
		Nodes: []flow.Node{
			generate.OracleNode(o),
			oc.Node(),
			learners.FitNode(),
			evaluate.OracleNode(o.Cells(), cfg.Outputs.Predictions, o.AUC),
			report.OracleNode(meta),
		},
	}, learners), nil
}

// oracleTreeLabels names an oracle study's tree: the names of its chunk's
// datasets part; a model's title names the learner and the grid cell, an
// oracle's the cell.
func oracleTreeLabels(part, _, evals string, ti TreeInfo) (tree.Names, error) {
	names, err := TreeNames(part)
	if err != nil {
		return tree.Names{}, err
	}
	e, err := evaluationOf(evals, schemas.EvaluationTable.Read, ti,
		func(r *schemas.OracleEvaluation) (int64, string) { return r.DatasetID, r.Learner })
	if err != nil {
		return tree.Names{}, err
	}
	cell := fmt.Sprintf("%d features, depth %d, %s, size %d, repetition %d (task %d", e.Features, e.Depth, e.Mode, e.Size, e.Rep, ti.DatasetID)
	if ti.Learner == "" {
		names.Title = fmt.Sprintf("oracle of %s)", cell)
	} else {
		names.Title = fmt.Sprintf("%s on the oracle of %s, tree %d)", ti.Learner, cell, ti.ID)
	}
	return names, nil
}
