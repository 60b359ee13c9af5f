package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/dtbench/dtbench/pipeline"
)

// progressInterval is how often the log form of progress writes a line,
// unless --progress-every says otherwise.
const progressInterval = 5 * time.Second

// newProgress returns how a command shows its progress on stderr: a bar
// (tasks done, share of the work, ETA) when stderr is a terminal, a log
// line every `every` otherwise, nothing with --quiet.
func newProgress(stderr io.Writer, log *slog.Logger, quiet bool, every time.Duration) pipeline.Progress {
	if quiet {
		return nil
	}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &barProgress{w: stderr}
	}
	return &logProgress{log: log, every: every, now: time.Now}
}

// barUnits is the bar's length in units of work: the bar shows the share
// of the estimated cost done, so that its ETA weighs the tasks to come by
// their cost, and the tasks done in its description.
const barUnits = 1_000_000

// barProgress draws a progress bar.
type barProgress struct {
	w   io.Writer
	bar *progressbar.ProgressBar

	mu          sync.Mutex
	tasks, done int64
	cost, spent float64
}

func (p *barProgress) Start(tasks int64, cost float64) {
	p.tasks, p.cost = tasks, cost
	p.bar = progressbar.NewOptions64(barUnits,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(p.describe()),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

func (p *barProgress) Add(n int64, cost float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.spent += cost
	p.bar.Describe(p.describe())
	_ = p.bar.Set64(int64(share(p.spent, p.cost) * barUnits))
}

func (p *barProgress) Finish() { _ = p.bar.Finish() }

func (p *barProgress) describe() string { return fmt.Sprintf("%d/%d tasks", p.done, p.tasks) }

// share is the part of total that done is, 1 when total is 0.
func share(done, total float64) float64 {
	if total <= 0 {
		return 1
	}
	return min(done/total, 1)
}

// logProgress writes a "progress" log line every `every`, whether or not
// a task finished since (a slow task leaves no silence): tasks done of the
// total, the rate, and the estimated time left, which weighs the tasks to
// come by their estimated cost (the cost done per second so far, applied
// to the cost left), so that cheap tasks done first do not promise a near
// end. The time since the last task finished went into tasks still
// running: up to what one task still to come is expected to take, it is
// credited to them (it neither slows the rate nor is counted again in
// the time left); beyond that, the running tasks are late and the rate
// falls.
type logProgress struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time
	// ticks, when set, replaces the ticker of period every (tests).
	ticks <-chan time.Time

	mu          sync.Mutex
	tasks, done int64
	cost, spent float64
	start, last time.Time // Start, and when a task last finished
	stop        chan struct{}
	stopped     sync.WaitGroup
}

func (p *logProgress) Start(tasks int64, cost float64) {
	p.mu.Lock()
	p.tasks, p.done, p.cost, p.spent = tasks, 0, cost, 0
	p.start = p.now()
	p.last = p.start
	p.mu.Unlock()
	ticks := p.ticks
	var ticker *time.Ticker
	if ticks == nil {
		ticker = time.NewTicker(p.every)
		ticks = ticker.C
	}
	p.stop = make(chan struct{})
	p.stopped.Add(1)
	go func() {
		defer p.stopped.Done()
		if ticker != nil {
			defer ticker.Stop()
		}
		for {
			select {
			case at := <-ticks:
				// The tick's own time, not a second reading of the
				// clock: the line is for the moment the tick fired.
				p.mu.Lock()
				p.line(at)
				p.mu.Unlock()
			case <-p.stop:
				return
			}
		}
	}()
}

func (p *logProgress) Add(n int64, cost float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.spent += cost
	p.last = p.now()
}

// Finish stops the timer; no line is written after it returns.
func (p *logProgress) Finish() {
	if p.stop != nil {
		close(p.stop)
		p.stopped.Wait()
		p.stop = nil
	}
}

// line logs the progress at time now; the caller holds p.mu.
func (p *logProgress) line(now time.Time) {
	elapsed := now.Sub(p.start).Seconds()
	rate := 0.0
	if elapsed > 0 {
		rate = float64(p.done) / elapsed
	}
	args := []any{"done", p.done, "total", p.tasks, "tasks_per_second", round2(rate)}
	if eta, ok := p.eta(now); ok {
		args = append(args, "eta_seconds", round2(eta))
	}
	p.log.Info("progress", args...)
}

// eta is the time left at now, in seconds, false before a task is done;
// the caller holds p.mu. Of the time since the last task finished, at
// most the expected time of one task to come (the mean cost left per task
// at the rate until then) is credited to the running tasks.
func (p *logProgress) eta(now time.Time) (float64, bool) {
	untilLast := p.last.Sub(p.start).Seconds()
	if p.spent <= 0 || untilLast <= 0 {
		return 0, false
	}
	left := max(p.cost-p.spent, 0)
	credit := now.Sub(p.last).Seconds()
	if tasksLeft := p.tasks - p.done; tasksLeft > 0 {
		credit = min(credit, left/float64(tasksLeft)/(p.spent/untilLast))
	}
	rate := p.spent / (now.Sub(p.start).Seconds() - credit) // cost a second
	return max(left/rate-credit, 0), true
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
