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
// learned. The targets: under 50 ms at m10/oracle8/n3000, under
// 1 s at m16/oracle8/n5000, and under 1 s at m20/oracle8 (n1000, n3000).
func BenchmarkFit(b *testing.B) {
	tiers := []struct {
		m, z, depth, n int
		noise          float64
	}{
		{10, 2, 5, 3000, 0}, {10, 2, 6, 3000, 0}, {10, 2, 8, 3000, 0},
		{16, 2, 5, 5000, 0}, {16, 2, 6, 5000, 0}, {16, 2, 8, 5000, 0},
		{20, 2, 8, 1000, 0}, {20, 2, 8, 3000, 0},
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
			timeFits(b, data, tc.n)
		})
	}
}

// BenchmarkFitSparse times the cells of the oracle paper's grid where the
// search works hardest: a depth-8 oracle over 10 binary features sampled
// sparsely, 300 to 700 rows, drawn uniformly with repeats (complete) or as
// distinct inputs spread over the oracle's rules (unique). The minimum
// depth is then well below the oracle's and many trees reach it. Each tier
// cycles through twenty datasets, as many as a cell of the grid fits, and
// reports the mean besides the median: the grid's budget is a sum.
func BenchmarkFitSparse(b *testing.B) {
	for _, mode := range []string{"complete", "unique"} {
		for _, n := range []int{300, 500, 700} {
			b.Run(fmt.Sprintf("m10/oracle8/%s/n%d", mode, n), func(b *testing.B) {
				timeFits(b, sparseData(b, mode, 10, 8, n, 20), n)
			})
		}
	}
}

// BenchmarkGrid fits the oracle paper's grid once per iteration, one
// sub-benchmark per oracle depth: complete samples of 100…3000 rows and
// unique ones of 50…1000, twenty datasets per cell, as the exact learner
// runs it. It reports the CPU time of the worst cell's mean fit and of the
// whole column. Run it with -benchtime=1x.
func BenchmarkGrid(b *testing.B) {
	for depth := 5; depth <= 8; depth++ {
		b.Run(fmt.Sprintf("m10/oracle%d", depth), func(b *testing.B) {
			benchGridColumn(b, depth)
		})
	}
}

func benchGridColumn(b *testing.B, depth int) {
	type cell struct {
		name string
		data []*dataset.Dataset
	}
	var cells []cell
	for n := 100; n <= 3000; n += 100 {
		cells = append(cells, cell{fmt.Sprintf("complete/n%d", n), sparseData(b, "complete", 10, depth, n, 20)})
	}
	for n := 50; n <= 1000; n += 50 {
		cells = append(cells, cell{fmt.Sprintf("unique/n%d", n), sparseData(b, "unique", 10, depth, n, 20)})
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	worst, worstName, total := time.Duration(0), "", time.Duration(0)
	for b.Loop() {
		worst, total = 0, 0
		for _, c := range cells {
			start := threadCPU()
			for _, d := range c.data {
				if _, err := (Learner{Opts: opts(0, DepthThenLeaves)}).Fit(d, d.All(), nil); err != nil {
					b.Fatal(err)
				}
			}
			spent := threadCPU() - start
			total += spent
			if mean := spent / time.Duration(len(c.data)); mean > worst {
				worst, worstName = mean, c.name
			}
		}
	}
	b.Logf("worst cell %s: mean %.2f ms CPU", worstName, float64(worst.Microseconds())/1000)
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-cell-mean-cpu-ms")
	b.ReportMetric(total.Seconds(), "column-cpu-s")
}

// sparseData draws count datasets of n rows from depth-depth oracles over
// m binary features: uniform rows for mode "complete", distinct inputs
// for "unique".
func sparseData(b testing.TB, mode string, m, depth, n, count int) []*dataset.Dataset {
	var data []*dataset.Dataset
	for seed := range count {
		if mode == "unique" {
			data = append(data, distinctOracleData(b, uint64(300+seed), m, depth, 2, n))
		} else {
			data = append(data, oracleData(b, uint64(300+seed), m, depth, 2, n))
		}
	}
	return data
}

// timeFits fits the datasets in turn, b.N fits in all, and reports the
// median and mean fit time (wall, and CPU time of the fitting thread,
// which a shared machine disturbs less), the mean depth learned and the
// rows per second.
func timeFits(b *testing.B, data []*dataset.Dataset, n int) {
	var times, cpu []time.Duration
	depth := 0
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	for b.Loop() {
		d := data[len(times)%len(data)]
		start, startCPU := time.Now(), threadCPU()
		m, err := Learner{Opts: opts(0, DepthThenLeaves)}.Fit(d, d.All(), nil)
		times = append(times, time.Since(start))
		cpu = append(cpu, threadCPU()-startCPU)
		if err != nil {
			b.Fatal(err)
		}
		depth += m.Tree().Depth()
	}
	var sum time.Duration
	for _, c := range cpu {
		sum += c
	}
	slices.Sort(times)
	slices.Sort(cpu)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "median-cpu-ms")
	b.ReportMetric(float64(sum.Microseconds())/1000/float64(len(cpu)), "mean-cpu-ms")
	b.ReportMetric(float64(depth)/float64(len(times)), "depth")
	b.ReportMetric(float64(n)*float64(len(times))/b.Elapsed().Seconds(), "rows/s")
}
