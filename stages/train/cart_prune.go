package train

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// cartPruner runs minimal cost-complexity pruning (Breiman et al. 1984,
// ch. 3) on a grown binary tree with class counts, step for step as
// SimpleCart does, so that the alpha sequence and the pruned trees are
// SimpleCart's:
//
//   - R(t) is the number of training rows node t misclassifies as a leaf
//     (rows not of its majority class), R(T_t) the sum of R over the leaves
//     of t's current subtree, L(t) its number of leaves, and
//
//     alpha(t) = ((R(t) − R(T_t)) / N) / (L(t) − 1),   rounded to 10 decimals,
//
//     with N the number of training rows of the fit.
//
//   - A pass (SimpleCart's treeErrors + calculateAlphas) walks the inner
//     nodes top-down. A node whose subtree does not reduce training error
//     (R(t) − R(T_t) ≤ 0) becomes a leaf at once; otherwise its alpha is
//     computed. As in SimpleCart, an ancestor's alpha is computed before
//     such a collapse below it and keeps the stale leaf count until the
//     next pass.
//
//   - Then, repeatedly, the inner node of least alpha (ties: more leaves,
//     then first in preorder, branch 0 before branch 1) becomes a leaf
//     (the weakest link), and a pass follows. A prune with the same alpha
//     as the one before joins its step of the sequence.
//
// Only the nodes whose alpha can change are revisited after a prune (the
// pruned node's ancestors, and the ancestors of nodes collapsed in the
// previous pass), and the weakest link comes from an indexed heap of the
// inner nodes, so a sequence costs O(I·depth·log I) for I inner nodes
// instead of SimpleCart's O(I²) full passes; the results are the same.
type cartPruner struct {
	src    *tree.Tree
	n      int     // training rows of the fit (the root's count)
	kid    []int32 // branch-0 child of an inner node of src, -1 at a leaf
	parent []int32
	pre    []int32 // nodes in preorder
	pos    []int32 // node → index in pre
	end    []int32 // node → end of its subtree in pre
	r      []int   // R(t)
	maj    []int32 // majority class of every node

	leaf   []bool // a leaf now (grown or pruned)
	gone   []bool // below a pruned node
	rt     []int  // R(T_t)
	leaves []int  // L(t)
	alpha  []float64
	heap   []int32 // inner nodes, a binary heap in nodeToPrune's order
	at     []int32 // node → index in heap, −1 when absent
	heapOn bool    // heap built; before that, visit and cut leave it alone

	testErr  []int // test rows node t misclassifies as a leaf
	testTree []int // test rows its current subtree misclassifies
	nTest    int

	dirty, stale []int32
	inStale      []bool // node is in stale; stale is closed upwards
	buf          grow.TreeBuf
}

// reset loads the grown tree t (binary, with counts), unpruned, and drops
// any test rows.
func (p *cartPruner) reset(t *tree.Tree) error {
	m, k := t.Len(), t.Classes
	if len(t.Counts) != m*k {
		return fmt.Errorf("cost-complexity pruning needs node counts")
	}
	p.src = t
	p.kid = resize(p.kid, m)
	p.parent = resize(p.parent, m)
	p.maj = resize(p.maj, m)
	p.r = resize(p.r, m)
	p.parent[0] = -1
	for i := range m {
		counts := t.NodeCounts(i)
		n, best := 0, 0
		for c, x := range counts {
			n += int(x)
			if x > counts[best] {
				best = c
			}
		}
		p.maj[i] = int32(best)
		p.r[i] = n - int(counts[best])
		p.kid[i] = -1
		if t.IsLeaf(i) {
			continue
		}
		lo, hi := int32(math.MaxInt32), int32(-1)
		for _, c := range t.Children(i) {
			lo, hi = min(lo, c), max(hi, c)
		}
		if hi != lo+1 {
			return fmt.Errorf("cost-complexity pruning needs a binary tree with consecutive children; node %d has children %d..%d", i, lo, hi)
		}
		p.kid[i] = lo
		p.parent[lo], p.parent[hi] = int32(i), int32(i)
	}
	p.n = 0
	for _, x := range t.NodeCounts(0) {
		p.n += int(x)
	}
	// Preorder, branch 0 first, and every subtree's end.
	p.pre, p.pos, p.end = p.pre[:0], resize(p.pos, m), resize(p.end, m)
	stack := append(p.dirty[:0], 0)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p.pos[i] = int32(len(p.pre))
		p.pre = append(p.pre, i)
		if c := p.kid[i]; c >= 0 {
			stack = append(stack, c+1, c)
		}
	}
	p.dirty = stack[:0]
	for j := m - 1; j >= 0; j-- {
		i := p.pre[j]
		p.end[i] = int32(j + 1)
		if c := p.kid[i]; c >= 0 {
			p.end[i] = p.end[c+1]
		}
	}
	p.testErr = resize(p.testErr, m)
	clear(p.testErr)
	p.nTest = 0
	return nil
}

