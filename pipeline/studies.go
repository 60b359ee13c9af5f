package pipeline

import (
	"slices"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/stages/evaluate"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/stages/train"
)

// studies are the studies dtbench runs, by config name (key study). A study
// is its plan and the nodes its stages export; the executor (run.go) knows
// nothing else of it. To add one, add its builder here.
var studies = map[string]func(cfg *Config, version string) (*flow.Study, error){
	"oracle": oracleStudy,
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
func oracleStudy(cfg *Config, version string) (*flow.Study, error) {
	learners, err := train.NewSet(cfg.Learners)
	if err != nil {
		return nil, err
	}
	o := cfg.Oracle
	if err := learners.CheckFeatures(o.Features); err != nil {
		return nil, err
	}
	meta := report.Meta{Name: cfg.Name, Seed: cfg.Seed, Version: version, Learners: learners.Names()}
	return &flow.Study{
		Name:      "oracle",
		Plan:      o.Plan(cfg.Seed),
		Footprint: o.Footprint(),
		Nodes: []flow.Node{
			generate.OracleNode(o),
			learners.FitNode(),
			evaluate.OracleNode(o.Cells()),
			report.OracleNode(meta),
		},
	}, nil
}
