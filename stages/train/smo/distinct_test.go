package smo

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDistinctRowsAreThePerExampleWay: on data that repeats its rows (three
// or four features of two or three values, hundreds of rows, noisy labels:
// at most 81 distinct rows and far more unbound examples, so updateErrors1
// adds each distinct row's kernel sum), every machine's weights and
// threshold are bit for bit those of the per-example sums, with two to
// four classes and with probabilities.
func TestDistinctRowsAreThePerExampleWay(t *testing.T) {
	defer func(v bool) { indexDistinctRows = v }(indexDistinctRows)
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 12 {
		domains := []int{3, 2, 3}
		if trial%2 == 1 {
			domains = append(domains, 3)
		}
		k := 2 + trial%3
		x, y := randomRows(rng, 300+rng.IntN(900), domains, k)
		for r := range x {
			if rng.IntN(4) != 0 { // a signal under the noise
				y[r] = (x[r][0] + x[r][1]) % uint8(k)
			}
		}
		d := build(t, domains, k, x, y)
		o := DefaultOptions()
		o.Probabilities = trial%4 == 3
		fit := func(byRow bool) *Model {
			indexDistinctRows = byRow
			m, err := Learner{Options: o}.Fit(d, d.All(), nil)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		byRow, perExample := fit(true), fit(false)
		for i := range k {
			for j := i + 1; j < k; j++ {
				w1, b1, ok1 := byRow.Machine(i, j)
				w2, b2, ok2 := perExample.Machine(i, j)
				if ok1 != ok2 || !sameBits(w1, w2) || math.Float64bits(b1) != math.Float64bits(b2) {
					t.Errorf("trial %d, machine %d-%d: by distinct row %v %v, per example %v %v", trial, i, j, w1, b1, w2, b2)
				}
			}
		}
		dist1, dist2 := make([]float64, k), make([]float64, k)
		for r := range x {
			byRow.Distribution(x[r], dist1)
			perExample.Distribution(x[r], dist2)
			if !sameBits(dist1, dist2) {
				t.Fatalf("trial %d, row %d: distributions %v and %v", trial, r, dist1, dist2)
			}
		}
	}
}

// sameBits reports whether a and b hold the same doubles, bit for bit.
func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
