package generate

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Cost is the cost study's generate stage: its cells (dataset × the
// misclassification costs swept), the import of its datasets, and each
// task's train/test split and cost model. Build it with NewCost.
type Cost struct {
	cfg   *CostConfig
	cells []schemas.CostCell
	data  importSet
}

// NewCost lays out the cells: dataset (config order), then the
// misclassification costs in config order. defaultCosts is the config's
// costs section, for datasets without their own; a dataset with neither
// is refused, as its tests would have no cost.
func NewCost(cfg *CostConfig, defaultCosts *costs.Config) (*Cost, error) {
	if err := CheckDatasetCosts("costs", defaultCosts); err != nil {
		return nil, err
	}
	if err := checkSweep(cfg, defaultCosts); err != nil {
		return nil, err
	}
	c := &Cost{cfg: cfg}
	c.data = importSet{specs: cfg.Datasets, costs: defaultCosts, check: c.checkData}
	for i, d := range cfg.Datasets {
		if c.data.costsOf(d) == nil {
			return nil, input.Keyf(fmt.Sprintf("cost.datasets[%d].costs", i), "dataset %s has no test costs: give it costs (uci: …, tests: …), or give the config a costs section", d.Name)
		}
		ks := cfg.Misclassification
		if ks == nil {
			ks = []float64{0}
		}
		for _, k := range ks {
			c.cells = append(c.cells, schemas.CostCell{Dataset: d.Name, Misclassification: k})
		}
	}
	return c, nil
}

// checkSweep refuses a costs section's matrix beside
// cost.misclassification: every cell of the sweep takes its own matrix (0
// on the diagonal, k elsewhere), so the section's would be ignored.
func checkSweep(cfg *CostConfig, defaultCosts *costs.Config) error {
	if len(cfg.Misclassification) == 0 {
		return nil
	}
	hasMatrix := func(c *costs.Config) bool { return c != nil && c.Spec != nil && c.Spec.Matrix != nil }
	key := ""
	switch {
	case hasMatrix(defaultCosts):
		key = "costs.matrix"
	default:
		for i, d := range cfg.Datasets {
			if hasMatrix(d.Costs) {
				key = fmt.Sprintf("cost.datasets[%d].costs.matrix", i)
				break
			}
		}
	}
	if key == "" {
		return nil
	}
	return input.Keyf(key, "cost.misclassification sweeps the matrix (0 on the diagonal, k elsewhere, one cell per k), which would replace this one: give the matrix or the sweep, not both")
}

// Cells returns the study's cells in plan order.
func (c *Cost) Cells() []schemas.CostCell { return c.cells }

// Config returns the study's config.
func (c *Cost) Config() *CostConfig { return c.cfg }

// Plan returns the plan: every cell, Repetitions times, keyed
// "<dataset>/k<k>/r<rep>" (k0 for the configured matrix).
func (c *Cost) Plan(seed uint64) flow.Plan {
	keys := make([]string, len(c.cells))
	for i, cell := range c.cells {
		keys[i] = cell.Dataset + "/k" + strconv.FormatFloat(cell.Misclassification, 'g', -1, 64)
	}
	return flow.Plan{Cells: keys, Reps: c.cfg.Repetitions, Seed: seed}
}

// CheckLearners sets the check that every learner takes a dataset's data
// (numeric features, missing values); the import runs it on each dataset
// before anything is written. The pipeline, which holds the learners,
// sets it.
func (c *Cost) CheckLearners(check func(name string, d *dataset.Dataset) error) {
	c.data.learners = check
}

// checkData checks that a dataset can be split: at least one row on each
// side.
func (c *Cost) checkData(spec DatasetSpec, d *dataset.Dataset) error {
	if n := trainRows(d.Len(), c.cfg.Train); n < 1 || n >= d.Len() {
		return input.Keyf("cost.train", "%v of dataset %s's %d rows leaves %d to train and %d to test; want at least one of each", c.cfg.Train, spec.Name, d.Len(), n, d.Len()-n)
	}
	return nil
}

