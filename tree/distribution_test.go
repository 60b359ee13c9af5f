package tree

import (
	"math/rand/v2"
	"testing"
)

// referenceDistribution is Distribution as two separate walks, the way it
// was written before PredictDistribution: down to the first branch
// without counts for the probabilities, and Predict for the class.
func referenceDistribution(t *Tree, x []uint8, dst []float64) int {
	clear(dst)
	p := t.Predict(x)
	if len(t.Counts) == 0 {
		dst[p] = 1
		return p
	}
	n := 0
	for t.Feature[n] != Leaf {
		next := int(t.Child[int(t.Offset[n])+int(x[t.Feature[n]])])
		if countsTotal(t.NodeCounts(next)) == 0 {
			break
		}
		n = next
	}
	counts := t.NodeCounts(n)
	total := countsTotal(counts)
	if total == 0 {
		dst[p] = 1
		return p
	}
	for c, k := range counts {
		dst[c] = float64(k) / float64(total)
	}
	return p
}

// TestPredictDistributionMatchesTwoWalks: on random trees whose counts
// leave some branches (and some whole subtrees, and sometimes the root)
// without rows, the one walk gives the class of Predict and the
// probabilities of the two-walk reference on every input.
func TestPredictDistributionMatchesTwoWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		depth, z, k := 1+rng.IntN(4), 2+rng.IntN(2), 2+rng.IntN(2)
		tr := completeTree(rng, depth, z, k)
		if trial%5 != 0 { // every fifth tree keeps no counts
			tr.Counts = make([]int32, tr.Len()*k)
			for n := range tr.Len() {
				if rng.IntN(3) == 0 {
					continue // a node no training row reached
				}
				for c := range k {
					tr.Counts[n*k+c] = int32(rng.IntN(4))
				}
			}
		}
		x := make([]uint8, len(tr.Domains))
		got, want := make([]float64, k), make([]float64, k)
		for range 50 {
			for f := range x {
				x[f] = uint8(rng.IntN(z))
			}
			p := tr.PredictDistribution(x, got)
			q := referenceDistribution(tr, x, want)
			if p != q || p != tr.Predict(x) {
				t.Fatalf("trial %d, x %v: class %d; want %d", trial, x, p, q)
			}
			if leaf := tr.ApplyDistribution(x, got); leaf != tr.Apply(x) {
				t.Fatalf("trial %d, x %v: ApplyDistribution leaf %d; Apply gives %d", trial, x, leaf, tr.Apply(x))
			}
			for c := range got {
				if got[c] != want[c] {
					t.Fatalf("trial %d, x %v: distribution %v; want %v", trial, x, got, want)
				}
			}
		}
	}
}
