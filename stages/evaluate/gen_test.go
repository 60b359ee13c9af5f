package evaluate

import (
	"math/rand/v2"

	"github.com/dtbench/dtbench/tree"
)

// This file holds the test-only random tree generators. They use
// tree.Builder directly so that the tests import no other stage.

// randomDomains returns m domains drawn uniformly from lo..hi.
func randomDomains(rng *rand.Rand, m, lo, hi int) []int {
	d := make([]int, m)
	for f := range d {
		d[f] = lo + rng.IntN(hi-lo+1)
	}
	return d
}

// randomOracle returns a perfect oracle in the manner of the paper's
// Algorithm 1: every root-to-leaf path tests depth distinct features drawn
// uniformly from those unused on the path, one child per value, and leaves
// get uniform random classes.
func randomOracle(rng *rand.Rand, domains []int, classes, depth int) *tree.Tree {
	b := tree.NewBuilder(domains, classes)
	used := make([]bool, len(domains))
	var grow func(n, d int)
	grow = func(n, d int) {
		if d == depth {
			b.SetLeaf(n, rng.IntN(classes))
			return
		}
		f := pickUnused(rng, used)
		used[f] = true
		for _, c := range b.SplitMultiway(n, f) {
			grow(c, d+1)
		}
		used[f] = false
	}
	grow(b.Root(), 0)
	return b.Tree()
}

// pickUnused returns a uniformly drawn index whose used entry is false; at
// least one must be.
func pickUnused(rng *rand.Rand, used []bool) int {
	free := 0
	for _, u := range used {
		if !u {
			free++
		}
	}
	k := rng.IntN(free)
	for f, u := range used {
		if !u {
			if k == 0 {
				return f
			}
			k--
		}
	}
	panic("evaluate test: no unused feature")
}

// shape says how randomLearned grows a tree.
type shape struct {
	maxDepth int
	split    func(depth int) float64 // probability that a node at depth splits
	subsets  bool                    // group values into random branches (CART-like, degenerate 1-branch splits too)
	repeat   bool                    // allow a feature tested again below itself
}

// randomLearned returns an irregular tree: nodes split with probability
// s.split(depth) up to s.maxDepth; leaves get uniform random classes.
// Without s.repeat a path tests distinct features (ID3-like) and stops when
// none is left.
func randomLearned(rng *rand.Rand, domains []int, classes int, s shape) *tree.Tree {
	b := tree.NewBuilder(domains, classes)
	used := make([]bool, len(domains))
	left := len(domains)
	var grow func(n, d int)
	grow = func(n, d int) {
		if d >= s.maxDepth || len(domains) == 0 || (!s.repeat && left == 0) || rng.Float64() >= s.split(d) {
			b.SetLeaf(n, rng.IntN(classes))
			return
		}
		var f int
		if s.repeat {
			f = rng.IntN(len(domains))
		} else {
			f = pickUnused(rng, used)
		}
		var kids []int
		if s.subsets {
			kids = b.Split(n, f, randomGroups(rng, domains[f]))
		} else {
			kids = b.SplitMultiway(n, f)
		}
		was := used[f]
		if !was {
			used[f] = true
			left--
		}
		for _, c := range kids {
			grow(c, d+1)
		}
		if !was {
			used[f] = false
			left++
		}
	}
	grow(b.Root(), 0)
	return b.Tree()
}

// randomGroups assigns z values to g random branches, g drawn from 1..z,
// and renumbers the branches in order of first appearance so every branch
// 0..g'-1 is used. Half the time it makes a binary split (g = 2) when z ≥ 2.
func randomGroups(rng *rand.Rand, z int) []int {
	g := 1 + rng.IntN(z)
	if z >= 2 && rng.IntN(2) == 0 {
		g = 2
	}
	raw := make([]int, z)
	for v := range raw {
		raw[v] = rng.IntN(g)
	}
	ids := map[int]int{}
	out := make([]int, z)
	for v, r := range raw {
		id, ok := ids[r]
		if !ok {
			id = len(ids)
			ids[r] = id
		}
		out[v] = id
	}
	return out
}

// constSplit returns a split probability that does not depend on depth.
func constSplit(p float64) func(int) float64 { return func(int) float64 { return p } }

// bushy returns a split probability that is 1 above depth full and q from
// there on: a full top, then an irregular fringe, as learned trees look.
func bushy(full int, q float64) func(int) float64 {
	return func(d int) float64 {
		if d < full {
			return 1
		}
		return q
	}
}

// id3Like is an ID3-shaped learned tree: multiway, distinct features per
// path, at most maxDepth tests, splitting surely above depth full and with
// probability q below.
func id3Like(maxDepth, full int, q float64) shape {
	return shape{maxDepth: maxDepth, split: bushy(full, q)}
}

// sizedLearned draws randomLearned trees until one has between lo and hi
// leaves, so that benchmarks measure a tree of a known size. It gives up
// after 10,000 draws with the last tree.
func sizedLearned(rng *rand.Rand, domains []int, classes int, s shape, lo, hi int) *tree.Tree {
	var t *tree.Tree
	for range 10000 {
		t = randomLearned(rng, domains, classes, s)
		if n := t.Leaves(); n >= lo && n <= hi {
			break
		}
	}
	return t
}
