//go:build !unix

package train

import "time"

// cpuTime is not measured on this platform; the benchmarks then report 0.
func cpuTime() time.Duration { return 0 }
