package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// chunkResult is one computed chunk: its tasks' bags, and their timing
// rows per selected stage, in task order.
type chunkResult struct {
	chunk   flow.Chunk
	bags    []*schemas.Bag
	timings [][]schemas.Timing // per node of r.perTask
}

// chunks computes the chunks of this shard with a worker pool, overlapping
// the writing of one chunk with the computing of the next. Memory holds at
// most two chunks.
func (r *runner) chunks(ctx context.Context, todo []flow.Chunk) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	plan := []any{"todo", len(todo), "workers", r.workers, "shard", r.opts.Shard.String()}
	if r.est.known {
		plan = append(plan, "memory_estimate_bytes", int64(r.est.memory))
	}
	r.log.Info("plan", plan...)
	if p := r.opts.Progress; p != nil {
		tasks, cost := int64(0), 0.0
		reps := int64(r.study.Plan.Reps)
		for _, c := range todo {
			tasks += int64(c.Len)
			// The chunk's tasks, a cell's run at a time.
			for id, end := c.First, c.First+int64(c.Len); id < end; {
				next := min((id/reps+1)*reps, end)
				cost += float64(next-id) * r.taskCost(id)
				id = next
			}
		}
		p.Start(tasks, cost)
		defer p.Finish()
	}
	results := make(chan *chunkResult, 1)
	var writeErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for res := range results {
			if writeErr != nil {
				continue
			}
			if err := r.write(ctx, res); err != nil {
				writeErr = err
				cancel(err)
			}
		}
	}()
	var err error
	for _, c := range todo {
		var res *chunkResult
		res, err = r.compute(ctx, c)
		if err != nil {
			break
		}
		results <- res
	}
	close(results)
	wg.Wait()
	if err == nil {
		err = writeErr
	}
	if err == nil && ctx.Err() != nil {
		err = context.Cause(ctx)
	}
	return err
}

// compute runs the selected per-task nodes on every task of chunk c. When
// ctx is cancelled it returns at once, abandoning the tasks in flight to
// the process's exit.
func (r *runner) compute(ctx context.Context, c flow.Chunk) (*chunkResult, error) {
	tasks := c.Tasks(&r.study.Plan)
	var bags []*schemas.Bag
	err := untilCancelled(ctx, func() (err error) {
		bags, err = r.readInputs(c)
		return err
	})
	if err != nil {
		return nil, err
	}
	res := &chunkResult{chunk: c, bags: bags, timings: make([][]schemas.Timing, len(r.perTask))}
	perTask := make([][][]schemas.Timing, len(tasks)) // task → node → rows
	jobs := make(chan int)
	errs := make(chan error, r.workers)
	var wg sync.WaitGroup
	for range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				ts, err := r.safeTask(&tasks[i], bags[i])
				if err != nil {
					errs <- err
					return
				}
				perTask[i] = ts
				if r.opts.Progress != nil {
					r.opts.Progress.Add(1, r.taskCost(tasks[i].ID))
				}
			}
		}()
	}
	var firstErr error
feed:
	for i := range tasks {
		select {
		case jobs <- i:
		case firstErr = <-errs:
			break feed
		case <-ctx.Done():
			firstErr = context.Cause(ctx)
			break feed
		}
	}
	close(jobs)
	if ctx.Err() != nil {
		// Cancelled (a signal): drop the tasks in flight rather than wait
		// for them; nothing of this chunk is written.
		return nil, context.Cause(ctx)
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
	if firstErr == nil {
		select {
		case firstErr = <-errs:
		default:
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	for _, ts := range perTask {
		for k := range r.perTask {
			res.timings[k] = append(res.timings[k], ts[k]...)
		}
	}
	return res, nil
}

// taskCost is task id's estimated cost, for the progress: its cell's
// (the footprint's), or 1 when the footprint is not known.
func (r *runner) taskCost(id int64) float64 {
	if !r.est.known {
		return 1
	}
	return r.est.cost[id/int64(r.study.Plan.Reps)]
}

// safeTask runs one task and turns a panic into an error naming the task.
func (r *runner) safeTask(t *flow.Task, b *schemas.Bag) (timings [][]schemas.Timing, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("task %d (%s): panic: %v\n%s", t.ID, t.Key, p, debug.Stack())
		}
	}()
	if timings, err = r.task(t, b); err != nil {
		return nil, fmt.Errorf("task %d (%s): %w", t.ID, t.Key, err)
	}
	return timings, nil
}

