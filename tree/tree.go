package tree

import (
	"errors"
	"fmt"
	"math"
)

// Leaf marks a node that tests no feature.
const Leaf = -1

// NoClass marks an internal node's class.
const NoClass = -1

// Numeric is the domain of a numeric feature (Domains[f] == Numeric): its
// nodes test x[f] <= Threshold[n].
const Numeric = 0

// Tree is a decision tree over nominal and numeric features stored as
// parallel slices.
type Tree struct {
	Domains []int   // values per feature, Z_f, or Numeric; len = number of features
	Classes int     // number of classes K
	Feature []int32 // per node: tested feature or Leaf
	Class   []int32 // per node: predicted class at a leaf, NoClass inside
	Offset  []int32 // per node: start of its value → child table in Child; -1 at a leaf
	Child   []int32 // value → child tables of the internal nodes
	Counts  []int32 // optional: Classes class counts per node (training rows reaching it)
	// Threshold, present when some node tests a numeric feature (nil
	// otherwise), has one entry per node: a numeric node's cut point, NaN
	// at every other node.
	Threshold []float64
	// Weights, optional, has Classes entries per node: the training
	// weight of each class that reached the node, fractional where rows
	// with a missing value were spread over the branches (J48's
	// Distribution). When present the distributions and WriteText use it
	// instead of Counts.
	Weights []float64
}

// width returns the number of entries in the child table of a node
// testing feature f: the domain of a nominal feature, 2 for a numeric one.
func (t *Tree) width(f int32) int32 {
	if z := t.Domains[f]; z != Numeric {
		return int32(z)
	}
	return 2
}

// IsNumericNode reports whether node n tests a numeric feature.
func (t *Tree) IsNumericNode(n int) bool {
	f := t.Feature[n]
	return f != Leaf && t.Domains[f] == Numeric
}

// NodeWeights returns node n's class weights, or nil when none were recorded.
func (t *Tree) NodeWeights(n int) []float64 {
	if len(t.Weights) == 0 {
		return nil
	}
	return t.Weights[n*t.Classes : (n+1)*t.Classes]
}

// Len returns the number of nodes.
func (t *Tree) Len() int { return len(t.Feature) }

// IsLeaf reports whether node n is a leaf.
func (t *Tree) IsLeaf(n int) bool { return t.Feature[n] == Leaf }

// Children returns node n's value → child table (nil at a leaf). Callers
// must not modify it.
func (t *Tree) Children(n int) []int32 {
	f := t.Feature[n]
	if f == Leaf {
		return nil
	}
	o := t.Offset[n]
	return t.Child[o : o+t.width(f)]
}

// Branch is one distinct child of an internal node and the set of its
// feature's values that lead there (bit v set = value v), so a multiway
// split has one value per branch and a subset split several.
type Branch struct {
	Child  int
	Values uint64
}

// Branches returns node n's distinct children in the order of their
// smallest value, each with its value mask; nil at a leaf. A numeric node
// has two: mask 1 (x <= Threshold[n]) first, then mask 2 (x > Threshold[n]).
func (t *Tree) Branches(n int) []Branch {
	var out []Branch
	for v, c := range t.Children(n) {
		i := 0
		for i < len(out) && out[i].Child != int(c) {
			i++
		}
		if i == len(out) {
			out = append(out, Branch{Child: int(c)})
		}
		out[i].Values |= 1 << v
	}
	return out
}

// Next returns the child of internal node n reached with value v of its feature.
func (t *Tree) Next(n int, v uint8) int {
	return int(t.Child[int(t.Offset[n])+int(v)])
}

// NodeCounts returns node n's class counts, or nil when none were recorded.
func (t *Tree) NodeCounts(n int) []int32 {
	if len(t.Counts) == 0 {
		return nil
	}
	return t.Counts[n*t.Classes : (n+1)*t.Classes]
}

// Apply returns the leaf that input x reaches (x[f] is feature f's code).
func (t *Tree) Apply(x []uint8) int {
	n := 0
	for {
		f := t.Feature[n]
		if f == Leaf {
			return n
		}
		n = int(t.Child[int(t.Offset[n])+int(x[f])])
	}
}

// Predict returns the class the tree gives input x.
func (t *Tree) Predict(x []uint8) int { return int(t.Class[t.Apply(x)]) }

// Parents returns each node's parent, -1 for the root.
func (t *Tree) Parents() []int32 {
	p := make([]int32, t.Len())
	p[0] = -1
	for n := range t.Feature {
		for _, c := range t.Children(n) {
			p[c] = int32(n)
		}
	}
	return p
}

