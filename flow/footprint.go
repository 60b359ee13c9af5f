package flow

import "github.com/dtbench/dtbench/schemas"

// Footprint is a study's estimate of what its plan needs, made before any
// work so that the executor can refuse a config too big to run in bounded
// memory and disk, bound the process's heap, and weigh each task's share
// of the work in the progress it shows. Estimates may be rough but should
// not be low: each figure is checked against measured peaks (pipeline's
// TestFootprintCoversMeasuredPeaks).
type Footprint struct {
	Tasks int64 // tasks in the plan
	// Cell estimates a task of cell i of the plan (Plan.Cells); it is nil
	// while the estimate waits for data the config does not show (the
	// rows of a study's datasets, known once its import has read them),
	// which Pending names.
	Cell    func(i int) TaskFootprint
	Pending string
	// Describe says, for messages, what drives the memory of a task of
	// cell i ("an oracle of 8388607 nodes (depth 22)") and the config
	// keys that set it, the first the most ("oracle.depths,
	// oracle.features").
	Describe func(i int) (what, keys string)
	// Shared is the memory of what every task shares for the whole run
	// (a study's imported datasets), in bytes.
	Shared float64
	// TasksKeys names the config keys that set the number of tasks, for
	// messages.
	TasksKeys string
}

// Estimate returns the study's footprint (see Study.Footprint), or, for a
// study without one, its tasks alone.
func (s *Study) Estimate(shared *schemas.Bag) Footprint {
	if s.Footprint == nil {
		return Footprint{Tasks: s.Plan.Len(), Pending: "the study's estimate, which it does not make"}
	}
	return s.Footprint(shared)
}

// TaskFootprint is the estimate for one task of a cell.
type TaskFootprint struct {
	// Work is the memory, in bytes, the task needs while it is computed:
	// its data, the oracle being drawn, the learners' working memory.
	Work float64
	// Held is the memory of its records from when it is computed until
	// its chunk is written: the oracle, the datasets, the models.
	Held float64
	// Write is the memory the writer needs beside the records while it
	// writes them: the layout of the task's biggest tree.
	Write float64
	// Read is the memory a staged command needs to read the task's
	// records back from the run folder (the tree tables' reader holds
	// about 300 bytes a node while it rebuilds the trees).
	Read float64
	Disk float64 // bytes the task adds to the tables
	// Cost is the task's share of the computing time, in a unit the
	// study's cells share (a weight: only ratios matter).
	Cost float64
}
