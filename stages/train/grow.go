package train

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// growOptions are the stopping rules every tree learner shares; the rest
// of a learner's behaviour is its splitter.
type growOptions struct {
	maxDepth int // largest number of tests on a path; 0 = no limit
	// listBelow overrides the row count under which a node keeps a row
	// list instead of a bitset (0 = automatic); tests use it to force
	// either representation.
	listBelow int
}

// listWordsPerPass sets when a node switches from a bitset to a row list:
// a node of n rows becomes a list node when n < listWordsPerPass × words ×
// passes, where words is the length of the dataset's bitsets and passes
// = (mean Z_f − 1)·K is the number of AND-popcount passes one feature's
// table costs a bitset node. Measured on the oracle benchmark (10 and 20
// binary features); see BenchmarkID3.
const listWordsPerPass = 1.0

// frame is a node waiting on the grower's stack. Its class counts and
// value sets live in the stack-aligned buffers of the grower.
type frame struct {
	id    int32
	depth int32
	rows  rowSet
}

// grower grows one tree top-down with an explicit stack, as
// scikit-learn's DepthFirstTreeBuilder does: it pops a node, asks the
// splitter for a test, splits the node's rows among the children and
// pushes the children that can still split. Every node records its class
// counts; a leaf predicts its majority class (ties to the lowest code), and
// a branch that no training row takes predicts its parent's majority.
type grower struct {
	d         *dataset.Dataset
	k, m      int
	domains   []int
	splitter  splitter
	opts      growOptions
	b         treeBuf
	stats     *nodeStats
	store     rowStore
	listBelow int

	stack     []frame
	availBuf  []uint64 // stack slot i's value sets: availBuf[i*m : (i+1)*m]
	countsBuf []int    // stack slot i's class counts: countsBuf[i*k : (i+1)*k]
	avail     []uint64 // the popped node's value sets
	counts    []int    // the popped node's class counts
	kidCounts []int    // the children's class counts, k per branch
	scratch   dataset.Bitset
	children  []rowSet
	identity  []int
}

// grow fits a tree on the rows of d in rows with the given splitter.
func grow(d *dataset.Dataset, rows dataset.Bitset, sp splitter, opts growOptions, rng *rand.Rand) (*tree.Tree, error) {
	words := len(d.All())
	if len(rows) != words {
		return nil, fmt.Errorf("row set of %d words for a dataset of %d rows (%d words)", len(rows), d.Len(), words)
	}
	g := growers.Get().(*grower)
	defer growers.Put(g)
	g.bind(d, sp, opts)
	defer g.unbind()
	g.run(rows, rng)
	return g.b.tree(), nil
}

// growers recycles the growers' scratch memory (row arena, bitsets,
// stacks, count tables) across fits: a fit of the oracle study takes
// about 100 µs, and allocating that memory afresh each time would make
// the garbage collector a large part of it. Pooling changes no result.
var growers = sync.Pool{New: func() any { return new(grower) }}

// resize returns s with length n, reusing its memory when it is large
// enough. The content is unspecified.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// bind prepares g for a fit of d, reusing the memory of earlier fits.
func (g *grower) bind(d *dataset.Dataset, sp splitter, opts growOptions) {
	k, m := d.Classes(), d.NumFeatures()
	words := len(d.All())
	g.d, g.k, g.m = d, k, m
	g.domains = d.Domains()
	g.splitter, g.opts = sp, opts
	g.b.reset(g.domains, k)
	if g.stats == nil {
		g.stats = new(nodeStats)
	}
	g.stats.bind(d)
	g.store.bind(words, d.Len())
	g.stack = g.stack[:0]
	g.avail = resize(g.avail, m)
	g.counts = resize(g.counts, k)
	g.kidCounts = resize(g.kidCounts, dataset.MaxValues*k)
	g.scratch = resize(g.scratch, words)
	g.children = resize(g.children, dataset.MaxValues)
	if len(g.identity) == 0 {
		g.identity = make([]int, dataset.MaxValues)
		for v := range g.identity {
			g.identity[v] = v
		}
	}
	values := 0
	for _, z := range g.domains {
		values += z
	}
	passes := float64(k)
	if m > 0 {
		passes *= max(1, float64(values)/float64(m)-1)
	}
	g.listBelow = int(listWordsPerPass * float64(words) * passes)
	if opts.listBelow != 0 {
		g.listBelow = opts.listBelow
	}
}

// unbind drops g's references to the fit's dataset, splitter and tree.
func (g *grower) unbind() {
	g.d, g.splitter, g.domains, g.b.domains = nil, nil, nil, nil
	g.stats.unbind()
}

// leafOrOpen settles node id when it cannot split and reports whether it
// is still open. parentMajority is the class of an empty node.
func (g *grower) leafOrOpen(id, depth, parentMajority int, counts []int, avail []uint64) bool {
	n, classes, maj := 0, 0, 0
	for c, x := range counts {
		n += x
		if x > 0 {
			classes++
		}
		if x > counts[maj] {
			maj = c
		}
	}
	switch {
	case n == 0:
		g.b.setLeaf(id, parentMajority)
	case classes == 1,
		g.opts.maxDepth > 0 && depth >= g.opts.maxDepth,
		!anyCandidate(avail):
		g.b.setLeaf(id, maj)
	default:
		return true
	}
	return false
}

