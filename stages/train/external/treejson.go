package external

import (
	"errors"
	"fmt"
	"math"

	"github.com/dtbench/dtbench/tree"
)

// TreeJSON is a decision tree as an adapter returns it (schemas/README.md,
// "The JSON tree of an external learner"): nodes in an array, node 0 the
// root, every child listed after its parent.
//
//	{"nodes": [
//	  {"feature": 3, "children": [1, 2]},   // value 0 → node 1, value 1 → node 2
//	  {"class": 0, "counts": [40, 2]},
//	  {"class": 1, "counts": [3, 55]}]}
//
// An internal node has feature (a feature index) and children, one node
// id per value of the feature, in code order; several values may name the
// same child (a subset or threshold split). A leaf has class (a class
// code) and no feature. counts, the training rows of each class that reach
// the node, are optional, but if one node has them every node must; they
// may be fractional (weights) and are rounded. Without them dtbench counts
// the training rows that reach each node itself (Learner.Fit), which is
// what they are for a learner whose rows carry no weights.
//
// The same tree may come as parallel arrays instead, one entry per node,
// as tree.Tree stores it — cheaper to write from numpy or Java arrays and
// to parse, and what the shipped adapters send:
//
//	{"feature": [3, -1, -1], "class": [0, 0, 1], "children": [[1, 2], [], []],
//	 "counts": [[43, 57], [40, 2], [3, 55]]}
//
// feature is −1 at a leaf; class is read at leaves only; children is
// empty at a leaf; counts is optional. Instead of children, children_flat
// may list every internal node's children one after another, in node
// order, a feature of Z values taking the next Z entries: one flat array,
// which numpy writes several times faster than a list of lists.
type TreeJSON struct {
	Nodes []NodeJSON `json:"nodes,omitempty"`

	Feature  []int   `json:"feature,omitempty"`
	Class    []int   `json:"class,omitempty"`
	Children [][]int `json:"children,omitempty"`
	// ChildrenFlat is Children concatenated over the internal nodes.
	ChildrenFlat []int       `json:"children_flat,omitempty"`
	Counts       [][]float64 `json:"counts,omitempty"`
}

// NodeJSON is one node of a TreeJSON.
type NodeJSON struct {
	Feature  *int      `json:"feature,omitempty"`
	Children []int     `json:"children,omitempty"`
	Class    *int      `json:"class,omitempty"`
	Counts   []float64 `json:"counts,omitempty"`
}

