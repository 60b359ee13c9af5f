package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestLogProgress: off a terminal, progress is a log line at most every
// interval, with done, total, rate and the time left.
func TestLogProgress(t *testing.T) {
	var buf bytes.Buffer
	clock := time.Unix(0, 0)
	p := &logProgress{log: slog.New(slog.NewTextHandler(&buf, nil)), every: 5 * time.Second, now: func() time.Time { return clock }}
	p.Start(100)
	for range 10 { // 10 tasks in 4 s: no line yet
		clock = clock.Add(400 * time.Millisecond)
		p.Add(1)
	}
	if buf.Len() != 0 {
		t.Fatalf("a line before the interval: %q", buf.String())
	}
	clock = clock.Add(time.Second) // 5 s, 11 tasks
	p.Add(1)
	line := buf.String()
	for _, want := range []string{"msg=progress", "done=11", "total=100", "tasks_per_second=2.2", "eta_seconds=40.45"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	p.Add(1) // at once: no second line
	if strings.Count(buf.String(), "\n") != 1 {
		t.Errorf("want one line, got %q", buf.String())
	}
	p.Finish()
}

// TestQuietHasNoProgress: --quiet turns progress off, and a non-terminal
// stderr gets the log form.
func TestQuietHasNoProgress(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	if p := newProgress(&bytes.Buffer{}, log, true); p != nil {
		t.Errorf("quiet: progress %T; want none", p)
	}
	if _, ok := newProgress(&bytes.Buffer{}, log, false).(*logProgress); !ok {
		t.Errorf("a buffer is not a terminal: want the log form")
	}
}
