package costs

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// completeTree returns a complete multiway tree of the given depth over m
// binary features, each path testing distinct features: the oracle
// study's trees.
func completeTree(rng *rand.Rand, m, depth int) *tree.Tree {
	b := tree.NewBuilder(repeat(2, m), 2)
	var grow func(n, d int, used uint64)
	grow = func(n, d int, used uint64) {
		if d == depth {
			b.SetLeaf(n, rng.IntN(2))
			return
		}
		f := rng.IntN(m)
		for used&(1<<f) != 0 {
			f = rng.IntN(m)
		}
		for _, k := range b.SplitMultiway(n, f) {
			grow(k, d+1, used|1<<f)
		}
	}
	grow(b.Root(), 0, 0)
	return b.Tree()
}

func repeat(z, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = z
	}
	return out
}

// benchModel is a drawn model with delayed tests and groups, so that
// ForTree takes its longer path.
func benchModel(b *testing.B, m int) *Model {
	model, err := Draw(rand.New(rand.NewPCG(3, 3)), m, 2, DrawOptions{MinCost: 1, MaxCost: 10, Delayed: 0.3, Groups: 2, Grouped: 0.4, MinCommon: 1, MaxCommon: 5})
	if err != nil {
		b.Fatal(err)
	}
	return model
}

// BenchmarkTreeCosts times the cost evaluation of a depth-8 tree over 10
// binary features, the oracle study's cell: ForTree once per tree, then
// Mean over the evaluation rows, beside walk, the bare walk of every row
// to its leaf that any accuracy measure makes (the cost's overhead is
// Mean − walk per row, and ForTree per tree).
func BenchmarkTreeCosts(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const m = 10
	tr := completeTree(rng, m, 8)
	model := benchModel(b, m)
	b.Run("fortree/depth=8", func(b *testing.B) {
		for b.Loop() {
			if _, err := model.ForTree(tr); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, n := range []int{1000, 100_000} {
		d := sampleRows(b, rng, repeat(2, m), 2, n)
		c, err := model.ForTree(tr)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("mean/rows=%d", n), func(b *testing.B) {
			var sink float64
			for b.Loop() {
				sink += c.Mean(d, d.All()).Total()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
			_ = sink
		})
		b.Run(fmt.Sprintf("walk/rows=%d", n), func(b *testing.B) {
			sink := 0
			for b.Loop() {
				sink += walkCorrect(tr, d, d.All())
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
			_ = sink
		})
	}
}

// walkCorrect counts the rows the tree classifies right, walking columns
// as Mean does: the baseline of BenchmarkTreeCosts.
func walkCorrect(t *tree.Tree, d *dataset.Dataset, rows dataset.Bitset) int {
	cols := make([][]uint8, d.NumFeatures())
	for f := range cols {
		cols[f] = d.Column(f)
	}
	labels := d.Labels()
	right := 0
	for wi, word := range rows {
		for ; word != 0; word &= word - 1 {
			r := wi*64 + bits.TrailingZeros64(word)
			n := int32(0)
			for f := t.Feature[n]; f != tree.Leaf; f = t.Feature[n] {
				n = t.Child[t.Offset[n]+int32(cols[f][r])]
			}
			if uint8(t.Class[n]) == labels[r] {
				right++
			}
		}
	}
	return right
}
