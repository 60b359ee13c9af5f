// Package parallel runs independent, indexed pieces of one computation
// side by side (a forest's trees, a report's figures, its pairs of
// learners): each piece writes only its own slot of the caller's results,
// so the outcome is the same whatever the order they finish in.
package parallel

import (
	"runtime"

	"golang.org/x/sync/errgroup"
)

// For runs work(i) for every i < n on up to GOMAXPROCS goroutines and
// returns the error of the lowest i that failed (not the first to fail
// in time, so that the error too is the same on every run); nil when
// none did.
func For(n int, work func(i int) error) error {
	errs := make([]error, n)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error {
			errs[i] = work(i)
			return nil
		})
	}
	_ = g.Wait() // every piece returns nil; its error is in errs
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
