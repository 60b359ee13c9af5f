package train

import (
	"fmt"
	"math"
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

// listWordsPerPass sets when a node switches from a bitset to a row list
// if some feature is unpacked (pack.go): a node of n rows becomes a list
// node when n < listWordsPerPass × words × passes, where words is the
// length of the dataset's bitsets and passes = (mean Z_f − 1)·K is the
// number of AND-popcount passes one feature's table costs a bitset node.
// When every feature is packed, every node is a list node: one pass over
// packed rows counts all features, and on the oracle benchmark (10 and
// 20 binary features, 3,000 and 100,000 rows) lists from the root were
// as fast as bitsets above any threshold, with no gather of rows from a
// bitset.
const listWordsPerPass = 1.0

// frame is a node waiting on the grower's stack. Its class counts live
// in the stack-aligned buffer of the grower; its value sets are its
// parent's but for feature feat, whose values narrow to avail.
type frame struct {
	id    int32
	depth int32
	cands int32 // features with two values or more still possible
	feat  int32 // the feature its parent tests; −1 at the root
	avail uint64
	rows  rowSet
}

// undo records the value set a node changed, to restore it when the walk
// leaves the node's subtree.
type undo struct {
	depth int32
	feat  int32
	old   uint64
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
	layout    packLayout
	store     rowStore
	listBelow int
	tiny      bool     // small list nodes are grown by growTiny (tiny.go)
	tinyBuf   []uint64 // growTiny's rows

	stack     []frame
	countsBuf []int // stack slot i's class counts: countsBuf[i*k : (i+1)*k]
	// avail holds the popped node's value sets. Each node on the path to
	// it changed one feature's set, recorded in path, so moving to
	// another node undoes the changes below its parent and applies its own.
	avail     []uint64
	path      []undo
	counts    []int    // the popped node's class counts
	kidCounts []int    // the children's class counts, k per branch
	masks     []uint64 // per branch, the values that lead to it
	sizes     []int    // per branch, its rows
	open      []bool   // per branch, whether its node is still open
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
// tens of microseconds, and allocating that memory afresh each time would
// make the garbage collector a large part of it. Pooling changes no
// result.
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
	g.layout.bind(d)
	g.tiny = g.canTiny()
	if g.tiny {
		// growTiny's windows: 1 + 2·depth, depth at most m.
		g.tinyBuf = resize(g.tinyBuf, (2*m+3)*tinyRows)
	}
	g.avail = resize(g.avail, m)
	g.counts = resize(g.counts, k)
	g.stats.bind(d, &g.layout, &g.store, g.counts, g.avail)
	g.store.bind(d, &g.layout)
	g.stack = g.stack[:0]
	g.kidCounts = resize(g.kidCounts, dataset.MaxValues*k)
	g.scratch = resize(g.scratch, words)
	g.children = resize(g.children, dataset.MaxValues)
	g.masks = resize(g.masks, dataset.MaxValues)
	g.sizes = resize(g.sizes, dataset.MaxValues)
	g.open = resize(g.open, dataset.MaxValues)
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
	if !g.layout.unpacked {
		g.listBelow = math.MaxInt
	}
	if opts.listBelow != 0 {
		g.listBelow = opts.listBelow
	}
}

// unbind drops g's references to the fit's dataset, splitter and tree.
func (g *grower) unbind() {
	g.d, g.splitter, g.domains, g.b.domains = nil, nil, nil, nil
	g.stats.unbind()
	g.store.unbind()
}

// leafOrOpen settles node id when it cannot split and reports whether it
// is still open. parentMajority is the class of an empty node; cands
// counts the features that can still split it.
func (g *grower) leafOrOpen(id, depth, parentMajority int, counts []int, cands int) bool {
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
		cands == 0:
		g.b.setLeaf(id, maj)
	default:
		return true
	}
	return false
}

// push puts an open node on the stack with its class counts.
func (g *grower) push(fr frame, counts []int) {
	g.stack = append(g.stack, fr)
	i := len(g.stack)
	if len(g.countsBuf) < i*g.k {
		g.countsBuf = append(g.countsBuf, make([]int, i*g.k-len(g.countsBuf))...)
	}
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
	cands := 0
	for _, a := range g.avail {
		if a&(a-1) != 0 {
			cands++
		}
	}
	if !g.leafOrOpen(root, 0, 0, counts, cands) {
		return
	}
	n := 0
	for _, x := range counts {
		n += x
	}
	var rs rowSet
	if n < g.listBelow {
		rs = g.store.newList(dataset.And(g.scratch, rows, g.d.All()), counts)
	} else {
		rs = g.store.newBits()
		dataset.And(g.store.bitsOf(rs), rows, g.d.All()) // ignore bits past the last row
	}
	g.path = g.path[:0]
	g.push(frame{id: int32(root), cands: int32(cands), feat: -1, rows: rs}, counts)

	for len(g.stack) > 0 {
		i := len(g.stack) - 1
		fr := g.stack[i]
		g.stack = g.stack[:i]
		copy(g.counts, g.countsBuf[i*g.k:(i+1)*g.k])
		// Enter fr: undo the value sets of the nodes at its depth or
		// below (the walk has left their subtrees, and fr's parent is on
		// the path), then apply its own.
		for len(g.path) > 0 && g.path[len(g.path)-1].depth >= fr.depth {
			u := g.path[len(g.path)-1]
			g.avail[u.feat] = u.old
			g.path = g.path[:len(g.path)-1]
		}
		if fr.feat >= 0 {
			g.path = append(g.path, undo{depth: fr.depth, feat: fr.feat, old: g.avail[fr.feat]})
			g.avail[fr.feat] = fr.avail
		}
		if fr.rows.isList() {
			if g.tiny && g.counts[0]+g.counts[1] <= tinyMax {
				c0, c1 := g.counts[0], g.counts[1]
				g.tinyFrom(fr.rows, c0, c1)
				sums := tinySumsOf(g.tinyBuf, c0, c1)
				g.growTiny(int(fr.id), int(fr.depth), int(fr.cands), 0, c0, c1, &sums, rng)
				continue
			}
			g.stats.resetList(fr.rows, int(fr.depth))
		} else {
			g.stats.resetBits(g.store.bitsOf(fr.rows), int(fr.depth))
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
