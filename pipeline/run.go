package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Shard is a process's share of the chunks; see flow.Shard.
type Shard = flow.Shard

// Options are the per-invocation settings that do not change results.
type Options struct {
	Out     string       // parent of run folders (default "runs")
	Shard   Shard        // this process's shard (default 0/1)
	Workers int          // overrides Config.Workers when > 0; 0 = config, then all cores
	Resume  bool         // keep complete chunks, redo missing ones
	Version string       // dtbench version for the manifest
	Log     *slog.Logger // progress; nil = discard
}

// Run runs every stage of cfg's study in memory, writing each chunk's
// tables, and then the report when this is the only shard.
func Run(ctx context.Context, cfg *Config, opts Options) (string, error) {
	stages := []string{flow.StageGenerate, flow.StageTrain, flow.StageEvaluate}
	if opts.Shard.Count <= 1 {
		stages = append(stages, flow.StageReport)
	}
	return execute(ctx, cfg, opts, stages)
}

// RunStage runs one stage over the run folder of cfg, reading its inputs
// from the tables earlier stages wrote there.
func RunStage(ctx context.Context, cfg *Config, opts Options, stage string) (string, error) {
	if !slices.Contains(flow.Stages, stage) {
		return "", fmt.Errorf("pipeline: unknown stage %q", stage)
	}
	return execute(ctx, cfg, opts, []string{stage})
}

// runner is the executor of one command: the selected nodes of a study
// over the chunks of one shard. It holds no stage code: what a task does
// is its nodes'; what is read and written is their slots'.
type runner struct {
	cfg      *Config
	opts     Options
	dir      string
	study    *flow.Study
	stages   []string
	perTask  []flow.Node      // selected per-task nodes, in order
	perRun   []flow.Node      // selected per-run nodes, in order
	reload   map[int]bool     // indexes of unselected producers whose memory slots are rebuilt
	fromDisk []schemas.Stored // per-chunk tables the per-task nodes read from the run folder
	// readsDisk: the command reads tables it does not write, so the run
	// folder must exist
	readsDisk bool
	workers   int
	log       *slog.Logger
}

func execute(ctx context.Context, cfg *Config, opts Options, stages []string) (string, error) {
	if opts.Shard.Count == 0 {
		opts.Shard = Shard{Index: 0, Count: 1}
	}
	if opts.Shard.Index < 0 || opts.Shard.Index >= opts.Shard.Count {
		return "", fmt.Errorf("shard %s: index outside 0..%d", opts.Shard, opts.Shard.Count-1)
	}
	if opts.Out == "" {
		opts.Out = "runs"
	}
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// Everything that can reject the input happens before the run folder is touched.
	if err := cfg.Validate(); err != nil {
		return "", err
	}
	build, ok := studies[cfg.Study]
	if !ok {
		return "", input.Keyf("study", "%q is not supported", cfg.Study)
	}
	study, err := build(cfg, opts.Version)
	if err != nil {
		return "", err
	}
	r := &runner{cfg: cfg, opts: opts, study: study, stages: stages, log: log}
	if err := r.wire(); err != nil {
		return "", err
	}
	r.dir = filepath.Join(opts.Out, cfg.Name)
	if err := checkDir(r.dir, cfg, r.readsDisk); err != nil {
		return r.dir, err
	}
	r.workers = opts.Workers
	if r.workers <= 0 {
		r.workers = cfg.Workers
	}
	if r.workers <= 0 {
		r.workers = runtime.NumCPU()
	}
	todo := r.todo()
	if err := r.checkInputs(todo); err != nil {
		return r.dir, err
	}
	if err := createDir(r.dir, cfg, opts); err != nil {
		return r.dir, err
	}
	start := time.Now()
	if len(r.perTask) > 0 {
		if err := r.chunks(ctx, todo); err != nil {
			return r.dir, err
		}
	}
	for _, n := range r.perRun {
		if err := r.runOnce(n); err != nil {
			return r.dir, err
		}
	}
	if err := writeManifest(r.dir, cfg, opts); err != nil {
		return r.dir, err
	}
	log.Info("done", "run", r.dir, "stages", stages, "seconds", time.Since(start).Seconds())
	return r.dir, nil
}

// wire checks the graph of the nodes this command runs and sorts them.
func (r *runner) wire() error {
	fromDisk, reload, err := r.study.CheckWiring(r.stages)
	if err != nil {
		return err
	}
	r.readsDisk = len(fromDisk) > 0
	r.reload = map[int]bool{}
	var taskReads []schemas.Ref // what the per-task and reloaded nodes read
	for i, n := range r.study.Nodes {
		switch {
		case slices.Contains(r.stages, n.Stage) && n.PerRun:
			r.perRun = append(r.perRun, n)
		case slices.Contains(r.stages, n.Stage):
			r.perTask = append(r.perTask, n)
			taskReads = append(taskReads, n.Reads...)
		case slices.Contains(reload, i):
			r.reload[i] = true
			taskReads = append(taskReads, n.Reads...)
			taskReads = append(taskReads, n.Writes...)
		}
	}
	for _, t := range fromDisk {
		if !t.Single() && slices.ContainsFunc(taskReads, func(ref schemas.Ref) bool { return ref.Name() == t.Name() }) {
			r.fromDisk = append(r.fromDisk, t)
		}
	}
	return nil
}

// todo returns the chunks of this shard that must be computed: all of
// them, or with --resume those whose parts are not all there.
func (r *runner) todo() []flow.Chunk {
	if len(r.perTask) == 0 {
		return nil
	}
	var todo []flow.Chunk
	plan := &r.study.Plan
	for i := range plan.Chunks(r.cfg.Chunk) {
		if !r.opts.Shard.Owns(i) {
			continue
		}
		c := plan.Chunk(i, r.cfg.Chunk)
		if r.opts.Resume && r.complete(c) {
			continue
		}
		todo = append(todo, c)
	}
	return todo
}

