package external_test

import (
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/external/externaltest"
)

// fitOnce fits l once on a small dataset and returns the failure.
func fitOnce(t *testing.T, l *external.Learner) *external.Failure {
	t.Helper()
	d := external.BinaryData(t, 50, 4, 1)
	_, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)), external.Query{})
	var f *external.Failure
	if !errors.As(err, &f) {
		t.Fatalf("Fit error = %v; want a *Failure", err)
	}
	return f
}

// TestReplyCap: a reply longer than max_reply is a bad_reply read no
// further than the cap: a 200 MB reply under a 1 MiB cap allocates a few
// MiB, not the 200 MB (and more) of reading it whole.
func TestReplyCap(t *testing.T) {
	s := spec(externaltest.Command(externaltest.Huge, "200000000"), 30*time.Second, 5)
	s.MaxReply = 1 << 20
	l := external.New("fake", s, nil)
	defer l.Close()
	if _, err := l.Check(); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f := fitOnce(t, l)
	runtime.ReadMemStats(&after)
	if f.Status != external.StatusBadReply || !strings.Contains(f.Message, "max_reply") || !strings.Contains(f.Message, "1.0 MiB") {
		t.Errorf("failure %s: %s; want a bad_reply naming max_reply and its 1.0 MiB", f.Status, f.Message)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
		t.Errorf("the fit allocated %d MB for a reply capped at 1 MiB", got>>20)
	}
}

// TestMessageCap: an adapter's error of 50,000 bytes is kept as its first
// MaxMessage bytes and a note of its length; the process stays in use.
func TestMessageCap(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.Huge, "50000"), 10*time.Second, 5), nil)
	defer l.Close()
	f := fitOnce(t, l)
	if f.Status != external.StatusError {
		t.Fatalf("failure %s: %.100s; want the adapter's error", f.Status, f.Message)
	}
	want := strings.Repeat("x", external.MaxMessage) + "… (50000 bytes in all; the first 4096 kept)"
	if f.Message != want {
		t.Errorf("message of %d bytes, ending %q; want %d bytes ending %q", len(f.Message), f.Message[max(0, len(f.Message)-60):], len(want), want[len(want)-60:])
	}
}

// TestLongStderrLines: an adapter that writes 10 MB lines on its standard
// error still fits (its stderr is read to the end of every line, so it
// never blocks on a full pipe), and the log keeps each line's first
// MaxMessage bytes and its length.
func TestLongStderrLines(t *testing.T) {
	rec := &records{}
	l := external.New("fake", spec(externaltest.Command(externaltest.Noisy, "10000000"), 20*time.Second, 5), slog.New(rec))
	d := external.BinaryData(t, 50, 4, 1)
	for i := range 3 {
		if _, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(uint64(i), 2)), external.Query{}); err != nil {
			t.Fatalf("fit %d: %v", i, err)
		}
	}
	l.Close() // its stderr read to the end
	rec.mu.Lock()
	defer rec.mu.Unlock()
	long := 0
	for _, line := range rec.lines {
		if strings.HasPrefix(line, "nnn") {
			long++
			if want := "(10000000 bytes in all; the first 4096 kept)"; len(line) > external.MaxMessage+100 || !strings.HasSuffix(line, want) {
				t.Errorf("logged a line of %d bytes ending %q; want %d bytes and %q", len(line), line[max(0, len(line)-60):], external.MaxMessage, want)
			}
		}
	}
	if long != 3 {
		t.Errorf("%d long lines logged; want one per fit (3)", long)
	}
}

// TestHandshakeTimeout: the handshake of a new process gets the learner's
// timeout (it had 60 s whatever the timeout): an adapter that takes 30 s
// to say hello fails Check within a second of a 500 ms timeout.
func TestHandshakeTimeout(t *testing.T) {
	l := external.New("fake", spec(externaltest.Command(externaltest.SlowHello, "30s"), 500*time.Millisecond, 5), nil)
	defer l.Close()
	start := time.Now()
	_, err := l.Check()
	if !input.Is(err) || !strings.Contains(err.Error(), "no reply within 500ms") {
		t.Errorf("Check() = %v; want the handshake's timeout", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Check took %v with a 500ms timeout", took)
	}
}

// TestParseMaxReply reads max_reply as a size, at least 1 KiB.
func TestParseMaxReply(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want int64
		err  string
	}{
		{"64MiB", 64 << 20, ""}, {"1GB", 1e9, ""}, {4096, 4096, ""},
		{"lots", 0, "learners.x.max_reply"}, {100, 0, "at least 1KiB"}, {-1, 0, "learners.x.max_reply"},
	} {
		_, s, err := external.ParseSpec(map[string]any{"name": "x", "command": []any{"true"}, "max_reply": tc.in})
		switch {
		case tc.err == "" && (err != nil || s.MaxReply != tc.want):
			t.Errorf("max_reply %v: %d, %v; want %d", tc.in, s.MaxReply, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("max_reply %v: %v; want an error naming %q", tc.in, err, tc.err)
		}
	}
	if _, s, _ := external.ParseSpec(map[string]any{"name": "x", "command": []any{"true"}}); s.MaxReply != 0 {
		t.Errorf("no max_reply: %d; want 0 (the default, %s)", s.MaxReply, fmt.Sprint(external.DefaultMaxReply))
	}
}
