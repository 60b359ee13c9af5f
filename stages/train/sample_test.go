package train

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// TestTreeOfSampleIsMaterialized holds grow.TreeOfSample, a tree grown on
// a multiset of rows in place, to the tree grow.Tree grows on the same
// multiset made a dataset (dataset.Project, repeats included), bit for
// bit, for the splitters of RandomTree, ID3 and CART, on layouts of one
// lane word (the oracle study's case, with its tiny path), several words,
// features left unpacked (more than 22 values, or past 4 words), and two
// to seven classes, over bootstrap samples, sub-bags and multisets with
// rows missing or repeated many times.
func TestTreeOfSampleIsMaterialized(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		k       int
		n       int
	}{
		{"binary-1word-2class", repeat(2, 10), 2, 600},
		{"binary-21features", repeat(2, 21), 2, 300},
		{"nursery-like", []int{3, 5, 4, 4, 3, 2, 3, 3}, 5, 900},
		{"multiword", repeat(6, 12), 3, 400},
		{"past-4-words", repeat(5, 30), 2, 300},
		{"wide-unpacked", []int{30, 3, 2, 40}, 3, 500},
		{"many-classes", []int{4, 4, 3, 2, 2}, 7, 700},
	}
	for ci, c := range cases {
		d := noisyData(t, uint64(100+ci), c.domains, c.k, 4, c.n, 0.2)
		p := grow.Pack(d)
		all := make([]int, d.NumFeatures())
		for f := range all {
			all[f] = f
		}
		rng := rand.New(rand.NewPCG(uint64(ci), 77))
		for trial := range 6 {
			rows := multiset(rng, d.Len(), trial)
			sd, err := d.Project(rows, all)
			if err != nil {
				t.Fatal(err)
			}
			splitters := []struct {
				name string
				make func() grow.Splitter
				o    grow.Options
			}{
				{"randomtree", func() grow.Splitter { return RandomTree{Options: DefaultRandomTreeOptions()}.splitter(d.NumFeatures()) }, grow.Options{}},
				{"randomtree-k1-minleaf3-depth4", func() grow.Splitter {
					return RandomTree{Options: RandomTreeOptions{K: 1, MinLeaf: 3}}.splitter(d.NumFeatures())
				}, grow.Options{MaxDepth: 4}},
				{"id3", func() grow.Splitter { return &multiway{crit: &infoGain{}} }, grow.Options{}},
				{"cart", func() grow.Splitter { return newCARTSplitter(DefaultCARTOptions()) }, grow.Options{}},
			}
			for _, s := range splitters {
				t.Run(fmt.Sprintf("%s/%d/%s", c.name, trial, s.name), func(t *testing.T) {
					seed := uint64(trial*31 + ci)
					want, err := grow.Tree(sd, sd.All(), s.make(), s.o, rand.New(rand.NewPCG(seed, 1)))
					if err != nil {
						t.Fatal(err)
					}
					got, err := grow.TreeOfSample(p, rows, s.make(), s.o, rand.New(rand.NewPCG(seed, 1)))
					if err != nil {
						t.Fatal(err)
					}
					if diff := sameTree(got, want); diff != "" {
						t.Fatalf("%d rows: %s", len(rows), diff)
					}
					if want.Len() < 3 && len(rows) > 50 {
						t.Fatalf("a tree of %d nodes on %d rows tests too little", want.Len(), len(rows))
					}
				})
			}
		}
	}
}

// multiset returns a sorted multiset of at most n rows of 0..n−1 of the
// kind trial names: a bootstrap sample, a 60% bag, every row once, a few
// rows repeated many times, or a single row.
func multiset(rng *rand.Rand, n, trial int) []int {
	var rows []int
	switch trial % 6 {
	case 0, 1:
		for range n {
			rows = append(rows, rng.IntN(n))
		}
	case 2:
		for range n * 6 / 10 {
			rows = append(rows, rng.IntN(n))
		}
	case 3:
		for r := range n {
			rows = append(rows, r)
		}
	case 4:
		for range n {
			rows = append(rows, rng.IntN(8)*(n/8))
		}
	case 5:
		rows = []int{rng.IntN(n)}
	}
	slices.Sort(rows)
	return rows
}

// TestTreeOfSampleRejectsBadRows: rows out of order, out of range or more
// than the dataset holds are errors, not trees of other rows.
func TestTreeOfSampleRejectsBadRows(t *testing.T) {
	d := noisyData(t, 5, repeat(2, 4), 2, 3, 20, 0.1)
	p := grow.Pack(d)
	for _, rows := range [][]int{{3, 2}, {-1, 4}, {0, 20}, make([]int, 21)} {
		sp := RandomTree{Options: DefaultRandomTreeOptions()}.splitter(d.NumFeatures())
		if _, err := grow.TreeOfSample(p, rows, sp, grow.Options{}, rand.New(rand.NewPCG(1, 2))); err == nil {
			t.Errorf("rows %v: no error", rows)
		}
	}
}
