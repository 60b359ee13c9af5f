package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// interrupted is the cause of a command's cancellation by a signal.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string {
	return fmt.Sprintf("interrupted by %s: the chunks written so far are kept; --resume finishes the run", signalName(e.sig))
}

// signalName is a signal as the shell names it (SIGINT, not Go's
// "interrupt").
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// exitStatus is the shell's status for a process ended by sig: 128 + its
// number (130 for SIGINT, 143 for SIGTERM).
func exitStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// withSignals returns a context that SIGINT or SIGTERM cancels: the
// command stops taking tasks, drops the tasks in flight, finishes the part
// it is writing and returns. A second signal exits at once. stop returns
// the first signal received, if any.
func withSignals(parent context.Context) (ctx context.Context, stop func() os.Signal) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var first atomic.Value
	go func() {
		sig, ok := <-ch
		if !ok {
			return
		}
		first.Store(sig)
		cancel(interrupted{sig})
		if sig, ok = <-ch; ok {
			fmt.Fprintf(os.Stderr, "dtbench: %s again: exiting now\n", signalName(sig))
			os.Exit(exitStatus(sig))
		}
	}()
	return ctx, func() os.Signal {
		signal.Stop(ch)
		cancel(nil)
		if sig, ok := first.Load().(os.Signal); ok {
			return sig
		}
		return nil
	}
}
