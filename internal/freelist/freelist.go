// Package freelist keeps a few large scratch values (a row group's
// columns, a file's write buffer) for reuse across files and tasks.
//
// A sync.Pool empties at every garbage collection, and a run that
// allocates quickly collects often: pooled buffers of megabytes were
// dropped and allocated again file after file (1.5 GB of an oracle-paper
// run's 11.8 GB allocated). A List keeps up to its limit of values until
// the process ends; past the limit, and above its size bound when it has
// one (Bounded), returned values are left to the collector, so the memory
// it holds stays bounded.
package freelist

import "sync"

// List is a bounded free list of *T; the zero value is not usable (New
// makes one). It is safe for concurrent use.
type List[T any] struct {
	mu       sync.Mutex
	free     []*T
	limit    int
	newValue func() *T
	size     func(*T) int // nil: any size is kept
	maxBytes int
}

// New returns a list that keeps up to limit values and calls newValue
// for one when it has none.
func New[T any](limit int, newValue func() *T) *List[T] {
	return &List[T]{limit: limit, newValue: newValue}
}

// Get returns a kept value, or a new one when none is kept.
func (l *List[T]) Get() *T {
	l.mu.Lock()
	if n := len(l.free); n > 0 {
		v := l.free[n-1]
		l.free[n-1] = nil
		l.free = l.free[:n-1]
		l.mu.Unlock()
		return v
	}
	l.mu.Unlock()
	return l.newValue()
}

// Bounded makes l keep only values of at most maxBytes as size measures
// them (the capacity of a value's buffers): a buffer grown for one very
// wide table is not held for the rest of the run. It returns l.
func (l *List[T]) Bounded(maxBytes int, size func(*T) int) *List[T] {
	l.size, l.maxBytes = size, maxBytes
	return l
}

// Put keeps v for a later Get, unless the list holds its limit already
// or v is larger than its bound. The caller must not use v after.
func (l *List[T]) Put(v *T) {
	if l.size != nil && l.size(v) > l.maxBytes {
		return
	}
	l.mu.Lock()
	if len(l.free) < l.limit {
		l.free = append(l.free, v)
	}
	l.mu.Unlock()
}
