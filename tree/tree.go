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
// value tables, leaf classes within range, consistent counts.
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
	if len(t.Counts) != 0 && len(t.Counts) != n*t.Classes {
		return fmt.Errorf("tree: %d counts for %d nodes × %d classes", len(t.Counts), n, t.Classes)
	}
	for f, z := range t.Domains {
		if z < 1 || z > 64 {
			return fmt.Errorf("tree: feature %d has domain %d outside 1..64", f, z)
		}
	}
	reached := make([]bool, n)
	reached[0] = true
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
		o := int(t.Offset[i])
		if o < 0 || o+t.Domains[f] > len(t.Child) {
			return fmt.Errorf("tree: node %d child table [%d,%d) outside %d entries", i, o, o+t.Domains[f], len(t.Child))
		}
		seen := map[int32]bool{}
		for _, c := range t.Child[o : o+t.Domains[f]] {
			if int(c) <= i || int(c) >= n {
				return fmt.Errorf("tree: node %d has child %d (must be in %d..%d)", i, c, i+1, n-1)
			}
			if seen[c] {
				continue
			}
			seen[c] = true
			if reached[c] {
				return fmt.Errorf("tree: node %d has two parents", c)
			}
			reached[c] = true
		}
	}
	for i, r := range reached {
		if !r {
			return fmt.Errorf("tree: node %d is unreachable", i)
		}
	}
	return nil
}
