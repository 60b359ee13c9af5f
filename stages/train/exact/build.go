package exact

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/info"
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
	pr     *problem
	s      *searcher // nil when building from the lattice
	b      *tree.Builder
	how    witness
	counts []int
	table  []int // greedy's contingency table
	errors int
}

// build returns the tree of the points pts (entry root, or noEntry when
// pure) of depth at most k, and its training errors.
func (s *searcher) build(root int32, pts []int32, k int, how witness) (*tree.Tree, int) {
	pr := s.pr
	bd := newBuilder(pr, how)
	bd.s = s
	bd.node(bd.b.Root(), root, pts, 0, k, 0)
	return bd.b.Tree(), bd.errors
}

func newBuilder(pr *problem, how witness) *builder {
	return &builder{pr: pr, b: tree.NewBuilder(pr.dom, pr.k), how: how, counts: make([]int, pr.k)}
}

// node settles tree node n for points pts (entry id) at distance p from
// the root with depth budget k; maj is the parent's majority class, which an
// empty node predicts.
func (bd *builder) node(n int, id int32, pts []int32, p, k, maj int) {
	s := bd.s
	maj = bd.settle(n, pts, maj)
	if id == noEntry || k == 0 {
		bd.leaf(n, pts, maj)
		return
	}
	l := s.level(p)
	free := s.freeOf(id, l)
	k = min(k, len(free))
	f := -1
	switch bd.how {
	case byCost:
		if depth := s.small.depthFor(free, k); depth > 0 {
			bd.fromSolver(n, id, pts, free, k, depth, maj)
			return
		}
		f = bd.costWitness(id, k)
	case byDepth:
		e := s.entry(id)
		if e.wf == viaSolver {
			k = int(e.dub)
			bd.fromSolver(n, id, pts, free, k, s.small.depthFor(free, k), maj)
			return
		}
		f = int(e.wf)
	default:
		f = bd.greedy(pts, free)
	}
	if f < 0 {
		bd.leaf(n, pts, maj)
		return
	}
	nodes := bd.b.SplitMultiway(n, f)
	kids := s.split(id, pts, f, l)
	for v, c := range kids {
		bd.node(nodes[v], c.id, l.part[c.lo:c.hi], p+1, k-1, maj)
	}
}

// costWitness returns the feature of entry id's proven best tree at depth
// bound k, or -1 for a leaf.
func (bd *builder) costWitness(id int32, k int) int {
	s := bd.s
	for i := s.entry(id).costs; i != 0; i = s.costs[i-1].next {
		c := s.costs[i-1]
		if int(c.k) == k && c.exact {
			if c.f == leafWitness {
				return -1
			}
			return int(c.f)
		}
	}
	panic("exact: building from a cost that was never proven")
}

// fromSolver builds the solver's best tree of depth ≤ k for entry id from a
// table of the given depth.
func (bd *builder) fromSolver(n int, id int32, pts []int32, free []int, k, depth, maj int) {
	d := &bd.s.small
	d.fill(pts, free, depth)
	_, root := d.solve(bd.s.entry(id).leaf(), depth)
	var path [3][2]int // the (free index, value) tests above a node of the subtree
	var grow func(n int, pts []int32, maj int, path [][2]int)
	grow = func(n int, pts []int32, maj int, path [][2]int) {
		a := -1
		switch r := k - len(path); {
		case len(pts) == 0 || r == 0:
		case len(path) == 0:
			a = root[k]
		case len(path) == 1 && r == 1:
			a = int(d.b1[d.lit[path[0][0]]+path[0][1]])
		case len(path) == 1:
			a = int(d.a2[d.lit[path[0][0]]+path[0][1]])
		default:
			a = int(d.a1[d.pairCell(path[0][0], path[0][1], path[1][0], path[1][1])])
		}
		if a < 0 {
			bd.leaf(n, pts, maj)
			return
		}
		nodes := bd.b.SplitMultiway(n, free[a])
		for v, part := range bd.partition(pts, free[a]) {
			grow(nodes[v], part, bd.settle(nodes[v], part, maj), append(path, [2]int{a, v}))
		}
	}
	grow(n, pts, maj, path[:0])
}

// greedy returns the free feature whose split leaves the least class
// entropy in the rows, info.Conditional (ID3's choice: the largest
// information gain), ties to the lowest index.
func (bd *builder) greedy(pts []int32, free []int) int {
	pr := bd.pr
	best, arg := math.Inf(1), free[0]
	for _, f := range free {
		table := resize(bd.table, pr.dom[f]*pr.k)
		for v, part := range bd.partition(pts, f) {
			pr.counts(part, table[v*pr.k:(v+1)*pr.k])
		}
		bd.table = table
		if h := info.Conditional(table, pr.k); h < best-1e-12 {
			best, arg = h, f
		}
	}
	return arg
}

// resize returns b with length n and every element 0, reusing its array
// when it is large enough.
func resize(b []int, n int) []int {
	if cap(b) < n {
		return make([]int, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// partition returns pts grouped by the value of feature f, in new slices.
func (bd *builder) partition(pts []int32, f int) [][]int32 {
	pr := bd.pr
	out := make([][]int32, pr.dom[f])
	for _, p := range pts {
		v := pr.x[int(p)*pr.m+f]
		out[v] = append(out[v], p)
	}
	return out
}

// settle records node n's class counts and returns its majority class, or
// maj, the parent's, when it has no rows.
func (bd *builder) settle(n int, pts []int32, maj int) int {
	clear(bd.counts)
	bd.pr.counts(pts, bd.counts)
	bd.b.SetCounts(n, bd.counts)
	if len(pts) == 0 {
		return maj
	}
	return dataset.ArgMax(bd.counts)
}

// leaf makes node n a leaf of class c and adds the errors of its rows.
func (bd *builder) leaf(n int, pts []int32, c int) {
	bd.b.SetLeaf(n, c)
	clear(bd.counts)
	bd.pr.counts(pts, bd.counts)
	for j, v := range bd.counts {
		if j != c {
			bd.errors += v
		}
	}
}
