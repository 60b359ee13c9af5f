//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// manyParts is a run of 200 one-task chunks whose report reads them all
// (about a second), so that a signal lands while it runs.
var manyParts = []string{"--set", "oracle.depths=[2]", "--set", "oracle.sizes=[10]", "--set", "oracle.modes=[complete]",
	"--set", "oracle.repetitions=200", "--set", "oracle.test_size=10", "--set", "chunk=1", "--set", "oracle.features=3",
	"--set", "learners=[majority]"}

// TestInterruptedReportOfAFinishedRun (issue 21, item 9): a `report --run`
// over a finished run that is stopped (SIGINT, SIGTERM, or killed) while
// it has its journal leaves a folder that verify passes without calling
// it incomplete, with the bytes of the finished run, and that the next
// `report --run` finishes without a journal left.
func TestInterruptedReportOfAFinishedRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 200 chunks and interrupts their report")
	}
	out := filepath.Join(t.TempDir(), "runs")
	dir := filepath.Join(out, "quick")
	if code, _, stderr := cli(t, append([]string{"run", "--out", out}, manyParts...)...); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		sig  syscall.Signal
		name string // as the message names it
	}{{syscall.SIGINT, "SIGINT"}, {syscall.SIGTERM, "SIGTERM"}, {syscall.SIGKILL, ""}} {
		sig := tc.sig
		t.Run(sig.String(), func(t *testing.T) {
			want := allFiles(t, dir)
			cmd, stderr := child(t, "report", "--run", dir)
			journal := filepath.Join(dir, "journal.jsonl")
			waitFor(t, "the report's journal", 30*time.Second, func() bool { _, err := os.Stat(journal); return err == nil })
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if code, _ := exitCode(t, cmd, 10*time.Second); code == 0 {
				t.Skipf("the report finished before %v", sig)
			}
			if tc.name != "" && !strings.Contains(stderr.String(), "interrupted by "+tc.name) {
				t.Errorf("the message does not name %s: %s", tc.name, stderr)
			}
			code, stdout, stderr2 := cli(t, "verify", dir)
			if code != 0 || strings.Contains(stdout+stderr2, "incomplete") {
				t.Errorf("verify after %v of the report: exit %d: %s%s (report said %s)", sig, code, stdout, stderr2, stderr)
			}
			if sig != syscall.SIGKILL {
				if b, _ := os.ReadFile(filepath.Join(dir, "manifest.json")); !bytes.Equal(b, want["/manifest.json"]) {
					t.Skipf("the report had written its files when %v came", sig)
				}
				// A command that could clean up leaves the folder as it was.
				sameFiles(t, dir, want, nil)
			}
			if code, _, stderr := cli(t, "report", "--run", dir); code != 0 {
				t.Fatalf("report after %v: exit %d: %s", sig, code, stderr)
			}
			// report.md says how long the command ran, and the manifest
			// its sha256.
			sameFiles(t, dir, want, []string{"/report/report.md", "/manifest.json"})
		})
	}
}

// allFiles returns the bytes of every file of dir but the timings, by
// path.
func allFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	return filesOf(t, dir, func(p string) bool { return !strings.Contains(p, "timings") })
}

// filesOf returns the bytes of the files of dir whose path keep keeps, by
// path below dir.
func filesOf(t *testing.T, dir string, keep func(path string) bool) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !keep(p) {
			return err
		}
		b, err := os.ReadFile(p)
		out[strings.TrimPrefix(p, dir)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFiles checks that dir holds exactly the files of want, with their
// bytes but those of the files named in anyBytes.
func sameFiles(t *testing.T, dir string, want map[string][]byte, anyBytes []string) {
	t.Helper()
	got := allFiles(t, dir)
	for name, b := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s is gone", name)
		} else if !slices.Contains(anyBytes, name) && !bytes.Equal(got[name], b) {
			t.Errorf("%s differs from the finished run's", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s was not in the finished run", name)
		}
	}
}
