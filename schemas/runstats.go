package schemas

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
