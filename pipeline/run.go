package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// Shard is a process's share of the chunks; see flow.Shard.
type Shard = flow.Shard

// Options are the per-invocation settings that do not change results.
type Options struct {
	Out     string // parent of run folders (default "runs")
	Shard   Shard  // this process's shard (default 0/1)
	Workers int    // overrides Config.Workers when > 0; 0 = config, then all cores
	Resume  bool   // keep complete chunks, redo missing ones
	// RecomputeChanged lets a command go on over a folder whose results
	// were computed from other inputs than it reads now (a dataset, names
	// or cost file changed, an adapter's version): it deletes its own
	// files that depend on a changed input and computes their chunks
	// again. Without it such a command is refused (see reconcile).
	RecomputeChanged bool
	// AllowPartial lets a per-run node (the report) read a table some of
	// whose chunks are missing; the report then says so on its first line.
	AllowPartial bool
	Version      string       // dtbench version for the manifest and every table file's created_by
	Log          *slog.Logger // what the run did, and external adapters' stderr; nil = discard
	// Learners are the learners the config may name: nil means
	// train.Builtin (see LoadOptions.Learners).
	Learners *train.Registry
	// Progress, when not nil, hears of the per-task work as it goes: Start
	// with the tasks this command computes (resumed chunks left out), Add
	// as each task finishes (from any worker), Finish at the end.
	Progress Progress
	// HeapLimit, when not nil, is told the estimate of the command's peak
	// memory, in bytes, before its tasks run (the footprint's, see
	// checkFootprint), so that the caller can bound the heap by it.
	HeapLimit func(bytes int64)
}

// Progress receives a command's progress in tasks (see Options.Progress),
// each with its estimated cost (the footprint's TaskFootprint.Cost, in a
// unit only ratios give a meaning to; 1 a task when the footprint is not
// known): Start with the tasks to do and their total cost, Add with each
// task done and its cost. Add is called from the workers' goroutines,
// concurrently.
type Progress interface {
	Start(tasks int64, cost float64)
	Add(tasks int64, cost float64)
	Finish()
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
	cfg     *Config
	opts    Options
	dir     string
	study   *flow.Study
	stages  []string
	perTask []flow.Node // selected per-task nodes, in order
	perRun  []flow.Node // selected per-run nodes that run after the tasks, in order
	setup   []flow.Node // selected per-run nodes that run before the tasks
	// shared are the single-file tables the per-task nodes read: every
	// task's bag shares them from sharedBag, filled by the setup nodes or,
	// for sharedFromDisk, from the run folder
	shared         []string
	sharedFromDisk []schemas.Stored
	sharedBag      *schemas.Bag
	reload         map[int]bool     // indexes of unselected producers whose memory slots are rebuilt
	fromDisk       []schemas.Stored // per-chunk tables the per-task nodes read from the run folder
	// readsDisk: the command reads tables it does not write, so the run
	// folder must exist
	readsDisk bool
	workers   int
	log       *slog.Logger
	recs      *records // what dtbench wrote in the folder before this command
	journal   *journal // what this command writes
	// srcs are the study's inputs and deps which of them each file of
	// the folder depends on; ownNames the command's own records (its
	// manifest and journal); reads the files it reads from the folder
	// (checked against its records and the inputs before it writes); self
	// its record of the files it writes.
	srcs     []source
	deps     *deps
	ownNames []string
	reads    []string
	self     *record
	missing  []int // chunks a partial report lacks
	// est is the estimate of what the tasks need, once the footprint is
	// known (after the Checks and the read of the shared tables when it
	// waits for data).
	est   estimate
	start time.Time
}

// stamp is the write option of every table file the command writes: its
// created_by names the dtbench version of Options.Version.
func (r *runner) stamp() schemas.WriteOption { return schemas.WithVersion(r.opts.Version) }

// execute runs the stages of cfg's study; an error about a config key
// names where its value came from.
func execute(ctx context.Context, cfg *Config, opts Options, stages []string) (string, error) {
	dir, err := executeConfig(ctx, cfg, opts, stages)
	return dir, cfg.origin.blame(err)
}

func executeConfig(ctx context.Context, cfg *Config, opts Options, stages []string) (string, error) {
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
	d, ok := studies.lookup(cfg.Study)
	if !ok {
		return "", input.Keyf("study", "%q is not supported", cfg.Study)
	}
	study, err := d.build(cfg, studyEnv{Version: opts.Version, Learners: opts.Learners, Log: log})
	if err != nil {
		return "", err
	}
	defer study.Release()
	return executeStudy(ctx, cfg, opts, stages, study, log)
}

