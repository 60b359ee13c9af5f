package tree

import "math"

// The walks on Weka instance vectors: x[f] is a nominal feature's code as
// a float64, a numeric feature's value, or NaN where the value is missing
// (dataset.Dataset.Values writes a row so).

// emptyWeight is Weka's Utils.SMALL: J48 takes a node whose training
// weight is below it as empty (ClassifierTree.m_isEmpty) and a branch
// share not above it as none (Utils.gr).
const emptyWeight = 1e-6

// NextValue returns the child of internal node n that value v of its
// feature leads to, or -1 when v is missing (NaN).
func (t *Tree) NextValue(n int, v float64) int {
	if math.IsNaN(v) {
		return -1
	}
	o := int(t.Offset[n])
	if t.Domains[t.Feature[n]] == Numeric {
		if v <= t.Threshold[n] {
			return int(t.Child[o])
		}
		return int(t.Child[o+1])
	}
	return int(t.Child[o+int(v)])
}

// ApplyValues returns the leaf instance x reaches, or -1 when a node on
// its path tests a feature whose value x misses (x then reaches several
// leaves, as DistributionValues weighs them).
func (t *Tree) ApplyValues(x []float64) int {
	n := 0
	for t.Feature[n] != Leaf {
		if n = t.NextValue(n, x[t.Feature[n]]); n < 0 {
			return -1
		}
	}
	return n
}

// PredictValues returns the class the tree gives instance x: the first
// class of largest probability in DistributionValues (Weka's
// Utils.maxIndex), which on a path without missing values is the class
// of its leaf whenever the leaf's class is its majority.
func (t *Tree) PredictValues(x []float64) int {
	var buf [16]float64
	var dst []float64
	if t.Classes <= len(buf) {
		dst = buf[:t.Classes]
	} else {
		dst = make([]float64, t.Classes)
	}
	t.DistributionValues(x, dst)
	return maxIndex(dst)
}

// maxIndex returns the index of the first largest entry of p.
func maxIndex(p []float64) int {
	best := 0
	for c, v := range p {
		if v > p[best] {
			best = c
		}
	}
	return best
}

// DistributionValues writes to dst (len Classes) the class probabilities
// the tree gives instance x, as J48's ClassifierTree.getProbs computes
// them, in its order of operations (a node's total is the sum of its class
// weights, where Weka keeps a running total, so a last bit may differ):
//   - at a leaf, its class weights normalized (Weights, else Counts);
//   - at a node whose feature x misses, the sum over its non-empty
//     children, in branch order, of each child's distribution times the
//     child's share of the node's training weight;
//   - where x enters an empty child (training weight below 1e-6), the
//     distribution of the node above it.
//
// As in J48, a missing value that meets only empty children adds nothing,
// so the probabilities can sum to less than 1 (all children below 1e-6).
// A tree without counts or weights puts probability 1 on a leaf's class
// and gives a node's children equal shares of a missing value, as does a
// node of no weight (never so in J48's trees, where a node weighs what its
// children weigh).
func (t *Tree) DistributionValues(x []float64, dst []float64) {
	clear(dst)
	t.probs(0, x, 1, dst)
}

// probs adds to dst weight times the distribution of the subtree under
// node n for x (getProbs with its weight). It recurses only where x
// misses a tested value.
func (t *Tree) probs(n int, x []float64, weight float64, dst []float64) {
	for t.Feature[n] != Leaf {
		next := t.NextValue(n, x[t.Feature[n]])
		if next < 0 {
			t.probsMissing(n, x, weight, dst)
			return
		}
		if t.hasDistribution() && t.nodeTotal(next) < emptyWeight {
			t.addNodeProbs(n, weight, dst)
			return
		}
		n = next
	}
	t.addNodeProbs(n, weight, dst)
}

