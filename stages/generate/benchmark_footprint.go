package generate

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// Footprint estimates the benchmark study from the rows of its datasets,
// known once they are imported (pending before: the rows are the data's,
// not the config's): a task holds its sample projected on the selected
// attributes, every fold's models of learners learners and their
// predictions (preds: a cross-validation classifies each row once), and
// needs every fold's learners' working memory while it runs. shared is
// the bag of a staged command's shared tables (the imported datasets), or
// nil.
func (b *Benchmark) Footprint(learners int, preds Predictions, shared *schemas.Bag) flow.Footprint {
	fp := flow.Footprint{TasksKeys: "benchmark.repetitions, benchmark.select, benchmark.datasets"}
	fp.Tasks = int64(len(b.cells)) * int64(b.cfg.Repetitions)
	data := b.data.datasets(shared)
	if data == nil {
		fp.Pending = "the rows of benchmark.datasets"
		return fp
	}
	for _, d := range data {
		fp.Shared += bytesOfDataset(d)
	}
	k := b.cfg.Folds.K
	fits := float64(k * learners)
	// sample returns cell i's dataset (its index in config order), its
	// rows (a scenario's quotas, or the whole dataset) and the key that
	// sets them.
	sample := func(i int) (int, float64, string) {
		c := b.cells[i]
		di := slices.IndexFunc(b.cfg.Datasets, func(s DatasetSpec) bool { return s.Name == c.Dataset })
		spec := b.cfg.Datasets[di]
		for _, s := range spec.Scenarios {
			if s.Name == c.Scenario {
				rows := 0.0
				for _, q := range s.Quotas {
					rows += float64(q.Rows)
				}
				return di, rows, spec.ScenariosKey
			}
		}
		return di, float64(data[di].Len()), fmt.Sprintf("benchmark.datasets[%d]", di)
	}
	fp.Cell = func(i int) flow.TaskFootprint {
		di, rows, _ := sample(i)
		m := b.selects[di]
		d := data[di]
		nodes := learnedNodes(rows, largest(d.Domains(), m))
		predHeld, predDisk := preds.bytes(rows, learners, d.Classes())
		return flow.TaskFootprint{
			Held:  rows*(float64(m)+16) + fits*(modelBytes+treeBytes(nodes, d.Classes(), true)) + predHeld + taskBytes,
			Work:  rows*(float64(k)*learnerRowBytes(m)+64) + taskBytes,
			Write: nodes * layoutNodeBytes,
			Read:  fits*nodes*readNodeBytes + rows*(float64(m)+16)*2,
			Disk:  rows*0.1 + fits*nodes*diskNodeBytes + predDisk,
			Cost:  fitCost(rows, m, learners, k),
		}
	}
	fp.Describe = func(i int) (what, keys string) {
		di, rows, key := sample(i)
		m := b.selects[di]
		return fmt.Sprintf("dataset %s's %.0f rows in %d folds of %d attributes", b.cfg.Datasets[di].Name, rows, k, m),
			"benchmark.folds, " + key + ", " + selectKey(b.cfg.Datasets[di])
	}
	return fp
}
