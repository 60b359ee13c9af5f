package grow

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Options are the stopping rules every tree learner shares; the rest of
// a learner's behaviour is its splitter.
type Options struct {
	// MaxDepth is the largest number of tests on a path; 0 = no limit.
	MaxDepth int
	// ListBelow overrides the row count under which a node keeps a row
	// list instead of a bitset: 0 = automatic, −1 = bitsets only, more
	// than the rows = lists only. Tests use it to force a representation
	// (and so turn the tiny path off).
	ListBelow int
}

// Split is the test a splitter chooses for a node.
type Split struct {
	Feature int
	// Group maps each value of Feature to its branch 0..g−1, every branch
	// used; nil means one branch per value (a multiway split). Values the
	// node cannot have may go to any branch: no row follows them.
	Group []int
}

// Splitter chooses a node's test: the strategy is what tells tree
// learners apart (multiway per value for ID3 and C4.5, binary value
// subsets for CART, the best of K random features for RandomTree), while
// counting and growing are shared. A splitter sees only counts, through
// Node. A splitter may keep scratch memory, so one value serves one fit
// at a time.
type Splitter interface {
	// Split returns the test for node n, or false to make the node a leaf
	// of its majority class. It must split on a feature that can still
	// split the node (Node.Candidate), into at least two branches that
	// possible values lead to.
	Split(n *Node, rng *rand.Rand) (Split, bool)
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

// Tree grows a tree on the rows of d in rows with splitter sp: top-down,
// with an explicit stack, as scikit-learn's DepthFirstTreeBuilder does.
// Every node records its class counts; a leaf predicts its majority class
// (ties to the lowest code), and a branch that no training row takes
// predicts its parent's majority. rng is handed to the splitter.
func Tree(d *dataset.Dataset, rows dataset.Bitset, sp Splitter, o Options, rng *rand.Rand) (*tree.Tree, error) {
	words := len(d.All())
	if len(rows) != words {
		return nil, fmt.Errorf("row set of %d words for a dataset of %d rows (%d words)", len(rows), d.Len(), words)
	}
	g := growers.Get().(*grower)
	defer growers.Put(g)
	g.bind(d, sp, o)
	defer g.unbind()
	g.run(rows, rng)
	return g.b.Tree(), nil
}

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

// grower is the builder: it grows one tree at a time (build.go), its
// nodes' rows held as bitsets, row lists (rows.go) or, for small subtrees
// in the oracle study's case, a cached buffer (tiny.go).
type grower struct {
	d         *dataset.Dataset
	k, m      int
	domains   []int
	splitter  Splitter
	opts      Options
	b         TreeBuf
	node      *Node
	layout    packLayout
	store     rowStore
	listBelow int
	tiny      bool     // small list nodes are grown by growTiny (tiny.go)
	tinyBuf   []uint64 // growTiny's rows

	stack     []frame
	countsBuf []int // stack slot i's class counts: countsBuf[i*k : (i+1)*k]
	// avail holds the current node's value sets. Each node on the path to
	// it changed one feature's set, recorded in path, so moving to
	// another node undoes the changes below its parent and applies its own.
	avail    []uint64
	path     []undo
	counts   []int // the current node's class counts
	kids     kids  // the children of the node split last (step)
	scratch  dataset.Bitset
	children []rowSet
	identity []int
}

// kids are the children of the node step split last: branch br's child
// is node first+br of the tree.
type kids struct {
	feature int
	// the branch of each value: binaryGroups[b0] when binary (a binary
	// feature's two-branch split, no pointer stored), else group
	binary  bool
	b0      int
	group   []int
	first   int
	n       int // branches
	anyOpen bool
	// per branch
	mask   [dataset.MaxValues]uint64 // the values that lead to it
	counts []int                     // its class counts, k per branch
	size   [dataset.MaxValues]int    // its rows
	cands  [dataset.MaxValues]int    // the features that can still split it
	open   [dataset.MaxValues]bool   // whether it is still open (not settled as a leaf)
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
func (g *grower) bind(d *dataset.Dataset, sp Splitter, o Options) {
	k, m := d.Classes(), d.NumFeatures()
	words := len(d.All())
	g.d, g.k, g.m = d, k, m
	g.domains = d.Domains()
	g.splitter, g.opts = sp, o
	g.b.Reset(g.domains, k)
	if g.node == nil {
		g.node = new(Node)
	}
	g.layout.bind(d)
	g.tiny = g.canTiny()
	if g.tiny {
		// growTiny's windows: 1 + 2·depth, depth at most m.
		g.tinyBuf = resize(g.tinyBuf, (2*m+3)*tinyRows)
	}
	g.avail = resize(g.avail, m)
	g.counts = resize(g.counts, k)
	g.node.bind(d, &g.layout, &g.store, g.counts, g.avail)
	g.store.bind(d, &g.layout)
	g.stack = g.stack[:0]
	g.kids.counts = resize(g.kids.counts, dataset.MaxValues*k)
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
	if !g.layout.unpacked {
		g.listBelow = math.MaxInt
	}
	if o.ListBelow != 0 {
		g.listBelow = o.ListBelow
	}
}

// unbind drops g's references to the fit's dataset, splitter and tree.
func (g *grower) unbind() {
	g.d, g.splitter, g.domains, g.b.domains, g.kids.group = nil, nil, nil, nil, nil
	g.node.unbind()
	g.store.unbind()
}