// Path returns the nodes from the root to node n, both included.
func (t *Tree) Path(n int) []int {
	parents := t.Parents()
	var path []int
	for ; n >= 0; n = int(parents[n]) {
		path = append(path, n)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// smallTree is the most nodes whose per-node scratch (Depth, Validate,
// LeafDistributions) lives on the stack: trees up to it need no
// allocation there.
const smallTree = 512

// nodeInt32s returns n zeroed int32s: buf's when n fits (buf a caller's
// stack array), else a new slice.
func nodeInt32s(buf []int32, n int) []int32 {
	if n <= len(buf) {
		s := buf[:n]
		clear(s)
		return s
	}
	return make([]int32, n)
}

// Depth returns the largest number of tests on a root-to-leaf path.
func (t *Tree) Depth() int {
	var buf [smallTree]int32
	depth := nodeInt32s(buf[:], t.Len())
	best := int32(0)
	for n := range t.Feature {
		for _, c := range t.Children(n) {
			depth[c] = depth[n] + 1
			best = max(best, depth[c])
		}
	}
	return int(best)
}

// Leaves returns the number of leaves.
func (t *Tree) Leaves() int {
	k := 0
	for _, f := range t.Feature {
		if f == Leaf {
			k++
		}
	}
	return k
}

// Validate checks the structural invariants of the package doc: a root,
// children after their parents, each node reached exactly once, complete
// value tables, leaf classes within range, internal nodes without a class,
// counts and weights (when present) non-negative with Classes entries per
// node, and thresholds (present when a node tests a numeric feature) one
// per node, finite at numeric nodes, NaN elsewhere, numeric nodes having
// two distinct children.
// It never panics, whatever the slices hold, so it can guard every load.
func (t *Tree) Validate() error {
	n := t.Len()
	if n == 0 {
		return errors.New("tree: no nodes")
	}
	if len(t.Class) != n || len(t.Offset) != n {
		return fmt.Errorf("tree: %d features, %d classes, %d offsets for %d nodes", len(t.Feature), len(t.Class), len(t.Offset), n)
	}
	if t.Classes < 1 {
		return fmt.Errorf("tree: %d classes", t.Classes)
	}
	// Compare by division so that a huge Classes cannot overflow n*Classes.
	if len(t.Counts) != 0 && (len(t.Counts)%t.Classes != 0 || len(t.Counts)/t.Classes != n) {
		return fmt.Errorf("tree: %d counts for %d nodes × %d classes", len(t.Counts), n, t.Classes)
	}
	for i, c := range t.Counts {
		if c < 0 {
			return fmt.Errorf("tree: node %d has count %d for class %d", i/t.Classes, c, i%t.Classes)
		}
	}
	if err := t.validateWeights(); err != nil {
		return err
	}
	for f, z := range t.Domains {
		if z != Numeric && (z < 1 || z > 64) {
			return fmt.Errorf("tree: feature %d has domain %d outside 1..64 (or %d, numeric)", f, z, Numeric)
		}
	}
	if len(t.Threshold) != 0 && len(t.Threshold) != n {
		return fmt.Errorf("tree: %d thresholds for %d nodes", len(t.Threshold), n)
	}
	// parent[c] is the node whose table first named c, -1 before that; a
	// child named twice by one table (shared branch) is fine, by two is not.
	var buf [smallTree]int32
	parent := nodeInt32s(buf[:], n)
	for i := range parent {
		parent[i] = -1
	}
	for i := range n {
		f := t.Feature[i]
		if f == Leaf {
			if c := t.Class[i]; c < 0 || int(c) >= t.Classes {
				return fmt.Errorf("tree: leaf %d has class %d outside 0..%d", i, c, t.Classes-1)
			}
			if len(t.Threshold) != 0 && !math.IsNaN(t.Threshold[i]) {
				return fmt.Errorf("tree: leaf %d has threshold %v (NaN expected)", i, t.Threshold[i])
			}
			continue
		}
		if f < 0 || int(f) >= len(t.Domains) {
			return fmt.Errorf("tree: node %d tests feature %d outside 0..%d", i, f, len(t.Domains)-1)
		}
		if t.Class[i] != NoClass {
			return fmt.Errorf("tree: internal node %d has class %d", i, t.Class[i])
		}
		if err := t.validateThreshold(i); err != nil {
			return err
		}
		o, z := int(t.Offset[i]), int(t.width(f))
		if o < 0 || o > len(t.Child)-z {
			return fmt.Errorf("tree: node %d child table [%d,%d) outside %d entries", i, o, o+z, len(t.Child))
		}
		if z == 2 && t.Domains[f] == Numeric && t.Child[o] == t.Child[o+1] {
			return fmt.Errorf("tree: numeric node %d has one child, %d, on both sides", i, t.Child[o])
		}
		for _, c := range t.Child[o : o+z] {
			if int(c) <= i || int(c) >= n {
				return fmt.Errorf("tree: node %d has child %d (must be in %d..%d)", i, c, i+1, n-1)
			}
			switch parent[c] {
			case int32(i):
			case -1:
				parent[c] = int32(i)
			default:
				return fmt.Errorf("tree: node %d has two parents, %d and %d", c, parent[c], i)
			}
		}
	}
	for i := 1; i < n; i++ {
		if parent[i] < 0 {
			return fmt.Errorf("tree: node %d is unreachable", i)
		}
	}
	return nil
}

// validateThreshold checks internal node i's threshold: finite when it
// tests a numeric feature, NaN (or no thresholds at all) otherwise.
func (t *Tree) validateThreshold(i int) error {
	numeric := t.Domains[t.Feature[i]] == Numeric
	if len(t.Threshold) == 0 {
		if numeric {
			return fmt.Errorf("tree: numeric node %d has no threshold", i)
		}
		return nil
	}
	th := t.Threshold[i]
	if numeric && (math.IsNaN(th) || math.IsInf(th, 0)) {
		return fmt.Errorf("tree: numeric node %d has threshold %v", i, th)
	}
	if !numeric && !math.IsNaN(th) {
		return fmt.Errorf("tree: nominal node %d has threshold %v (NaN expected)", i, th)
	}
	return nil
}

// validateWeights checks that Weights, when present, has Classes finite,
// non-negative entries per node (the caller has checked Classes >= 1).
func (t *Tree) validateWeights() error {
	if len(t.Weights) == 0 {
		return nil
	}
	if len(t.Weights)%t.Classes != 0 || len(t.Weights)/t.Classes != t.Len() {
		return fmt.Errorf("tree: %d weights for %d nodes × %d classes", len(t.Weights), t.Len(), t.Classes)
	}
	for i, w := range t.Weights {
		if !(w >= 0) || math.IsInf(w, 0) {
			return fmt.Errorf("tree: node %d has weight %v for class %d", i/t.Classes, w, i%t.Classes)
		}
	}
	return nil
}
