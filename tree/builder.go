package tree

import (
	"fmt"
	"math"
	"slices"
)

// Builder grows a Tree node by node. Allocate the root with Root, then make
// every node a leaf with SetLeaf or split it with Split, which allocates its
// children; a node left unsettled is a leaf without a class, which Validate
// rejects. Children are allocated by Split, so their ids are always larger
// than their parent's. Misuse (a bad group table, a wrong count vector) is
// a programmer error and panics.
type Builder struct {
	t Tree
}

// NewBuilder starts a tree over features with the given domains and classes.
func NewBuilder(domains []int, classes int) *Builder {
	return &Builder{t: Tree{Domains: append([]int(nil), domains...), Classes: classes}}
}

// Root allocates the root node and returns its id (0). Call it once, first.
func (b *Builder) Root() int {
	if len(b.t.Feature) != 0 {
		panic("tree: Root called twice")
	}
	return b.node()
}

func (b *Builder) node() int {
	b.t.Feature = append(b.t.Feature, Leaf)
	b.t.Class = append(b.t.Class, NoClass)
	b.t.Offset = append(b.t.Offset, -1)
	if b.t.Threshold != nil {
		b.t.Threshold = append(b.t.Threshold, math.NaN())
	}
	return len(b.t.Feature) - 1
}

// SetLeaf makes node n a leaf predicting class c.
func (b *Builder) SetLeaf(n, c int) {
	b.t.Feature[n] = Leaf
	b.t.Class[n] = int32(c)
	b.t.Offset[n] = -1
	if b.t.Threshold != nil {
		b.t.Threshold[n] = math.NaN()
	}
}

// SplitNumeric makes node n test numeric feature f against threshold
// (finite): rows with x[f] <= threshold go to the first child it returns,
// the others to the second. The tree gains its Threshold slice with its
// first numeric split.
func (b *Builder) SplitNumeric(n, f int, threshold float64) (le, gt int) {
	if b.t.Domains[f] != Numeric {
		panic(fmt.Sprintf("tree: SplitNumeric on feature %d of domain %d", f, b.t.Domains[f]))
	}
	if math.IsNaN(threshold) || math.IsInf(threshold, 0) {
		panic(fmt.Sprintf("tree: SplitNumeric with threshold %v", threshold))
	}
	if b.t.Threshold == nil {
		b.t.Threshold = make([]float64, len(b.t.Feature))
		for i := range b.t.Threshold {
			b.t.Threshold[i] = math.NaN()
		}
	}
	le, gt = b.node(), b.node()
	b.t.Feature[n] = int32(f)
	b.t.Class[n] = NoClass
	b.t.Offset[n] = int32(len(b.t.Child))
	b.t.Threshold[n] = threshold
	b.t.Child = append(b.t.Child, int32(le), int32(gt))
	return le, gt
}

// SetWeights records node n's class weights (Tree.Weights); as with
// SetCounts, call it for all nodes or none.
func (b *Builder) SetWeights(n int, weights []float64) {
	k := b.t.Classes
	if len(weights) != k {
		panic(fmt.Sprintf("tree: SetWeights got %d weights for %d classes", len(weights), k))
	}
	if need := (n + 1) * k; len(b.t.Weights) < need {
		b.t.Weights = append(b.t.Weights, make([]float64, need-len(b.t.Weights))...)
	}
	copy(b.t.Weights[n*k:], weights)
}

// SetCounts records node n's class counts; the first call fixes that every
// node has counts, so call it for all nodes or none.
func (b *Builder) SetCounts(n int, counts []int) {
	k := b.t.Classes
	if len(counts) != k {
		panic(fmt.Sprintf("tree: SetCounts got %d counts for %d classes", len(counts), k))
	}
	if need := (n + 1) * k; len(b.t.Counts) < need {
		b.t.Counts = append(b.t.Counts, make([]int32, need-len(b.t.Counts))...)
	}
	for c, v := range counts {
		b.t.Counts[n*k+c] = int32(v)
	}
}