// outputs returns the per-chunk tables the selected per-task nodes write.
func (r *runner) outputs() []schemas.Stored {
	var out []schemas.Stored
	for _, n := range r.perTask {
		for _, w := range n.Writes {
			if t, ok := w.(schemas.Stored); ok && !t.Single() {
				out = append(out, t)
			}
		}
	}
	return out
}

// checkInputs checks, from their footers, every input part the chunks to
// do will read, so that a missing, foreign or unreadable part stops a
// staged command before it writes anything.
func (r *runner) checkInputs(todo []flow.Chunk) error {
	for _, c := range todo {
		for _, t := range r.fromDisk {
			path := r.partPath(t, c.Index)
			if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
				return &input.Error{File: path, Err: fmt.Errorf("missing; run the stage that writes %s first", t.Name())}
			}
			if err := t.Check(path); err != nil {
				return err
			}
		}
	}
	return nil
}

// complete reports whether every part the selected stages write for c,
// timings included, exists.
func (r *runner) complete(c flow.Chunk) bool {
	for _, t := range r.outputs() {
		if _, err := os.Stat(r.partPath(t, c.Index)); err != nil {
			return false
		}
	}
	for _, n := range r.perTask {
		if _, err := os.Stat(r.timingPath(n.Stage, c.Index)); err != nil {
			return false
		}
	}
	return true
}

func (r *runner) partPath(t schemas.Stored, chunk int) string {
	return filepath.Join(r.dir, filepath.FromSlash(t.Name()), fmt.Sprintf("part-%d-%05d.parquet", r.opts.Shard.Index, chunk))
}

func (r *runner) timingPath(stage string, chunk int) string {
	return filepath.Join(r.dir, filepath.FromSlash(schemas.Timings), fmt.Sprintf("part-%d-%05d-%s.parquet", r.opts.Shard.Index, chunk, stage))
}

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
	r.log.Info("plan", "todo", len(todo), "workers", r.workers, "shard", r.opts.Shard.String())
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
			if err := r.write(res); err != nil {
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

// compute runs the selected per-task nodes on every task of chunk c.
func (r *runner) compute(ctx context.Context, c flow.Chunk) (*chunkResult, error) {
	tasks := c.Tasks(&r.study.Plan)
	bags, err := r.readInputs(c)
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
	wg.Wait()
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
			logged := len(schemas.TimingLog.Get(b))
			start := time.Now()
			if err := n.Run(t, b); err != nil {
				return nil, err
			}
			nanos := time.Since(start).Nanoseconds()
			rows := append(slices.Clone(schemas.TimingLog.Get(b)[logged:]),
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
	}
	bagOf := func(id int64) (*schemas.Bag, error) {
		i := id - c.First
		if i < 0 || i >= int64(c.Len) {
			return nil, fmt.Errorf("id %d outside chunk %d (tasks %d..%d)", id, c.Index, c.First, c.First+int64(c.Len)-1)
		}
		return bags[i], nil
	}
	// checkInputs has made sure every part exists and holds its table.
	for _, t := range r.fromDisk {
		if err := t.ReadPart(r.partPath(t, c.Index), bagOf); err != nil {
			return nil, err
		}
	}
	return bags, nil
}

// write stores one chunk's parts: the tables the selected per-task nodes
// write, and each node's timings. Each part is written to a temporary file
// and renamed, so a killed run leaves only whole parts; the parts are
// independent files, so they are written side by side, and a chunk counts
// as complete only when all of them exist.
func (r *runner) write(res *chunkResult) error {
	c := res.chunk.Index
	var jobs []func() error
	for k, n := range r.perTask {
		ts := res.timings[k]
		jobs = append(jobs, func() error { _, err := schemas.WriteTimings(r.timingPath(n.Stage, c), ts); return err })
	}
	for _, t := range r.outputs() {
		jobs = append(jobs, func() error { _, err := t.WritePart(r.partPath(t, c), res.bags); return err })
	}
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for i, job := range jobs {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = job() }()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	r.log.Debug("chunk written", "chunk", c, "tasks", res.chunk.Len)
	return nil
}

// runOnce runs a per-run node: every part of the tables it reads (all
// shards) in one bag, in task order, then its single-file outputs.
func (r *runner) runOnce(n flow.Node) error {
	b := schemas.NewBag()
	all := func(int64) (*schemas.Bag, error) { return b, nil }
	for _, ref := range n.Reads {
		t, ok := ref.(schemas.Stored)
		if !ok {
			return fmt.Errorf("pipeline: %s reads %s, which is not a table", n.Stage, ref.Name())
		}
		parts, err := filepath.Glob(filepath.Join(r.dir, filepath.FromSlash(t.Name()), "part-*.parquet"))
		if err != nil {
			return err
		}
		if len(parts) == 0 {
			return &input.Error{File: filepath.Join(r.dir, filepath.FromSlash(t.Name())),
				Err: fmt.Errorf("no parts; run the stage that writes %s first", t.Name())}
		}
		for _, p := range parts {
			if err := t.ReadPart(p, all); err != nil {
				return err
			}
		}
		t.SortByTask(b)
	}
	if err := n.Run(nil, b); err != nil {
		return err
	}
	for _, ref := range n.Writes {
		t, ok := ref.(schemas.Stored)
		if !ok || !t.Single() {
			return fmt.Errorf("pipeline: %s writes %s, which is not a single-file table", n.Stage, ref.Name())
		}
		if _, err := t.WritePart(filepath.Join(r.dir, filepath.FromSlash(t.File())), []*schemas.Bag{b}); err != nil {
			return err
		}
	}
	return nil
}
