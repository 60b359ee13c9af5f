package external_test

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

func TestMain(m *testing.M) {
	externaltest.RunIfAdapter()
	os.Exit(m.Run())
}

func spec(cmd []string, timeout time.Duration, maxFailures int) external.Spec {
	return external.Spec{Command: cmd, Timeout: external.Duration(timeout), MaxFailures: maxFailures}
}

func TestFitTree(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.Tree), 10*time.Second, 5), nil)
	defer l.Close()
	train, test := external.BinaryData(t, 300, 10, 1), external.BinaryData(t, 50, 10, 2)
	m, err := l.Fit(train, train.All(), rand.New(rand.NewPCG(1, 2)), external.Query{Data: test})
	if err != nil {
		t.Fatal(err)
	}
	tm, ok := m.(*external.TreeModel)
	if !ok {
		t.Fatalf("Fit returned %T; want *external.TreeModel", m)
	}
	tr := tm.Tree()
	if tr.Len() != 3 || tr.IsLeaf(0) || len(tr.Counts) != 3*2 {
		t.Fatalf("tree has %d nodes, root leaf %v, %d counts; want a stump with counts", tr.Len(), tr.IsLeaf(0), len(tr.Counts))
	}
	if got := tr.NodeCounts(0); int(got[0]+got[1]) != 300 {
		t.Errorf("root counts %v; want 300 rows", got)
	}
	if info, ok := l.Info(); !ok || info.Name != "fake-tree" || info.Version != "0.1" {
		t.Errorf("Info() = %+v, %v; want fake-tree 0.1", info, ok)
	}
}

func TestFitPredictions(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.Predict), 10*time.Second, 5), nil)
	defer l.Close()
	train, test := external.BinaryData(t, 100, 10, 1), external.BinaryData(t, 40, 10, 3)
	m, err := l.Fit(train, train.All(), rand.New(rand.NewPCG(1, 2)), external.Query{Data: test})
	if err != nil {
		t.Fatal(err)
	}
	p, ok := m.(*external.Probabilities)
	if !ok {
		t.Fatalf("Fit returned %T; want *external.Probabilities", m)
	}
	if len(p.Space()) != 1024 {
		t.Fatalf("space has %d predictions; want 1024", len(p.Space()))
	}
	// Every held-out row answers from its own prediction, which the fake
	// adapter makes agree with its space prediction.
	x := make([]uint8, 10)
	dist := make([]float64, 2)
	for r := range test.Len() {
		x = test.Row(r, x[:0])
		c := p.Predict(x)
		if s := int(p.Space()[dataset.SpaceIndex(test.Domains(), x)]); s != c {
			t.Fatalf("row %d: Predict = %d, space says %d", r, c, s)
		}
		p.Distribution(x, dist)
		if math.Abs(dist[c]-0.75) > 1e-12 || math.Abs(dist[0]+dist[1]-1) > 1e-12 {
			t.Fatalf("row %d: Distribution = %v; want 0.75 on class %d", r, dist, c)
		}
	}
}

// TestFaults: each fault is a *Failure with its status, and the learner
// is usable again after it.
func TestFaults(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cmd     []string
		timeout time.Duration
		status  string
		message string
	}{
		{"slow adapter times out", externaltest.Command(externaltest.Slow, "30s"), 300 * time.Millisecond, external.StatusTimeout, "no reply within 300ms"},
		{"crash", externaltest.Command(externaltest.Crash), 10 * time.Second, external.StatusCrashed, "exit status 3"},
		{"garbage", externaltest.Command(externaltest.Garbage), 10 * time.Second, external.StatusBadReply, "not a JSON object"},
		{"adapter error", externaltest.Command(externaltest.Error), 10 * time.Second, external.StatusError, "no can do"},
		{"some fits fail (every seed a multiple of 1)", externaltest.Command(externaltest.ErrorSome, "1"), 10 * time.Second, external.StatusError, "is a multiple of 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := external.New("fake", spec(tc.cmd, tc.timeout, 5), nil)
			defer l.Close()
			d := external.BinaryData(t, 50, 4, 1)
			start := time.Now()
			_, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)), external.Query{})
			var f *external.Failure
			if !errors.As(err, &f) {
				t.Fatalf("Fit error = %v; want a *Failure", err)
			}
			if f.Status != tc.status || !strings.Contains(f.Message, tc.message) {
				t.Errorf("failure = %s: %s; want %s containing %q", f.Status, f.Message, tc.status, tc.message)
			}
			if tc.status == external.StatusTimeout && time.Since(start) > 5*time.Second {
				t.Errorf("the timeout took %v", time.Since(start))
			}
		})
	}
}

