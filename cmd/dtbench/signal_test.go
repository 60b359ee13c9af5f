//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slow is a grid of a few seconds on two cores: 1,600 tasks of 3,000 rows
// in chunks of 16, four heuristic learners.
var slow = []string{"--set", "oracle.depths=[5,8]", "--set", "oracle.sizes=[3000]", "--set", "oracle.modes=[complete]",
	"--set", "oracle.repetitions=800", "--set", "oracle.test_size=200", "--set", "chunk=16",
	"--set", "learners=[id3, c45, cart, randomtree]"}

// child starts dtbench as a real process.
func child(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// waitFor polls until cond holds, failing after the timeout.
func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// exitCode waits for cmd within timeout and returns its exit status.
func exitCode(t *testing.T, cmd *exec.Cmd, timeout time.Duration) (int, time.Duration) {
	t.Helper()
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(timeout):
		cmd.Process.Kill()
		t.Fatalf("dtbench did not exit within %v of the signal", timeout)
	}
	return cmd.ProcessState.ExitCode(), time.Since(start)
}

func partsOf(dir, table string) int {
	parts, _ := filepath.Glob(filepath.Join(dir, table, "part-*.parquet"))
	return len(parts)
}

// TestSignalsStopARunThatResumeFinishes: SIGINT (130) and SIGTERM (143)
// stop a run within a second of the signal, with only whole parts, no
// temporary file and the manifest untouched; --resume then finishes it
// with the bytes of an uninterrupted run.
func TestSignalsStopARunThatResumeFinishes(t *testing.T) {
	if testing.Short() {
		t.Skip("signal tests run a grid of a few seconds")
	}
	whole := filepath.Join(t.TempDir(), "runs")
	if code, _, stderr := cli(t, append([]string{"run", "--out", whole}, slow...)...); code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, stderr)
	}
	want := deterministicParts(t, filepath.Join(whole, "quick"))
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "runs")
			dir := filepath.Join(out, "quick")
			cmd, stderr := child(t, append([]string{"run", "--out", out}, slow...)...)
			waitFor(t, "a first chunk", 30*time.Second, func() bool { return partsOf(dir, "results/evaluations") >= 2 })
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			code, took := exitCode(t, cmd, 5*time.Second)
			if code != tc.code {
				t.Fatalf("exit %d after %v, want %d: %s", code, tc.sig, tc.code, stderr)
			}
			if took > 3*time.Second { // "at once", with room for a loaded machine
				t.Errorf("took %v to stop after %v", took, tc.sig)
			}
			if !strings.Contains(stderr.String(), "--resume") {
				t.Errorf("the message does not say how to finish: %s", stderr)
			}
			if partsOf(dir, "results/evaluations") == partsOf(filepath.Join(whole, "quick"), "results/evaluations") {
				t.Skip("the run finished before the signal; nothing to resume")
			}
			if temps, _ := filepath.Glob(filepath.Join(dir, "*", ".*tmp*")); len(temps) > 0 {
				t.Errorf("temporary files left: %v", temps)
			}
			if _, err := os.Stat(filepath.Join(dir, "manifest.json")); err == nil {
				t.Error("an interrupted run wrote manifest.json")
			}
			if code, _, stderr := cli(t, append([]string{"run", "--out", out, "--resume"}, slow...)...); code != 0 {
				t.Fatalf("resume: exit %d: %s", code, stderr)
			}
			got := deterministicParts(t, dir)
			for name, b := range want {
				if !bytes.Equal(got[name], b) {
					t.Errorf("%s differs from the uninterrupted run", name)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d files after resume, want %d", len(got), len(want))
			}
		})
	}
}

// TestSecondSIGINTExitsAtOnce: two signals end the process at once.
func TestSecondSIGINTExitsAtOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	cmd, stderr := child(t, append([]string{"run", "--out", out}, slow...)...)
	waitFor(t, "the run to start", 30*time.Second, func() bool {
		_, err := os.Stat(filepath.Join(out, "quick", "journal.jsonl"))
		return err == nil
	})
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGINT)
	if code, took := exitCode(t, cmd, 5*time.Second); code != 130 || took > 3*time.Second {
		t.Errorf("two SIGINTs: exit %d after %v, want 130 at once: %s", code, took, stderr)
	}
}