// trainRows is the training rows of a split of n rows: round(share·n).
func trainRows(n int, share float64) int { return int(math.Round(share * float64(n))) }

// ImportNode is the setup node: every dataset imported once.
func (c *Cost) ImportNode() flow.Node { return c.data.importNode() }

// SplitNode sets each task's train/test split (flow.Holdouts), the
// imported rows it holds (flow.HoldoutSource) and its cost model
// (flow.TaskCosts: the dataset's, with the cell's matrix).
// The split is drawn from a generator shared by every cell of the same
// dataset and repetition, so all misclassification costs (and all
// learners) see the same rows, as in Turney's experiments; a staged
// command draws it again.
func (c *Cost) SplitNode() flow.Node {
	run := func(t *flow.Task, bag *schemas.Bag) error {
		rec, rows, m, err := c.Split(t, schemas.ImportedTable.Get(bag))
		if err != nil {
			return err
		}
		flow.Holdouts.Set(bag, []schemas.DatasetRecord{rec})
		flow.HoldoutSource.Set(bag, []flow.HoldoutRows{rows})
		setTaskCosts(bag, m)
		return nil
	}
	return flow.Node{
		Stage:  flow.StageGenerate,
		Reads:  []schemas.Ref{schemas.ImportedTable},
		Writes: []schemas.Ref{flow.Holdouts, flow.HoldoutSource, flow.TaskCosts},
		Run:    run,
		Reload: run,
	}
}

// Split draws task t's split — a random permutation of the dataset's rows,
// the first round(train·n) training, the rest testing, in dataset order —
// and its cost model. It returns the split, the imported rows of its
// training and test rows, and the model.
func (c *Cost) Split(t *flow.Task, imported []schemas.DatasetRecord) (schemas.DatasetRecord, flow.HoldoutRows, *costs.Model, error) {
	fail := func(err error) (schemas.DatasetRecord, flow.HoldoutRows, *costs.Model, error) {
		return schemas.DatasetRecord{}, flow.HoldoutRows{}, nil, err
	}
	cell := c.cells[t.Cell]
	d, err := datasetOf(cell.Dataset, imported)
	if err != nil {
		return fail(err)
	}
	rng := t.SharedRand("split/" + cell.Dataset + "/r" + strconv.Itoa(t.Rep))
	perm := rng.Perm(d.Len())
	n := trainRows(d.Len(), c.cfg.Train)
	train, test := slices.Sorted(slices.Values(perm[:n])), slices.Sorted(slices.Values(perm[n:]))
	all := make([]int, d.NumFeatures())
	for f := range all {
		all[f] = f
	}
	trainSet, err := d.Project(train, all)
	if err != nil {
		return fail(err)
	}
	testSet, err := d.Project(test, all)
	if err != nil {
		return fail(err)
	}
	m, err := c.data.costModel(cell.Dataset, imported)
	if err != nil {
		return fail(err)
	}
	if cell.Misclassification > 0 {
		m = m.WithMatrix(sweptMatrix(d.Classes(), cell.Misclassification))
	}
	rec := schemas.DatasetRecord{DatasetID: t.ID, OracleID: -1, Mode: cell.Dataset, Train: trainSet, Test: testSet}
	return rec, flow.HoldoutRows{Train: train, Test: test}, m, nil
}

// sweptMatrix is the k×k matrix with 0 on its diagonal and cost
// elsewhere.
func sweptMatrix(k int, cost float64) [][]float64 {
	m := costs.DefaultMatrix(k)
	for p := range m {
		for a := range m[p] {
			m[p][a] *= cost
		}
	}
	return m
}

// Inputs returns the files the cost study reads (datasetInputs).
func (c *Cost) Inputs() []flow.Input {
	cells := map[string][]int{}
	for i, cell := range c.cells {
		cells[cell.Dataset] = append(cells[cell.Dataset], i)
	}
	return c.data.inputs(cells)
}

// IgnoredCosts says, one line per dataset, which tests' costs the study
// ignores because the dataset's entry drops their columns (for the log);
// nil when none are.
func (c *Cost) IgnoredCosts() []string { return c.data.ignoredCosts() }
