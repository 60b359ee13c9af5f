//go:build !linux

package exact

import "time"

// threadCPU is unavailable here; benchmarks report 0 CPU time.
func threadCPU() time.Duration { return 0 }
