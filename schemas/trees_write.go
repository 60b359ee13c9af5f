package schemas

import (
	"math"
	"slices"

	"github.com/dtbench/dtbench/internal/freelist"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/dtbench/dtbench/tree"
)

// nodeColumns lays out the node rows of a run of trees one row group at a
// time, column by column: the columns oracles/ and models/ share, the
// counts, thresholds and weights of models/ and the per-tree columns (ids,
// learner). Row i of the
// file is node i-first[t] of tree t; after fill(from, to), every column
// holds rows [from, to) only, and the lists are in CSR form (group row r's
// values are values[valueOffs[r]:valueOffs[r+1]]), which is what
// pq.Writer.Int32ListColumn takes.
//
// A row group at a time, so that writing a chunk of trees needs memory for
// one row group and for the parents and values of one tree (the tree being
// written), not columns of every node of the chunk: a part of 20 oracles
// of 4 million leaves held 5.4 GB of such columns before. The slices are
// pooled: a grid writes hundreds of node files.
type nodeColumns struct {
	trees      []*tree.Tree
	withCounts bool
	first      []int // first[t] is tree t's first row; first[len(trees)] the row count
	from, to   int   // the rows the columns hold

	node, parent    []int32
	feature, class  []int32
	values          []int32 // the parent feature's values leading to each node, increasing
	valueOffs       []int32
	counts          []int32 // per node, its class counts, or none when its tree has none
	countOffs       []int32
	threshold       []float64 // per node, its threshold; NaN (null) at a node that tests no numeric feature
	weights         []float64 // per node, its class weights, or none when its tree has none
	weightOffs      []int32
	perTree64       [3][]int64 // see int64PerTree
	perTree32       [3][]int32 // see int32PerTree
	perTreeOpt      []*bool    // see optionalBoolPerTree
	cursor, scratch []int32

	// The layout of tree cur (-1: none yet), which a row group that ends
	// inside it leaves for the next one: per node its parent, and the
	// values leading to it in CSR form.
	cur                           int
	curParent, curOffs, curValues []int32
}

var nodeColumnsPool = freelist.New(keptBuffers, func() *nodeColumns { return new(nodeColumns) }).
	Bounded(keptBufferBytes, (*nodeColumns).bytes)

// bytes is the memory c's columns hold, by capacity.
func (c *nodeColumns) bytes() int {
	n := 8 * (cap(c.first) + cap(c.threshold) + cap(c.weights) + cap(c.perTreeOpt))
	for _, s := range [][]int32{c.node, c.parent, c.feature, c.class, c.values, c.valueOffs, c.counts, c.countOffs,
		c.weightOffs, c.cursor, c.scratch, c.curParent, c.curOffs, c.curValues} {
		n += 4 * cap(s)
	}
	for k := range c.perTree64 {
		n += 8*cap(c.perTree64[k]) + 4*cap(c.perTree32[k])
	}
	return n
}

// newNodeColumns starts the node rows of trees, which are valid. Counts,
// thresholds and weights (models/) are laid out only when withCounts is
// set. Call release when done.
func newNodeColumns(trees []*tree.Tree, withCounts bool) *nodeColumns {
	c := nodeColumnsPool.Get()
	c.trees, c.withCounts, c.cur = trees, withCounts, -1
	c.first = resize(c.first, len(trees)+1)
	rows := 0
	for i, t := range trees {
		c.first[i] = rows
		rows += t.Len()
	}
	c.first[len(trees)] = rows
	return c
}

// release returns c to the pool; c must not be used after. The trees and
// the pointers of the optional column are dropped, so the pool keeps no
// caller's value.
func (c *nodeColumns) release() {
	clear(c.perTreeOpt)
	c.trees = nil
	nodeColumnsPool.Put(c)
}

// fill lays out rows [from, to), which follow the rows of the previous
// call (or start at 0). The columns are sized for the group up front (the
// lists by an estimate from its first tree): a pooled nodeColumns dropped
// by the collector starts empty, and growing a group's columns by append
// cost more than writing them.
func (c *nodeColumns) fill(from, to int) {
	c.from, c.to = from, to
	rows := to - from
	c.node, c.parent, c.feature, c.class = resize(c.node, rows), resize(c.parent, rows), resize(c.feature, rows), resize(c.class, rows)
	c.valueOffs = resize(c.valueOffs, rows+1)
	c.valueOffs[0] = 0
	c.values = slices.Grow(c.values[:0], 2*rows)
	c.counts, c.countOffs = c.counts[:0], c.countOffs[:0]
	c.threshold, c.weights, c.weightOffs = c.threshold[:0], c.weights[:0], c.weightOffs[:0]
	t := max(c.cur, 0)
	if c.withCounts {
		c.counts = slices.Grow(c.counts, c.trees[t].Classes*rows)
		c.countOffs = append(slices.Grow(c.countOffs, rows+1), 0)
		c.threshold = slices.Grow(c.threshold, rows)
		c.weightOffs = append(slices.Grow(c.weightOffs, rows+1), 0)
	}
	at := 0 // the group's next row
	for r := from; r < to; {
		for c.first[t+1] <= r {
			t++
		}
		tr := c.trees[t]
		if t != c.cur {
			c.layout(tr)
			c.cur = t
		}
		a, b := r-c.first[t], min(to, c.first[t+1])-c.first[t]
		for n := a; n < b; n++ {
			c.node[at+n-a] = int32(n)
		}
		copy(c.parent[at:], c.curParent[a:b])
		copy(c.feature[at:], tr.Feature[a:b])
		copy(c.class[at:], tr.Class[a:b])
		base := int32(len(c.values)) - c.curOffs[a]
		c.values = append(c.values, c.curValues[c.curOffs[a]:c.curOffs[b]]...)
		offs := c.valueOffs[at+1 : at+1+b-a]
		for n := a; n < b; n++ {
			offs[n-a] = base + c.curOffs[n+1]
		}
		if c.withCounts {
			k := 0
			if len(tr.Counts) > 0 {
				k = tr.Classes
				c.counts = append(c.counts, tr.Counts[a*k:b*k]...)
			}
			end := c.countOffs[len(c.countOffs)-1]
			for n := a; n < b; n++ {
				end += int32(k)
				c.countOffs = append(c.countOffs, end)
			}
			if len(tr.Threshold) > 0 {
				c.threshold = append(c.threshold, tr.Threshold[a:b]...)
			} else {
				for range b - a {
					c.threshold = append(c.threshold, math.NaN())
				}
			}
			k = 0
			if len(tr.Weights) > 0 {
				k = tr.Classes
				c.weights = append(c.weights, tr.Weights[a*k:b*k]...)
			}
			end = c.weightOffs[len(c.weightOffs)-1]
			for n := a; n < b; n++ {
				end += int32(k)
				c.weightOffs = append(c.weightOffs, end)
			}
		}
		r += b - a
		at += b - a
	}
}

