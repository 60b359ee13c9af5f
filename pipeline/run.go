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

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// Options are the per-invocation settings that do not change results.
type Options struct {
	Out     string       // parent of run folders (default "runs")
	Shard   Shard        // this process's shard (default 0/1)
	Workers int          // overrides Config.Workers when > 0; 0 = config, then all cores
	Resume  bool         // keep complete chunks, redo missing ones
	Version string       // dtbench version for the manifest
	Log     *slog.Logger // progress; nil = discard
}

// Run runs every stage of cfg in memory, writing each chunk's tables, and
// then the report when this is the only shard.
func Run(ctx context.Context, cfg *Config, opts Options) (string, error) {
	stages := selection{StageGenerate, StageTrain, StageEvaluate}
	if opts.Shard.Count <= 1 {
		stages = append(stages, StageReport)
	}
	return execute(ctx, cfg, opts, stages)
}

// RunStage runs one stage over the run folder of cfg, reading its inputs
// from the tables earlier stages wrote there.
func RunStage(ctx context.Context, cfg *Config, opts Options, stage string) (string, error) {
	for _, d := range stageDecls {
		if d.name == stage {
			return execute(ctx, cfg, opts, selection{stage})
		}
	}
	return "", fmt.Errorf("pipeline: unknown stage %q", stage)
}

func execute(ctx context.Context, cfg *Config, opts Options, stages selection) (string, error) {
	if err := checkWiring(stageDecls); err != nil {
		return "", err
	}
	if opts.Shard.Count == 0 {
		opts.Shard = Shard{0, 1}
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
	ls, err := newLearnerSet(cfg)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(opts.Out, cfg.Name)
	if err := checkDir(dir, cfg, stages); err != nil {
		return dir, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = cfg.Workers
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	r := &runner{cfg: cfg, opts: opts, dir: dir, stages: stages, ls: ls, workers: workers, log: log}
	todo := r.todo()
	if err := r.checkInputs(todo); err != nil {
		return dir, err
	}
	if err := createDir(dir, cfg, opts); err != nil {
		return dir, err
	}
	start := time.Now()
	if stages.has(StageGenerate) || stages.has(StageTrain) || stages.has(StageEvaluate) {
		if err := r.chunks(ctx, todo); err != nil {
			return dir, err
		}
	}
	if stages.has(StageReport) {
		if err := writeReport(dir, cfg, opts.Version); err != nil {
			return dir, err
		}
	}
	if err := writeManifest(dir, cfg, opts); err != nil {
		return dir, err
	}
	log.Info("done", "run", dir, "stages", []string(stages), "seconds", time.Since(start).Seconds())
	return dir, nil
}

type runner struct {
	cfg     *Config
	opts    Options
	dir     string
	stages  selection
	ls      *learnerSet
	workers int
	log     *slog.Logger
}

// chunkResult holds one chunk's tables in task order.
type chunkResult struct {
	chunk   Chunk
	oracles []schemas.TreeRecord
	data    []schemas.DatasetRecord
	models  []schemas.ModelRecord
	evals   []schemas.Evaluation
	timings map[string][]schemas.Timing // by stage
}

// chunks computes the chunks of this shard with a worker pool, overlapping
// the writing of one chunk with the computing of the next. Memory holds at
// most two chunks.
func (r *runner) chunks(ctx context.Context, todo []Chunk) error {
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

// todo returns the chunks of this shard that must be computed: all of
// them, or with --resume those whose parts are not all there.
func (r *runner) todo() []Chunk {
	var todo []Chunk
	if !r.stages.has(StageGenerate) && !r.stages.has(StageTrain) && !r.stages.has(StageEvaluate) {
		return nil
	}
	for _, c := range Chunks(Plan(r.cfg), r.cfg.Chunk, r.opts.Shard) {
		if r.opts.Resume && r.complete(c) {
			continue
		}
		todo = append(todo, c)
	}
	return todo
}

// checkInputs checks, from their footers, every input part the chunks to
// do will read, so that a missing, foreign or unreadable part stops a
// staged command before it writes anything.
func (r *runner) checkInputs(todo []Chunk) error {
	for _, c := range todo {
		for _, table := range r.stages.needsFromDisk() {
			path := r.partPath(table, c.Index)
			if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
				return &input.Error{File: path, Err: fmt.Errorf("missing; run the stage that writes %s first", table)}
			}
			if err := schemas.CheckTable(path, table); err != nil {
				return err
			}
		}
	}
	return nil
}

// complete reports whether every part the selected stages write for c,
// timings included, exists.
func (r *runner) complete(c Chunk) bool {
	for _, table := range r.stages.chunkOutputs() {
		if _, err := os.Stat(r.partPath(table, c.Index)); err != nil {
			return false
		}
	}
	for _, stage := range r.stages {
		if stage == StageReport {
			continue
		}
		if _, err := os.Stat(r.timingPath(stage, c.Index)); err != nil {
			return false
		}
	}
	return true
}

func (r *runner) partPath(table string, chunk int) string {
	return filepath.Join(r.dir, filepath.FromSlash(table), fmt.Sprintf("part-%d-%05d.parquet", r.opts.Shard.Index, chunk))
}

func (r *runner) timingPath(stage string, chunk int) string {
	return filepath.Join(r.dir, filepath.FromSlash(schemas.Timings), fmt.Sprintf("part-%d-%05d-%s.parquet", r.opts.Shard.Index, chunk, stage))
}

// taskInputs are the tables a task reads from disk in a staged command.
type taskInputs struct {
	oracle *schemas.TreeRecord
	data   *schemas.DatasetRecord
	models map[string]*schemas.ModelRecord
}

// taskOutput is everything one task produced.
type taskOutput struct {
	gen     generated
	fits    []fitted
	models  []schemas.ModelRecord
	evals   []schemas.Evaluation
	timings map[string][]schemas.Timing
}

func (r *runner) compute(ctx context.Context, c Chunk) (*chunkResult, error) {
	inputs, err := r.readInputs(c)
	if err != nil {
		return nil, err
	}
	outs := make([]taskOutput, len(c.Tasks))
	jobs := make(chan int)
	errs := make(chan error, r.workers)
	var wg sync.WaitGroup
	for range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if err := r.safeTask(c.Tasks[i], inputs[i], &outs[i]); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	var firstErr error
feed:
	for i := range c.Tasks {
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
	res := &chunkResult{chunk: c, timings: map[string][]schemas.Timing{}}
	for _, o := range outs {
		if r.stages.has(StageGenerate) {
			res.oracles = append(res.oracles, o.gen.oracle)
			res.data = append(res.data, o.gen.data)
		}
		res.models = append(res.models, o.models...)
		res.evals = append(res.evals, o.evals...)
		for stage, ts := range o.timings {
			res.timings[stage] = append(res.timings[stage], ts...)
		}
	}
	return res, nil
}

// safeTask runs one task and turns a panic into an error naming the task.
func (r *runner) safeTask(t Task, in taskInputs, out *taskOutput) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("task %d (%s): panic: %v\n%s", t.ID, t.Key, p, debug.Stack())
		}
	}()
	if err := r.task(t, in, out); err != nil {
		return fmt.Errorf("task %d (%s): %w", t.ID, t.Key, err)
	}
	return nil
}

