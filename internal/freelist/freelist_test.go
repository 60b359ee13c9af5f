package freelist

import (
	"runtime"
	"sync"
	"testing"
)

// TestKeepsUpToLimit: a returned value comes back from Get, even after a
// collection (which a sync.Pool would have emptied), and no more than the
// limit are kept.
func TestKeepsUpToLimit(t *testing.T) {
	made := 0
	l := New(2, func() *[]byte { made++; b := make([]byte, 8); return &b })
	a, b, c := l.Get(), l.Get(), l.Get()
	if made != 3 {
		t.Fatalf("made %d values for three Gets from an empty list, want 3", made)
	}
	l.Put(a)
	l.Put(b)
	l.Put(c) // over the limit: dropped
	runtime.GC()
	got := map[*[]byte]bool{l.Get(): true, l.Get(): true}
	if made != 3 || !got[a] || !got[b] {
		t.Errorf("after a collection: made %d, got back a %v, b %v; want the two kept values and none made", made, got[a], got[b])
	}
	if l.Get(); made != 4 {
		t.Errorf("a third Get made %d values in all, want 4 (c was over the limit)", made)
	}
}

// TestConcurrentUse: many goroutines taking and returning values never
// share one at the same time (go test -race checks the list's locking).
func TestConcurrentUse(t *testing.T) {
	l := New(4, func() *int { return new(int) })
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				v := l.Get()
				*v++
				if *v%2 != 1 {
					t.Error("a value was in use by two goroutines")
				}
				*v++
				l.Put(v)
			}
		}()
	}
	wg.Wait()
}

// TestBounded: a value above the size bound is not kept; one at the bound
// is.
func TestBounded(t *testing.T) {
	made := 0
	l := New(4, func() *[]byte { made++; b := make([]byte, 0, 8); return &b }).
		Bounded(16, func(b *[]byte) int { return cap(*b) })
	big := l.Get()
	*big = make([]byte, 0, 17)
	l.Put(big)
	if l.Get(); made != 2 {
		t.Errorf("a value of 17 bytes over a bound of 16 was kept (made %d, want 2)", made)
	}
	ok := l.Get()
	*ok = make([]byte, 0, 16)
	l.Put(ok)
	if got := l.Get(); got != ok {
		t.Errorf("a value at the bound was not kept")
	}
}
