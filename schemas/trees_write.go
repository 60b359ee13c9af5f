package schemas

import (
	"slices"
	"sync"
	"unsafe"

	"github.com/dtbench/dtbench/tree"
)

// nodeColumns is the node rows of a run of trees, column by column: the
// columns oracles/ and models/ share, the counts of models/ and the
// per-tree columns (ids, learner). Row i of the file is node node[i] of its
// tree; the lists are in CSR form (row i's values are
// values[valueOffs[i]:valueOffs[i+1]]), which is what
// pqWriter.int32ListColumn takes. The slices are pooled: a grid writes
// hundreds of node files of some 10^5 rows each.
type nodeColumns struct {
	first           []int // first[t] is tree t's first row; first[len(trees)] the row count
	node, parent    []int32
	feature, class  []int32
	values          []int32 // the parent feature's values leading to each node, increasing
	valueOffs       []int32
	counts          []int32 // per node, its class counts, or none when its tree has none
	countOffs       []int32
	perTree64       [3][]int64 // see int64PerTree
	perTree32       []int32    // see int32PerTree
	perTreeOpt      []*bool    // see optionalBoolPerTree
	cursor, scratch []int32
}

var nodeColumnsPool = sync.Pool{New: func() any { return new(nodeColumns) }}

// buildNodeColumns lays out the node rows of trees, which are valid.
// Counts are filled only when withCounts is set. Call release when done.
func buildNodeColumns(trees []*tree.Tree, withCounts bool) *nodeColumns {
	c := nodeColumnsPool.Get().(*nodeColumns)
	c.first = resize(c.first, len(trees)+1)
	rows, slots, counts := 0, 0, 0
	for i, t := range trees {
		c.first[i] = rows
		rows += t.Len()
		slots += len(t.Child)
		counts += len(t.Counts)
	}
	c.first[len(trees)] = rows
	c.node = resize(c.node, rows)
	c.parent = resize(c.parent, rows)
	c.feature = resize(c.feature, rows)
	c.class = resize(c.class, rows)
	c.values = resize(c.values, slots)
	c.valueOffs = resize(c.valueOffs, rows+1)
	c.valueOffs[0] = 0
	c.counts, c.countOffs = c.counts[:0], c.countOffs[:0]
	if withCounts {
		c.counts = slices.Grow(c.counts, counts)
		c.countOffs = resize(c.countOffs, rows+1)
		c.countOffs[0] = 0
	}
	value := 0
	for i, t := range trees {
		base := c.first[i]
		copy(c.feature[base:], t.Feature)
		copy(c.class[base:], t.Class)
		value = c.treeValues(t, base, value)
		if withCounts {
			for n := range t.Len() {
				c.counts = append(c.counts, t.NodeCounts(n)...)
				c.countOffs[base+n+1] = int32(len(c.counts))
			}
		}
	}
	return c
}

// release returns c to the pool; c must not be used after. The pointers
// of the optional column are dropped, so the pool keeps no caller's value.
func (c *nodeColumns) release() {
	clear(c.perTreeOpt)
	nodeColumnsPool.Put(c)
}

// treeValues fills the node, parent and values rows of tree t, whose rows
// start at base and whose values start at values[value], and returns where
// the next tree's values start. Every child table slot names the one child
// its value leads to, so counting slots per child gives each node's
// number of values; a second pass over the slots, in value order, fills
// them in increasing order.
func (c *nodeColumns) treeValues(t *tree.Tree, base, value int) int {
	n := t.Len()
	if cap(c.scratch) < n {
		c.scratch = make([]int32, n)
		c.cursor = make([]int32, n)
	}
	count, cursor := c.scratch[:n], c.cursor[:n]
	clear(count)
	c.parent[base] = -1
	for p := range n {
		c.node[base+p] = int32(p)
		for _, ch := range t.Children(p) {
			count[ch]++
			c.parent[base+int(ch)] = int32(p)
		}
	}
	at := int32(value)
	for m := range n {
		cursor[m] = at
		at += count[m]
		c.valueOffs[base+m+1] = at
	}
	for p := range n {
		for v, ch := range t.Children(p) {
			c.values[cursor[ch]] = int32(v)
			cursor[ch]++
		}
	}
	return int(at)
}

// writeRowGroups calls write for every row group of rows [from, to) of c:
// groups of size rows (the writer's, RowGroupRows), the last one shorter.
func (c *nodeColumns) writeRowGroups(size int, write func(from, to int) error) error {
	rows := c.rows()
	for from := 0; from < rows; from += size {
		if err := write(from, min(from+size, rows)); err != nil {
			return err
		}
	}
	return nil
}

// int64PerTree returns per-tree column k (0, 1 or 2: up to three can be
// in use at once): v(t) on every row of tree t.
func (c *nodeColumns) int64PerTree(k int, v func(t int) int64) []int64 {
	out := resize(c.perTree64[k], c.rows())
	for t := range len(c.first) - 1 {
		fill(out[c.first[t]:c.first[t+1]], v(t))
	}
	c.perTree64[k] = out
	return out
}

// int32PerTree returns the int32 per-tree column: v(t) on every row of
// tree t.
func (c *nodeColumns) int32PerTree(v func(t int) int32) []int32 {
	out := resize(c.perTree32, c.rows())
	for t := range len(c.first) - 1 {
		fill(out[c.first[t]:c.first[t+1]], v(t))
	}
	c.perTree32 = out
	return out
}

// optionalBoolPerTree returns the nullable boolean per-tree column, v(t)
// on every row of tree t, as the source of pqWriter.scalarColumn. The
// column's buffer is cleared on release.
func (c *nodeColumns) optionalBoolPerTree(v func(t int) *bool) fieldSource {
	out := resize(c.perTreeOpt, c.rows())
	for t := range len(c.first) - 1 {
		fill(out[c.first[t]:c.first[t+1]], v(t))
	}
	c.perTreeOpt = out
	return fieldSource{base: unsafe.Pointer(unsafe.SliceData(out)), stride: unsafe.Sizeof(out[0]), kind: KindBool, nullable: true}
}

// rows is the number of node rows.
func (c *nodeColumns) rows() int { return c.first[len(c.first)-1] }

// writeNodeColumns writes the columns node, parent, values, feature and
// class of rows [from, to), in that order, as both node tables have them.
func (c *nodeColumns) writeNodeColumns(pw *pqWriter, from, to int) error {
	if err := pw.int32Column(c.node[from:to]); err != nil {
		return err
	}
	if err := pw.int32Column(c.parent[from:to]); err != nil {
		return err
	}
	if err := pw.int32ListColumn(c.values, c.valueOffs[from:to+1]); err != nil {
		return err
	}
	if err := pw.int32Column(c.feature[from:to]); err != nil {
		return err
	}
	return pw.int32Column(c.class[from:to])
}
