package train

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// TestRowModesUnpacked is TestID3RowModes and TestCARTRowModes for data
// with features the lane words leave unpacked, which no benchmark tier and
// no golden set has: a feature of more values than a word's lanes (30),
// and more binary features than maxPackWords words hold (90). The
// automatic mode then mixes bitset and list nodes (listWordsPerPass),
// and list nodes count unpacked features through row indices. Every
// splitter must grow the same tree from bitsets only, lists only and the
// mix.
func TestRowModesUnpacked(t *testing.T) {
	shapes := []struct {
		name    string
		domains []int
		classes int
	}{
		{"a 30-valued feature", []int{2, 30, 3, 2, 5, 2, 4, 2}, 3},
		{"90 binary features", repeat(2, 90), 2},
	}
	splitters := []struct {
		name string
		sp   func(d *dataset.Dataset) grow.Splitter
	}{
		{"id3", func(*dataset.Dataset) grow.Splitter { return &multiway{crit: &infoGain{}} }},
		{"c45", func(d *dataset.Dataset) grow.Splitter {
			return &multiway{crit: &gainRatio{}, j48: newJ48Rule(d, d.All(), 2)}
		}},
		{"cart", func(*dataset.Dataset) grow.Splitter { return newCARTSplitter(unprunedCART(1).Options) }},
		{"randomtree", func(d *dataset.Dataset) grow.Splitter {
			return &randomSplitter{crit: &infoGain{}, k: randomTreeK(d.NumFeatures()), minLeaf: 1}
		}},
	}
	for _, sh := range shapes {
		for _, s := range splitters {
			t.Run(sh.name+"/"+s.name, func(t *testing.T) {
				for seed := range uint64(3) {
					d := noisyData(t, seed, sh.domains, sh.classes, 5, 3000, 0.1)
					var trees []*tree.Tree
					for _, below := range []int{0, -1, d.Len() + 1} { // automatic, bitsets only, lists only
						rng := rand.New(rand.NewPCG(seed, 7))
						tr, err := grow.Tree(d, d.All(), s.sp(d), grow.Options{ListBelow: below}, rng)
						if err != nil {
							t.Fatal(err)
						}
						trees = append(trees, tr)
					}
					if trees[0].Len() < 20 {
						t.Fatalf("seed %d: a tree of %d nodes tests too little", seed, trees[0].Len())
					}
					for i, tr := range trees[1:] {
						if diff := sameTree(trees[0], tr); diff != "" {
							t.Fatalf("seed %d: mode %d differs from automatic: %s", seed, i+1, diff)
						}
					}
				}
			})
		}
	}
}