// task runs the study's nodes on t in pipeline order: the selected ones,
// and the Reload of the producers of memory slots they need. It returns
// each selected node's timing rows: those the node logged, then its own.
func (r *runner) task(t *flow.Task, b *schemas.Bag) ([][]schemas.Timing, error) {
	timings := make([][]schemas.Timing, 0, len(r.perTask))
	for i, n := range r.study.Nodes {
		switch {
		case n.PerRun:
		case slices.Contains(r.stages, n.Stage):
			logged := len(flow.TimingLog.Get(b))
			start := time.Now()
			if err := n.Run(t, b); err != nil {
				return nil, err
			}
			nanos := time.Since(start).Nanoseconds()
			rows := append(slices.Clone(flow.TimingLog.Get(b)[logged:]),
				schemas.Timing{DatasetID: t.ID, Step: n.Stage, Nanos: nanos})
			timings = append(timings, rows)
		case r.reload[i]:
			if err := n.Reload(t, b); err != nil {
				return nil, fmt.Errorf("%s (reload): %w", n.Stage, err)
			}
		}
	}
	return timings, nil
}

// readInputs loads, for a staged command, the chunk's parts of the tables
// the selected nodes read but do not write, into one bag per task.
func (r *runner) readInputs(c flow.Chunk) ([]*schemas.Bag, error) {
	bags := make([]*schemas.Bag, c.Len)
	for i := range bags {
		bags[i] = schemas.NewBag()
		for _, name := range r.shared {
			bags[i].Share(r.sharedBag, name)
		}
	}
	// checkInputs has made sure every part exists and holds its table.
	for _, t := range r.fromDisk {
		path := r.partPath(t, c.Index)
		bagOf, err := chunkBags(path, &r.study.Plan, r.cfg.Chunk, func(c flow.Chunk, id int64) *schemas.Bag { return bags[id-c.First] })
		if err != nil {
			return nil, err
		}
		if err := t.ReadPart(path, bagOf); err != nil {
			return nil, err
		}
	}
	return bags, nil
}

// stageTimings orders one stage's timing rows by task and sums, per task,
// the rows of the stage itself (one per node of the stage) into one: the
// task's time in the stage.
func stageTimings(rows []schemas.Timing, stage string) []schemas.Timing {
	slices.SortStableFunc(rows, func(a, b schemas.Timing) int { return cmp.Compare(a.DatasetID, b.DatasetID) })
	out := rows[:0:0]
	total := map[int64]int{} // task → index of its stage row in out
	for _, t := range rows {
		if t.Learner == "" && t.Step == stage {
			if i, ok := total[t.DatasetID]; ok {
				out[i].Nanos += t.Nanos
				continue
			}
			total[t.DatasetID] = len(out)
		}
		out = append(out, t)
	}
	return out
}

// untilCancelled runs f and returns its error, or ctx's cause as soon as
// ctx is done, abandoning f to the process's exit: for work that writes
// nothing (reading parts, a node's Run, whose tables are written after
// it), so that a signal is honoured at once however long f takes.
func untilCancelled(ctx context.Context, f func() error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// write stores one chunk's parts: the tables the selected per-task nodes
// write, and one timings part per stage (the rows of every node of that
// stage, task by task, nodes in pipeline order). Each part is written to a temporary file
// and renamed, so a killed run leaves only whole parts; the parts are
// independent files, so they are written side by side, and a chunk counts
// as complete only when all of them exist. A cancelled ctx stops the
// parts still being written (leaving no temporary file) and the chunk is
// not recorded.
func (r *runner) write(ctx context.Context, res *chunkResult) error {
	c := res.chunk.Index
	var jobs []func() (schemas.FileInfo, error)
	var stages []string
	byStage := map[string][]schemas.Timing{}
	for k, n := range r.perTask {
		if _, ok := byStage[n.Stage]; !ok {
			stages = append(stages, n.Stage)
		}
		byStage[n.Stage] = append(byStage[n.Stage], res.timings[k]...)
	}
	for _, stage := range stages {
		ts := stageTimings(byStage[stage], stage)
		jobs = append(jobs, func() (schemas.FileInfo, error) { return schemas.WriteTimings(r.timingPath(stage, c), ts, r.stamp()) })
	}
	for _, t := range r.outputs() {
		jobs = append(jobs, func() (schemas.FileInfo, error) { return t.WritePart(ctx, r.partPath(t, c), res.bags, r.stamp()) })
	}
	errs := make([]error, len(jobs))
	infos := make([]schemas.FileInfo, len(jobs))
	var wg sync.WaitGroup
	for i, job := range jobs {
		wg.Add(1)
		go func() { defer wg.Done(); infos[i], errs[i] = job() }()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := r.journal.record(r.dir, infos...); err != nil {
		return err
	}
	r.log.Debug("chunk written", "chunk", c, "tasks", res.chunk.Len)
	return nil
}
