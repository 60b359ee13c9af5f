package train

import (
	"math/bits"
	"sync"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// pruner post-processes a grown multiway tree the way Weka's
// C45PruneableClassifierTree does: collapse, then C4.5's pessimistic
// pruning by subtree replacement and subtree raising.
//
// Nodes keep the grown tree's ids. A node's training rows are a window
// rows[lo:hi] of one permutation of the fit's rows, its children's
// windows nested inside it, value by value, as scikit-learn partitions
// samples[start:end]; subtree raising re-partitions a node's window
// through the subtree raised into it, which is J48's newDistribution.
// Windows are kept only when subtree raising needs them; the rest of
// pruning uses class counts alone.
type pruner struct {
	d       *dataset.Dataset
	k       int
	domains []int
	cf      float32   // confidence factor, float32 as J48's m_CF
	z       float64   // Φ⁻¹(1 − cf)
	pure    []float64 // pure[n] caches addErrs(n, 0), −1 until computed
	est     []float64 // per node: the estimate of its pruned subtree
	cols    [][]uint8 // the dataset's columns
	rowsOn  bool      // windows are kept (subtree raising)

	feature []int32      // per node: tested feature or tree.Leaf
	first   []int32      // per internal node: index in kids of its value-0 child
	kids    []int32      // child tables, Domains[feature] entries per internal node
	counts  []int        // k class counts per node
	lo, hi  []int32      // per node: its window of rows
	rows    []int32      // the training rows, permuted so every window is contiguous
	tmp     []int32      // partition scratch, as long as rows
	tmp2    []int32      // second partition scratch, for branchEstimate
	branch  []int        // k class counts per node, scratch of branchEstimate
	errs    []int        // per node, scratch of collapse
	b       grow.TreeBuf // the output tree
}

// pruners recycles pruners' memory across fits, as growers does.
var pruners = sync.Pool{New: func() any { return new(pruner) }}

// load copies tree t (grown on the rows of d in rows, one child per value
// at every internal node) into p. With withRows it also lays out the
// training rows in windows, recomputing every node's counts from them.
func (p *pruner) load(t *tree.Tree, d *dataset.Dataset, rows dataset.Bitset, withRows bool) {
	n := t.Len()
	p.d, p.k, p.domains, p.rowsOn = d, t.Classes, t.Domains, withRows
	p.cols = p.cols[:0]
	for f := range d.NumFeatures() {
		p.cols = append(p.cols, d.Column(f))
	}
	p.feature = append(p.feature[:0], t.Feature...)
	p.first = resize(p.first, n)
	p.kids = append(p.kids[:0], t.Child...)
	for i := range n {
		p.first[i] = t.Offset[i]
	}
	p.counts = resize(p.counts, n*p.k)
	for i, c := range t.Counts {
		p.counts[i] = int(c)
	}
	if !withRows {
		return
	}
	p.lo, p.hi = resize(p.lo, n), resize(p.hi, n)
	p.rows = p.rows[:0]
	for i, w := range rows[:min(len(rows), len(d.All()))] {
		w &= d.All()[i]
		for ; w != 0; w &= w - 1 {
			p.rows = append(p.rows, int32(i<<6+bits.TrailingZeros64(w)))
		}
	}
	p.tmp = resize(p.tmp, len(p.rows))
	p.tmp2 = resize(p.tmp2, len(p.rows))
	p.branch = resize(p.branch, n*p.k)
	clear(p.branch)
	p.lo[0], p.hi[0] = 0, int32(len(p.rows))
	p.distribute(0)
}

// unbind drops p's references to the fit's data.
func (p *pruner) unbind() {
	p.d, p.domains = nil, nil
	p.b.Reset(nil, 0)
	clear(p.cols)
}

// children returns internal node n's child table (one child per value).
func (p *pruner) children(n int32) []int32 {
	f := p.feature[n]
	return p.kids[p.first[n] : p.first[n]+int32(p.domains[f])]
}

// nodeCounts returns node n's class counts.
func (p *pruner) nodeCounts(n int32) []int { return p.counts[int(n)*p.k : int(n+1)*p.k] }

// makeLeaf turns node n into a leaf; its counts stay.
func (p *pruner) makeLeaf(n int32) { p.feature[n] = tree.Leaf }

// distribute recomputes, from node n's window, the counts of n and of
// every node below it and lays out their windows (J48's newDistribution).
// The partition is stable, so windows stay in increasing row order.
func (p *pruner) distribute(n int32) {
	lo, hi := p.lo[n], p.hi[n]
	window := p.rows[lo:hi]
	counts := p.nodeCounts(n)
	clear(counts)
	labels := p.d.Labels()
	for _, r := range window {
		counts[labels[r]]++
	}
	if p.feature[n] == tree.Leaf {
		return
	}
	col := p.d.Column(int(p.feature[n]))
	kids := p.children(n)
	var start [dataset.MaxValues]int32
	for _, r := range window {
		start[col[r]]++
	}
	o := lo
	for v, c := range kids {
		size := start[v]
		start[v] = o - lo
		p.lo[c], p.hi[c] = o, o+size
		o += size
	}
	tmp := p.tmp[:len(window)]
	for _, r := range window {
		v := col[r]
		tmp[start[v]] = r
		start[v]++
	}
	copy(window, tmp)
	for _, c := range kids {
		p.distribute(c)
	}
}

// collapse applies J48's collapse from the root down: an internal node
// whose subtree makes at least as many training errors as the node would
// as a leaf (less 1e-3) becomes that leaf. It reports whether any did.
func (p *pruner) collapse() bool {
	// errs[n] is the training error of n's subtree. Children have larger
	// ids than their parents, so one backward pass sums them.
	errs := resize(p.errs, len(p.feature))
	p.errs = errs
	for n := range int32(len(p.feature)) {
		errs[n] = 0
		if p.feature[n] == tree.Leaf {
			errs[n] = majorityErrors(p.nodeCounts(n))
		}
	}
	for n := int32(len(p.feature)) - 1; n >= 0; n-- {
		if p.feature[n] != tree.Leaf {
			for _, c := range p.children(n) {
				errs[n] += errs[c]
			}
		}
	}
	changed := false
	var walk func(n int32)
	walk = func(n int32) {
		if p.feature[n] == tree.Leaf {
			return
		}
		if float64(errs[n]) >= float64(majorityErrors(p.nodeCounts(n)))-1e-3 {
			p.makeLeaf(n)
			changed = true
			return
		}
		for _, c := range p.children(n) {
			walk(c)
		}
	}
	walk(0)
	return changed
}

// majorityErrors returns the training errors of a leaf with the given class
// counts: the rows outside its majority class.
func majorityErrors(counts []int) int {
	n, best := 0, 0
	for _, x := range counts {
		n += x
		best = max(best, x)
	}
	return n - best
}

// tree returns the pruned tree, renumbered in the grower's order (a node's
// children get consecutive ids when it is expanded, subtrees depth first)
// with its current counts; a leaf without rows predicts its parent's
// majority class.
func (p *pruner) tree() *tree.Tree {
	p.b.Reset(p.domains, p.k)
	root := p.b.Node()
	p.emit(0, root, 0)
	return p.b.Tree()
}

// emit writes node n of p as node id of the output tree.
func (p *pruner) emit(n int32, id, parentMajority int) {
	counts := p.nodeCounts(n)
	p.b.SetCounts(id, counts)
	if p.feature[n] == tree.Leaf {
		c := dataset.ArgMax(counts)
		if counts[c] == 0 { // no rows
			c = parentMajority
		}
		p.b.SetLeaf(id, c)
		return
	}
	kids := p.children(n)
	z := len(kids)
	first := p.b.Split(id, int(p.feature[n]), multiwayGroup(z), z)
	maj := dataset.ArgMax(counts)
	for v, c := range kids {
		p.emit(c, first+v, maj)
	}
}

// multiwayGroups is 0, 1, …, MaxValues−1.
var multiwayGroups = func() []int {
	t := make([]int, dataset.MaxValues)
	for v := range t {
		t[v] = v
	}
	return t
}()

// multiwayGroup returns the group table of a multiway split over z values.
func multiwayGroup(z int) []int { return multiwayGroups[:z] }
