package generate

import (
	"github.com/dtbench/dtbench/costs"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// Benchmark is the benchmark study's generate stage: its grid of cells,
// the import of its datasets (a setup node) and each task's data (the
// split node). Build it with NewBenchmark.
type Benchmark struct {
	cfg     *BenchmarkConfig
	cells   []schemas.BenchmarkCell
	subsets [][]int // per cell, the ranks (1-based, ascending) of its subset
	// data is the study's datasets, imported once.
	data importSet
}

// NewBenchmark lays out the study's cells in plan order: dataset (config
// order), then scenario (config order; "all" without scenarios), then
// subset in the paper's order (its Table 4: subset #c holds A_j, the j-th
// attribute by gain ratio, when bit select−j of c is set, c = 1 … 2^select
// − 1, so #1 = A5 and #31 = A1…A5 for select = 5), or only the whole top
// set with subsets: top. A subset is named by its ranks
// (schemas.SubsetName: "5th", "1st,2nd,3rd,4th,5th").
//
// defaultCosts is the config's costs section, for the datasets that have
// none of their own (nil for none).
func NewBenchmark(cfg *BenchmarkConfig, defaultCosts *costs.Config) (*Benchmark, error) {
	if err := CheckDatasetCosts("costs", defaultCosts); err != nil {
		return nil, err
	}
	b := &Benchmark{cfg: cfg}
	b.data = importSet{specs: cfg.Datasets, costs: defaultCosts, check: b.checkData}
	n := cfg.Select
	for _, d := range cfg.Datasets {
		scenarios := []string{AllRows}
		if len(d.Scenarios) > 0 {
			scenarios = scenarios[:0]
			for _, s := range d.Scenarios {
				scenarios = append(scenarios, s.Name)
			}
		}
		first := 1
		if d.Subsets == SubsetsTop {
			first = 1<<n - 1
		}
		for _, s := range scenarios {
			for c := first; c < 1<<n; c++ {
				var ranks []int
				for j := 1; j <= n; j++ {
					if c>>(n-j)&1 != 0 {
						ranks = append(ranks, j)
					}
				}
				b.cells = append(b.cells, schemas.BenchmarkCell{Dataset: d.Name, Scenario: s, Subset: schemas.SubsetName(ranks)})
				b.subsets = append(b.subsets, ranks)
			}
		}
	}
	return b, nil
}

// Cells returns the study's cells in plan order.
func (b *Benchmark) Cells() []schemas.BenchmarkCell { return b.cells }

// Plan returns the study's plan: every cell, Repetitions times, each task
// keyed "<dataset>/<scenario>/<subset>/r<rep>".
func (b *Benchmark) Plan(seed uint64) flow.Plan {
	keys := make([]string, len(b.cells))
	for i, c := range b.cells {
		keys[i] = c.Dataset + "/" + c.Scenario + "/" + c.Subset
	}
	return flow.Plan{Cells: keys, Reps: b.cfg.Repetitions, Seed: seed}
}

// Config returns the study's config.
func (b *Benchmark) Config() *BenchmarkConfig { return b.cfg }

// Footprint estimates what the study needs from the config: tasks, and
// rows per task bounded by the scenario quotas (a dataset's rows are not
// known before it is read; without scenarios, 1e6 rows are assumed, which
// the import then checks).
func (b *Benchmark) Footprint() flow.Footprint {
	fp := flow.Footprint{RowsKeys: "benchmark.scenarios, benchmark.datasets", TasksKeys: "benchmark.repetitions, benchmark.select, benchmark.datasets"}
	fp.Tasks = int64(len(b.cells)) * int64(b.cfg.Repetitions)
	fp.MaxRows = 1_000_000
	quotas := int64(0) // the largest scenario
	everyDataset := true
	for _, d := range b.cfg.Datasets {
		everyDataset = everyDataset && len(d.Scenarios) > 0
		for _, s := range d.Scenarios {
			n := 0
			for _, q := range s.Quotas {
				n += q.Rows
			}
			quotas = max(quotas, int64(n))
		}
	}
	if everyDataset {
		fp.MaxRows = quotas
	}
	fp.MeanRows = float64(fp.MaxRows)
	m := float64(b.cfg.Select)
	// A task holds its projected dataset and k folds of learners' work.
	fp.HeldBytes = m + 16
	fp.WorkBytes = float64(b.cfg.Folds.K)*(16*m+100) + 64
	fp.DiskBytes = 0.1 // the datasets are stored once; results are small
	return fp
}
