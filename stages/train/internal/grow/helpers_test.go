package grow

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// The tests' own data makers (package train's tests have their own: a
// test helper is not worth a package).

// schemaFor names features f0, f1, … with values v0, v1, … and classes c0, c1, ….
func schemaFor(domains []int, k int) dataset.Schema {
	values := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	s := dataset.Schema{Class: dataset.Attribute{Name: "class", Values: values("c", k)}}
	for f, z := range domains {
		s.Features = append(s.Features, dataset.Attribute{Name: fmt.Sprintf("f%d", f), Values: values("v", z)})
	}
	return s
}

// repeat returns n copies of z.
func repeat(z, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = z
	}
	return out
}

// randomData returns n rows of uniform values over domains and uniform
// classes.
func randomData(t testing.TB, seed uint64, domains []int, k, n int) *dataset.Dataset {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x9ac))
	cols := make([][]uint8, len(domains))
	for f, z := range domains {
		cols[f] = make([]uint8, n)
		for r := range cols[f] {
			cols[f][r] = uint8(rng.IntN(z))
		}
	}
	labels := make([]uint8, n)
	for r := range labels {
		labels[r] = uint8(rng.IntN(k))
	}
	d, err := dataset.New(schemaFor(domains, k), cols, labels)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
