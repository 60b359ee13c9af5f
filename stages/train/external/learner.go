package external

import (
	"errors"
	"fmt"
	"log/slog"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

// Model is what Fit returns: a *TreeModel, a *Predictions or a
// *Probabilities.
type Model interface {
	Predict(x []uint8) int
}

// Failure is a fit that failed in a way the run records and goes on from
// (flow.Fit.Status, the status column of results/evaluations): a timeout,
// a process that died, a bad reply or the adapter's own error.
type Failure struct {
	Status  string // StatusTimeout, StatusCrashed, StatusBadReply or StatusError
	Message string // at most MaxMessage bytes and a note of the length
}

// The statuses of a Failure: the values of the status column of
// results/evaluations besides schemas.StatusOK. External learners are the
// only ones whose fits fail without stopping the run, so their failures
// are named here, where they are told apart.
const (
	StatusTimeout  = "timeout"   // no reply within the learner's timeout
	StatusCrashed  = "crashed"   // the adapter process died, or could not be restarted
	StatusBadReply = "bad_reply" // the reply did not parse, or contradicted the request
	StatusError    = "error"     // the adapter replied with an error of its own
)

// failure is the Failure of status with message, cut to MaxMessage
// bytes: what results/evaluations and the run's last error keep of an
// adapter's text.
func failure(status, message string) *Failure {
	return &Failure{Status: status, Message: clip(message)}
}

func (f *Failure) Error() string { return f.Status + ": " + f.Message }

// Info is what an adapter says of itself in the handshake: its name and
// version, the protocol version it speaks, and (from version 2) what data
// it takes and how it treats missing values.
type Info struct {
	Name          string
	Version       string
	Protocol      int
	Capabilities  dataset.Capabilities
	MissingValues string
}

// info is h as an Info.
func info(h helloReply) Info {
	return Info{Name: h.Name, Version: h.Version, Protocol: h.Protocol, Capabilities: dataset.Capabilities(h.Capabilities), MissingValues: h.MissingValues}
}

// Lacks returns why the adapter cannot take data with numeric features
// (numeric) or missing values (missing), naming the adapter and the
// protocol version that carries such data, or "" when it takes them. The
// learner's data check (train.CheckData, through the train stage's
// wrapper) adds it to its refusal.
func (i Info) Lacks(numeric, missing bool) string {
	what := "numeric features and missing values"
	switch {
	case !missing:
		what = "numeric features"
	case !numeric:
		what = "missing values"
	}
	adapter := fmt.Sprintf("its adapter %q (version %q)", i.Name, i.Version)
	switch {
	case !numeric && !missing, (!numeric || i.Capabilities.Numeric) && (!missing || i.Capabilities.Missing):
		return ""
	case i.Protocol < ValuesProtocol:
		return fmt.Sprintf("%s speaks protocol %d, which carries nominal codes only; %s need an adapter that speaks protocol %d", adapter, i.Protocol, what, ValuesProtocol)
	case numeric && !i.Capabilities.Numeric:
		return adapter + " announces that it takes no numeric features"
	default:
		return adapter + " announces that it takes no missing values"
	}
}

// Learner is one configured external learner: its command, its pool of
// processes and its count of consecutive failures. Its methods are safe
// for concurrent use; Close it when the run ends.
type Learner struct {
	name string
	spec Spec
	pool *pool

	mu       sync.Mutex
	failures int // consecutive failed fits
}

// New returns the learner named name (its config name) for spec. It
// starts nothing: Check or the first Fit starts the first process. log
// gets the adapters' standard error; nil discards it.
func New(name string, spec Spec, log *slog.Logger) *Learner {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if spec.Timeout <= 0 {
		spec.Timeout = Duration(DefaultTimeout)
	}
	if spec.MaxFailures <= 0 {
		spec.MaxFailures = DefaultMaxFailures
	}
	return &Learner{name: name, spec: spec,
		pool: &pool{learner: name, command: spec.Command, log: log, hello: time.Duration(spec.Timeout), reply: spec.maxReply()}}
}

// Name returns the learner's config name.
func (l *Learner) Name() string { return l.name }

// Check starts a process and runs the handshake, keeping the process for
// the first fit. A command that cannot start or fails the handshake is an
// *input.Error keyed learners.<name>.command: bad input, found before any
// work.
func (l *Learner) Check() (Info, error) {
	p, err := l.pool.get()
	if err != nil {
		return Info{}, &input.Error{Key: "learners." + l.name + ".command", Err: err}
	}
	l.pool.put(p)
	return info(p.hello), nil
}

// Info returns what the first process said of itself, and false before
// any process has started.
func (l *Learner) Info() (Info, bool) {
	l.pool.mu.Lock()
	defer l.pool.mu.Unlock()
	if l.pool.first == nil {
		return Info{}, false
	}
	return info(*l.pool.first), true
}

// Close ends the learner's processes.
func (l *Learner) Close() { l.pool.close() }

// Fit sends one fit request — the schema, the rows of d in rows, a seed
// drawn from rng, the rows of q and, when the space has at most MaxSpace
// inputs, a request to predict all of it — and returns the reply's model.
// A failed fit is a *Failure, after which the process is replaced (but
// for the adapter's own error, which leaves it usable); the
// spec.MaxFailures-th consecutive one is an ordinary error that names the
// learner and the last failure, to stop the run.
//
// Rows with a numeric feature or a missing value (in d or in q) go in
// protocol 2's values form, without the space; an adapter that does not
// announce it takes them is refused with an ordinary error (Info.Lacks),
// which the data check before any work (train.CheckData) should have
// given already.
func (l *Learner) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand, q Query) (Model, error) {
	return l.fitRows(d, rows, nil, rng, q)
}

