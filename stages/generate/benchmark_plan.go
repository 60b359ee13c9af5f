package generate

import (
	"sync"

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
	// selects is, per dataset (config order), how many top attributes its
	// subsets are made of (resolveSelects); cellData, per cell, its
	// dataset's index.
	selects  []int
	cellData []int
	fulls    map[string]string // per dataset, its whole top subset's name (FullSubset)
	// data is the study's datasets, imported once.
	data importSet
	// scenarioRanks caches, per "dataset/scenario", repetition 0's
	// ranking for rank: {per: scenario}.
	scenarioRanks sync.Map
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
	if err := b.resolveSelects(); err != nil {
		return nil, err
	}
	b.fulls = map[string]string{}
	for di, d := range cfg.Datasets {
		n := b.selects[di]
		all := make([]int, n)
		for i := range all {
			all[i] = i + 1
		}
		b.fulls[d.Name] = schemas.SubsetName(all)
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
				b.cellData = append(b.cellData, di)
			}
		}
	}
	return b, nil
}

// FullSubset returns the name of dataset's whole top subset (every one of
// its selected ranks), "" for a dataset the study does not hold.
func (b *Benchmark) FullSubset(dataset string) string { return b.fulls[dataset] }

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

// Inputs returns the files the benchmark study reads (datasetInputs).
func (b *Benchmark) Inputs() []flow.Input {
	cells := map[string][]int{}
	for i, c := range b.cells {
		cells[c.Dataset] = append(cells[c.Dataset], i)
	}
	return b.data.inputs(cells)
}

// IgnoredCosts says, one line per dataset, which tests' costs the study
// ignores because the dataset's entry drops their columns (for the log);
// nil when none are.
func (b *Benchmark) IgnoredCosts() []string { return b.data.ignoredCosts() }
