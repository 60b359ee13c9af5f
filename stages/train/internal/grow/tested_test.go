package grow

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// pathSplitter splits every node it is asked on a random feature that can
// still split it, into a random grouping of the values still possible
// (subset splits, so a feature comes back below itself, as in CART), and
// records what Node.Tested says at each node, in the order it is asked.
type pathSplitter struct {
	m      int
	tested [][]bool
}

func (sp *pathSplitter) Split(n *Node, rng *rand.Rand) (Split, bool) {
	row := make([]bool, sp.m)
	var cands []int
	for f := range sp.m {
		row[f] = n.Tested(f)
		if n.Candidate(f) {
			cands = append(cands, f)
		}
	}
	sp.tested = append(sp.tested, row)
	f := cands[rng.IntN(len(cands))]
	a := n.Avail(f)
	var vals []int
	for x := a; x != 0; x &= x - 1 {
		vals = append(vals, bits.TrailingZeros64(x))
	}
	rng.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	g := 2 + rng.IntN(len(vals)-1)
	group := make([]int, len(n.domains))[:n.domains[f]]
	for i, v := range vals {
		br := i
		if i >= g {
			br = rng.IntN(g)
		}
		group[v] = br
	}
	return Split{Feature: f, Group: group}, true
}

// TestTested checks Node.Tested, the path the cost-sensitive criteria
// read: at every node it is exactly the set of features its ancestors
// test, whatever holds the node's rows (bitsets, lists, the tiny path).
// The splitter always splits, so the nodes it is asked about are the
// tree's internal nodes, in preorder (branch 0's subtree first).
func TestTested(t *testing.T) {
	shapes := []struct {
		domains []int
		k       int
	}{
		{repeat(2, 8), 2}, // the oracle study's case: the tiny path
		{[]int{2, 3, 4, 2, 5, 3}, 3},
	}
	for si, sh := range shapes {
		for seed := range uint64(6) {
			d := randomData(t, seed, sh.domains, sh.k, 300)
			for _, below := range []int{0, -1, d.Len() + 1} {
				sp := &pathSplitter{m: len(sh.domains)}
				tr, err := Tree(d, d.All(), sp, Options{MaxDepth: 6, ListBelow: below}, rand.New(rand.NewPCG(seed, 5)))
				if err != nil {
					t.Fatal(err)
				}
				var want [][]bool
				var walk func(n int, path []bool)
				walk = func(n int, path []bool) {
					if tr.IsLeaf(n) {
						return
					}
					want = append(want, path)
					next := slices.Clone(path)
					next[tr.Feature[n]] = true
					kids := slices.Clone(tr.Children(n))
					slices.Sort(kids)
					for _, c := range slices.Compact(kids) {
						walk(int(c), next)
					}
				}
				walk(0, make([]bool, len(sh.domains)))
				if len(want) < 20 || len(want) != len(sp.tested) {
					t.Fatalf("shape %d seed %d mode %d: %d nodes asked, %d internal nodes", si, seed, below, len(sp.tested), len(want))
				}
				for i := range want {
					if !slices.Equal(want[i], sp.tested[i]) {
						t.Fatalf("shape %d seed %d mode %d: node %d of preorder: Tested = %v; path tests %v", si, seed, below, i, sp.tested[i], want[i])
					}
				}
			}
		}
	}
}
