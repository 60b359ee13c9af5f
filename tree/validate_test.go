package tree

import (
	"slices"
	"strings"
	"testing"
)

// clone returns a deep copy of t, so a test can break one invariant.
func clone(t *Tree) *Tree {
	return &Tree{
		Domains: slices.Clone(t.Domains),
		Classes: t.Classes,
		Feature: slices.Clone(t.Feature),
		Class:   slices.Clone(t.Class),
		Offset:  slices.Clone(t.Offset),
		Child:   slices.Clone(t.Child),
		Counts:  slices.Clone(t.Counts),
	}
}

func TestValidateAcceptsBuiltTrees(t *testing.T) {
	cases := []struct {
		name string
		tree *Tree
	}{
		{"weather", weatherTree(t)},
		{"subset", subsetTree(t)},
		{"weather without counts", func() *Tree { tr := weatherTree(t); tr.Counts = nil; return tr }()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.tree.Validate(); err != nil {
				t.Errorf("Validate() = %v; want nil", err)
			}
		})
	}
}

// TestValidateRejects breaks one invariant at a time in the weather tree
// (nodes: 0 outlook → 1, 2, 3; 1 humidity → 4, 5; 3 windy → 6, 7) and
// checks that Validate names it.
func TestValidateRejects(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(tr *Tree)
		want   string // substring of the error
	}{
		{"no nodes", func(tr *Tree) { *tr = Tree{Classes: 2} }, "no nodes"},
		{"ragged arrays", func(tr *Tree) { tr.Class = tr.Class[:7] }, "for 8 nodes"},
		{"no classes", func(tr *Tree) { tr.Classes = 0; tr.Counts = nil }, "0 classes"},
		{"child equal to parent", func(tr *Tree) { tr.Child[tr.Offset[1]] = 1 }, "node 1 has child 1 (must be in 2..7)"},
		{"child before parent", func(tr *Tree) { tr.Child[tr.Offset[3]+1] = 2 }, "node 3 has child 2"},
		{"child past the end", func(tr *Tree) { tr.Child[0] = 8 }, "node 0 has child 8"},
		{"negative child", func(tr *Tree) { tr.Child[0] = -1 }, "node 0 has child -1"},
		{"unreachable node", func(tr *Tree) {
			tr.Feature = append(tr.Feature, Leaf)
			tr.Class = append(tr.Class, yes)
			tr.Offset = append(tr.Offset, -1)
			tr.Counts = nil
		}, "node 8 is unreachable"},
		{"two parents", func(tr *Tree) { tr.Child[tr.Offset[3]] = 4 }, "node 4 has two parents, 1 and 3"},
		{"leaf class too large", func(tr *Tree) { tr.Class[4] = 2 }, "leaf 4 has class 2 outside 0..1"},
		{"leaf without class", func(tr *Tree) { tr.Class[5] = NoClass }, "leaf 5 has class -1"},
		{"internal node with a class", func(tr *Tree) { tr.Class[3] = yes }, "internal node 3 has class 0"},
		{"short child table", func(tr *Tree) { tr.Child = tr.Child[:len(tr.Child)-1] }, "node 3 child table [5,7) outside 6 entries"},
		{"negative offset", func(tr *Tree) { tr.Offset[1] = -1 }, "node 1 child table [-1,1)"},
		{"feature out of range", func(tr *Tree) { tr.Feature[1] = 4 }, "node 1 tests feature 4 outside 0..3"},
		{"feature below Leaf", func(tr *Tree) { tr.Feature[1] = -2 }, "node 1 tests feature -2"},
		{"negative domain", func(tr *Tree) { tr.Domains[1] = -1 }, "feature 1 has domain -1"},
		{"domain too large", func(tr *Tree) { tr.Domains[1] = 65 }, "feature 1 has domain 65"},
		{"short counts", func(tr *Tree) { tr.Counts = tr.Counts[:15] }, "15 counts for 8 nodes × 2 classes"},
		{"negative count", func(tr *Tree) { tr.Counts[7] = -1 }, "node 3 has count -1 for class 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tr := clone(weatherTree(t))
			tc.mutate(tr)
			err := tr.Validate()
			if err == nil {
				t.Fatalf("Validate() = nil; want an error containing %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "tree: ") {
				t.Errorf("Validate() = %q; want \"tree: …%s…\"", err, tc.want)
			}
		})
	}
}

func TestBuilderCounts(t *testing.T) {
	// Counts set for the root only are padded with zeros for the rest.
	b := NewBuilder([]int{2}, 3)
	kids := b.SplitMultiway(b.Root(), 0)
	b.SetLeaf(kids[0], 2)
	b.SetLeaf(kids[1], 0)
	b.SetCounts(0, []int{1, 2, 3})
	tr := b.Tree()
	if err := tr.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	if want := []int32{1, 2, 3, 0, 0, 0, 0, 0, 0}; !slices.Equal(tr.Counts, want) {
		t.Errorf("Counts = %v; want %v", tr.Counts, want)
	}
}

func TestBuilderUnsettledNode(t *testing.T) {
	b := NewBuilder([]int{2}, 2)
	kids := b.SplitMultiway(b.Root(), 0)
	b.SetLeaf(kids[0], 1) // kids[1] never settled
	if err := b.Tree().Validate(); err == nil || !strings.Contains(err.Error(), "leaf 2 has class -1") {
		t.Errorf("Validate() = %v; want the unsettled leaf 2 named", err)
	}
}

func TestBuilderPanics(t *testing.T) {
	cases := []struct {
		name string
		use  func(b *Builder)
		want string
	}{
		{"root twice", func(b *Builder) { b.Root(); b.Root() }, "Root called twice"},
		{"group of wrong length", func(b *Builder) { b.Split(b.Root(), 0, []int{0, 1}) }, "does not match"},
		{"unused branch", func(b *Builder) { b.Split(b.Root(), 0, []int{0, 2, 0}) }, "leaves branch 1 unused"},
		{"negative branch", func(b *Builder) { b.Split(b.Root(), 0, []int{0, -1, 0}) }, "negative branch"},
		{"counts of wrong length", func(b *Builder) { b.SetCounts(b.Root(), []int{1}) }, "SetCounts got 1 counts for 2 classes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if !strings.HasPrefix(msg, "tree: ") || !strings.Contains(msg, tc.want) {
					t.Errorf("panic %v; want \"tree: …%s…\"", r, tc.want)
				}
			}()
			tc.use(NewBuilder([]int{3}, 2))
		})
	}
}
