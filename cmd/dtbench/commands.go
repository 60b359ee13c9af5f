package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/pipeline"
)

// version is set at build time with -ldflags "-X main.version=…"; otherwise
// it comes from the module's build info.
var version = ""

func dtbenchVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// runFlags are the flags every pipeline command shares.
type runFlags struct {
	config    string
	out       string
	sets      []string
	shard     string
	workers   int
	resume    bool
	recompute bool
	logFormat string
	verbose   bool
	quiet     bool
	every     time.Duration
	profile   string
	run       string
	partial   bool
}

func (f *runFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVarP(&f.config, "config", "c", "", "config file (YAML); default: the built-in quick config")
	fl.StringVar(&f.out, "out", "runs", "folder that holds run folders")
	fl.StringArrayVar(&f.sets, "set", nil, "override a config key: --set oracle.depths=[5,8] (repeatable)")
	fl.StringVar(&f.shard, "shard", "", "run shard i of n, as i/n (default from JOB_COMPLETION_INDEX/DTBENCH_SHARD_COUNT or SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, else 0/1)")
	fl.IntVar(&f.workers, "workers", 0, "parallel tasks (default: config workers, 0 = all cores)")
	fl.BoolVar(&f.resume, "resume", false, "keep complete chunks of an existing run folder and redo the missing ones")
	fl.BoolVar(&f.recompute, "recompute-changed", false, "over a run folder whose results were computed from other inputs (a data, names or cost file, an adapter's version): recompute what depends on them, instead of refusing")
	fl.StringVar(&f.logFormat, "log-format", "text", "log format on stderr: text or json")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "log every chunk")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no progress (a bar on a terminal, else a log line every --progress-every)")
	fl.DurationVar(&f.every, "progress-every", progressInterval, "how often progress is logged when stderr is not a terminal")
	fl.StringVar(&f.profile, "cpuprofile", "", "write a CPU profile (pprof) to this file")
	_ = fl.MarkHidden("cpuprofile")
}

func (f *runFlags) options(stderr io.Writer) (*pipeline.Config, pipeline.Options, error) {
	var opts pipeline.Options
	if f.workers < 0 {
		return nil, opts, input.Keyf("--workers", "must be >= 0, got %d", f.workers)
	}
	if f.every <= 0 {
		return nil, opts, input.Keyf("--progress-every", "must be a positive duration, got %v", f.every)
	}
	shard, err := parseShard(f.shard)
	if err != nil {
		return nil, opts, err
	}
	var cfg *pipeline.Config
	if f.run != "" {
		if f.config != "" || len(f.sets) > 0 {
			return nil, opts, input.Keyf("--run", "takes the config from the run folder's manifest; do not combine it with -c or --set")
		}
		cfg, err = pipeline.LoadRun(f.run)
		f.out = filepath.Dir(filepath.Clean(f.run))
	} else {
		cfg, err = pipeline.Load(pipeline.LoadOptions{File: f.config, Sets: f.sets})
	}
	if err != nil {
		return nil, opts, err
	}
	log, err := newLogger(stderr, f.logFormat, f.verbose)
	if err != nil {
		return nil, opts, err
	}
	opts = pipeline.Options{Out: f.out, Shard: shard, Workers: f.workers, Resume: f.resume, RecomputeChanged: f.recompute, AllowPartial: f.partial,
		Version: dtbenchVersion(), Log: log, Progress: newProgress(stderr, log, f.quiet, f.every), HeapLimit: heapLimit}
	return cfg, opts, nil
}

func newLogger(w io.Writer, format string, verbose bool) (*slog.Logger, error) {
	level := slog.LevelInfo
	if verbose {
		level = slog.LevelDebug
	}
	ho := &slog.HandlerOptions{Level: level}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, ho)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, ho)), nil
	}
	return nil, input.Keyf("--log-format", "want text or json, got %q", format)
}

// parseShard reads i/n, or derives it from the batch system's
// environment; an error names the flag or the variables it came from.
func parseShard(s string) (pipeline.Shard, error) {
	from := "--shard"
	if s == "" {
		if idx, ok := os.LookupEnv("JOB_COMPLETION_INDEX"); ok {
			n := os.Getenv(pipeline.EnvShardCount)
			if n == "" {
				return pipeline.Shard{}, input.Keyf(pipeline.EnvShardCount, "JOB_COMPLETION_INDEX is set; set %s to the Job's completions", pipeline.EnvShardCount)
			}
			s, from = idx+"/"+n, "JOB_COMPLETION_INDEX"
		} else if idx, ok := os.LookupEnv("SLURM_ARRAY_TASK_ID"); ok {
			s, from = idx+"/"+os.Getenv("SLURM_ARRAY_TASK_COUNT"), "SLURM_ARRAY_TASK_ID"
		} else {
			return pipeline.Shard{Index: 0, Count: 1}, nil
		}
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		if count := shardCountVar[from]; count != "" {
			return pipeline.Shard{}, input.Keyf(from, "%s=%q with %s=%q: want an index from 0 to the count - 1 (or give --shard i/n)", from, a, count, b)
		}
		return pipeline.Shard{}, input.Keyf(from, "want i/n with 0 <= i < n, got %q", s)
	}
	return pipeline.Shard{Index: i, Count: n}, nil
}