// push puts an open node on the stack with its class counts and value sets.
func (g *grower) push(fr frame, counts []int, avail []uint64) {
	g.stack = append(g.stack, fr)
	i := len(g.stack)
	if len(g.availBuf) < i*g.m {
		g.availBuf = append(g.availBuf, make([]uint64, i*g.m-len(g.availBuf))...)
	}
	if len(g.countsBuf) < i*g.k {
		g.countsBuf = append(g.countsBuf, make([]int, i*g.k-len(g.countsBuf))...)
	}
	copy(g.availBuf[(i-1)*g.m:i*g.m], avail)
	copy(g.countsBuf[(i-1)*g.k:i*g.k], counts)
}

// run grows the tree of the rows in rows into g.b.
func (g *grower) run(rows dataset.Bitset, rng *rand.Rand) {
	root := g.b.node()
	counts := g.d.ClassCounts(rows)
	g.b.setCounts(root, counts)
	for f, z := range g.domains {
		g.avail[f] = 1<<z - 1
		if z == 64 {
			g.avail[f] = ^uint64(0)
		}
	}
	if !g.leafOrOpen(root, 0, 0, counts, g.avail) {
		return
	}
	n := 0
	for _, x := range counts {
		n += x
	}
	var rs rowSet
	if n < g.listBelow {
		rs = g.store.newList(dataset.And(g.scratch, rows, g.d.All()), n)
	} else {
		rs = g.store.newBits()
		dataset.And(g.store.bitsOf(rs), rows, g.d.All()) // ignore bits past the last row
	}
	g.push(frame{id: int32(root), rows: rs}, counts, g.avail)

	for len(g.stack) > 0 {
		i := len(g.stack) - 1
		fr := g.stack[i]
		g.stack = g.stack[:i]
		copy(g.avail, g.availBuf[i*g.m:(i+1)*g.m])
		copy(g.counts, g.countsBuf[i*g.k:(i+1)*g.k])
		if fr.rows.isList() {
			g.stats.reset(nil, g.store.listOf(fr.rows), g.counts, g.avail, int(fr.depth))
		} else {
			g.stats.reset(g.store.bitsOf(fr.rows), nil, g.counts, g.avail, int(fr.depth))
		}
		sp, ok := g.splitter.split(g.stats, rng)
		if !ok {
			g.b.setLeaf(int(fr.id), dataset.ArgMax(g.counts))
		} else {
			g.expand(fr, sp)
		}
		g.store.release(fr.rows)
	}
}

// expand splits node fr with test sp: it records the children's counts
// (sums of rows of the feature's table), settles the children that cannot
// split, divides the node's rows among the others and pushes them.
func (g *grower) expand(fr frame, sp split) {
	f, k := sp.feature, g.k
	z := g.domains[f]
	group := sp.group
	if group == nil {
		group = g.identity[:z]
	}
	table := g.stats.Table(f)
	parentMajority := dataset.ArgMax(g.counts)
	nk := 0
	for _, br := range group {
		nk = max(nk, br+1)
	}
	first := g.b.split(int(fr.id), f, group, nk)

	var masks [dataset.MaxValues]uint64
	var sizes [dataset.MaxValues]int
	kc := g.kidCounts[:nk*k]
	clear(kc)
	for v, br := range group {
		masks[br] |= 1 << v
		for c, x := range table[v*k : (v+1)*k] {
			kc[br*k+c] += x
			sizes[br] += x
		}
	}

	var open [dataset.MaxValues]bool
	parentAvail := g.avail[f]
	anyOpen := false
	for br := range nk {
		id := first + br
		g.b.setCounts(id, kc[br*k:(br+1)*k])
		g.avail[f] = parentAvail & masks[br]
		open[br] = g.leafOrOpen(id, int(fr.depth)+1, parentMajority, kc[br*k:(br+1)*k], g.avail)
		anyOpen = anyOpen || open[br]
	}
	g.avail[f] = parentAvail
	if !anyOpen {
		return
	}

	children := g.children[:nk]
	if !fr.rows.isList() {
		node := g.store.bitsOf(fr.rows)
		for br := range nk {
			switch {
			case !open[br]:
			case sizes[br] < g.listBelow:
				b := childBits(g.scratch, node, g.d, f, masks[br])
				children[br] = g.store.newList(b, sizes[br])
			default:
				children[br] = g.store.newBits()
				childBits(g.store.bitsOf(children[br]), node, g.d, f, masks[br])
			}
		}
	} else {
		g.store.partition(fr.rows, g.d.Column(f), group, sizes[:nk], children)
	}
	for br := nk - 1; br >= 0; br-- {
		if open[br] {
			g.avail[f] = parentAvail & masks[br]
			g.push(frame{id: int32(first + br), depth: fr.depth + 1, rows: children[br]}, kc[br*k:(br+1)*k], g.avail)
		}
	}
	g.avail[f] = parentAvail
}
