//go:build linux

package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

// TestExternalRepliesAtTheCLI runs a real process with two faulty
// external learners: one whose every reply is a 100 MB error, over the
// default max_reply (a bad_reply, read no further than the cap), and one
// whose 50 MB error is under its max_reply of 64MiB (the adapter's error,
// its message kept as its first MaxMessage bytes and its length). The
// run goes on, results/evaluations holds short messages, and the process
// stays far from the 1.3 GB a 100 MB reply took.
func TestExternalRepliesAtTheCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("its adapters write 300 MB of replies")
	}
	out := filepath.Join(t.TempDir(), "runs")
	learners := "learners=[id3, " + fakeLearner("huge", "max_failures: 100", externaltest.Huge, "100000000") + ", " +
		fakeLearner("chatty", "max_failures: 100, max_reply: 64MiB", externaltest.Huge, "50000000") + "]"
	cmd, stderr := child(t, "run", "--out", out, "--workers", "1", "--set", "oracle.depths=[2]", "--set", "oracle.sizes=[10]",
		"--set", "oracle.modes=[complete]", "--set", "oracle.repetitions=2", "--set", "oracle.test_size=10", "--set", learners)
	hwm := highWater(cmd.Process.Pid)
	if code, _ := exitCode(t, cmd, 5*time.Minute); code != 0 {
		t.Fatalf("exit %d: %.2000s", code, stderr)
	}
	peak := <-hwm
	t.Logf("peak RSS %d MB", peak>>20)
	if peak > 600<<20 {
		t.Errorf("peak RSS %d MB; want well under the 1.3 GB a 100 MB reply took", peak>>20)
	}
	if n := len(stderr.String()); n > 64<<10 {
		t.Errorf("%d bytes on stderr; the replies' text must not reach the log", n)
	}
	parts, _ := filepath.Glob(filepath.Join(out, "quick", "results", "evaluations", "*.parquet"))
	seen := map[string]int{}
	for _, p := range parts {
		rows, err := schemas.ReadEvaluations(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Learner == "id3" {
				continue
			}
			seen[r.Learner]++
			status, msg := *r.Status, *r.Message
			if len(msg) > external.MaxMessage+100 {
				t.Errorf("%s: a message of %d bytes stored", r.Learner, len(msg))
			}
			switch {
			case r.Learner == "huge" && (status != external.StatusBadReply || !strings.Contains(msg, "max_reply") || !strings.Contains(msg, "32.0 MiB")):
				t.Errorf("huge: %s: %.200s; want a bad_reply over max_reply's 32.0 MiB", status, msg)
			case r.Learner == "chatty" && (status != external.StatusError || !strings.HasSuffix(msg, "(50000000 bytes in all; the first 4096 kept)")):
				t.Errorf("chatty: %s: %.200s…; want the adapter's error, cut", status, msg)
			}
		}
	}
	if seen["huge"] != 2 || seen["chatty"] != 2 {
		t.Errorf("rows per learner %v; want 2 each", seen)
	}
}
