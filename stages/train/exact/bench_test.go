package exact

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
)

// BenchmarkFit times fits on oracle samples: m binary features, n rows
// drawn uniformly, labelled by a random perfect oracle of the given depth
// (two classes). Each tier cycles through five datasets and reports the
// median fit time, the mean depth learned and the search's expansions.
func BenchmarkFit(b *testing.B) {
	tiers := []struct{ m, depth, n int }{
		{10, 5, 3000}, {10, 6, 3000}, {10, 8, 3000},
		{16, 5, 5000}, {16, 6, 5000}, {16, 8, 5000},
	}
	for _, tc := range tiers {
		b.Run(fmt.Sprintf("m%d/oracle%d/n%d", tc.m, tc.depth, tc.n), func(b *testing.B) {
			var data []*dataset.Dataset
			for seed := range 5 {
				data = append(data, oracleData(b, uint64(100+seed), tc.m, tc.depth, 2, tc.n))
			}
			var times []time.Duration
			depth := 0
			b.ResetTimer()
			for b.Loop() {
				d := data[len(times)%len(data)]
				start := time.Now()
				m, err := Learner{}.Fit(d, d.All(), nil)
				times = append(times, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				depth += m.Tree().Depth()
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
			b.ReportMetric(float64(depth)/float64(len(times)), "depth")
			b.ReportMetric(float64(tc.n)*float64(len(times))/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