// executeStudy runs the nodes of study's selected stages.
func executeStudy(ctx context.Context, cfg *Config, opts Options, stages []string, study *flow.Study, log *slog.Logger) (_ string, err error) {
	r := &runner{cfg: cfg, opts: opts, study: study, stages: stages, log: log}
	if err := r.wire(); err != nil {
		return "", err
	}
	r.workers = workersOf(opts.Workers, cfg)
	if len(r.perTask) > 0 {
		if r.est, err = checkFootprint(study.Estimate(nil), &study.Plan, cfg.Limits, cfg.Chunk, r.workers, len(r.fromDisk) > 0, cfg.origin.pickFunc()); err != nil {
			return "", err
		}
	}
	r.dir = filepath.Join(opts.Out, cfg.Name)
	if r.recs, err = readRecords(r.dir); err != nil {
		return r.dir, err
	}
	r.srcs, r.deps = sources(study, cfg), newDeps(study, cfg.Chunk)
	r.ownNames = []string{r.manifestName(), filepath.Base(journalPath(r.dir, opts.Shard))}
	cur := inputState{}
	if slices.Contains(stages, flow.StageGenerate) {
		// Fingerprinting the inputs reads them whole: a signal is not
		// kept waiting for a big dataset's sha256.
		if err = untilCancelled(ctx, func() (err error) { cur, err = currentFiles(r.srcs, r.recs); return err }); err != nil {
			return r.dir, err
		}
	}
	if err := checkDir(r.dir, cfg, r.readsDisk, r.recs, changedFiles(cur, r.recs)); err != nil {
		return r.dir, err
	}
	// Parts of another schema version can be neither read nor kept.
	var kept []string
	for _, t := range r.fromDisk {
		kept = append(kept, t.Name())
	}
	for _, n := range r.perRun {
		for _, ref := range n.Reads {
			kept = append(kept, ref.Name())
		}
	}
	if opts.Resume {
		for _, t := range r.outputs() {
			kept = append(kept, t.Name())
		}
	}
	if d := r.recs.versionDiff(kept); d != "" {
		return r.dir, &input.Error{File: r.dir, Err: fmt.Errorf("%s; its parts cannot be kept: rerun it without --resume (or the staged commands from generate), or use another --out", d)}
	}
	// preflight writes nothing (it hashes the parts a resume keeps, reads
	// the shared tables, imports the datasets, starts the adapters): a
	// signal abandons it at once.
	var todo []flow.Chunk
	var damaged []string
	var rc *reconciled
	err = untilCancelled(ctx, func() (err error) { todo, damaged, rc, err = r.preflight(cur); return err })
	if err != nil {
		return r.dir, err
	}
	if err := createDir(r.dir); err != nil {
		return r.dir, err
	}
	removed, err := r.clear(damaged, rc)
	if err != nil {
		return r.dir, err
	}
	r.self = &record{name: "this command", state: rc.state}
	files, adapters := rc.state.records(r.srcs)
	h := journalHeader{Version: opts.Version, SchemaVersions: schemas.Versions(), Config: cfg, Shard: opts.Shard.String(), Inputs: files, Adapters: adapters,
		Stages: stages}
	j, err := openJournal(r.dir, h, opts.Shard, rc.drop[filepath.Base(journalPath(r.dir, opts.Shard))])
	if err != nil {
		return r.dir, err
	}
	j.removed, j.drop, j.deleted = removed, rc.drop[r.manifestName()], len(damaged) > 0
	r.journal = j
	defer j.close()
	defer func() {
		if err != nil {
			// A failed command that changed nothing leaves the folder as
			// it was, without a journal.
			if aerr := r.recs.abandon(j); aerr != nil {
				err = errors.Join(err, aerr)
			}
		}
	}()
	if r.est.known && opts.HeapLimit != nil {
		opts.HeapLimit(int64(r.est.memory))
	}
	r.start = time.Now()
	if err := r.runSetup(ctx); err != nil {
		return r.dir, err
	}
	if len(r.perTask) > 0 {
		if err := r.chunks(ctx, todo); err != nil {
			return r.dir, err
		}
	}
	if len(r.perRun) > 0 {
		for _, f := range j.done {
			r.recs.add(f, r.self) // the parts this command wrote are trusted too
		}
		runParts, err := r.runInputs(false)
		if err != nil {
			return r.dir, err
		}
		for _, parts := range runParts {
			if err := r.checkReads(parts, rc.state, inputState{}); err != nil {
				return r.dir, err
			}
		}
		for i, n := range r.perRun {
			if err := r.runOnce(ctx, n, runParts[i]); err != nil {
				return r.dir, err
			}
		}
	}
	if study.Adapters != nil {
		// A process started since may have said more.
		for k, v := range currentAdapters(study.Adapters()) {
			if _, ok := rc.state[k]; !ok {
				rc.state[k] = v
			}
		}
		files, adapters = rc.state.records(r.srcs)
	}
	own := Manifest{Version: opts.Version, SchemaVersions: schemas.Versions(), Config: cfg, Seed: cfg.Seed, Shard: opts.Shard.String(),
		Inputs: files, Adapters: adapters}
	name := r.manifestName()
	if len(r.perRun) > 0 && r.mergeShardRecords() {
		own.Shard = "merged"
	}
	if err := r.recs.finish(j, own, name); err != nil {
		return r.dir, err
	}
	log.Info("done", "run", r.dir, "stages", stages, "seconds", time.Since(r.start).Seconds())
	return r.dir, nil
}

