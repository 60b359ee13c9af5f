package smo

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// TestKernelCacheEviction trains on numeric data with a kernel cache of
// three rows, so that rows are evicted and their buffers reused on almost
// every step, and checks that every machine comes out bit for bit as with
// every row cached: the cache holds the values kernel computes, and
// evicting changes none.
func TestKernelCacheEviction(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n, nf = 300, 4
	schema := dataset.Schema{Class: dataset.Attribute{Name: "c", Values: []string{"a", "b", "c"}}}
	nums := make([][]float64, nf)
	for f := range nf {
		schema.Features = append(schema.Features, dataset.Attribute{Name: string(rune('p' + f)), Numeric: true})
		nums[f] = make([]float64, n)
	}
	labels := make([]uint8, n)
	for r := range n {
		labels[r] = uint8(rng.IntN(3))
		for f := range nf {
			nums[f][r] = rng.NormFloat64() + float64(labels[r])*float64(f)/2
			if rng.IntN(20) == 0 {
				nums[f][r] = math.NaN()
			}
		}
	}
	d, err := dataset.NewMixed(schema, make([][]uint8, nf), nums, labels)
	if err != nil {
		t.Fatal(err)
	}
	fit := func() *Model {
		m, err := Learner{Options: DefaultOptions()}.Fit(d, d.All(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	full := fit()
	defer func(v int) { maxKernelCache = v }(maxKernelCache)
	maxKernelCache = 3 * n
	small := fit()
	for i := range 3 {
		for j := i + 1; j < 3; j++ {
			w1, b1, _ := full.Machine(i, j)
			w2, b2, _ := small.Machine(i, j)
			if !slices.Equal(w1, w2) || b1 != b2 {
				t.Errorf("machine %d-%d: %v, %v with a 3-row cache; %v, %v with every row", i, j, w2, b2, w1, b1)
			}
		}
	}
}
