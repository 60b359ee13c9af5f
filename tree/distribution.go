package tree

// Distribution writes to dst (len Classes) the class probabilities the
// tree gives input x, as Weka's J48 computes them: the class counts of
// the leaf x reaches, normalized; where x would enter a branch that no
// training row took (zero counts), the counts of the node above it — the
// parent's distribution. A tree without counts puts probability 1 on its
// prediction.
func (t *Tree) Distribution(x []uint8, dst []float64) { t.PredictDistribution(x, dst) }

// PredictDistribution returns the class the tree gives x (Predict) and
// writes its class probabilities to dst (Distribution), from one walk
// down the tree: scoring a model's accuracy and mean absolute error needs
// both for every row.
func (t *Tree) PredictDistribution(x []uint8, dst []float64) int {
	return int(t.Class[t.ApplyDistribution(x, dst)])
}

// ApplyDistribution returns the leaf x reaches (Apply) and writes x's
// class probabilities to dst (Distribution), from one walk: the cost
// study charges the leaf's path as it scores the prediction. A tree with
// Weights is walked as DistributionValues walks it.
func (t *Tree) ApplyDistribution(x []uint8, dst []float64) int {
	clear(dst)
	if len(t.Weights) != 0 {
		return t.applyDistributionWeights(x, dst)
	}
	if len(t.Counts) == 0 {
		leaf := t.Apply(x)
		dst[t.Class[leaf]] = 1
		return leaf
	}
	// n walks to the leaf; at is the deepest node on the way whose path
	// from the root has counts on every node, the one that gives the
	// distribution.
	n, at, counted := 0, 0, true
	for t.Feature[n] != Leaf {
		n = int(t.Child[int(t.Offset[n])+int(x[t.Feature[n]])])
		at, counted = t.deeper(n, at, counted)
	}
	t.fromCounts(n, at, dst)
	return n
}

// deeper is a walk's step to node n for ApplyDistribution's rule: at
// stays the node the distribution comes from once a node on the path
// has no counts (counted turns false), and moves to n while every node
// has some.
func (t *Tree) deeper(n, at int, counted bool) (int, bool) {
	if !counted {
		return at, false
	}
	if countsTotal(t.NodeCounts(n)) == 0 {
		return at, false
	}
	return n, true
}

// fromCounts writes leaf n's class probabilities to dst (cleared): node
// at's counts over their total, or all on the leaf's class when at has
// none. It reports whether they came from at's counts alone (so that
// another leaf with the same at has the same row).
func (t *Tree) fromCounts(n, at int, dst []float64) bool {
	counts := t.NodeCounts(at)
	total := countsTotal(counts)
	if total == 0 {
		dst[t.Class[n]] = 1
		return false
	}
	for c, k := range counts {
		dst[c] = float64(k) / float64(total)
	}
	return true
}

// LeafDistributions returns the class probabilities ApplyDistribution
// gives a row that reaches each leaf, Classes entries per node (zero at
// internal nodes), bit for bit, so that a model that walks many trees
// per row (a forest) walks them with Apply and reads the leaf's row;
// nil for a tree with Weights or numeric nodes (whose walk is
// DistributionValues') or one with a node reached by two paths.
//
// It is one pass over the nodes in index order: in a valid tree every
// child follows its parent (Validate), so each node's source of counts
// (ApplyDistribution's at) follows from its parent's. A tree whose child
// precedes its parent gets nil too.
func (t *Tree) LeafDistributions() []float64 {
	if len(t.Weights) != 0 || t.Threshold != nil {
		return nil
	}
	k, n := t.Classes, len(t.Feature)
	out := make([]float64, n*k)
	var buf [smallTree]int32
	from := nodeInt32s(buf[:], n) // per node: at+1 while counted, −(at+1) after, 0 until reached
	from[0] = 1
	// shared is the last leaf whose row came from an ancestor's counts
	// (a leaf no row reached takes its parent's): its empty siblings,
	// which follow it, copy its row instead of dividing again.
	shared, sharedAt := -1, -1
	for p := range n {
		fp := from[p]
		if fp == 0 {
			continue // no parent before it: unreachable (a later parent is refused below)
		}
		at, counted := int(fp)-1, fp > 0
		if !counted {
			at = int(-fp) - 1
		}
		if t.Feature[p] == Leaf {
			switch {
			case len(t.Counts) == 0:
				out[p*k+int(t.Class[p])] = 1
			case at != p && at == sharedAt:
				copy(out[p*k:(p+1)*k], out[shared*k:(shared+1)*k])
			case t.fromCounts(p, at, out[p*k:(p+1)*k]) && at != p:
				shared, sharedAt = p, at
			}
			continue
		}
		for _, c := range t.Children(p) {
			if int(c) <= p || from[c] != 0 {
				return nil // a child before its parent, or a node reached twice
			}
			a, ok := t.deeper(int(c), at, counted)
			if ok {
				from[c] = int32(a) + 1
			} else {
				from[c] = -int32(a) - 1
			}
		}
	}
	return out
}

