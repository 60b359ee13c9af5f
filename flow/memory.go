package flow

import (
	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/schemas"
)

// The memory slots: what the nodes of one command hand each other and no
// table holds. A node lists them among its Reads and Writes like the
// tables of the catalog (package schemas), and the executor checks their
// wiring alike; a command that does not run a slot's producer gets the
// slot from the producer's Reload (Node), which rebuilds it from the
// producer's tables and inputs.
var (
	// Splits is a benchmark task's data (Split), from generate to train
	// and evaluate; a staged command draws it again.
	Splits = schemas.NewSlot[Split]("splits")
	// Holdouts is a cost-study task's train/test split of its dataset,
	// from generate to train and evaluate; a staged command draws it
	// again.
	Holdouts = schemas.NewSlot[schemas.DatasetRecord]("holdouts")
	// HoldoutSource is the rows of the imported dataset that a holdout
	// task's split holds (HoldoutRows), from generate to evaluate.
	HoldoutSource = schemas.NewSlot[HoldoutRows]("holdout-rows")
	// TaskCosts is a task's cost model (config costs), from generate to
	// train (the cost-sensitive learners) and evaluate (avg_cost); empty
	// without costs. A staged command computes it again.
	TaskCosts = schemas.NewSlot[costs.Model]("costs")
	// Fits is the learners' models of a task (Fit), from train to
	// evaluate: their trees are in schemas.ModelTable.
	Fits = schemas.NewSlot[Fit]("fits")
	// TimingLog is the wall-clock rows a node adds for its task (a fit per
	// learner, say). The executor adds a row per node and writes them to
	// results/timings (schemas.Timings), one part per stage and chunk.
	TimingLog = schemas.NewSlot[schemas.Timing]("timings")
	// MissingChunks lists, for a per-run node allowed to read a partial
	// run (--allow-partial), the chunks whose parts are missing.
	MissingChunks = schemas.NewSlot[int]("missing-chunks")
	// RunInfo is what the executor tells a per-run node about the run
	// (cores, workers, task times): one RunStats.
	RunInfo = schemas.NewSlot[RunStats]("run-info")
)

// CostsOf returns the task's cost model in b (TaskCosts), nil without one.
func CostsOf(b *schemas.Bag) *costs.Model {
	if ms := TaskCosts.Get(b); len(ms) > 0 {
		return &ms[0]
	}
	return nil
}

// HoldoutRows is a holdout task's rows of its imported dataset (the cost
// study's split): the imported rows of the split's Train and Test rows,
// in their order (ascending).
type HoldoutRows struct {
	Train, Test []int
}

// RunStats is what the executor tells a per-run node (the report) about
// the run, for the reader: none of it reaches a deterministic table.
type RunStats struct {
	Cores   int // logical CPUs of the machine running the node
	Workers int // workers of this command
	// Stages are the wall-clock times of the run's tasks per stage, from
	// results/timings (every shard's, summed), in stage order.
	Stages []StageTime
	// Skipped counts the timings parts left out because no record of the
	// run folder vouches for them.
	Skipped int
	// CommandNanos is the wall-clock time of this command until the node
	// started.
	CommandNanos int64
}

// StageTime is the time a stage's tasks took: the sum over tasks of each
// task's wall-clock time in that stage.
type StageTime struct {
	Stage string
	Tasks int64
	Nanos int64
}
