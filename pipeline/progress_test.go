package pipeline

import (
	"sync/atomic"
	"testing"
)

// countingProgress records what the executor tells a Progress.
type countingProgress struct {
	total, added atomic.Int64
	finished     atomic.Bool
}

func (p *countingProgress) Start(total int64, _ float64) { p.total.Store(total) }
func (p *countingProgress) Add(n int64, _ float64)       { p.added.Add(n) }
func (p *countingProgress) Finish()                      { p.finished.Store(true) }

// TestProgressCountsTasks: a run reports every task it computes, once, and
// a resume of a complete run has nothing to do.
func TestProgressCountsTasks(t *testing.T) {
	cfg := smallConfig(t)
	out := t.TempDir()
	p := &countingProgress{}
	run(t, cfg, Options{Out: out, Progress: p, Workers: 3})
	study, err := oracleStudy(cfg, studyEnv{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := study.Footprint(nil).Tasks
	if p.total.Load() != tasks || p.added.Load() != tasks || !p.finished.Load() {
		t.Errorf("progress: total %d, added %d, finished %v; want %d tasks", p.total.Load(), p.added.Load(), p.finished.Load(), tasks)
	}
	again := &countingProgress{}
	run(t, cfg, Options{Out: out, Progress: again, Resume: true})
	if again.total.Load() != 0 || again.added.Load() != 0 {
		t.Errorf("resume of a complete run: total %d, added %d; want 0", again.total.Load(), again.added.Load())
	}
}
