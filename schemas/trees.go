package schemas

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

// A tree is stored as one row per node, in node order (node 0, the root,
// first), with the columns node, parent, values, feature and class; models
// add counts. The value → child tables are not stored as such: each child
// row lists the values of its parent's feature that lead to it, so a
// multiway split has one value per child and a binary subset split (CART)
// several. The domains and the class count, shared by every tree of a file,
// are in the key-value metadata (MetaTreeDomains, MetaTreeClasses).
//
// A tree read back is canonical: its child tables are laid out in node
// order, so Offset and Child may differ from those of the tree written when
// the builder split nodes out of node order; Domains, Classes, Feature,
// Class, Counts and every node's Children are equal.

// treeMeta checks that every tree is valid and that all share one shape,
// and returns the shape as key-value metadata (none for no trees).
func treeMeta(trees []*tree.Tree) (map[string]string, error) {
	if len(trees) == 0 {
		return nil, nil
	}
	first := trees[0]
	for i, t := range trees {
		if t == nil {
			return nil, fmt.Errorf("tree %d is nil", i)
		}
		if err := t.Validate(); err != nil {
			return nil, fmt.Errorf("tree %d: %w", i, err)
		}
		if t.Classes != first.Classes || !slices.Equal(t.Domains, first.Domains) {
			return nil, fmt.Errorf("tree %d has domains %v and %d classes, tree 0 has %v and %d: one file holds trees of one shape",
				i, t.Domains, t.Classes, first.Domains, first.Classes)
		}
	}
	domains, err := json.Marshal(first.Domains)
	if err != nil {
		return nil, err
	}
	return map[string]string{
		MetaTreeDomains: string(domains),
		MetaTreeClasses: strconv.Itoa(first.Classes),
	}, nil
}

// uniqueIDs returns an error naming the first id(i), i < n, that repeats:
// a reader splits a table into records by id, so a file holds each once.
func uniqueIDs(what string, n int, id func(i int) int64) error {
	seen := make(map[int64]bool, n)
	for i := range n {
		if seen[id(i)] {
			return fmt.Errorf("%s %d appears twice: ids are unique within a file", what, id(i))
		}
		seen[id(i)] = true
	}
	return nil
}

// treeShape is the shape of a tree: its features' domains and its classes.
type treeShape struct {
	Domains []int `json:"domains"`
	Classes int   `json:"classes"`
}

// treeShapes checks that every tree is valid and returns the distinct
// shapes of the trees, in order of first appearance, each tree's index
// among them, and the metadata that holds them (MetaTreeShapes; none for
// no trees).
func treeShapes(trees []*tree.Tree) ([]int32, map[string]string, error) {
	var shapes []treeShape
	of := make([]int32, len(trees))
	for i, t := range trees {
		if t == nil {
			return nil, nil, fmt.Errorf("tree %d is nil", i)
		}
		if err := t.Validate(); err != nil {
			return nil, nil, fmt.Errorf("tree %d: %w", i, err)
		}
		k := slices.IndexFunc(shapes, func(s treeShape) bool { return s.Classes == t.Classes && slices.Equal(s.Domains, t.Domains) })
		if k < 0 {
			k = len(shapes)
			shapes = append(shapes, treeShape{Domains: slices.Clone(t.Domains), Classes: t.Classes})
		}
		of[i] = int32(k)
	}
	if len(shapes) == 0 {
		return of, nil, nil
	}
	js, err := json.Marshal(shapes)
	if err != nil {
		return nil, nil, err
	}
	return of, map[string]string{MetaTreeShapes: string(js)}, nil
}

// parseTreeShapes reads the shapes written by treeShapes; none when the
// file has no trees.
func parseTreeShapes(path string, lookup func(string) (string, bool), rows int) ([]treeShape, error) {
	js, ok := lookup(MetaTreeShapes)
	if !ok {
		if rows > 0 {
			return nil, input.Filef(path, 0, "%d node rows but no %s metadata", rows, MetaTreeShapes)
		}
		return nil, nil
	}
	var shapes []treeShape
	if err := json.Unmarshal([]byte(js), &shapes); err != nil {
		return nil, input.Filef(path, 0, "metadata %s: %v", MetaTreeShapes, err)
	}
	return shapes, nil
}

// parseTreeMeta reads the shape written by treeMeta. ok is false when the
// file has no shape (it then must have no rows).
func parseTreeMeta(lookup func(string) (string, bool)) (domains []int, classes int, ok bool, err error) {
	d, okD := lookup(MetaTreeDomains)
	c, okC := lookup(MetaTreeClasses)
	if !okD && !okC {
		return nil, 0, false, nil
	}
	if !okD || !okC {
		return nil, 0, false, fmt.Errorf("metadata has only one of %s and %s", MetaTreeDomains, MetaTreeClasses)
	}
	if err := json.Unmarshal([]byte(d), &domains); err != nil {
		return nil, 0, false, fmt.Errorf("metadata %s: %w", MetaTreeDomains, err)
	}
	if classes, err = strconv.Atoi(c); err != nil {
		return nil, 0, false, fmt.Errorf("metadata %s: %w", MetaTreeClasses, err)
	}
	return domains, classes, true, nil
}

