package tree

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// completeTree returns a complete tree of the given depth over depth+2
// features of domain z: every path tests depth distinct features, drawn at
// random, and the leaves carry random classes.
func completeTree(rng *rand.Rand, depth, z, classes int) *Tree {
	m := depth + 2
	domains := make([]int, m)
	for f := range domains {
		domains[f] = z
	}
	b := NewBuilder(domains, classes)
	var grow func(n, d int, used uint64)
	grow = func(n, d int, used uint64) {
		if d == depth {
			b.SetLeaf(n, rng.IntN(classes))
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

// BenchmarkPredict classifies random inputs with a complete depth-10 tree.
func BenchmarkPredict(b *testing.B) {
	for _, z := range []int{2, 3} {
		b.Run(fmt.Sprintf("depth=10/domain=%d", z), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			t := completeTree(rng, 10, z, 2)
			if err := t.Validate(); err != nil {
				b.Fatal(err)
			}
			xs := make([][]uint8, 1024)
			for i := range xs {
				xs[i] = make([]uint8, len(t.Domains))
				for f := range xs[i] {
					xs[i][f] = uint8(rng.IntN(z))
				}
			}
			i, sink := 0, 0
			for b.Loop() {
				sink += t.Predict(xs[i&1023])
				i++
			}
			if sink < 0 {
				b.Fatal("unreachable")
			}
		})
	}
}

// BenchmarkValidate measures the check run after every tree load.
func BenchmarkValidate(b *testing.B) {
	t := completeTree(rand.New(rand.NewPCG(1, 2)), 10, 2, 2)
	for b.Loop() {
		if err := t.Validate(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(t.Len()), "nodes")
}

// BenchmarkWriteTextDeep writes the text of chains 1,000 and 100,000
// levels deep: ns and bytes a node should not grow with the depth.
func BenchmarkWriteTextDeep(b *testing.B) {
	for _, levels := range []int{1000, 100000} {
		b.Run(fmt.Sprintf("levels=%d", levels), func(b *testing.B) {
			t := chainTree(levels)
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteText(io.Discard, t, Names{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(t.Len()), "ns/node")
		})
	}
}