// shardCountVar names, for each variable a shard index comes from, the
// one its count comes from.
var shardCountVar = map[string]string{"JOB_COMPLETION_INDEX": pipeline.EnvShardCount, "SLURM_ARRAY_TASK_ID": "SLURM_ARRAY_TASK_COUNT"}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "dtbench",
		Short:         "How good is a classification learner really? The oracle and benchmark studies, as Parquet.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		return &input.Error{Key: "flags", Err: err}
	})
	root.AddCommand(runCmd(), stageCmd(flow.StageGenerate), stageCmd(flow.StageTrain),
		stageCmd(flow.StageEvaluate), stageCmd(flow.StageReport), importCmd(), exportCmd(), treeCmd(), verifyCmd(), compareCmd(), versionCmd())
	return root
}

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return input.Keyf("arguments", "%s takes no arguments, got %q", cmd.Name(), args)
	}
	return nil
}

func runCmd() *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run every stage: generate, train, evaluate, report",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, opts, err := f.options(cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			stop, err := startProfile(f.profile)
			if err != nil {
				return err
			}
			defer stop()
			dir, err := pipeline.Run(cmd.Context(), cfg, opts)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), dir)
			return nil
		},
	}
	f.register(cmd)
	return cmd
}

func stageCmd(stage string) *cobra.Command {
	var f runFlags
	short := map[string]string{
		flow.StageGenerate: "Draw oracles and datasets into a run folder",
		flow.StageTrain:    "Train the learners on a run folder's datasets",
		flow.StageEvaluate: "Score a run folder's models against their oracles",
		flow.StageReport:   "Summarise a run folder's evaluations",
	}[stage]
	cmd := &cobra.Command{
		Use:   stage,
		Short: short,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, opts, err := f.options(cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			stop, err := startProfile(f.profile)
			if err != nil {
				return err
			}
			defer stop()
			dir, err := pipeline.RunStage(cmd.Context(), cfg, opts, stage)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), dir)
			return nil
		},
	}
	f.register(cmd)
	if stage != flow.StageGenerate {
		cmd.Flags().StringVar(&f.run, "run", "", "run folder to work on, with the config its manifest records (instead of -c/--set/--out)")
	}
	if stage == flow.StageReport {
		cmd.Flags().BoolVar(&f.partial, "allow-partial", false, "report even when some chunks are missing; report.md's first line then says which")
	}
	return cmd
}

func versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the dtbench version",
		Args:  noArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintln(cmd.OutOrStdout(), "dtbench", dtbenchVersion())
		},
	}
}

func verifyCmd() *cobra.Command {
	var writeSums bool
	cmd := &cobra.Command{
		Use:   "verify RUNDIR",
		Short: "Check a run folder against its manifest (every file's rows and sha256, each part's chunk, the input files, SHA256SUMS)",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return input.Keyf("arguments", "verify takes one run folder, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			var v pipeline.Verification
			var listed int
			var err error
			if writeSums {
				v, listed, err = pipeline.WriteSums(args[0])
			} else {
				v, err = pipeline.Verify(args[0])
			}
			for _, note := range v.Notes {
				fmt.Fprintf(cmd.OutOrStdout(), "%s: %s\n", args[0], note)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d files match the manifest\n", args[0], v.Checked)
			if writeSums {
				fmt.Fprintf(cmd.OutOrStdout(), "%s: wrote %s: the sha256 of %d files (the manifests and every file they list); check it with (cd %s && sha256sum -c %s), sign it with gpg --detach-sign or minisign -S\n",
					args[0], pipeline.SumsFile, listed, args[0], pipeline.SumsFile)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&writeSums, "write-sums", false, "once the folder verifies, write "+pipeline.SumsFile+" in it (sha256sum -c format, for an archive: sign it with gpg or minisign)")
	return cmd
}

// startProfile starts a CPU profile into path ("" = none) and returns its stop.
func startProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("create profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("start profile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}