// nodeRow is one node as read from a file, before the tree is rebuilt.
type nodeRow struct {
	Node, Parent   int32
	Values         []int32
	Feature, Class int32
	Counts         []int32
	Threshold      *float64 // nil: none (models/ only)
	Weights        []float64
}

// buildTree rebuilds a tree from its node rows, which must be in node
// order. It checks everything a hand-edited or corrupt file could get wrong
// and the result passes tree.Validate. A node testing a numeric feature
// (domain tree.Numeric) has two values, 0 (x <= threshold) and 1. The
// tree has Threshold when some row has a threshold (NaN at the others),
// and Weights when node 0 has weights, as Counts.
func buildTree(domains []int, classes int, rows []nodeRow) (*tree.Tree, error) {
	n := len(rows)
	t := &tree.Tree{
		Domains: slices.Clone(domains),
		Classes: classes,
		Feature: make([]int32, n),
		Class:   make([]int32, n),
		Offset:  make([]int32, n),
	}
	withCounts := n > 0 && len(rows[0].Counts) > 0
	if withCounts {
		t.Counts = make([]int32, 0, n*classes)
	}
	withWeights := n > 0 && len(rows[0].Weights) > 0
	if withWeights {
		t.Weights = make([]float64, 0, n*classes)
	}
	if slices.ContainsFunc(rows, func(r nodeRow) bool { return r.Threshold != nil }) {
		t.Threshold = make([]float64, n)
		for i, r := range rows {
			t.Threshold[i] = math.NaN()
			if r.Threshold != nil {
				t.Threshold[i] = *r.Threshold
			}
		}
	}
	width := func(f int32) int {
		if domains[f] == tree.Numeric {
			return 2
		}
		return domains[f]
	}
	size := 0
	for i, r := range rows {
		if int(r.Node) != i {
			return nil, fmt.Errorf("row %d of the tree is node %d: nodes must be 0, 1, 2, … in order", i, r.Node)
		}
		t.Feature[i], t.Class[i], t.Offset[i] = r.Feature, r.Class, -1
		if r.Feature != tree.Leaf {
			if r.Feature < 0 || int(r.Feature) >= len(domains) {
				return nil, fmt.Errorf("node %d tests feature %d outside 0..%d", i, r.Feature, len(domains)-1)
			}
			t.Offset[i] = int32(size)
			size += width(r.Feature)
		}
		switch {
		case withCounts && len(r.Counts) != classes:
			return nil, fmt.Errorf("node %d has %d counts, want %d (one per class)", i, len(r.Counts), classes)
		case !withCounts && len(r.Counts) != 0:
			return nil, fmt.Errorf("node %d has counts but node 0 has none", i)
		}
		t.Counts = append(t.Counts, r.Counts...)
		switch {
		case withWeights && len(r.Weights) != classes:
			return nil, fmt.Errorf("node %d has %d weights, want %d (one per class)", i, len(r.Weights), classes)
		case !withWeights && len(r.Weights) != 0:
			return nil, fmt.Errorf("node %d has weights but node 0 has none", i)
		}
		t.Weights = append(t.Weights, r.Weights...)
	}
	t.Child = make([]int32, size)
	for i := range t.Child {
		t.Child[i] = -1
	}
	for i, r := range rows {
		if i == 0 {
			if r.Parent != -1 || len(r.Values) != 0 {
				return nil, fmt.Errorf("node 0 has parent %d and values %v, want -1 and none", r.Parent, r.Values)
			}
			continue
		}
		p := r.Parent
		if p < 0 || int(p) >= i {
			return nil, fmt.Errorf("node %d has parent %d, want one of 0..%d", i, p, i-1)
		}
		if t.Feature[p] == tree.Leaf {
			return nil, fmt.Errorf("node %d has parent %d, a leaf", i, p)
		}
		if len(r.Values) == 0 {
			return nil, fmt.Errorf("node %d has no values leading to it", i)
		}
		z := width(t.Feature[p])
		for _, v := range r.Values {
			if v < 0 || int(v) >= z {
				return nil, fmt.Errorf("node %d: value %d outside its parent's domain 0..%d", i, v, z-1)
			}
			slot := &t.Child[int(t.Offset[p])+int(v)]
			if *slot != -1 {
				return nil, fmt.Errorf("node %d: value %d of node %d also leads to node %d", i, v, p, *slot)
			}
			*slot = int32(i)
		}
	}
	for i, c := range t.Child {
		if c == -1 {
			return nil, errors.New(missingValue(t, i))
		}
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// missingValue names the node and value of child-table slot i that no row
// claims.
func missingValue(t *tree.Tree, i int) string {
	for p := range t.Len() {
		if f := t.Feature[p]; f != tree.Leaf && int(t.Offset[p]) <= i && i < int(t.Offset[p])+len(t.Children(p)) {
			return fmt.Sprintf("value %d of node %d leads to no node", i-int(t.Offset[p]), p)
		}
	}
	return fmt.Sprintf("child slot %d is unset", i)
}
