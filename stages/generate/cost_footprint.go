package generate

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// Footprint estimates the cost study from the rows of its datasets, known
// once they are imported (pending before): a task holds its split of a
// dataset, the models of learners learners and their predictions of the
// split's test rows (preds).
func (c *Cost) Footprint(learners int, preds Predictions, shared *schemas.Bag) flow.Footprint {
	fp := flow.Footprint{TasksKeys: "cost.repetitions, cost.misclassification, cost.datasets"}
	fp.Tasks = int64(len(c.cells)) * int64(c.cfg.Repetitions)
	data := c.data.datasets(shared)
	if data == nil {
		fp.Pending = "the rows of cost.datasets"
		return fp
	}
	for _, d := range data {
		fp.Shared += bytesOfDataset(d)
	}
	dataOf := func(i int) (int, *dataset.Dataset) {
		di := slices.IndexFunc(c.cfg.Datasets, func(s DatasetSpec) bool { return s.Name == c.cells[i].Dataset })
		return di, data[di]
	}
	fp.Cell = func(i int) flow.TaskFootprint {
		_, d := dataOf(i)
		rows, m := float64(d.Len()), d.NumFeatures()
		nodes := learnedNodes(rows, d.Domains())
		tested := float64(d.Len() - trainRows(d.Len(), c.cfg.Train)) // the split's test rows
		predHeld, predDisk := preds.bytes(tested, learners, d.Classes())
		return flow.TaskFootprint{
			Held:  rows*32 + float64(learners)*(modelBytes+treeBytes(nodes, d.Classes(), true)) + predHeld + taskBytes,
			Work:  rows*learnerRowBytes(m) + taskBytes,
			Write: nodes * layoutNodeBytes,
			Read:  float64(learners)*nodes*readNodeBytes + rows*64,
			Disk:  rows*0.1 + float64(learners)*nodes*diskNodeBytes + predDisk,
			Cost:  fitCost(rows, m, learners, 1),
		}
	}
	fp.Describe = func(i int) (what, keys string) {
		di, d := dataOf(i)
		return fmt.Sprintf("dataset %s's %d rows", c.cfg.Datasets[di].Name, d.Len()), fmt.Sprintf("cost.datasets[%d]", di)
	}
	return fp
}
