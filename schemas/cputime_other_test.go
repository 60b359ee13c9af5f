//go:build !unix

package schemas

import "time"

// cpuTime is unavailable here; benchmarks then report no CPU metric.
func cpuTime() time.Duration { return 0 }