// Split makes node n test feature f. group[v] names the branch that value v
// takes (0..g-1, every branch used); Split allocates one child per branch
// and returns their ids in branch order. A multiway split passes the
// identity; a binary subset split passes 0/1 per value.
func (b *Builder) Split(n, f int, group []int) []int {
	z := b.t.Domains[f]
	if z == Numeric {
		panic(fmt.Sprintf("tree: Split on numeric feature %d (use SplitNumeric)", f))
	}
	if len(group) != z {
		panic("tree: Split group table does not match the feature's domain")
	}
	g := 0
	for _, x := range group {
		if x < 0 {
			panic(fmt.Sprintf("tree: Split group table has negative branch %d", x))
		}
		g = max(g, x+1)
	}
	used := make([]bool, g)
	for _, x := range group {
		used[x] = true
	}
	for x, u := range used {
		if !u {
			panic(fmt.Sprintf("tree: Split group table leaves branch %d unused", x))
		}
	}
	kids := make([]int, g)
	for i := range kids {
		kids[i] = b.node()
	}
	b.t.Feature[n] = int32(f)
	b.t.Class[n] = NoClass
	b.t.Offset[n] = int32(len(b.t.Child))
	if b.t.Threshold != nil {
		b.t.Threshold[n] = math.NaN()
	}
	for _, x := range group {
		b.t.Child = append(b.t.Child, int32(kids[x]))
	}
	return kids
}

// SplitMultiway makes node n test feature f with one child per value and
// returns the children, child i for value i.
func (b *Builder) SplitMultiway(n, f int) []int {
	first := b.SplitMultiwayRun(n, f)
	kids := make([]int, b.t.Domains[f])
	for v := range kids {
		kids[v] = first + v
	}
	return kids
}

// SplitMultiwayRun is SplitMultiway for callers that need not hold the
// children: they are first, first+1, ..., one per value in value order,
// and nothing is allocated but the nodes (a million-leaf oracle splits a
// million times).
func (b *Builder) SplitMultiwayRun(n, f int) (first int) {
	z := b.t.Domains[f]
	first = len(b.t.Feature)
	for range z {
		b.node()
	}
	if z == Numeric {
		panic(fmt.Sprintf("tree: SplitMultiwayRun on numeric feature %d (use SplitNumeric)", f))
	}
	b.t.Feature[n] = int32(f)
	b.t.Class[n] = NoClass
	b.t.Offset[n] = int32(len(b.t.Child))
	for v := range z {
		b.t.Child = append(b.t.Child, int32(first+v))
	}
	return first
}

// Grow reserves room for nodes more nodes and slots more child table
// entries (a multiway split of a feature of Z values takes Z), so that a
// caller who knows the tree's size builds it without regrowing its
// slices: a million-leaf oracle's regrowths held twice its size and took
// a third of its time.
func (b *Builder) Grow(nodes, slots int) {
	b.t.Feature = slices.Grow(b.t.Feature, nodes)
	b.t.Class = slices.Grow(b.t.Class, nodes)
	b.t.Offset = slices.Grow(b.t.Offset, nodes)
	b.t.Child = slices.Grow(b.t.Child, slots)
}

// Len returns the number of nodes allocated so far.
func (b *Builder) Len() int { return len(b.t.Feature) }

// Tree returns the finished tree. The builder must not be used afterwards.
func (b *Builder) Tree() *Tree {
	t := b.t
	if len(t.Counts) != 0 && len(t.Counts) < len(t.Feature)*t.Classes {
		t.Counts = append(t.Counts, make([]int32, len(t.Feature)*t.Classes-len(t.Counts))...)
	}
	if len(t.Weights) != 0 && len(t.Weights) < len(t.Feature)*t.Classes {
		t.Weights = append(t.Weights, make([]float64, len(t.Feature)*t.Classes-len(t.Weights))...)
	}
	return &t
}