func (r *runner) task(t Task, in taskInputs, out *taskOutput) error {
	out.timings = map[string][]schemas.Timing{}
	if r.stages.has(StageGenerate) {
		start := time.Now()
		g, err := generateTask(r.cfg, t)
		if err != nil {
			return err
		}
		out.gen = g
		out.timings[StageGenerate] = []schemas.Timing{{DatasetID: t.ID, Step: StageGenerate, Nanos: time.Since(start).Nanoseconds()}}
		in.oracle, in.data = &g.oracle, &g.data
	}
	if !r.stages.has(StageTrain) && !r.stages.has(StageEvaluate) {
		return nil
	}
	var fits []fitted
	if r.stages.has(StageTrain) {
		var err error
		if fits, err = trainTask(r.cfg, r.ls, t, in.data.Train); err != nil {
			return err
		}
		out.models = modelRecords(r.ls, t, fits)
		for i, f := range fits {
			if f.model != nil {
				out.timings[StageTrain] = append(out.timings[StageTrain], schemas.Timing{DatasetID: t.ID, Learner: r.ls.configs[i].Name, Step: "fit", Nanos: f.nanos})
			}
		}
	} else {
		var err error
		if fits, err = r.loadFits(t, in); err != nil {
			return err
		}
	}
	if r.stages.has(StageEvaluate) {
		start := time.Now()
		evals, err := evaluateTask(r.cfg, r.ls, t, in.oracle.Tree, *in.data, fits)
		if err != nil {
			return err
		}
		out.evals = evals
		out.timings[StageEvaluate] = []schemas.Timing{{DatasetID: t.ID, Step: StageEvaluate, Nanos: time.Since(start).Nanoseconds()}}
	}
	return nil
}

