//go:build unix

package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// progressLine is a progress log line: its time, tasks done and ETA.
var progressLine = regexp.MustCompile(`time=(\S+) level=INFO msg=progress done=([0-9]+) total=[0-9]+ tasks_per_second=\S+(?: eta_seconds=(\S+))?`)

// TestProgressAtTheCLI runs a grid of ten cheap tasks (depth-3 oracles,
// under a millisecond each) and then ten dear ones (oracles of a million
// nodes, some 70 ms each), logging progress every 50 ms: lines come on the
// timer, also while no task finishes, and once the cheap tasks are done
// the ETA weighs the dear ones by their estimated cost, where counting
// tasks promised the end in a few milliseconds.
func TestProgressAtTheCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("draws ten oracles of a million nodes")
	}
	out := filepath.Join(t.TempDir(), "runs")
	cmd, buf := child(t, "run", "--out", out, "--progress-every", "50ms", "--workers", "1", "--set", "chunk=20",
		"--set", "oracle.features=19", "--set", "oracle.depths=[3, 19]", "--set", "oracle.sizes=[100]", "--set", "oracle.modes=[complete]",
		"--set", "oracle.repetitions=10", "--set", "learners=[majority]")
	code, _ := exitCode(t, cmd, 2*time.Minute)
	stderr := buf.String()
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	type line struct {
		at   time.Time
		done int
		eta  float64 // -1: none
	}
	var lines []line
	var end time.Time
	for _, l := range strings.Split(stderr, "\n") {
		if m := progressLine.FindStringSubmatch(l); m != nil {
			at, _ := time.Parse(time.RFC3339Nano, m[1])
			done, _ := strconv.Atoi(m[2])
			eta := -1.0
			if m[3] != "" {
				eta, _ = strconv.ParseFloat(m[3], 64)
			}
			lines = append(lines, line{at, done, eta})
		} else if strings.Contains(l, "msg=done") {
			end, _ = time.Parse(time.RFC3339Nano, strings.TrimPrefix(strings.Fields(l)[0], "time="))
		}
	}
	if len(lines) < 5 || end.IsZero() {
		t.Fatalf("%d progress lines (want one every 50 ms), end %v: %s", len(lines), end, stderr)
	}
	silent := false
	for i := 1; i < len(lines); i++ {
		silent = silent || lines[i].done == lines[i-1].done
	}
	if !silent {
		t.Errorf("no line while no task finished: progress is not on a timer: %v", lines)
	}
	for _, l := range lines {
		if l.done < 10 || l.done >= 20 || l.eta < 0 {
			continue
		}
		left := end.Sub(l.at).Seconds()
		t.Logf("with %d of 20 tasks done, the ETA is %.2f s; %.2f s were left", l.done, l.eta, left)
		if l.eta < 0.3*left || l.eta > 5*left+1 {
			t.Errorf("with %d of 20 tasks done, the ETA is %.2f s; %.2f s were left", l.done, l.eta, left)
		}
		return
	}
	t.Errorf("no line with ETA between the cheap and the dear tasks: %v", lines)
}
