package external

import (
	"log/slog"
	"sync"
	"time"
)

// closeGrace is how long an adapter has to exit after its standard input
// closes before it is killed.
const closeGrace = 5 * time.Second

// pool keeps a learner's idle processes. A fit takes one (or starts one)
// and puts it back when it is still usable, so the pool never holds more
// processes than there were fits at once: one per worker.
type pool struct {
	learner string
	command []string
	log     *slog.Logger
	hello   time.Duration // handshake timeout
	reply   int           // reply cap, bytes

	mu     sync.Mutex
	idle   []*process
	closed bool
	first  *helloReply // the first handshake's reply
}

// get returns an idle process, or starts one.
func (p *pool) get() (*process, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		pr := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return pr, nil
	}
	p.mu.Unlock()
	pr, err := startProcess(p.learner, p.command, p.log, p.hello, p.reply)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.first == nil {
		h := pr.hello
		p.first = &h
		if h.Protocol >= ValuesProtocol {
			p.log.Info("adapter", "learner", p.learner, "name", h.Name, "version", h.Version, "protocol", h.Protocol,
				"numeric", h.Capabilities.Numeric, "missing", h.Capabilities.Missing, "missing_values", h.MissingValues)
		}
	} else if pr.hello != *p.first {
		p.log.Warn("adapter changed its name or version", "learner", p.learner,
			"was", p.first.Name+" "+p.first.Version, "now", pr.hello.Name+" "+pr.hello.Version)
	}
	p.mu.Unlock()
	return pr, nil
}

// put gives a usable process back (and closes it when the pool is closed).
func (p *pool) put(pr *process) {
	p.mu.Lock()
	if !p.closed {
		p.idle = append(p.idle, pr)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	pr.close(closeGrace)
}

// close closes every idle process, in parallel, and makes put close the
// ones in use when they come back.
func (p *pool) close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, pr := range idle {
		wg.Add(1)
		go func() { defer wg.Done(); pr.close(closeGrace) }()
	}
	wg.Wait()
}
