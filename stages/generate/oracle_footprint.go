package generate

import (
	"fmt"

	"github.com/dtbench/dtbench/flow"
)

// Footprint estimates each cell's tasks from the config alone: a task
// holds its oracle (which grows as the product of the domains along its
// paths: depth 22 over binary features is 8.4 million nodes, 168 MB) and
// its dataset (training plus held-out rows), the models of learners
// learners and their predictions of the held-out rows (preds), and needs
// the learners' working memory while it runs.
func (o *OracleConfig) Footprint(learners int, preds Predictions) flow.Footprint {
	fp := flow.Footprint{TasksKeys: "oracle.repetitions, oracle.depths, oracle.sizes, oracle.modes"}
	perDepth := 0
	for _, mode := range o.Modes {
		perDepth += len(o.Sizes[mode])
	}
	cells := float64(perDepth) * float64(len(o.Depths))
	fp.Tasks = int64(min(cells*float64(o.Repetitions), 1<<62))
	if perDepth == 0 {
		return fp
	}
	nodes := make([]float64, len(o.Depths)) // the biggest oracle of each depth
	for i, d := range o.Depths {
		nodes[i] = float64(o.Spec(d).MaxNodes())
	}
	values := 0
	for _, z := range o.Domains {
		values += z
	}
	m := o.Features
	// A dataset row: a code per feature, the (feature, value) bitsets,
	// the label and the rule.
	rowBytes := float64(m) + float64(values)/8 + 8
	fp.Cell = func(i int) flow.TaskFootprint {
		di, j := i/perDepth, i%perDepth
		mode := o.cellMode(j)
		q, oracle := float64(o.cellSize(j)), nodes[di]
		rows := q + float64(o.TestSize)
		leaves := oracle - (oracle-1)/2 // at least half the nodes of a tree whose splits have 2+ children
		learned := learnedNodes(q, o.Domains)
		model := treeBytes(learned, o.Classes, true)
		predHeld, predDisk := preds.bytes(float64(o.TestSize), learners, o.Classes)
		t := flow.TaskFootprint{
			Held:  treeBytes(oracle, 0, false) + rows*rowBytes + float64(learners)*(modelBytes+model) + predHeld + taskBytes,
			Work:  rows*learnerRowBytes(m) + taskBytes,
			Write: oracle * layoutNodeBytes,
			Read:  (oracle+float64(learners)*learned)*readNodeBytes + rows*(rowBytes+readRowBytes*float64(m)),
			Disk:  rows*(float64(values)/8+4) + oracle*diskNodeBytes + predDisk,
			Cost:  nodeNanos*oracle + fitCost(rows, m, learners, 1),
		}
		if mode == ModeUnique {
			t.Work += leaves * ruleBytes
			t.Cost += leaves * ruleNanos
		}
		return t
	}
	fp.Describe = func(i int) (what, keys string) {
		di, q := i/perDepth, o.cellSize(i%perDepth)
		oracle, rows := nodes[di], float64(q)+float64(o.TestSize)
		if oracle*treeNodeBytes > rows*(rowBytes+learnerRowBytes(m)) {
			return fmt.Sprintf("an oracle of %.0f nodes (depth %d)", oracle, o.Depths[di]), "oracle.depths, oracle.features"
		}
		if o.TestSize > q {
			return fmt.Sprintf("%d training and %d held-out rows", q, o.TestSize), "oracle.test_size, oracle.sizes"
		}
		return fmt.Sprintf("%d training and %d held-out rows", q, o.TestSize), "oracle.sizes, oracle.test_size"
	}
	return fp
}

// cellMode and cellSize are the mode and the training size of the j-th
// cell of a depth (the grid's cells are depth, then mode, then size).
func (o *OracleConfig) cellMode(j int) Mode {
	for _, md := range o.Modes {
		if j < len(o.Sizes[md]) {
			return md
		}
		j -= len(o.Sizes[md])
	}
	panic("generate: cell outside the grid")
}

func (o *OracleConfig) cellSize(j int) int {
	for _, md := range o.Modes {
		if j < len(o.Sizes[md]) {
			return o.Sizes[md][j]
		}
		j -= len(o.Sizes[md])
	}
	panic("generate: cell outside the grid")
}
