package naive

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// weather reads Quinlan's nominal weather data with class "play", skipping
// the test when the file is absent.
func weather(t testing.TB) *dataset.Dataset {
	t.Helper()
	path := shareddata.FileOrSkip(t, "weather-nominal/weather.nominal.arff")
	d, err := dataset.ReadARFF(path, "play")
	if err != nil {
		t.Fatalf("ReadARFF(%s): %v", path, err)
	}
	return d
}

// schemaFor names features f0, f1, … with the given domains and k classes.
func schemaFor(domains []int, k int) dataset.Schema {
	var s dataset.Schema
	for f, z := range domains {
		a := dataset.Attribute{Name: fmt.Sprintf("f%d", f)}
		for v := range z {
			a.Values = append(a.Values, fmt.Sprintf("v%d", v))
		}
		s.Features = append(s.Features, a)
	}
	s.Class.Name = "class"
	for c := range k {
		s.Class.Values = append(s.Class.Values, fmt.Sprintf("c%d", c))
	}
	return s
}

// build makes a dataset from row-major inputs and labels, failing the test on error.
func build(t testing.TB, domains []int, k int, x [][]uint8, y []uint8) *dataset.Dataset {
	t.Helper()
	d, err := dataset.FromRows(schemaFor(domains, k), x, y)
	if err != nil {
		t.Fatalf("FromRows: %v", err)
	}
	return d
}

// randomRows draws n rows uniformly over the domains with labels uniform in 0..k-1.
func randomRows(rng *rand.Rand, n int, domains []int, k int) ([][]uint8, []uint8) {
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(rng.IntN(k))
	}
	return x, y
}

// randomSubset keeps each of n rows with probability p, returning the
// bitset and the kept rows in order.
func randomSubset(rng *rand.Rand, n int, p float64) (dataset.Bitset, []int) {
	b := dataset.NewBitset(n)
	var kept []int
	for r := range n {
		if rng.Float64() < p {
			b.Set(r)
			kept = append(kept, r)
		}
	}
	return b, kept
}

// allInputs lists every input vector over the domains, in lexicographic order.
func allInputs(domains []int) [][]uint8 {
	out := [][]uint8{{}}
	for _, z := range domains {
		var next [][]uint8
		for _, p := range out {
			for v := range z {
				next = append(next, append(append([]uint8(nil), p...), uint8(v)))
			}
		}
		out = next
	}
	return out
}
