package exact

import (
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
)

// BenchmarkFit times fits on oracle samples: m features of domain z (2
// unless the name says zZ), n rows drawn uniformly, labelled by a random
// perfect oracle of the given depth with two classes, and in the noise
// tier with 10% of the labels flipped. Each tier cycles through five
// datasets and reports the median fit time (wall, and CPU time of the
// fitting thread, which a shared machine disturbs less) and the mean depth
// learned. The targets: under 50 ms at m10/oracle8/n3000 and under
// 1 s at m16/oracle8/n5000.
func BenchmarkFit(b *testing.B) {
	tiers := []struct {
		m, z, depth, n int
		noise          float64
	}{
		{10, 2, 5, 3000, 0}, {10, 2, 6, 3000, 0}, {10, 2, 8, 3000, 0},
		{16, 2, 5, 5000, 0}, {16, 2, 6, 5000, 0}, {16, 2, 8, 5000, 0},
		{10, 2, 5, 3000, 0.1}, {8, 3, 4, 1000, 0}, {8, 5, 3, 1000, 0},
	}
	for _, tc := range tiers {
		name := fmt.Sprintf("m%d/oracle%d/n%d", tc.m, tc.depth, tc.n)
		if tc.z != 2 {
			name = fmt.Sprintf("m%dz%d/oracle%d/n%d", tc.m, tc.z, tc.depth, tc.n)
		}
		if tc.noise > 0 {
			name += fmt.Sprintf("/noise%g", tc.noise)
		}
		b.Run(name, func(b *testing.B) {
			var data []*dataset.Dataset
			for seed := range 5 {
				data = append(data, noisyOracleData(b, uint64(100+seed), tc.m, tc.z, tc.depth, 2, tc.n, tc.noise))
			}
			var times, cpu []time.Duration
			depth := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ResetTimer()
			for b.Loop() {
				d := data[len(times)%len(data)]
				start, startCPU := time.Now(), threadCPU()
				m, err := Learner{}.Fit(d, d.All(), nil)
				times = append(times, time.Since(start))
				cpu = append(cpu, threadCPU()-startCPU)
				if err != nil {
					b.Fatal(err)
				}
				depth += m.Tree().Depth()
			}
			slices.Sort(times)
			slices.Sort(cpu)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "median-cpu-ms")
			b.ReportMetric(float64(depth)/float64(len(times)), "depth")
			b.ReportMetric(float64(tc.n)*float64(len(times))/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
