package main

import (
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/dtbench/dtbench/pipeline"
)

// progressInterval is how often the log form of progress writes a line.
const progressInterval = 5 * time.Second

// newProgress returns how a command shows its progress on stderr: a bar
// (tasks done, rate, ETA) when stderr is a terminal, a log line every few
// seconds otherwise, nothing with --quiet.
func newProgress(stderr io.Writer, log *slog.Logger, quiet bool) pipeline.Progress {
	if quiet {
		return nil
	}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &barProgress{w: stderr}
	}
	return &logProgress{log: log, every: progressInterval, now: time.Now}
}

// barProgress draws a progress bar.
type barProgress struct {
	w   io.Writer
	bar *progressbar.ProgressBar
}

func (p *barProgress) Start(total int64) {
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription("tasks"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("tasks"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

func (p *barProgress) Add(n int64) { _ = p.bar.Add64(n) }

func (p *barProgress) Finish() { _ = p.bar.Finish() }

// logProgress writes "progress" log lines: tasks done of the total, the
// rate, and the estimated time left, at most one every `every`.
type logProgress struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time

	mu          sync.Mutex
	total, done int64
	start, last time.Time
}

func (p *logProgress) Start(total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total, p.done = total, 0
	p.start = p.now()
	p.last = p.start
}

func (p *logProgress) Add(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if now := p.now(); now.Sub(p.last) >= p.every {
		p.last = now
		p.line(now)
	}
}

func (p *logProgress) Finish() {}

// line logs the progress at time now; the caller holds p.mu.
func (p *logProgress) line(now time.Time) {
	elapsed := now.Sub(p.start).Seconds()
	rate := 0.0
	if elapsed > 0 {
		rate = float64(p.done) / elapsed
	}
	args := []any{"done", p.done, "total", p.total, "tasks_per_second", round2(rate)}
	if rate > 0 {
		args = append(args, "eta_seconds", round2(float64(p.total-p.done)/rate))
	}
	p.log.Info("progress", args...)
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
