//go:build unix

package train

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) the process has used. The
// benchmarks report it per operation beside wall time, because on a
// shared machine wall time also counts the time other processes hold the
// cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