// setTest records the test rows of a cross-validation fold: for every node,
// how many of them it misclassifies as a leaf.
func (p *cartPruner) setTest(d *dataset.Dataset, rows []int) {
	clear(p.testErr)
	labels := d.Labels()
	for _, r := range rows {
		for i := 0; ; {
			if int32(labels[r]) != p.maj[i] {
				p.testErr[i]++
			}
			if p.kid[i] < 0 {
				break
			}
			i = p.src.Next(i, d.Value(int(p.src.Feature[i]), r))
		}
	}
	p.nTest = len(rows)
}

// start puts every node back as grown, runs the first pass over the whole
// tree and builds the heap of the inner nodes left.
func (p *cartPruner) start() {
	m := p.src.Len()
	p.leaf = resize(p.leaf, m)
	p.gone = resize(p.gone, m)
	p.rt = resize(p.rt, m)
	p.leaves = resize(p.leaves, m)
	p.alpha = resize(p.alpha, m)
	p.testTree = resize(p.testTree, m)
	p.at = resize(p.at, m)
	p.inStale = resize(p.inStale, m)
	clear(p.gone)
	clear(p.inStale)
	for j := m - 1; j >= 0; j-- {
		i := p.pre[j]
		c := p.kid[i]
		p.leaf[i] = c < 0
		p.alpha[i] = math.MaxFloat64
		p.at[i] = -1
		if c < 0 {
			p.rt[i], p.leaves[i], p.testTree[i] = p.r[i], 1, p.testErr[i]
			continue
		}
		p.rt[i] = p.rt[c] + p.rt[c+1]
		p.leaves[i] = p.leaves[c] + p.leaves[c+1]
		p.testTree[i] = p.testTree[c] + p.testTree[c+1]
	}
	p.heapOn = false
	p.stale = p.stale[:0]
	p.heap = p.heap[:0]
	for j := 0; j < m; {
		i := p.pre[j]
		if p.leaf[i] {
			j = int(p.end[i])
			continue
		}
		p.visit(i)
		if p.leaf[i] {
			j = int(p.end[i])
			continue
		}
		p.at[i] = int32(len(p.heap))
		p.heap = append(p.heap, i)
		j++
	}
	// Ancestors of collapsed nodes were appended before the collapse; their
	// leaf counts are current now, which is all the heap order reads.
	for j := len(p.heap)/2 - 1; j >= 0; j-- {
		p.down(j)
	}
	p.heapOn = true
}

// visit recomputes inner node i's alpha, or makes it a leaf when its
// subtree does not reduce training error.
func (p *cartPruner) visit(i int32) {
	diff := p.r[i] - p.rt[i]
	if diff <= 0 {
		p.cut(i) // its ancestors' leaf counts change; their alphas wait for the next pass
		for a := p.parent[i]; a >= 0 && !p.inStale[a]; a = p.parent[a] {
			p.inStale[a] = true
			p.stale = append(p.stale, a)
		}
		return
	}
	e := float64(diff) / float64(p.n)
	a := e / float64(p.leaves[i]-1)
	p.alpha[i] = math.Floor(a*1e10+0.5) / 1e10 // Java's Math.round
	p.fix(i)
}

