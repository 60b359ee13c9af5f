//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/internal/shareddata"
)

// planEstimate is the plan line's memory estimate.
var planEstimate = regexp.MustCompile(`msg=plan .*memory_estimate_bytes=([0-9]+)`)

// TestFootprintCoversMeasuredPeaks runs dtbench as a real process on grids
// of every study, from the smallest to ones dominated by each term of the
// footprint (oracles of a million leaves, million-row training sets, big
// learned trees on noisy labels, cross-validated real datasets, a staged
// command reading big oracles back), and
// checks that the memory estimate its plan logs, which limits.memory is
// checked against and which bounds the heap, is not under the peak RSS
// the kernel measured (VmHWM, the resident set's high-water mark; not
// ru_maxrss, which a child started from this test binary inherits from
// it). A measurement, not a timed test: the figures are logged for the
// record.
func TestFootprintCoversMeasuredPeaks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs grids of up to 20 seconds")
	}
	configs := func(name string) string { return filepath.Join("..", "..", "configs", name) }
	staged := []string{"--set", "oracle.features=17", "--set", "oracle.depths=[17]", "--set", "oracle.sizes=[100]", "--set", "oracle.modes=[complete]",
		"--set", "oracle.repetitions=6", "--set", "oracle.test_size=100", "--set", "learners=[majority]", "--workers", "1"}
	cases := []struct {
		name   string
		args   []string
		shared bool   // reads ../shared/datasets
		stage  string // the command measured, "run" when empty; the stages before it run first
	}{
		{"quick", nil, false, ""},
		{"oracles of a million leaves", []string{"--set", "oracle.features=20", "--set", "oracle.depths=[20]", "--set", "oracle.sizes=[100]",
			"--set", "learners=[id3]", "--workers", "1"}, false, ""},
		{"million-row training sets", []string{"--set", "oracle.depths=[8]", "--set", "oracle.sizes=[1000000]", "--set", "oracle.modes=[complete]",
			"--set", "oracle.repetitions=4", "--set", "learners=[id3, c45, cart]", "--set", "chunk=2"}, false, ""},
		{"big trees on noisy labels", []string{"--set", "oracle.features=20", "--set", "oracle.depths=[8]", "--set", "oracle.sizes=[50000]",
			"--set", "oracle.modes=[complete]", "--set", "oracle.noise=0.2", "--set", "oracle.repetitions=6", "--set", "learners=[id3, c45, cart, randomtree]"}, false, ""},
		{"benchmark-small", []string{"-c", configs("benchmark-small.yaml")}, true, ""},
		{"benchmark-small, chunks of 128", []string{"-c", configs("benchmark-small.yaml"), "--set", "chunk=128"}, true, ""},
		// 3 of its 10 splits: each split's tasks are alike, and ICET on the
		// raw data takes 20 s for all ten.
		{"cost-turney", []string{"-c", configs("cost-turney.yaml"), "--set", "cost.repetitions=3"}, true, ""},
		{"a staged evaluate reading oracles of 262K nodes", staged, false, "evaluate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.shared {
				shareddata.DirOrSkip(t)
			}
			out := filepath.Join(t.TempDir(), "runs")
			command := []string{"run", "--out", out}
			if tc.stage != "" {
				for _, s := range []string{"generate", "train"} {
					if code, _, stderr := cli(t, append([]string{s, "--out", out}, tc.args...)...); code != 0 {
						t.Fatalf("%s: exit %d: %s", s, code, stderr)
					}
				}
				command = []string{tc.stage, "--out", out}
			}
			cmd, stderr := child(t, append(command, tc.args...)...)
			hwm := highWater(cmd.Process.Pid)
			code, _ := exitCode(t, cmd, 5*time.Minute)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			m := planEstimate.FindStringSubmatch(stderr.String())
			if m == nil {
				t.Fatalf("no memory estimate in the plan line: %s", stderr)
			}
			est, _ := strconv.ParseFloat(m[1], 64)
			peak := float64(<-hwm)
			if peak == 0 {
				t.Fatal("no VmHWM read from /proc")
			}
			t.Logf("estimate %.0f MB, peak RSS %.0f MB (%.2f of the estimate)", est/1e6, peak/1e6, peak/est)
			if peak > est {
				t.Errorf("peak RSS %.0f MB is above the estimate, %.0f MB", peak/1e6, est/1e6)
			}
		})
	}
}

// highWater reads process pid's VmHWM from /proc every 10 ms until the
// process is gone, and sends the last value read, in bytes (VmHWM only
// grows; the last read misses at most 10 ms of the process's end).
func highWater(pid int) <-chan int64 {
	out := make(chan int64, 1)
	go func() {
		var last int64
		for {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
			if err != nil {
				out <- last
				return
			}
			for _, l := range strings.Split(string(b), "\n") {
				if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
					kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
					last = max(last, kb*1024)
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	return out
}

// TestBenchmarkEstimateFromRealRows is issue 21's vote (435 rows) in 30
// folds, which a million rows assumed before the import refused as
// needing 8.4 GiB: the estimate now comes from the rows, in the run and
// in a staged train (from the imported table the run folder holds).
func TestBenchmarkEstimateFromRealRows(t *testing.T) {
	vote := shareddata.FileOrSkip(t, filepath.Join("vote", "vote.arff"))
	out := filepath.Join(t.TempDir(), "runs")
	args := []string{"run", "--out", out, "--set", "study=benchmark", "--set", "benchmark.datasets=[{path: " + vote + ", class: Class}]",
		"--set", "benchmark.folds={k: 30}", "--set", "benchmark.repetitions=1", "--set", "benchmark.subsets=top"}
	for _, cmd := range [][]string{args, {"train", "--run", filepath.Join(out, "quick")}} {
		code, _, stderr := cli(t, cmd...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", cmd[0], code, stderr)
		}
		m := planEstimate.FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("%s: no memory estimate in the plan line: %s", cmd[0], stderr)
		}
		if est, _ := strconv.ParseFloat(m[1], 64); est > 1<<30 {
			t.Errorf("%s: %.0f MB estimated for 435 rows in 30 folds", cmd[0], est/1e6)
		}
	}
}
