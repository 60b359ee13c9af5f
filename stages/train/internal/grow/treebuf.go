package grow

import (
	"slices"

	"github.com/dtbench/dtbench/tree"
)

// TreeBuf collects a growing tree's flat arrays with tree.Builder's
// conventions (node 0 is the root; a split allocates its children as the
// next consecutive ids, so every child id exceeds its parent's; counts for
// every node), but it keeps its memory across fits (the grower's lives in
// the pooled grower, a pruner's in the pruner), and Tree copies out
// exactly sized arrays. tree.Builder allocates per split and grows its
// slices node by node, which made up most of an ID3 fit's allocations and
// a fifth of its time. Learners' pruners write their trees with it too.
type TreeBuf struct {
	domains []int
	classes int
	feature []int32
	class   []int32
	offset  []int32
	child   []int32
	counts  []int32
}

// Reset starts a new tree over features with the given domains and classes.
func (b *TreeBuf) Reset(domains []int, classes int) {
	b.domains, b.classes = domains, classes
	b.feature, b.class, b.offset = b.feature[:0], b.class[:0], b.offset[:0]
	b.child, b.counts = b.child[:0], b.counts[:0]
}

// Node allocates an unsettled node (a leaf of no class, zero counts).
func (b *TreeBuf) Node() int {
	b.feature = append(b.feature, tree.Leaf)
	b.class = append(b.class, tree.NoClass)
	b.offset = append(b.offset, -1)
	for range b.classes {
		b.counts = append(b.counts, 0)
	}
	return len(b.feature) - 1
}

// Len returns the number of nodes so far.
func (b *TreeBuf) Len() int { return len(b.feature) }

// SetLeaf makes node n a leaf predicting class c.
func (b *TreeBuf) SetLeaf(n, c int) {
	b.feature[n] = tree.Leaf
	b.class[n] = int32(c)
	b.offset[n] = -1
}

// SetCounts records node n's class counts.
func (b *TreeBuf) SetCounts(n int, counts []int) {
	dst := b.counts[n*b.classes : (n+1)*b.classes]
	for c, x := range counts {
		dst[c] = int32(x)
	}
}

// Split makes node n test feature f, value v leading to branch group[v] of
// branches, allocates the children and returns the first child's id:
// branch g's child is first+g.
func (b *TreeBuf) Split(n, f int, group []int, branches int) (first int) {
	first = b.Len()
	end := first + branches
	b.feature = slices.Grow(b.feature, branches)[:end]
	b.class = slices.Grow(b.class, branches)[:end]
	b.offset = slices.Grow(b.offset, branches)[:end]
	b.counts = slices.Grow(b.counts, branches*b.classes)[:end*b.classes]
	for i := first; i < end; i++ {
		b.feature[i], b.class[i], b.offset[i] = tree.Leaf, tree.NoClass, -1
	}
	clear(b.counts[first*b.classes:])
	b.feature[n] = int32(f)
	b.class[n] = tree.NoClass
	b.offset[n] = int32(len(b.child))
	for _, g := range group {
		b.child = append(b.child, int32(first+g))
	}
	return first
}

// Tree returns the finished tree in freshly allocated, exactly sized
// slices; b keeps its memory for the next fit.
func (b *TreeBuf) Tree() *tree.Tree {
	return &tree.Tree{
		Domains: append([]int(nil), b.domains...),
		Classes: b.classes,
		Feature: append([]int32(nil), b.feature...),
		Class:   append([]int32(nil), b.class...),
		Offset:  append([]int32(nil), b.offset...),
		Child:   append([]int32(nil), b.child...),
		Counts:  append([]int32(nil), b.counts...),
	}
}

// split2 is Split for two classes and two branches, value 0 leading to
// branch b0 and value 1 to the other.
func (b *TreeBuf) split2(n, f, b0 int) (first int) {
	first = len(b.feature)
	b.feature = append(b.feature, tree.Leaf, tree.Leaf)
	b.class = append(b.class, tree.NoClass, tree.NoClass)
	b.offset = append(b.offset, -1, -1)
	b.counts = append(b.counts, 0, 0, 0, 0)
	b.feature[n] = int32(f)
	b.class[n] = tree.NoClass
	b.offset[n] = int32(len(b.child))
	b.child = append(b.child, int32(first+b0), int32(first+1-b0))
	return first
}
