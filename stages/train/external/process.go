package external

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Errors of one call to an adapter process, by how the fit's status
// names them.
var (
	errTimeout = errors.New("timeout")
	errDied    = errors.New("adapter died")
)

// process is one running adapter. It is used by one fit at a time.
type process struct {
	learner string
	cmd     *exec.Cmd
	stdin   *os.File // our end of its standard input
	stdout  *os.File // our end of its standard output
	r       *bufio.Reader
	// maxReply bounds a reply line (Spec.MaxReply): a longer one is not
	// read past it.
	maxReply int
	hello    helloReply
	drained  chan struct{} // closed when its standard error is read to the end
	mu       sync.Mutex
	last     string // its last line on standard error, for messages
	exited   chan struct{}
	waitErr  error // cmd.Wait's, after exited is closed
}

// startProcess starts command and runs the handshake within timeout, its
// reply within maxReply bytes. The adapter's standard error goes to log,
// one record per line.
func startProcess(learner string, command []string, log *slog.Logger, timeout time.Duration, maxReply int) (*process, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("pipe: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, fmt.Errorf("pipe: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, fmt.Errorf("pipe: %w", err)
	}
	cmd := exec.Command(command[0], command[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	isolate(cmd)
	err = cmd.Start()
	closeAll(inR, outW, errW) // the child's ends
	if err != nil {
		closeAll(inW, outR, errR)
		return nil, fmt.Errorf("start %s: %w", command[0], err)
	}
	p := &process{learner: learner, cmd: cmd, stdin: inW, stdout: outR, r: bufio.NewReaderSize(outR, 1<<16), maxReply: maxReply,
		drained: make(chan struct{}), exited: make(chan struct{})}
	go p.logStderr(errR, log)
	go func() { p.waitErr = cmd.Wait(); close(p.exited) }()
	line, err := p.call([]byte(helloLine), timeout)
	if err != nil {
		return nil, fmt.Errorf("handshake with %s: %w", strings.Join(command, " "), err)
	}
	if p.hello, err = parseHello(line); err != nil {
		p.kill()
		return nil, fmt.Errorf("handshake with %s: %w", strings.Join(command, " "), err)
	}
	return p, nil
}

// logStderr logs every line the adapter writes on its standard error,
// each cut to MaxMessage bytes (clip), reading every line to its end so
// that the adapter never blocks on a full pipe.
func (p *process) logStderr(r *os.File, log *slog.Logger) {
	defer close(p.drained)
	defer r.Close() // read only
	br := bufio.NewReaderSize(r, 4096)
	for {
		kept, n, err := readLine(br, MaxMessage, true)
		if n == 0 && err != nil {
			return
		}
		line := strings.TrimRight(string(kept), "\r")
		if n > len(kept) {
			line = clipped(line, n)
		}
		if line == "" {
			continue
		}
		p.mu.Lock()
		p.last = line
		p.mu.Unlock()
		log.Info("adapter", "learner", p.learner, "pid", p.cmd.Process.Pid, "stderr", line)
	}
}

// call writes one request line and reads one reply line (blank lines
// skipped) within timeout, of at most p.maxReply bytes. On any error the
// process is killed: a timeout wraps errTimeout, a process that died or
// closed its output errDied, a longer reply errTooLong (read no further).
func (p *process) call(line []byte, timeout time.Duration) ([]byte, error) {
	type result struct {
		line []byte
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		if _, err := p.stdin.Write(line); err != nil {
			ch <- result{err: fmt.Errorf("%w: write request: %v", errDied, err)}
			return
		}
		for {
			b, _, err := readLine(p.r, p.maxReply, false)
			switch {
			case errors.Is(err, errTooLong):
				ch <- result{err: err}
				return
			case err != nil:
				ch <- result{err: fmt.Errorf("%w: read reply: %v", errDied, err)}
				return
			}
			if b = bytes.TrimSpace(b); len(b) > 0 {
				ch <- result{line: b}
				return
			}
		}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case res := <-ch:
		if errors.Is(res.err, errTooLong) {
			p.kill() // the rest of the line is unread: out of step
			return nil, res.err
		}
		if res.err != nil {
			err := p.describe(res.err)
			p.kill()
			return nil, err
		}
		return res.line, nil
	case <-timer.C:
		p.kill()
		<-ch // the pipes are closed: the goroutine returns
		return nil, fmt.Errorf("%w: no reply within %v", errTimeout, timeout)
	}
}

// describe adds to err how the process ended and its last line on
// standard error, once it has ended (it is given a moment to).
func (p *process) describe(err error) error {
	deadline := time.After(2 * time.Second)
	select {
	case <-p.exited:
	case <-deadline:
		return err
	}
	select {
	case <-p.drained:
	case <-deadline:
	}
	extra := ""
	if p.waitErr != nil {
		extra = " (" + p.waitErr.Error() + ")"
	}
	p.mu.Lock()
	if p.last != "" {
		extra += "; its last line on stderr: " + p.last
	}
	p.mu.Unlock()
	return fmt.Errorf("%w%s", err, extra)
}

// kill ends the process and its group at once and closes our pipes.
func (p *process) kill() {
	killGroup(p.cmd)
	closeAll(p.stdin, p.stdout)
}

// close asks the adapter to exit by closing its standard input, and kills
// it when it has not exited after grace.
func (p *process) close(grace time.Duration) {
	closeAll(p.stdin)
	select {
	case <-p.exited:
	case <-time.After(grace):
		killGroup(p.cmd)
		<-p.exited
	}
	closeAll(p.stdout)
}

// closeAll closes files whose errors do not matter (pipe ends, some
// already closed).
func closeAll(files ...*os.File) {
	for _, f := range files {
		_ = f.Close()
	}
}