// preflight checks, before anything is written, what the command will
// keep, read and compute: the chunks to do (and the damaged parts to
// compute again), the parts they read, the single-file tables (which it
// reads) and the per-run nodes' parts, the nodes' Checks (which start the
// adapters), the footprint when it waited for the data, and the inputs (cur, the files read now, with the adapters added) against
// the state every file of the folder was computed from (reconcile),
// adding the chunks that must be computed again.
func (r *runner) preflight(cur inputState) (todo []flow.Chunk, damaged []string, rc *reconciled, err error) {
	if todo, damaged, err = r.todo(); err != nil {
		return nil, nil, nil, err
	}
	if err := r.checkInputs(todo); err != nil {
		return nil, nil, nil, err
	}
	r.sharedBag = schemas.NewBag()
	for _, t := range r.sharedFromDisk {
		files, err := t.RunFiles(r.dir)
		if err != nil {
			return nil, nil, nil, err
		}
		if len(files) == 0 {
			return nil, nil, nil, &input.Error{File: filepath.Join(r.dir, filepath.FromSlash(t.Name())), Err: fmt.Errorf("missing; run the stage that writes %s first", t.Name())}
		}
		for _, path := range files {
			if err := r.recs.check(path); err != nil {
				return nil, nil, nil, err
			}
			r.reads = append(r.reads, path)
			if err := t.ReadPart(path, func(int64) (*schemas.Bag, error) { return r.sharedBag, nil }); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	runParts, err := r.runInputs(true)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, parts := range runParts {
		r.reads = append(r.reads, parts...)
	}
	if len(cur) > 0 && !r.opts.RecomputeChanged {
		// A changed input file is named before the import reads it (and
		// perhaps fails the study's checks); the adapters are compared
		// once the Checks have started them.
		if _, err := r.reconcile(cur, todo); err != nil {
			return nil, nil, nil, err
		}
	}
	for i, n := range r.study.Nodes {
		// A reloaded producer runs too (train refits what is not a tree).
		if n.Check != nil && (slices.Contains(r.stages, n.Stage) || r.reload[i]) {
			if err := n.Check(); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	if len(r.perTask) > 0 && !r.est.known {
		// The footprint waited for the data, which the import's Check
		// (or the shared tables read above) now give.
		if r.est, err = checkFootprint(r.study.Estimate(r.sharedBag), &r.study.Plan, r.cfg.Limits, r.cfg.Chunk, r.workers, len(r.fromDisk) > 0, r.cfg.origin.pickFunc()); err != nil {
			return nil, nil, nil, err
		}
	}
	if r.study.Adapters != nil {
		for k, v := range currentAdapters(r.study.Adapters()) {
			cur[k] = v
		}
	}
	if rc, err = r.reconcile(cur, todo); err != nil {
		return nil, nil, nil, err
	}
	if todo, err = r.redo(todo, rc); err != nil {
		return nil, nil, nil, err
	}
	return todo, damaged, rc, nil
}

// clear deletes the damaged parts and the files computed from changed
// inputs, which the command computes again, and returns the latter
// (relative to the run folder), which its records no longer list.
func (r *runner) clear(damaged []string, rc *reconciled) ([]string, error) {
	for _, p := range damaged {
		r.log.Warn("recomputing a damaged part", "file", p)
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("remove damaged part: %w", err)
		}
	}
	var removed []string
	for _, p := range rc.remove {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("remove a file computed from changed inputs: %w", err)
		}
		removed = append(removed, r.recs.rel(p))
	}
	return removed, nil
}

// manifestName is the name of the command's manifest: its shard's, or
// for a command that reports (reading every shard's parts) the folder's
// manifest.json, with the shards' records merged in.
func (r *runner) manifestName() string {
	if len(r.perRun) > 0 {
		return manifestName(Shard{Index: 0, Count: 1})
	}
	return manifestName(r.opts.Shard)
}

// workersOf returns the number of workers: the flag's, else the
// config's, else one per core.
func workersOf(flag int, cfg *Config) int {
	switch {
	case flag > 0:
		return flag
	case cfg.Workers > 0:
		return cfg.Workers
	}
	return runtime.NumCPU()
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
		case slices.Contains(r.stages, n.Stage) && n.Setup:
			r.setup = append(r.setup, n)
		case slices.Contains(r.stages, n.Stage) && n.PerRun:
			r.perRun = append(r.perRun, n)
		case slices.Contains(r.stages, n.Stage):
			r.perTask = append(r.perTask, n)
			taskReads = append(taskReads, n.Reads...)
		case slices.Contains(reload, i):
			r.reload[i] = true
			taskReads = append(taskReads, n.Reads...)
			taskReads = append(taskReads, n.ReloadReads...)
		}
	}
	for _, t := range fromDisk {
		if !slices.ContainsFunc(taskReads, func(ref schemas.Ref) bool { return ref.Name() == t.Name() }) {
			continue
		}
		if t.Single() {
			r.sharedFromDisk = append(r.sharedFromDisk, t)
		} else {
			r.fromDisk = append(r.fromDisk, t)
		}
	}
	for _, ref := range taskReads {
		if t, ok := ref.(schemas.Stored); ok && t.Single() && !slices.Contains(r.shared, ref.Name()) {
			r.shared = append(r.shared, ref.Name())
		}
	}
	return nil
}
