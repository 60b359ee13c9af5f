package generate

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// ValidateNoise checks a label-noise probability from the config key
// oracle.noise: it must lie in [0, 1].
func ValidateNoise(p float64) error {
	if !(p >= 0 && p <= 1) { // also rejects NaN
		return input.Keyf("oracle.noise", "must be in [0, 1], got %v", p)
	}
	return nil
}

// AddNoise returns s with each label replaced, with probability p, by a
// different class drawn uniformly (the oracle.noise knob; test rows stay
// clean, so call it on training samples only). Inputs and Rules are kept,
// so a flipped row still names the oracle rule it came from. With p = 0,
// or fewer than two classes, it returns s itself and draws nothing.
//
// Draws from rng, in this order: row by row, rng.Float64() (the row flips
// when it is < p), and for a flipped row rng.IntN(K-1), which indexes the
// classes other than the row's own in increasing order.
//
// p must satisfy ValidateNoise; anything else is a caller bug and panics.
func AddNoise(s Sample, p float64, rng *rand.Rand) Sample {
	if err := ValidateNoise(p); err != nil {
		panic(fmt.Sprintf("generate: AddNoise: %v", err))
	}
	d := s.Data
	k := d.Classes()
	if p == 0 || k < 2 {
		return s
	}
	labels := append([]uint8(nil), d.Labels()...)
	for r, c := range labels {
		if rng.Float64() >= p {
			continue
		}
		n := uint8(rng.IntN(k - 1))
		if n >= c {
			n++
		}
		labels[r] = n
	}
	cols := make([][]uint8, d.NumFeatures())
	for f := range cols {
		cols[f] = d.Column(f) // shared: datasets never modify their columns
	}
	noisy, err := dataset.New(d.Schema(), cols, labels)
	if err != nil {
		// The columns and schema come from a valid dataset and the labels
		// stay within its classes, so this is a bug.
		panic(fmt.Sprintf("generate: AddNoise: %v", err))
	}
	return Sample{Data: noisy, Rules: s.Rules}
}