// TestSIGINTStopsTheReport: the report stage, reading 1,000 parts (about a
// second), stops on SIGINT with 130 and writes no report.
func TestSIGINTStopsTheReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs")
	many := []string{"generate", "--out", out, "--set", "oracle.depths=[2]", "--set", "oracle.sizes=[10]", "--set", "oracle.modes=[complete]",
		"--set", "oracle.repetitions=1000", "--set", "oracle.test_size=10", "--set", "chunk=1", "--set", "oracle.features=3", "--set", "learners=[majority]"}
	dir := filepath.Join(out, "quick")
	for _, stage := range []string{"generate", "train", "evaluate"} {
		args := append([]string{stage}, many[1:]...)
		if code, _, stderr := cli(t, args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", stage, code, stderr)
		}
	}
	cmd, stderr := child(t, "report", "--run", dir)
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	code, _ := exitCode(t, cmd, 5*time.Second)
	if code == 0 {
		t.Skip("the report finished before the signal")
	}
	if code != 130 {
		t.Fatalf("report after SIGINT: exit %d, want 130: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "report", "report.md")); err == nil {
		t.Error("an interrupted report wrote report.md")
	}
}

// big is a grid of six oracles of a million leaves each (2 million
// nodes), in one chunk: a part that takes seconds to write, and to read.
var big = []string{"--set", "oracle.features=20", "--set", "oracle.depths=[20]", "--set", "oracle.sizes=[100]",
	"--set", "oracle.modes=[complete]", "--set", "oracle.repetitions=6", "--set", "oracle.test_size=100",
	"--set", "learners=[majority]", "--workers", "1"}

// TestSignalsWhileBigPartsMove: SIGINT is honoured within a second while
// a part of big oracles is written (run) and while one is read (a staged
// evaluate), with exit 130, no temporary file and the manifest as it was.
func TestSignalsWhileBigPartsMove(t *testing.T) {
	if testing.Short() {
		t.Skip("draws oracles of a million leaves")
	}
	// stop signals cmd, working in the run folder dir, and checks how it
	// stops.
	stop := func(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, dir string, before []byte) {
		t.Helper()
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		code, took := exitCode(t, cmd, 30*time.Second)
		if code != 130 {
			t.Fatalf("exit %d after SIGINT, want 130: %s", code, stderr)
		}
		// The target is a second; the bound leaves a second more for a
		// shared machine under load (a run there took 1.33 s). Before the
		// fix these took 2.4 s (writing) and over 30 s (reading).
		if took > 2*time.Second {
			t.Errorf("took %v to stop after SIGINT; want about 1s, at most 2s", took)
		}
		if temps, _ := filepath.Glob(filepath.Join(dir, "*", ".*tmp*")); len(temps) > 0 {
			t.Errorf("temporary files left: %v", temps)
		}
		if after, _ := os.ReadFile(filepath.Join(dir, "manifest.json")); !bytes.Equal(after, before) {
			t.Error("an interrupted command changed manifest.json")
		}
	}
	t.Run("run, writing", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "runs")
		dir := filepath.Join(out, "quick")
		cmd, stderr := child(t, append([]string{"run", "--out", out}, big...)...)
		waitFor(t, "the oracles' part to be written", 120*time.Second, func() bool {
			temps, _ := filepath.Glob(filepath.Join(dir, "oracles", ".*tmp*"))
			return len(temps) > 0
		})
		stop(t, cmd, stderr, dir, nil)
		if partsOf(dir, "oracles") != 0 {
			t.Errorf("the interrupted write left a part")
		}
	})
	t.Run("evaluate, reading", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "runs")
		dir := filepath.Join(out, "quick")
		for _, stage := range []string{"generate", "train"} {
			if code, _, stderr := cli(t, append([]string{stage, "--out", out}, big...)...); code != 0 {
				t.Fatalf("%s: exit %d: %s", stage, code, stderr)
			}
		}
		before, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		cmd, stderr := child(t, "evaluate", "--run", dir)
		waitFor(t, "evaluate to start", 30*time.Second, func() bool {
			_, err := os.Stat(filepath.Join(dir, "journal.jsonl"))
			return err == nil
		})
		time.Sleep(100 * time.Millisecond)
		stop(t, cmd, stderr, dir, before)
		if partsOf(dir, "results/evaluations") != 0 {
			t.Errorf("the interrupted evaluate wrote its part")
		}
	})
}

// deterministicParts returns the bytes of every table file but timings.
func deterministicParts(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	return filesOf(t, dir, func(p string) bool { return strings.HasSuffix(p, ".parquet") && !strings.Contains(p, "timings") })
}