// CountedPaths reports whether, on every path from the root, the nodes
// with class counts come before those without (a node no training row
// reached has no row below it either), in a tree with counts and without
// Weights or numeric nodes: true of every tree grown by dividing its
// training rows among the children. On such a tree ApplyDistribution's
// source of counts is the leaf itself when it has some, and else an
// ancestor: what AddDistribution needs to find it from the leaf and its
// parent alone. It is one pass over the nodes, without allocation, that
// reads a child's counts only below a node without any.
func (t *Tree) CountedPaths() bool {
	if len(t.Weights) != 0 || t.Threshold != nil || len(t.Counts) == 0 {
		return false
	}
	for p, f := range t.Feature {
		if f == Leaf || countsTotal(t.NodeCounts(p)) != 0 {
			continue
		}
		for _, c := range t.Children(p) {
			if countsTotal(t.NodeCounts(int(c))) != 0 {
				return false
			}
		}
	}
	return true
}

// AddDistribution adds to acc (len Classes) the class probabilities
// ApplyDistribution gives x, bit for bit, on a tree with CountedPaths (on
// another, its result is undefined): a forest sums its trees' this way.
// It walks with Apply, keeping the parent, and divides the leaf's counts
// by their total, or its parent's when the leaf has none; a parent without
// counts too hands the row to ApplyDistribution. It forms no table per
// leaf: a forest's trees are large, and only the leaves its test rows
// reach are read.
func (t *Tree) AddDistribution(x []uint8, acc []float64) {
	n, parent := 0, 0
	for {
		f := t.Feature[n]
		if f == Leaf {
			break
		}
		parent, n = n, int(t.Child[int(t.Offset[n])+int(x[f])])
	}
	counts := t.NodeCounts(n)
	total := countsTotal(counts)
	if total == 0 {
		counts = t.NodeCounts(parent)
		total = countsTotal(counts)
	}
	if total == 0 {
		// Two nodes of the path without counts: the source is further up,
		// or there is none. A grown tree never splits a node no row
		// reached, so this is the rare way.
		one := make([]float64, t.Classes)
		t.ApplyDistribution(x, one)
		for c, p := range one {
			acc[c] += p
		}
		return
	}
	acc = acc[:len(counts)]
	for c, k := range counts {
		acc[c] += float64(k) / float64(total)
	}
}

func countsTotal(counts []int32) int64 {
	var n int64
	for _, c := range counts {
		n += int64(c)
	}
	return n
}

// applyDistributionWeights is ApplyDistribution on a tree with Weights:
// the walk of DistributionValues on an instance without missing values.
func (t *Tree) applyDistributionWeights(x []uint8, dst []float64) int {
	n, at := 0, 0
	for t.Feature[n] != Leaf {
		n = int(t.Child[int(t.Offset[n])+int(x[t.Feature[n]])])
		if at >= 0 && t.nodeTotal(n) < emptyWeight {
			t.addNodeProbs(at, 1, dst)
			at = -1
		} else if at >= 0 {
			at = n
		}
	}
	if at >= 0 {
		t.addNodeProbs(at, 1, dst)
	}
	return n
}
