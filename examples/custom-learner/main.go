// Command custom-learner is dtbench with one learner of its own, a
// depth-1 stump, added without forking dtbench: the program makes a
// registry of the built-in learners plus its own (train.Builtin().With)
// and hands it to the pipeline, which then accepts the stump by name in
// any config.
//
//	go run ./examples/custom-learner -c examples/custom-learner/stump.yaml
//
// It runs the study of the config (every stage, as dtbench run does) and
// prints the run folder.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/pipeline"
	"github.com/dtbench/dtbench/stages/train"
)

// Learners is dtbench's registry with the stump added.
func Learners() (*train.Registry, error) {
	return train.Builtin().With(train.NewEntry("stump",
		"a depth-1 tree: the feature of largest information gain, a majority leaf per value",
		StumpOptions{}, func(o StumpOptions) train.Learner { return Stump{Options: o} }))
}

func main() {
	config := flag.String("c", "", "config file (default: dtbench's quick config)")
	out := flag.String("out", "runs", "parent of run folders")
	flag.Parse()
	dir, err := run(context.Background(), *config, *out, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "custom-learner:", err)
		if input.Is(err) {
			os.Exit(2)
		}
		os.Exit(1)
	}
	fmt.Println(dir)
}

// run loads the config with the stump's registry and runs its study;
// sets are --set style key=value overrides.
func run(ctx context.Context, config, out string, sets []string) (string, error) {
	reg, err := Learners()
	if err != nil {
		return "", err
	}
	cfg, err := pipeline.Load(pipeline.LoadOptions{File: config, Sets: sets, Learners: reg})
	if err != nil {
		return "", err
	}
	return pipeline.Run(ctx, cfg, pipeline.Options{Out: out, Learners: reg, Version: "custom-learner",
		Log: slog.New(slog.NewTextHandler(os.Stderr, nil))})
}