// Tree converts the JSON tree into a tree over features with the given
// domains and classes, checking every node and then tree.Validate.
func (tj *TreeJSON) Tree(domains []int, classes int) (*tree.Tree, error) {
	if tj.Nodes == nil && tj.Feature != nil {
		if err := tj.fromColumns(domains); err != nil {
			return nil, err
		}
	}
	n := len(tj.Nodes)
	if n == 0 {
		return nil, errors.New("tree has no nodes")
	}
	t := &tree.Tree{Domains: append([]int(nil), domains...), Classes: classes,
		Feature: make([]int32, n), Class: make([]int32, n), Offset: make([]int32, n)}
	withCounts := len(tj.Nodes[0].Counts) > 0
	if withCounts {
		t.Counts = make([]int32, n*classes)
	}
	for i, nd := range tj.Nodes {
		if nd.Feature != nil {
			f := *nd.Feature
			if f < 0 || f >= len(domains) {
				return nil, fmt.Errorf("node %d: feature %d outside 0..%d", i, f, len(domains)-1)
			}
			if len(nd.Children) != domains[f] {
				return nil, fmt.Errorf("node %d: %d children for feature %d of %d values", i, len(nd.Children), f, domains[f])
			}
			t.Feature[i], t.Class[i], t.Offset[i] = int32(f), tree.NoClass, int32(len(t.Child))
			for v, c := range nd.Children {
				if c <= i || c >= n {
					return nil, fmt.Errorf("node %d: value %d leads to node %d (must be in %d..%d)", i, v, c, i+1, n-1)
				}
				t.Child = append(t.Child, int32(c))
			}
		} else {
			if nd.Class == nil {
				return nil, fmt.Errorf("node %d: neither feature nor class", i)
			}
			if c := *nd.Class; c < 0 || c >= classes {
				return nil, fmt.Errorf("node %d: class %d outside 0..%d", i, c, classes-1)
			}
			if len(nd.Children) > 0 {
				return nil, fmt.Errorf("node %d: a leaf (no feature) with children", i)
			}
			t.Feature[i], t.Class[i], t.Offset[i] = tree.Leaf, int32(*nd.Class), -1
		}
		if (len(nd.Counts) > 0) != withCounts {
			return nil, fmt.Errorf("node %d: counts on some nodes only (give them on every node or none)", i)
		}
		if withCounts {
			if len(nd.Counts) != classes {
				return nil, fmt.Errorf("node %d: %d counts for %d classes", i, len(nd.Counts), classes)
			}
			for c, v := range nd.Counts {
				if v < 0 || math.IsNaN(v) || v > math.MaxInt32 {
					return nil, fmt.Errorf("node %d: count %v for class %d", i, v, c)
				}
				t.Counts[i*classes+c] = int32(math.Round(v))
			}
		}
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// fromColumns turns the parallel-array form into nodes; domains give
// children_flat its arities.
func (tj *TreeJSON) fromColumns(domains []int) error {
	n := len(tj.Feature)
	if tj.Children == nil && tj.ChildrenFlat != nil {
		if err := tj.unflatten(domains); err != nil {
			return err
		}
	}
	if len(tj.Class) != n || len(tj.Children) != n || (tj.Counts != nil && len(tj.Counts) != n) {
		return fmt.Errorf("tree arrays differ in length: %d features, %d classes, %d children, %d counts",
			n, len(tj.Class), len(tj.Children), len(tj.Counts))
	}
	tj.Nodes = make([]NodeJSON, n)
	for i := range n {
		nd := &tj.Nodes[i]
		if tj.Feature[i] >= 0 {
			nd.Feature, nd.Children = &tj.Feature[i], tj.Children[i]
		} else if tj.Feature[i] == -1 {
			nd.Class = &tj.Class[i]
			if len(tj.Children[i]) > 0 {
				return fmt.Errorf("node %d: a leaf (feature -1) with children", i)
			}
		} else {
			return fmt.Errorf("node %d: feature %d", i, tj.Feature[i])
		}
		if tj.Counts != nil {
			nd.Counts = tj.Counts[i]
		}
	}
	return nil
}

// unflatten splits children_flat into children, node by node.
func (tj *TreeJSON) unflatten(domains []int) error {
	tj.Children = make([][]int, len(tj.Feature))
	off := 0
	for i, f := range tj.Feature {
		if f < 0 {
			continue
		}
		if f >= len(domains) {
			return fmt.Errorf("node %d: feature %d outside 0..%d", i, f, len(domains)-1)
		}
		z := domains[f]
		if off+z > len(tj.ChildrenFlat) {
			return fmt.Errorf("children_flat has %d entries; node %d needs entries %d..%d", len(tj.ChildrenFlat), i, off, off+z-1)
		}
		tj.Children[i] = tj.ChildrenFlat[off : off+z : off+z]
		off += z
	}
	if off != len(tj.ChildrenFlat) {
		return fmt.Errorf("children_flat has %d entries; the internal nodes take %d", len(tj.ChildrenFlat), off)
	}
	return nil
}

// EncodeTree returns t as a TreeJSON, the form adapters reply with (the
// test adapter's trees, and a reference for adapter authors).
func EncodeTree(t *tree.Tree) TreeJSON {
	out := TreeJSON{Nodes: make([]NodeJSON, t.Len())}
	for i := range t.Len() {
		nd := &out.Nodes[i]
		if t.IsLeaf(i) {
			c := int(t.Class[i])
			nd.Class = &c
		} else {
			f := int(t.Feature[i])
			nd.Feature = &f
			for _, c := range t.Children(i) {
				nd.Children = append(nd.Children, int(c))
			}
		}
		for _, c := range t.NodeCounts(i) {
			nd.Counts = append(nd.Counts, float64(c))
		}
	}
	return out
}
