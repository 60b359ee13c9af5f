package pipeline

import (
	"math"
	"sync"
	"sync/atomic"
	"testing"
)

// countingProgress records what the executor tells a Progress.
type countingProgress struct {
	total, added atomic.Int64
	finished     atomic.Bool

	mu          sync.Mutex
	cost, spent float64
	costs       map[float64]bool // the distinct costs of the tasks added
}

func (p *countingProgress) Start(total int64, cost float64) { p.total.Store(total); p.cost = cost }
func (p *countingProgress) Add(n int64, cost float64) {
	p.added.Add(n)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.spent += cost
	if p.costs == nil {
		p.costs = map[float64]bool{}
	}
	p.costs[cost] = true
}
func (p *countingProgress) Finish() { p.finished.Store(true) }

// TestProgressCountsTasks: a run reports every task it computes, once,
// with its cell's estimated cost, which sum to the total it started with,
// and a resume of a complete run has nothing to do.
func TestProgressCountsTasks(t *testing.T) {
	cfg := smallConfig(t)
	out := t.TempDir()
	p := &countingProgress{}
	run(t, cfg, Options{Out: out, Progress: p, Workers: 3})
	study, err := oracleStudy.build(cfg, studyEnv{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	tasks := study.Footprint(nil).Tasks
	if p.total.Load() != tasks || p.added.Load() != tasks || !p.finished.Load() {
		t.Errorf("progress: total %d, added %d, finished %v; want %d tasks", p.total.Load(), p.added.Load(), p.finished.Load(), tasks)
	}
	cells := len(study.Plan.Cells)
	if math.Abs(p.spent-p.cost) > 1e-6*p.cost || len(p.costs) != cells {
		t.Errorf("progress: started with cost %v, added %v in %d distinct costs; want the same total, a cost per cell (%d)", p.cost, p.spent, len(p.costs), cells)
	}
	again := &countingProgress{}
	run(t, cfg, Options{Out: out, Progress: again, Resume: true})
	if again.total.Load() != 0 || again.added.Load() != 0 {
		t.Errorf("resume of a complete run: total %d, added %d; want 0", again.total.Load(), again.added.Load())
	}
}
