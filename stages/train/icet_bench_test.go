package train

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
)

// BenchmarkICET times one ICET fit with Turney's settings (population 50,
// 1000 trials) on the two tiers: heart-disease with Turney's
// costs on a random two thirds of its rows (202 training rows, 13 tests;
// target under 100 ms), and a noisy sample of 1000 rows of a depth-6
// oracle over 10 binary features with drawn costs (delays, groups; target
// under 200 ms). It reports CPU time per fit beside wall time.
func BenchmarkICET(b *testing.B) {
	b.Run("heart-disease", func(b *testing.B) {
		d, m := heartDisease(b)
		m.Matrix = [][]float64{{0, 600}, {600, 0}}
		benchICET(b, ICET{Options: DefaultICETOptions(), Costs: m}, d, twoThirds(d, 1))
	})
	b.Run("m=10/n=1000", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 31))
		d := costNoisyData(b, rng, repeat(2, 10), 2, 6, 1000)
		m, err := costs.Draw(rng, 10, 2, costs.DrawOptions{MinCost: 0, MaxCost: 0.2, Delayed: 0.3, Groups: 2, Grouped: 0.4, MinCommon: 0, MaxCommon: 0.3, Matrix: [][]float64{{0, 1}, {3, 0}}})
		if err != nil {
			b.Fatal(err)
		}
		benchICET(b, ICET{Options: DefaultICETOptions(), Costs: m}, d, d.All())
	})
}

// benchICET times l's fit on the rows of d, a fixed seed per fit.
func benchICET(b *testing.B, l ICET, d *dataset.Dataset, rows dataset.Bitset) {
	b.Helper()
	var trials, nodes int
	cpu := cpuTime()
	for b.Loop() {
		m, err := l.Fit(d, rows, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			b.Fatal(err)
		}
		im := m.(*ICETModel)
		trials, nodes = im.Trials, im.Tree().Len()
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(trials), "trials")
	b.ReportMetric(float64(nodes), "nodes")
}