// cut makes inner node i a leaf, updates its ancestors' sums (and heap
// places: their leaf counts changed) and takes i and its inner descendants
// out of the heap.
func (p *cartPruner) cut(i int32) {
	p.remove(i) // first: the heap must see one changed key at a time
	dl := p.leaves[i] - 1
	dr := p.r[i] - p.rt[i]
	de := p.testErr[i] - p.testTree[i]
	p.leaf[i], p.leaves[i], p.rt[i], p.testTree[i] = true, 1, p.r[i], p.testErr[i]
	p.alpha[i] = math.MaxFloat64
	for a := p.parent[i]; a >= 0; a = p.parent[a] {
		p.leaves[a] -= dl
		p.rt[a] += dr
		p.testTree[a] += de
		p.fix(a)
	}
	for j := p.pos[i] + 1; j < p.end[i]; {
		x := p.pre[j]
		p.gone[x] = true
		p.remove(x)
		if p.leaf[x] { // a grown leaf, or cut before: its subtree is gone already
			j = p.end[x]
		} else {
			j++
		}
	}
}

// pass revisits, top-down, the ancestors of the pruned node u and the nodes
// left stale by the previous pass.
func (p *cartPruner) pass(u int32) {
	p.dirty = append(p.dirty[:0], p.stale...)
	for _, a := range p.stale {
		p.inStale[a] = false
	}
	p.stale = p.stale[:0]
	for a := p.parent[u]; a >= 0; a = p.parent[a] {
		p.dirty = append(p.dirty, a)
	}
	// Top-down is preorder.
	d := p.dirty
	slices.SortFunc(d, func(a, b int32) int { return cmp.Compare(p.pos[a], p.pos[b]) })
	last := int32(-1)
	for _, i := range d {
		if i == last || p.leaf[i] || p.gone[i] {
			continue
		}
		last = i
		p.visit(i)
	}
}

// testError returns the share of the test rows the current tree misclassifies.
func (p *cartPruner) testError() float64 {
	if p.nTest == 0 {
		return 0
	}
	return float64(p.testTree[0]) / float64(p.nTest)
}

// sequence prunes the tree step by step to its root, as SimpleCart's
// prune(alphas, errors, test), and returns alpha_0 = 0, the alpha of each
// step and a final 1 (SimpleCart's end mark), and the test error of the
// tree after each step (errors[i] for alphas[i]; the last alpha has none).
func (p *cartPruner) sequence(alphas, errors []float64) ([]float64, []float64) {
	p.start()
	alphas = append(alphas[:0], 0)
	errors = append(errors[:0], p.testError())
	prev := math.MaxFloat64
	for {
		u, ok := p.weakest()
		if !ok {
			break
		}
		alpha := p.alpha[u]
		p.cut(u)
		if alpha != prev {
			alphas = append(alphas, alpha)
			errors = append(errors, p.testError())
			prev = alpha
		}
		p.pass(u)
	}
	return append(alphas, 1), errors
}

// pruneTo prunes the grown tree as SimpleCart's prune(alpha): weakest
// links while their alpha is at most alpha.
func (p *cartPruner) pruneTo(alpha float64) {
	p.start()
	for {
		u, ok := p.weakest()
		if !ok || p.alpha[u] > alpha {
			return
		}
		p.cut(u)
		p.pass(u)
	}
}

// tree returns the pruned tree in fresh arrays: the grown tree's kept
// nodes, renumbered, each pruned node a leaf of its majority class.
func (p *cartPruner) tree() *tree.Tree {
	t := p.src
	p.buf.Reset(t.Domains, t.Classes)
	counts := make([]int, t.Classes)
	var group [dataset.MaxValues]int
	type item struct{ src, dst int }
	stack := []item{{0, p.buf.Node()}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c, x := range t.NodeCounts(it.src) {
			counts[c] = int(x)
		}
		p.buf.SetCounts(it.dst, counts)
		if p.leaf[it.src] {
			c := int(p.maj[it.src])
			if t.IsLeaf(it.src) {
				c = int(t.Class[it.src])
			}
			p.buf.SetLeaf(it.dst, c)
			continue
		}
		k0 := p.kid[it.src]
		ch := t.Children(it.src)
		for v, c := range ch {
			group[v] = int(c - k0)
		}
		first := p.buf.Split(it.dst, int(t.Feature[it.src]), group[:len(ch)], 2)
		stack = append(stack, item{int(k0) + 1, first + 1}, item{int(k0), first})
	}
	return p.buf.Tree()
}
