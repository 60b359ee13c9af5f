package generate

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Sample is a dataset drawn from an oracle: Rules[r] is the oracle leaf
// (node id) that labels row r. The labels are the oracle's unless noise
// was added (AddNoise keeps Rules, so a flipped row still names its rule).
type Sample struct {
	Data  *dataset.Dataset
	Rules []int32
}

// Complete draws q inputs uniformly from the whole input space
// (duplicates allowed) and labels them with the oracle. This is the paper's
// "completely random" mode: a random walk to a rule with its free features
// uniform gives the same distribution.
//
// Draws from rng, in this order: feature by feature (f0 first), the column
// of q values. A feature whose domain Z is a power of two takes its values
// log2(Z) bits at a time from rng.Uint64(), low bits first, 64/log2(Z)
// rows per call (a binary feature: 64 rows per call, bit i to row 64c+i);
// unused high bits of a column's last call are dropped. Any other domain
// draws rng.IntN(Z) per row.
//
// The oracle must be a valid tree over schema's features and classes; a
// negative q is an *input.Error for the key oracle.sizes.
func Complete(oracle *tree.Tree, schema dataset.Schema, q int, rng *rand.Rand) (Sample, error) {
	if err := checkSample(oracle, schema, q); err != nil {
		return Sample{}, fmt.Errorf("complete sample: %w", err)
	}
	m := len(schema.Features)
	cols := make([][]uint8, m)
	buf := make([]uint8, m*q)
	for f := range cols {
		cols[f] = buf[f*q : (f+1)*q : (f+1)*q]
	}
	var rules []int32
	if binaryFast(oracle.Domains, q) {
		// All binary and a small input space: look each row's input index
		// up in a table of every input's leaf.
		rules = fillBinary(cols, q, rng, binaryLeafTable(oracle))
	} else {
		for f, col := range cols {
			fillUniform(col, len(schema.Features[f].Values), rng)
		}
		rules = applyColumns(oracle, cols, q)
	}
	labels := make([]uint8, q)
	for r, n := range rules {
		labels[r] = uint8(oracle.Class[n])
	}
	d, err := dataset.New(schema, cols, labels)
	if err != nil {
		return Sample{}, fmt.Errorf("complete sample: %w", err)
	}
	return Sample{Data: d, Rules: rules}, nil
}

// fillUniform sets every entry of col to a uniform value in 0..z-1, in the
// draw order documented at Complete.
func fillUniform(col []uint8, z int, rng *rand.Rand) {
	if z&(z-1) != 0 {
		for i := range col {
			col[i] = uint8(rng.IntN(z))
		}
		return
	}
	w := uint(bits.TrailingZeros(uint(z))) // bits per value
	if w == 0 {
		clear(col) // a one-value domain needs no randomness
		return
	}
	per := int(64 / w)
	mask := uint64(z - 1)
	for i := 0; i < len(col); i += per {
		u := rng.Uint64()
		chunk := col[i:min(i+per, len(col))]
		for j := range chunk {
			chunk[j] = uint8(u & mask)
			u >>= w
		}
	}
}

// applyColumns returns the leaf each of the q rows of cols reaches. It
// walks all rows one level at a time, so that the rows' lookups are
// independent of each other and overlap in the processor.
func applyColumns(t *tree.Tree, cols [][]uint8, q int) []int32 {
	node := make([]int32, q) // every row starts at the root, node 0
	depth := t.Depth()
	for range depth {
		for r, n := range node {
			f := t.Feature[n]
			if f == tree.Leaf {
				continue
			}
			node[r] = t.Child[t.Offset[n]+int32(cols[f][r])]
		}
	}
	return node
}

// checkSample checks that the oracle matches the schema and q is a size.
func checkSample(t *tree.Tree, schema dataset.Schema, q int) error {
	if t == nil || t.Len() == 0 {
		return fmt.Errorf("empty oracle")
	}
	if err := CheckSize(ModeComplete, t.Domains, q); err != nil {
		return err
	}
	if len(t.Domains) != len(schema.Features) {
		return fmt.Errorf("oracle has %d features, schema %d", len(t.Domains), len(schema.Features))
	}
	for f, a := range schema.Features {
		if t.Domains[f] != len(a.Values) {
			return fmt.Errorf("feature %s: oracle domain %d, schema domain %d", a.Name, t.Domains[f], len(a.Values))
		}
	}
	if t.Classes != len(schema.Class.Values) {
		return fmt.Errorf("oracle has %d classes, schema %d", t.Classes, len(schema.Class.Values))
	}
	return nil
}
