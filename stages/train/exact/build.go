package exact

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// witness says which search result a tree is built from.
type witness int

const (
	byCost   witness = iota // phase 2: the exact cost results (entry.costs, the solver)
	byDepth                 // phase 1: the depth upper bounds' witnesses (entry.dub, wf)
	byGreedy                // no search result: the best split by entropy, down to pure leaves or the bound
)

// builder turns search results into a tree.Tree with class counts.
type builder struct {
	s      *searcher
	b      *tree.Builder
	how    witness
	counts []int
	errors int
}

// build returns the tree of the points pts (entry root, or noEntry when
// pure) of depth at most k, and its training errors.
func (s *searcher) build(root int32, pts []int32, k int, how witness) (*tree.Tree, int) {
	pr := s.pr
	bd := &builder{s: s, b: tree.NewBuilder(pr.dom, pr.k), how: how, counts: make([]int, pr.k)}
	bd.node(bd.b.Root(), root, pts, 0, k, 0)
	return bd.b.Tree(), bd.errors
}

// node settles tree node n for points pts (entry id) at distance p from
// the root with depth budget k; maj is the parent's majority class, which an
// empty node predicts.
func (bd *builder) node(n int, id int32, pts []int32, p, k, maj int) {
	s := bd.s
	if len(pts) > 0 {
		maj = bd.setCounts(n, pts)
	} else {
		bd.b.SetCounts(n, make([]int, s.pr.k))
	}
	if id == noEntry || k == 0 {
		bd.leaf(n, pts, maj)
		return
	}
	l := s.level(p)
	free := s.freeOf(id, l)
	k = min(k, len(free))
	f, solver := bd.choose(id, pts, free, p, k)
	switch {
	case solver:
		bd.small(n, id, pts, free, k, maj)
		return
	case f < 0:
		bd.leaf(n, pts, maj)
		return
	}
	nodes := bd.b.SplitMultiway(n, f)
	kids := s.split(id, pts, f, l)
	for v, c := range kids {
		bd.node(nodes[v], c.id, l.part[c.lo:c.hi], p+1, k-1, maj)
	}
}

// choose returns the feature that splits entry id, or -1 for a leaf, or
// solver = true when the depth-2 solver holds the subtree.
func (bd *builder) choose(id int32, pts []int32, free []int, p, k int) (f int, solver bool) {
	s := bd.s
	e := &s.entries[id]
	switch bd.how {
	case byCost:
		if k <= 2 {
			return 0, true
		}
		for _, c := range e.costs {
			if int(c.k) == k && c.exact {
				if c.f == leafWitness {
					return -1, false
				}
				return int(c.f), false
			}
		}
		panic("exact: building from a cost that was never proven")
	case byDepth:
		if e.wf == viaSolver {
			return 0, true
		}
		return int(e.wf), false
	}
	return bd.greedy(pts, free), false
}

// small builds the depth-2 solver's best tree of depth ≤ k (1 or 2) for
// entry id. In byDepth mode k is the entry's proven depth bound instead,
// at which the solver's best tree is pure.
func (bd *builder) small(n int, id int32, pts []int32, free []int, k, maj int) {
	s := bd.s
	if bd.how == byDepth {
		k = int(s.entries[id].dub)
	}
	d := &s.d2
	d.fill(pts, free)
	_, r1, r2 := d.solve(s.entries[id].leaf)
	a := r1
	if k == 2 {
		a = r2
	}
	if a < 0 {
		bd.leaf(n, pts, maj)
		return
	}
	// Read every grandchild choice before the table is reused.
	f := free[a]
	var sub [64]int
	for v := range s.pr.dom[f] {
		sub[v] = -1
		if k == 2 {
			_, sub[v] = d.child(a, v)
		}
	}
	nodes := bd.b.SplitMultiway(n, f)
	for v, part := range bd.partition(pts, f) {
		m := maj
		if len(part) > 0 {
			m = bd.setCounts(nodes[v], part)
		} else {
			bd.b.SetCounts(nodes[v], make([]int, s.pr.k))
		}
		if sub[v] < 0 || len(part) == 0 {
			bd.leaf(nodes[v], part, m)
			continue
		}
		g := free[sub[v]]
		leaves := bd.b.SplitMultiway(nodes[v], g)
		for w, leafPts := range bd.partition(part, g) {
			lm := m
			if len(leafPts) > 0 {
				lm = bd.setCounts(leaves[w], leafPts)
			} else {
				bd.b.SetCounts(leaves[w], make([]int, s.pr.k))
			}
			bd.leaf(leaves[w], leafPts, lm)
		}
	}
}

// greedy returns the free feature whose split leaves the least class
// entropy in the rows (ID3's choice), ties to the lowest index.
func (bd *builder) greedy(pts []int32, free []int) int {
	pr := bd.s.pr
	best, arg := math.Inf(1), free[0]
	for _, f := range free {
		h := 0.0
		for _, part := range bd.partition(pts, f) {
			clear(bd.counts)
			pr.counts(part, bd.counts)
			h += entropyMass(bd.counts)
		}
		if h < best-1e-12 {
			best, arg = h, f
		}
	}
	return arg
}

// entropyMass returns n·H(counts) in bits, n the total count.
func entropyMass(counts []int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			h -= float64(c) * math.Log2(float64(c)/float64(n))
		}
	}
	return h
}

// partition returns pts grouped by the value of feature f, in new slices.
func (bd *builder) partition(pts []int32, f int) [][]int32 {
	pr := bd.s.pr
	out := make([][]int32, pr.dom[f])
	for _, p := range pts {
		v := pr.x[int(p)*pr.m+f]
		out[v] = append(out[v], p)
	}
	return out
}

// setCounts records node n's class counts and returns its majority class.
func (bd *builder) setCounts(n int, pts []int32) int {
	clear(bd.counts)
	bd.s.pr.counts(pts, bd.counts)
	bd.b.SetCounts(n, bd.counts)
	return dataset.ArgMax(bd.counts)
}

// leaf makes node n a leaf of class c and adds the errors of its rows.
func (bd *builder) leaf(n int, pts []int32, c int) {
	bd.b.SetLeaf(n, c)
	clear(bd.counts)
	bd.s.pr.counts(pts, bd.counts)
	for j, v := range bd.counts {
		if j != c {
			bd.errors += v
		}
	}
}