// probsMissing is probs at internal node n when x misses its feature:
// J48 sums its sons' getProbs from 0, son by son, so each class's sum
// is formed in that order here too.
func (t *Tree) probsMissing(n int, x []float64, weight float64, dst []float64) {
	sum := make([]float64, len(dst))
	part := make([]float64, len(dst))
	branches := t.Branches(n)
	total := t.nodeTotal(n)
	weighted := t.hasDistribution() && total > 0 // a J48 tree's node outweighs its children
	for _, br := range branches {
		share := 1 / float64(len(branches))
		if weighted {
			w := t.nodeTotal(br.Child)
			if w < emptyWeight {
				continue
			}
			share = w / total
		}
		clear(part)
		t.probs(br.Child, x, share*weight, part)
		for c, p := range part {
			sum[c] += p
		}
	}
	for c, p := range sum {
		dst[c] += p
	}
}

// addNodeProbs adds weight times node n's normalized class weights to dst
// (weight · p(c) as J48's leaf returns it), or weight on its class when the
// tree records no distribution or the node none.
func (t *Tree) addNodeProbs(n int, weight float64, dst []float64) {
	if w := t.NodeWeights(n); w != nil {
		total := sumFloats(w)
		if total > 0 {
			for c, v := range w {
				dst[c] += weight * (v / total)
			}
			return
		}
	} else if k := t.NodeCounts(n); k != nil {
		if total := countsTotal(k); total > 0 {
			for c, v := range k {
				dst[c] += weight * (float64(v) / float64(total))
			}
			return
		}
	}
	dst[t.leafClass(n)] += weight
}

// leafClass returns n's class, or for an internal node (the parent of an
// empty branch in a tree whose node has no weight) its majority, class 0
// when it has none.
func (t *Tree) leafClass(n int) int {
	if c := t.Class[n]; c >= 0 {
		return int(c)
	}
	return 0
}

func (t *Tree) hasDistribution() bool { return len(t.Weights) != 0 || len(t.Counts) != 0 }

// nodeTotal returns node n's training weight: the sum of its class
// weights, else of its counts.
func (t *Tree) nodeTotal(n int) float64 {
	if w := t.NodeWeights(n); w != nil {
		return sumFloats(w)
	}
	return float64(countsTotal(t.NodeCounts(n)))
}

// sumFloats sums w in order, as Weka's Distribution totals are kept.
func sumFloats(w []float64) float64 {
	s := 0.0
	for _, v := range w {
		s += v
	}
	return s
}

// ReachValues appends to dst the nodes where DistributionValues' walk for
// instance x ends, in its order, and returns it: the leaf x reaches when
// no tested value is missing; where x misses a node's feature, the ends
// under each of its non-empty children (every child in a tree without
// counts or weights); and where x enters an empty child, that child (the
// walk takes its parent's distribution, having performed the parent's
// test). A node whose children are all empty ends the walk at its first
// child, so that its test counts as performed. The cost of a case's tests
// is charged on these ends (costs.TreeCosts.Values): the union of the
// paths that lead to them.
func (t *Tree) ReachValues(x []float64, dst []int) []int {
	return t.reach(0, x, dst, t.hasDistribution())
}

// ReachAllValues is ReachValues for the walks that go down every child
// where a value is missing and never stop at an empty one, as SimpleCart's
// and RandomTree's distributionForInstance do: the leaves x reaches.
func (t *Tree) ReachAllValues(x []float64, dst []int) []int {
	return t.reach(0, x, dst, false)
}

// reach is ReachValues from node n; j48 applies J48's rules for empty
// children (the tree has a distribution).
func (t *Tree) reach(n int, x []float64, dst []int, j48 bool) []int {
	for t.Feature[n] != Leaf {
		next := t.NextValue(n, x[t.Feature[n]])
		if next < 0 {
			weighted := j48 && t.nodeTotal(n) > 0
			before := len(dst)
			branches := t.Branches(n)
			for _, br := range branches {
				if weighted && t.nodeTotal(br.Child) < emptyWeight {
					continue
				}
				dst = t.reach(br.Child, x, dst, j48)
			}
			if len(dst) == before {
				dst = append(dst, branches[0].Child)
			}
			return dst
		}
		if j48 && t.nodeTotal(next) < emptyWeight {
			return append(dst, next)
		}
		n = next
	}
	return append(dst, n)
}
