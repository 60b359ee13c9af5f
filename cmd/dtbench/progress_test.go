package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"
)

// fakeProgress is a log progress on a fake clock and ticker: tickOnce moves
// the clock by d and fires the ticker, returning once the line it writes
// is written (the ticker is unbuffered, and the second send waits for the
// first tick's line).
type fakeProgress struct {
	*logProgress
	buf   *bytes.Buffer
	clock time.Time
	ticks chan time.Time
}

func newFakeProgress() *fakeProgress {
	f := &fakeProgress{buf: &bytes.Buffer{}, clock: time.Unix(0, 0), ticks: make(chan time.Time)}
	f.logProgress = &logProgress{log: slog.New(slog.NewTextHandler(f.buf, nil)), every: 5 * time.Second,
		now: func() time.Time { return f.clock }, ticks: f.ticks}
	return f
}

func (f *fakeProgress) tickOnce(d time.Duration) string {
	f.clock = f.clock.Add(d)
	f.ticks <- f.clock
	f.Finish() // waits for the line; a new Start is not needed to read it
	lines := strings.Split(strings.TrimSpace(f.buf.String()), "\n")
	return lines[len(lines)-1]
}

// TestLogProgressOnATimer: off a terminal, progress is a log line on
// every tick of its timer, with done, total, rate and the time left, even
// when no task has finished since (a slow task leaves no silence), and
// none after Finish.
func TestLogProgressOnATimer(t *testing.T) {
	f := newFakeProgress()
	f.Start(100, 100)
	if f.buf.Len() != 0 {
		t.Fatalf("a line before the first tick: %q", f.buf.String())
	}
	f.clock = f.clock.Add(time.Second)
	for range 11 {
		f.Add(1, 1)
	}
	f.clock = f.clock.Add(4 * time.Second)
	f.ticks <- f.clock // 5 s, 11 tasks
	f.clock = f.clock.Add(5 * time.Second)
	f.ticks <- f.clock // 10 s, no task since
	f.Finish()
	lines := strings.Split(strings.TrimSpace(f.buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want a line per tick, got %q", lines)
	}
	for i, want := range [][]string{
		// 11 tasks in 1 s, then 4 s (9 s) on tasks still running, of
		// which one task's expected time (89/89 at 11 a second) is
		// credited to them: 89/(11/(5-1/11)) - 1/11 s (and with 10 s).
		{"msg=progress", "done=11", "total=100", "tasks_per_second=2.2", "eta_seconds=39.63"},
		{"msg=progress", "done=11", "total=100", "tasks_per_second=1.1", "eta_seconds=80.08"},
	} {
		for _, w := range want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("line %d %q lacks %q", i, lines[i], w)
			}
		}
	}
	if strings.Contains(newFakeProgressLine(t), "eta_seconds") {
		t.Errorf("a line before any task is done gives an ETA")
	}
}

// newFakeProgressLine is the line of a progress whose tasks have not
// begun to finish.
func newFakeProgressLine(t *testing.T) string {
	f := newFakeProgress()
	f.Start(10, 10)
	line := f.tickOnce(5 * time.Second)
	if !strings.Contains(line, "done=0") {
		t.Errorf("line %q lacks done=0", line)
	}
	return line
}

// TestLogProgressWeighsTheETA is issue 21's mixed config: 15,500 cheap
// tasks, then 1,100 that cost 400 times as much each. Once the cheap ones
// are done, in 28 s, the time left is the cost left over the cost done a
// second: 1,100·400 / (15,500/28) = 794.84 s, not the 1.99 s that
// counting tasks gives. A line written while a dear task runs credits the
// time since the last cheap one to it (the ETA falls by that time, where
// charging it to the cheap tasks' rate would have put it 2.4 times
// higher), up to a dear task's expected time (0.72 s): past that, the
// running task is late and the ETA grows again.
func TestLogProgressWeighsTheETA(t *testing.T) {
	perCost := 28 / 15_500.0 // seconds per unit of cost, by the cheap tasks
	for _, c := range []struct {
		name  string
		since time.Duration // from the last cheap task to the line
		want  float64
	}{
		{"at the last cheap task", 0, 1_100 * 400 * perCost},
		{"a dear task running", 500 * time.Millisecond, 1_100*400*perCost - 0.5},
		{"a dear task late", 10 * time.Second, 1_100*400*(28+10-400*perCost)/15_500 - 400*perCost},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeProgress()
			f.Start(15_500+1_100, 15_500+1_100*400)
			f.clock = f.clock.Add(28 * time.Second)
			for range 15_500 {
				f.Add(1, 1)
			}
			line := f.tickOnce(c.since)
			at := strings.Index(line, "eta_seconds=")
			if at < 0 {
				t.Fatalf("line %q has no ETA", line)
			}
			var eta float64
			if _, err := fmt.Sscanf(line[at:], "eta_seconds=%g", &eta); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			if math.Abs(eta-c.want) > 0.01 {
				t.Errorf("eta %.2f s; want %.2f (the cost left at the cost done a second)", eta, c.want)
			}
		})
	}
}

// TestBarWeighsTheWork: the bar's length is the share of the estimated
// cost done, its description the tasks.
func TestBarWeighsTheWork(t *testing.T) {
	var buf bytes.Buffer
	p := &barProgress{w: &buf}
	p.Start(4, 10)
	p.Add(1, 1)
	p.Add(1, 1)
	if got, want := p.bar.State().CurrentNum, int64(barUnits/5); got != want {
		t.Errorf("bar at %d units after 2 of 10 units of cost; want %d", got, want)
	}
	if got := p.describe(); got != "2/4 tasks" {
		t.Errorf("description %q; want 2/4 tasks", got)
	}
	p.Finish()
}

// TestQuietHasNoProgress: --quiet turns progress off, and a non-terminal
// stderr gets the log form.
func TestQuietHasNoProgress(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	if p := newProgress(&bytes.Buffer{}, log, true, time.Second); p != nil {
		t.Errorf("quiet: progress %T; want none", p)
	}
	if _, ok := newProgress(&bytes.Buffer{}, log, false, time.Second).(*logProgress); !ok {
		t.Errorf("a buffer is not a terminal: want the log form")
	}
}
