// Command dtbench generates oracle decision trees and datasets, trains
// learners on them, evaluates the learned trees and reports the results as
// Parquet tables and Markdown. See DESIGN.md for the CLI contract.
//
// Exit status: 0 on success, 2 for a bad config, flag or input file (the
// message names the file, key or line), 130 after SIGINT and 143 after
// SIGTERM, 1 for any other failure.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/dtbench/dtbench/input"
)

// defaultMemoryLimit is the soft heap limit when GOMEMLIMIT is not set: a
// run's live data are bounded by two chunks, so the collector may work a
// little harder rather than let garbage grow the process past it.
const defaultMemoryLimit = 384 << 20

// heapLimit raises the soft heap limit to a command's estimate of its
// peak memory (live data with the collector's headroom), unless
// GOMEMLIMIT is set: below the live data, a limit makes the collector run
// without pause (a grid of 20 oracles of 4 million leaves spent more time
// collecting than drawing), and above the estimate it would let garbage
// grow past it.
func heapLimit(bytes int64) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(max(bytes, defaultMemoryLimit))
	}
}

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	ctx, stop := withSignals(context.Background())
	code := execute(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if sig := stop(); sig != nil {
		code = exitStatus(sig)
	}
	os.Exit(code)
}

// execute runs the CLI with args and returns the exit status.
func execute(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "dtbench:", err)
	var ie *input.Error
	if errors.As(err, &ie) {
		return 2
	}
	return 1
}
