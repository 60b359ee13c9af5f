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
	"github.com/dtbench/dtbench/internal/decode"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/generate/importer"
)

// CostSection is the cost study's config section cost.* as written (its
// datasets' test costs are their costs sections, or the config's).
type CostSection struct {
	Datasets   []any                   `mapstructure:"datasets"`
	Discretize importer.Discretization `mapstructure:"discretize"`
	Missing    string                  `mapstructure:"missing"`
	// Train is the share of a dataset's rows in each training split; the
	// rest test.
	Train float64 `mapstructure:"train"`
	// Repetitions is the number of random train/test splits per dataset.
	Repetitions int `mapstructure:"repetitions"`
	// Misclassification lists the costs k of a wrong guess swept over: the
	// matrix with 0 on its diagonal and k elsewhere, one cell each. Empty:
	// one cell with the costs section's matrix.
	Misclassification []any `mapstructure:"misclassification"`
}

// DefaultCostSection returns Turney's protocol's defaults: 2/3 of the rows
// train, 10 splits, the datasets' own matrices.
func DefaultCostSection() CostSection {
	return CostSection{Discretize: importer.Discretization{Method: importer.EqualFrequency, Bins: importer.DefaultBins},
		Missing: importer.MissingCategory, Train: 2.0 / 3, Repetitions: 10}
}

// CostConfig is the cost study, resolved.
type CostConfig struct {
	Datasets    []DatasetSpec `json:"datasets"`
	Train       float64       `json:"train"`
	Repetitions int           `json:"repetitions"`
	// Misclassification is the swept k; nil for the configured matrix
	// alone (the cell's misclassification 0).
	Misclassification []float64 `json:"misclassification,omitempty"`
}

// Resolve checks the section; relative paths are relative to dir.
func (r CostSection) Resolve(dir string) (*CostConfig, error) {
	if err := importer.CheckBins("cost.discretize.bins", r.Discretize.Bins); err != nil {
		return nil, err
	}
	specs, entries, err := resolveDatasets("cost.datasets", r.Datasets, importer.Options{Discretize: r.Discretize, Missing: r.Missing}, dir)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		if e.Scenarios != nil || e.Subsets != "" {
			return nil, input.Keyf(fmt.Sprintf("cost.datasets[%d]", i), "scenarios and subsets are the benchmark study's; the cost study splits each dataset whole")
		}
	}
	c := &CostConfig{Datasets: specs, Train: r.Train, Repetitions: r.Repetitions}
	for i, raw := range r.Misclassification {
		k, ok := decode.Float(raw)
		if !ok || !(k > 0) || math.IsInf(k, 0) {
			return nil, input.Keyf(fmt.Sprintf("cost.misclassification[%d]", i), "want a finite cost > 0, got %v", raw)
		}
		if slices.Contains(c.Misclassification, k) {
			return nil, input.Keyf(fmt.Sprintf("cost.misclassification[%d]", i), "%v listed twice", k)
		}
		c.Misclassification = append(c.Misclassification, k)
	}
	switch {
	case !(c.Train > 0 && c.Train < 1):
		return nil, input.Keyf("cost.train", "want the share of rows that train, in (0, 1), got %v", c.Train)
	case c.Repetitions < 1:
		return nil, input.Keyf("cost.repetitions", "must be >= 1, got %d", c.Repetitions)
	}
	return c, nil
}

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