// loadFits rebuilds a task's fitted models in the staged evaluate: tree
// models come from the models table; learners whose models are not trees
// (and so not stored) are refitted, which is deterministic.
func (r *runner) loadFits(t Task, in taskInputs) ([]fitted, error) {
	fits := make([]fitted, len(r.ls.learners))
	for i, lc := range r.ls.configs {
		if !r.ls.runs(i, t) {
			continue
		}
		if m, ok := in.models[lc.Name]; ok {
			fits[i] = fitted{model: loadedModel(m)}
			continue
		}
		m, err := r.ls.learners[i].Fit(in.data.Train, in.data.Train.All(), LearnerRand(r.cfg.Seed, t.Key, lc.Name))
		if err != nil {
			return nil, fmt.Errorf("refit %s: %w", lc.Name, err)
		}
		if _, isTree := m.(train.TreeModel); isTree {
			return nil, fmt.Errorf("models table has no %s tree for dataset %d; run train first", lc.Name, t.ID)
		}
		fits[i] = fitted{model: m}
	}
	return fits, nil
}

// readInputs loads, for a staged command, the chunk's parts of the tables
// the selected stages read but do not write.
func (r *runner) readInputs(c Chunk) ([]taskInputs, error) {
	inputs := make([]taskInputs, len(c.Tasks))
	need := r.stages.needsFromDisk()
	if len(need) == 0 {
		return inputs, nil
	}
	first := c.Tasks[0].ID
	index := func(id int64) (int, error) {
		i := int(id - first)
		if i < 0 || i >= len(c.Tasks) {
			return 0, fmt.Errorf("id %d outside chunk %d (tasks %d..%d)", id, c.Index, first, first+int64(len(c.Tasks))-1)
		}
		return i, nil
	}
	// checkInputs has made sure every part exists and holds its table.
	for _, table := range need {
		path := r.partPath(table, c.Index)
		var err error
		switch table {
		case schemas.Oracles:
			var recs []schemas.TreeRecord
			if recs, err = schemas.ReadOracles(path); err == nil {
				err = place(recs, index, func(r *schemas.TreeRecord) int64 { return r.ID },
					func(i int, r *schemas.TreeRecord) { inputs[i].oracle = r })
			}
		case schemas.Datasets:
			var recs []schemas.DatasetRecord
			if recs, err = schemas.ReadDatasets(path); err == nil {
				err = place(recs, index, func(r *schemas.DatasetRecord) int64 { return r.DatasetID },
					func(i int, r *schemas.DatasetRecord) { inputs[i].data = r })
			}
		case schemas.Models:
			var recs []schemas.ModelRecord
			if recs, err = schemas.ReadModels(path); err == nil {
				err = place(recs, index, func(r *schemas.ModelRecord) int64 { return r.DatasetID },
					func(i int, r *schemas.ModelRecord) {
						if inputs[i].models == nil {
							inputs[i].models = map[string]*schemas.ModelRecord{}
						}
						inputs[i].models[r.Learner] = r
					})
			}
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
	}
	for i, t := range c.Tasks {
		if (slices.Contains(need, schemas.Oracles) && inputs[i].oracle == nil) || (slices.Contains(need, schemas.Datasets) && inputs[i].data == nil) {
			return nil, fmt.Errorf("chunk %d: task %d (%s) is missing from the input parts", c.Index, t.ID, t.Key)
		}
	}
	return inputs, nil
}

// place hands each record of a chunk's part to put, with the position in
// the chunk of the task its id names.
func place[R any](recs []R, index func(int64) (int, error), id func(*R) int64, put func(int, *R)) error {
	for k := range recs {
		i, err := index(id(&recs[k]))
		if err != nil {
			return err
		}
		put(i, &recs[k])
	}
	return nil
}

// write stores one chunk's parts; each is written to a temporary file and
// renamed, so a killed run leaves only whole parts.
func (r *runner) write(res *chunkResult) error {
	c := res.chunk.Index
	var jobs []func() error
	for _, stage := range []string{StageGenerate, StageTrain, StageEvaluate} {
		if r.stages.has(stage) {
			ts := res.timings[stage]
			jobs = append(jobs, func() error { _, err := schemas.WriteTimings(r.timingPath(stage, c), ts); return err })
		}
	}
	if r.stages.has(StageGenerate) {
		jobs = append(jobs,
			func() error { _, err := schemas.WriteOracles(r.partPath(schemas.Oracles, c), res.oracles); return err },
			func() error { _, err := schemas.WriteDatasets(r.partPath(schemas.Datasets, c), res.data); return err })
	}
	if r.stages.has(StageTrain) {
		jobs = append(jobs, func() error { _, err := schemas.WriteModels(r.partPath(schemas.Models, c), res.models); return err })
	}
	if r.stages.has(StageEvaluate) {
		jobs = append(jobs, func() error {
			_, err := schemas.WriteEvaluations(r.partPath(schemas.Evaluations, c), res.evals)
			return err
		})
	}
	// The parts are independent files, each renamed into place when whole,
	// so they are written side by side; a chunk counts as complete only
	// when all of them exist.
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
	r.log.Debug("chunk written", "chunk", c, "tasks", len(res.chunk.Tasks))
	return nil
}