// TestCrashRestarts: after a crash the next fit runs on a new process.
func TestCrashRestarts(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "crashed")
	rec := &records{}
	l := external.New("fake", spec(externaltest.Command(externaltest.FlakyArg, marker), 10*time.Second, 5), slog.New(rec))
	defer l.Close()
	d := external.BinaryData(t, 50, 4, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	_, err := l.Fit(d, d.All(), rng, external.Query{})
	var f *external.Failure
	if !errors.As(err, &f) || f.Status != external.StatusCrashed {
		t.Fatalf("first fit: %v; want a crash", err)
	}
	if !strings.Contains(f.Message, "crashing once as asked") {
		t.Errorf("crash message %q lacks the adapter's last line on stderr", f.Message)
	}
	if _, err := l.Fit(d, d.All(), rng, external.Query{}); err != nil {
		t.Fatalf("second fit: %v; want a model from a new process", err)
	}
	if n := rec.pids(); n != 2 {
		t.Errorf("%d processes logged their pid on stderr; want 2", n)
	}
}

// TestMaxFailures: the max_failures-th consecutive failure stops the
// run with an error naming the learner and the last failure; a success
// resets the count.
func TestMaxFailures(t *testing.T) {
	l := external.New("crashy", spec(externaltest.Command(externaltest.Crash), 10*time.Second, 3), nil)
	defer l.Close()
	d := external.BinaryData(t, 20, 3, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3 {
		_, err := l.Fit(d, d.All(), rng, external.Query{})
		var f *external.Failure
		switch {
		case i < 2 && !errors.As(err, &f):
			t.Fatalf("fit %d: %v; want a *Failure", i, err)
		case i == 2 && (errors.As(err, &f) || err == nil):
			t.Fatalf("fit %d: %v; want the error that stops the run", i, err)
		case i == 2 && !strings.Contains(err.Error(), "external learner crashy failed 3 fits in a row") ||
			i == 2 && !strings.Contains(err.Error(), "crashed: "):
			t.Errorf("stop error %q lacks the learner or the last failure", err)
		}
	}
}

// TestCheck: a missing command and a failed handshake are bad input.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		cmd  []string
		want string
	}{
		{"missing command", []string{"/no/such/adapter-program"}, "no such file"},
		{"not on PATH", []string{"dtbench-no-such-adapter"}, "executable file not found"},
		{"bad handshake", externaltest.Command(externaltest.NoHello), "hello reply is not a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := external.New("fake", spec(tc.cmd, time.Second, 5), nil)
			defer l.Close()
			_, err := l.Check()
			if !input.Is(err) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "learners.fake.command") {
				t.Errorf("Check() = %v; want an *input.Error for learners.fake.command containing %q", err, tc.want)
			}
		})
	}
	l := external.New("fake", spec(externaltest.Command(externaltest.Tree), time.Second, 5), nil)
	defer l.Close()
	if info, err := l.Check(); err != nil || info.Name != "fake-tree" {
		t.Errorf("Check() = %+v, %v; want fake-tree", info, err)
	}
}

// TestOneProcessPerWorker: fits from two goroutines use at most two
// processes, however many fits there are.
func TestOneProcessPerWorker(t *testing.T) {
	rec := &records{}
	l := external.New("fake", spec(externaltest.Command(externaltest.Tree), 10*time.Second, 5), slog.New(rec))
	defer l.Close()
	d := external.BinaryData(t, 100, 10, 1)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 2))
			for range 20 {
				if _, err := l.Fit(d, d.All(), rng, external.Query{}); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := rec.pids(); n < 1 || n > 2 {
		t.Errorf("%d processes for 2 workers; want 1 or 2", n)
	}
}

// records is a slog handler that keeps the adapters' stderr lines.
type records struct {
	mu    sync.Mutex
	lines []string
}

func (r *records) Enabled(context.Context, slog.Level) bool { return true }
func (r *records) WithAttrs([]slog.Attr) slog.Handler       { return r }
func (r *records) WithGroup(string) slog.Handler            { return r }
func (r *records) Handle(_ context.Context, rec slog.Record) error {
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "stderr" {
			r.mu.Lock()
			r.lines = append(r.lines, a.Value.String())
			r.mu.Unlock()
		}
		return true
	})
	return nil
}

// pids counts the fake adapters that announced themselves.
func (r *records) pids() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, l := range r.lines {
		if strings.Contains(l, ": pid ") {
			n++
		}
	}
	return n
}