// FitOrdered is Fit on the rows of d listed in order, which a fit in the
// values form sends in that order: the fold scheme's training order
// (Weka's, under folds: {scheme: weka}), which SMO's model depends on. A
// fit in the codes form sends its rows in row order as protocol 1 did,
// so that its requests stay byte for byte what they were.
func (l *Learner) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand, q Query) (Model, error) {
	rows := dataset.NewBitset(d.Len())
	for _, r := range order {
		rows.Set(r)
	}
	if rows.Count() != len(order) {
		return nil, fmt.Errorf("external learner %s: the training order lists a row twice", l.name)
	}
	return l.fitRows(d, rows, order, rng, q)
}

// fitRows is Fit and FitOrdered: order, when not nil, lists rows in the
// order the values form sends them.
func (l *Learner) fitRows(d *dataset.Dataset, rows dataset.Bitset, order []int, rng *rand.Rand, q Query) (Model, error) {
	seed := int64(rng.Int32())
	values := valuesForm(d, q)
	if values {
		if err := l.takes(d, q); err != nil {
			return nil, err
		}
	}
	space, small := dataset.SpaceSize(d.Domains(), MaxSpace)
	if !small || values {
		space = 0
	}
	req, err := encodeFit(d, rows, order, seed, q, space > 0)
	if err != nil {
		return nil, fmt.Errorf("external learner %s: %w", l.name, err)
	}
	m, f := l.fit(req.buf, &fitContext{domains: d.Domains(), classes: d.Classes(), query: q, space: space, values: values})
	req.release() // the line has been written (or its process killed)
	if f != nil {
		return nil, l.failed(f)
	}
	if tm, ok := m.(*TreeModel); ok && tm.t.Counts == nil {
		countRows(tm.t, d, rows)
	}
	l.mu.Lock()
	l.failures = 0
	l.mu.Unlock()
	return m, nil
}

// takes returns an error naming the learner, its adapter and the
// protocol it needs when the adapter does not take the numeric features
// or missing values of d and q.
func (l *Learner) takes(d *dataset.Dataset, q Query) error {
	h, ok := l.Info() // every process of the learner runs one command: the first speaks for all
	if !ok {
		var err error
		if h, err = l.Check(); err != nil {
			return err
		}
	}
	numeric, missing := d.HasNumeric(), d.HasMissing()
	if q.Data != nil {
		numeric, missing = numeric || q.Data.HasNumeric(), missing || q.Data.HasMissing()
	}
	if why := h.Lacks(numeric, missing); why != "" {
		return fmt.Errorf("external learner %s: %s", l.name, why)
	}
	return nil
}

// fit runs one request on a process of the pool.
func (l *Learner) fit(line []byte, fc *fitContext) (Model, *Failure) {
	p, err := l.pool.get()
	if err != nil {
		return nil, failure(StatusCrashed, "restart: "+err.Error())
	}
	reply, err := p.call(line, time.Duration(l.spec.Timeout))
	switch {
	case errors.Is(err, errTimeout):
		return nil, failure(StatusTimeout, err.Error())
	case errors.Is(err, errTooLong):
		return nil, failure(StatusBadReply, err.Error()+" (max_reply; raise it in the learner's entry if its replies are that big)")
	case err != nil:
		return nil, failure(StatusCrashed, err.Error())
	}
	m, err := parseReply(reply, fc)
	switch {
	case errors.Is(err, errAdapter):
		l.pool.put(p) // it answered: it is still in step
		return nil, failure(StatusError, strings.TrimPrefix(err.Error(), errAdapter.Error()+": "))
	case err != nil:
		p.kill() // out of step, or worse: the next fit gets a new process
		return nil, failure(StatusBadReply, err.Error())
	}
	l.pool.put(p)
	return m, nil
}

// failed counts a failure and returns it, or the error that stops the run
// when it is the spec.MaxFailures-th in a row.
func (l *Learner) failed(f *Failure) error {
	l.mu.Lock()
	l.failures++
	n := l.failures
	l.mu.Unlock()
	if n >= l.spec.MaxFailures {
		return fmt.Errorf("external learner %s failed %d fits in a row (max_failures %d); the last: %s", l.name, n, l.spec.MaxFailures, f.Error())
	}
	return f
}

// countRows sets t's counts to the training rows (of d in rows) that
// reach each node, for a tree that came without counts: what J48's and
// scikit-learn's counts are when rows have no weights. It moves all rows
// down one level at a time, so the steps of different rows are
// independent and overlap in the processor (walking one row to its leaf
// after another cost twice as much, gathering each row first 2.6 times).
func countRows(t *tree.Tree, d *dataset.Dataset, rows dataset.Bitset) {
	k := t.Classes
	t.Counts = make([]int32, t.Len()*k)
	cols := make([][]uint8, d.NumFeatures())
	for f := range cols {
		cols[f] = d.Column(f)
	}
	labels := d.Labels()
	active := make([]int32, 0, rows.Count()) // rows still moving down
	for i, w := range rows {
		for ; w != 0; w &= w - 1 {
			active = append(active, int32(i<<6+bits.TrailingZeros64(w)))
		}
	}
	at := make([]int32, len(active)) // the node each active row is at
	for len(active) > 0 {
		j := 0
		for i, r := range active {
			n := at[i]
			t.Counts[int(n)*k+int(labels[r])]++
			if f := t.Feature[n]; f != tree.Leaf {
				at[j], active[j] = int32(t.Next(int(n), cols[f][r])), r
				j++
			}
		}
		active, at = active[:j], at[:j]
	}
}
