package generate

import (
	"math/bits"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

// Mode names a way to sample a dataset from an oracle, as written in the
// config key oracle.modes.
type Mode string

const (
	ModeComplete Mode = "complete" // q inputs uniform, duplicates allowed (Complete)
	ModeUnique   Mode = "unique"   // q distinct inputs spread over the rules (Unique)
)

// ParseMode returns the mode named s, or an *input.Error for the key
// oracle.modes naming s and the known modes.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case ModeComplete, ModeUnique:
		return m, nil
	}
	return "", input.Keyf("oracle.modes", "unknown mode %q (known: %s, %s)", s, ModeComplete, ModeUnique)
}

// Sample draws a dataset of q rows from oracle in mode m (Complete or
// Unique, with their draw orders).
func (m Mode) Sample(oracle *tree.Tree, schema dataset.Schema, q int, rng *rand.Rand) (Sample, error) {
	switch m {
	case ModeComplete:
		return Complete(oracle, schema, q, rng)
	case ModeUnique:
		return Unique(oracle, schema, q, rng)
	}
	_, err := ParseMode(string(m))
	return Sample{}, err
}

// CheckSize reports, before any oracle is drawn, whether mode m can draw q
// rows over features with the given domains: q must be >= 0, and in unique
// mode at most Π Z_f. The error is an *input.Error for the key
// oracle.sizes naming q, the message Unique itself would give.
func CheckSize(m Mode, domains []int, q int) error {
	if q < 0 {
		return input.Keyf("oracle.sizes", "size must be >= 0, got %d", q)
	}
	if m != ModeUnique {
		return nil
	}
	n := uint64(1)
	for _, z := range domains {
		hi, lo := bits.Mul64(n, uint64(z))
		if hi != 0 {
			return nil // more inputs than any q
		}
		n = lo
	}
	if uint64(q) > n {
		return input.Keyf("oracle.sizes", "unique mode: size %d exceeds the %d distinct inputs", q, n)
	}
	return nil
}
