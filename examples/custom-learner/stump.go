package main

import (
	"math"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// StumpOptions are the stump's options, as config gives them:
// learners: [{stump: {min_gain: 0.01}}].
type StumpOptions struct {
	// MinGain is the least information gain (bits) a split must have;
	// below it the stump is a single leaf.
	MinGain float64 `mapstructure:"min_gain"`
}

// Validate checks the options; the registry prefixes the key with
// learners.stump.
func (o StumpOptions) Validate() error {
	if !(o.MinGain >= 0) {
		return input.Keyf("min_gain", "must be >= 0, got %v", o.MinGain)
	}
	return nil
}

// Stump is a depth-1 decision tree: the one feature of largest
// information gain, each value's branch predicting its rows' majority
// class (the parent's majority for a value no row has).
type Stump struct{ Options StumpOptions }

// Fit grows the stump on the rows of d in rows. It draws nothing from
// rng: ties go to the lowest feature.
func (s Stump) Fit(d *dataset.Dataset, rows dataset.Bitset, _ *rand.Rand) (train.Model, error) {
	total := d.ClassCounts(rows)
	best, bestGain := -1, s.Options.MinGain
	for f := range d.NumFeatures() {
		if g := infoGain(d, rows, f, total); g > bestGain+1e-12 {
			best, bestGain = f, g
		}
	}
	b := tree.NewBuilder(d.Domains(), d.Classes())
	root := b.Root()
	b.SetCounts(root, total)
	if best < 0 {
		b.SetLeaf(root, dataset.ArgMax(total))
		return train.NewTreeModel(b.Tree()), nil
	}
	for v, child := range b.SplitMultiway(root, best) {
		counts := d.ClassCounts(dataset.And(dataset.NewBitset(d.Len()), rows, d.ValueRows(best, v)))
		class := dataset.ArgMax(counts)
		if sum(counts) == 0 {
			class = dataset.ArgMax(total)
		}
		b.SetLeaf(child, class)
		b.SetCounts(child, counts)
	}
	return train.NewTreeModel(b.Tree()), nil
}

// infoGain is H(class) − Σ_v p(v)·H(class | f = v) over rows, in bits.
func infoGain(d *dataset.Dataset, rows dataset.Bitset, f int, total []int) float64 {
	n := float64(sum(total))
	g := entropy(total)
	for v := range d.Domain(f) {
		counts := d.ClassCounts(dataset.And(dataset.NewBitset(d.Len()), rows, d.ValueRows(f, v)))
		g -= float64(sum(counts)) / n * entropy(counts)
	}
	return g
}

func entropy(counts []int) float64 {
	n := float64(sum(counts))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
