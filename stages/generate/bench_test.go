package generate

import (
	"fmt"
	"testing"
)

// The benchmarks use the paper's setting: 10 binary features, 2 classes.
var paperDomains = binaryDomains(10)

// BenchmarkOracle draws oracles of the paper's depths, and a complete one
// of 20 binary features (a million leaves) as issue 21's huge grid does.
func BenchmarkOracle(b *testing.B) {
	for _, c := range []struct{ features, depth int }{{10, 5}, {10, 8}, {20, 20}} {
		b.Run(fmt.Sprintf("features=%d/depth=%d", c.features, c.depth), func(b *testing.B) {
			spec := OracleSpec{Domains: binaryDomains(c.features), Classes: 2, Depth: c.depth}
			rng := newRNG(1)
			nodes := 0
			for b.Loop() {
				o, err := Oracle(spec, rng)
				if err != nil {
					b.Fatal(err)
				}
				nodes += o.Len()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
		})
	}
}

func BenchmarkComplete(b *testing.B) {
	spec := OracleSpec{Domains: paperDomains, Classes: 2, Depth: 8}
	o := mustOracle(b, spec, newRNG(1))
	schema := Schema(spec)
	for _, q := range []int{100, 1000, 3000} {
		b.Run(fmt.Sprintf("rows=%d", q), func(b *testing.B) {
			rng := newRNG(2)
			for b.Loop() {
				if _, err := Complete(o, schema, q, rng); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(q)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

func BenchmarkUnique(b *testing.B) {
	for _, depth := range []int{5, 8} {
		spec := OracleSpec{Domains: paperDomains, Classes: 2, Depth: depth}
		o := mustOracle(b, spec, newRNG(1))
		schema := Schema(spec)
		for _, q := range []int{50, 500, 1000} {
			b.Run(fmt.Sprintf("depth=%d/rows=%d", depth, q), func(b *testing.B) {
				rng := newRNG(2)
				for b.Loop() {
					if _, err := Unique(o, schema, q, rng); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(q)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
			})
		}
	}
}

func BenchmarkAddNoise(b *testing.B) {
	spec := OracleSpec{Domains: paperDomains, Classes: 2, Depth: 8}
	rng := newRNG(1)
	o := mustOracle(b, spec, rng)
	s, err := Complete(o, Schema(spec), 3000, rng)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		AddNoise(s, 0.1, rng)
	}
}
