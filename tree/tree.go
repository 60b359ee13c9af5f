package tree

import (
	"errors"
	"fmt"
)

// Leaf marks a node that tests no feature.
const Leaf = -1

// NoClass marks an internal node's class.
const NoClass = -1

// Tree is a decision tree over nominal features stored as parallel slices.
type Tree struct {
	Domains []int   // values per feature, Z_f; len = number of features
	Classes int     // number of classes K
	Feature []int32 // per node: tested feature or Leaf
	Class   []int32 // per node: predicted class at a leaf, NoClass inside
	Offset  []int32 // per node: start of its value → child table in Child; -1 at a leaf
	Child   []int32 // value → child tables of the internal nodes
	Counts  []int32 // optional: Classes class counts per node (training rows reaching it)
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
	return t.Child[o : o+int32(t.Domains[f])]
}

// Branch is one distinct child of an internal node and the set of its
// feature's values that lead there (bit v set = value v), so a multiway
// split has one value per branch and a subset split several.
type Branch struct {
	Child  int
	Values uint64
}

// Branches returns node n's distinct children in the order of their
// smallest value, each with its value mask; nil at a leaf.
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

// Depth returns the largest number of tests on a root-to-leaf path.
func (t *Tree) Depth() int {
	depth := make([]int, t.Len())
	best := 0
	for n := range t.Feature {
		for _, c := range t.Children(n) {
			depth[c] = depth[n] + 1
			best = max(best, depth[c])
		}
	}
	return best
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
// and counts (when present) non-negative with Classes entries per node.
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
	for f, z := range t.Domains {
		if z < 1 || z > 64 {
			return fmt.Errorf("tree: feature %d has domain %d outside 1..64", f, z)
		}
	}
	// parent[c] is the node whose table first named c, -1 before that; a
	// child named twice by one table (shared branch) is fine, by two is not.
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = -1
	}
	for i := range n {
		f := t.Feature[i]
		if f == Leaf {
			if c := t.Class[i]; c < 0 || int(c) >= t.Classes {
				return fmt.Errorf("tree: leaf %d has class %d outside 0..%d", i, c, t.Classes-1)
			}
			continue
		}
		if f < 0 || int(f) >= len(t.Domains) {
			return fmt.Errorf("tree: node %d tests feature %d outside 0..%d", i, f, len(t.Domains)-1)
		}
		if t.Class[i] != NoClass {
			return fmt.Errorf("tree: internal node %d has class %d", i, t.Class[i])
		}
		o, z := int(t.Offset[i]), t.Domains[f]
		if o < 0 || o+z > len(t.Child) {
			return fmt.Errorf("tree: node %d child table [%d,%d) outside %d entries", i, o, o+z, len(t.Child))
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