// layout computes tree t's parents and the values leading to each node.
// Every child table slot names the one child its value leads to, so
// counting slots per child gives each node's number of values; a second
// pass over the slots, in value order, fills them in increasing order.
func (c *nodeColumns) layout(t *tree.Tree) {
	n := t.Len()
	c.curParent = resize(c.curParent, n)
	c.curOffs = resize(c.curOffs, n+1)
	c.curValues = resize(c.curValues, len(t.Child))
	count := resize(c.scratch, n)
	c.scratch = count
	clear(count)
	c.curParent[0] = -1
	for p := range n {
		for _, ch := range t.Children(p) {
			count[ch]++
			c.curParent[ch] = int32(p)
		}
	}
	cursor := resize(c.cursor, n)
	c.cursor = cursor
	at := int32(0)
	c.curOffs[0] = 0
	for m := range n {
		cursor[m] = at
		at += count[m]
		c.curOffs[m+1] = at
	}
	for p := range n {
		for v, ch := range t.Children(p) {
			c.curValues[cursor[ch]] = int32(v)
			cursor[ch]++
		}
	}
}

// writeRowGroups lays out and writes every row group of the trees: groups
// of size rows (the writer's, RowGroupRows), the last one shorter. write
// sees the group's rows [from, to) of the file; the columns hold them,
// from index 0.
func (c *nodeColumns) writeRowGroups(size int, write func(from, to int) error) error {
	rows := c.rows()
	for from := 0; from < rows; from += size {
		to := min(from+size, rows)
		c.fill(from, to)
		if err := write(from, to); err != nil {
			return err
		}
	}
	return nil
}

// perTree calls set(lo, hi, t) for the rows [lo, hi) of the current group
// (group indexes) that belong to tree t, for every tree in the group.
func (c *nodeColumns) perTree(set func(lo, hi, t int)) {
	t := max(c.cur, 0)
	for t > 0 && c.first[t] > c.from {
		t--
	}
	for ; t < len(c.trees) && c.first[t] < c.to; t++ {
		lo, hi := max(c.first[t], c.from), min(c.first[t+1], c.to)
		if lo < hi {
			set(lo-c.from, hi-c.from, t)
		}
	}
}

// int64PerTree returns per-tree column k (0, 1 or 2: up to three can be
// in use at once) of the current group: v(t) on every row of tree t.
func (c *nodeColumns) int64PerTree(k int, v func(t int) int64) []int64 {
	out := resize(c.perTree64[k], c.to-c.from)
	c.perTree(func(lo, hi, t int) { fill(out[lo:hi], v(t)) })
	c.perTree64[k] = out
	return out
}

// int32PerTree returns int32 per-tree column k (0, 1 or 2) of the current
// group: v(t) on every row of tree t.
func (c *nodeColumns) int32PerTree(k int, v func(t int) int32) []int32 {
	out := resize(c.perTree32[k], c.to-c.from)
	c.perTree(func(lo, hi, t int) { fill(out[lo:hi], v(t)) })
	c.perTree32[k] = out
	return out
}

// optionalBoolPerTree returns the nullable boolean per-tree column of the
// current group, v(t) on every row of tree t, for pq.Writer's
// OptionalBoolColumn. The column's buffer is cleared on release.
func (c *nodeColumns) optionalBoolPerTree(v func(t int) *bool) []*bool {
	out := resize(c.perTreeOpt, c.to-c.from)
	c.perTree(func(lo, hi, t int) { fill(out[lo:hi], v(t)) })
	c.perTreeOpt = out
	return out
}

// rows is the number of node rows of all the trees.
func (c *nodeColumns) rows() int { return c.first[len(c.first)-1] }

// writeNodeColumns writes the columns node, parent, values, feature and
// class of the current group, in that order, as both node tables have
// them.
func (c *nodeColumns) writeNodeColumns(pw *pq.Writer) error {
	if err := pw.Int32Column(c.node); err != nil {
		return err
	}
	if err := pw.Int32Column(c.parent); err != nil {
		return err
	}
	if err := pw.Int32ListColumn(c.values, c.valueOffs); err != nil {
		return err
	}
	if err := pw.Int32Column(c.feature); err != nil {
		return err
	}
	return pw.Int32Column(c.class)
}
