package external

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// stump is a stump on feature 1 of three binary features, with counts.
func stump() *tree.Tree {
	b := tree.NewBuilder([]int{2, 2, 2}, 2)
	root := b.Root()
	b.SetCounts(root, []int{5, 5})
	kids := b.SplitMultiway(root, 1)
	b.SetLeaf(kids[0], 0)
	b.SetCounts(kids[0], []int{4, 1})
	b.SetLeaf(kids[1], 1)
	b.SetCounts(kids[1], []int{1, 4})
	return b.Tree()
}

// TestTreeJSONForms: the nodes form and the parallel-array form of a
// tree parse to the tree they were written from.
func TestTreeJSONForms(t *testing.T) {
	want := stump()
	nodes, _ := json.Marshal(EncodeTree(want))
	for _, tc := range []struct{ name, text string }{
		{"nodes", string(nodes)},
		{"arrays", `{"feature": [1, -1, -1], "class": [0, 0, 1], "children": [[1, 2], [], []], "counts": [[5, 5], [4, 1], [1, 4]]}`},
		{"flat arrays", `{"feature": [1, -1, -1], "class": [0, 0, 1], "children_flat": [1, 2], "counts": [[5, 5], [4, 1], [1, 4]]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tj TreeJSON
			if err := json.Unmarshal([]byte(tc.text), &tj); err != nil {
				t.Fatal(err)
			}
			got, err := tj.Tree([]int{2, 2, 2}, 2)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Tree() = %+v; want %+v", got, want)
			}
		})
	}
}

// TestTreeJSONErrors: every malformed tree is refused with a message
// naming the node.
func TestTreeJSONErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", `{"nodes": []}`, "no nodes"},
		{"feature out of range", `{"nodes": [{"feature": 3, "children": [1, 1]}, {"class": 0}]}`, "node 0: feature 3 outside 0..2"},
		{"too few children", `{"nodes": [{"feature": 0, "children": [1]}, {"class": 0}]}`, "node 0: 1 children for feature 0 of 2 values"},
		{"child before parent", `{"nodes": [{"class": 0}, {"feature": 0, "children": [0, 0]}]}`, "node 1: value 0 leads to node 0"},
		{"no class", `{"nodes": [{}]}`, "node 0: neither feature nor class"},
		{"class out of range", `{"nodes": [{"class": 2}]}`, "node 0: class 2 outside 0..1"},
		{"leaf with children", `{"nodes": [{"class": 0, "children": [1]}, {"class": 0}]}`, "node 0: a leaf (no feature) with children"},
		{"some counts", `{"nodes": [{"feature": 0, "children": [1, 2], "counts": [1, 1]}, {"class": 0}, {"class": 1, "counts": [0, 1]}]}`, "node 1: counts on some nodes only"},
		{"negative count", `{"nodes": [{"class": 0, "counts": [-1, 2]}]}`, "node 0: count -1"},
		{"unreachable", `{"nodes": [{"feature": 0, "children": [1, 1]}, {"class": 0}, {"class": 1}]}`, "unreachable"},
		{"two parents", `{"nodes": [{"feature": 0, "children": [1, 2]}, {"feature": 1, "children": [3, 3]}, {"feature": 1, "children": [3, 4]}, {"class": 0}, {"class": 1}]}`, "two parents"},
		{"arrays of unequal length", `{"feature": [-1], "class": [0, 1], "children": [[]]}`, "tree arrays differ in length"},
		{"arrays: leaf with children", `{"feature": [-1], "class": [0], "children": [[1]]}`, "node 0: a leaf (feature -1) with children"},
		{"arrays: bad feature", `{"feature": [-2], "class": [0], "children": [[]]}`, "node 0: feature -2"},
		{"flat: too few", `{"feature": [0, -1], "class": [0, 0], "children_flat": [1]}`, "children_flat has 1 entries; node 0 needs entries 0..1"},
		{"flat: too many", `{"feature": [0, -1, -1], "class": [0, 0, 1], "children_flat": [1, 2, 2]}`, "children_flat has 3 entries; the internal nodes take 2"},
		{"flat: feature out of range", `{"feature": [5, -1], "class": [0, 0], "children_flat": [1, 1]}`, "node 0: feature 5 outside 0..2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tj TreeJSON
			if err := json.Unmarshal([]byte(tc.text), &tj); err != nil {
				t.Fatal(err)
			}
			_, err := tj.Tree([]int{2, 2, 2}, 2)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Tree() error = %v; want one containing %q", err, tc.want)
			}
		})
	}
}

// replyCases are replies of the shipped adapters' shape, and others.
var replyCases = []string{
	`{"fit_seconds":0.0012,"tree":{"feature":[1,-1,-1],"class":[0,0,1],"children":[[1,2],[],[]],"counts":[[5,5],[4,1],[1,4]]}}`,
	`{"fit_seconds": 1e-3, "predictions": {"classes": [0, 1, 1]}, "space": [0, 1, 0, 1]}`,
	`{"error":"no can do"}`,
	`{"space":[],"predictions":{"classes":[]}}`,
	` { "tree" : { "feature" : [ -1 ] , "class" : [ 1 ] , "children" : [ [ ] ] } } `,
	`{"fit_seconds":0.002,"tree":{"feature":[1,-1,-1],"class":[0,0,1],"children_flat":[1,2]}}`,
	`{"fit_seconds":0.5,"tree":{"nodes":[{"class":0}]}}`,
	`{"predictions":{"classes":[0],"proba":[[0.5,0.5]]}}`,
	`{"tree":{"feature":[-1],"class":[0],"children":[[]],"counts":[[0.5,1]]}}`,
	`{"error":"quote \" inside"}`,
	`{"info":"extra key"}`,
	`{"space":[01]}`, `{"space":[1,]}`, `{"fit_seconds":1.}`, `{"space":[1]} x`, `{"space":[1],"space":[2]}`,
}

// FuzzParseReply: parseReply never panics on any line, and a tree it
// accepts is a valid tree of the request's shape.
func FuzzParseReply(f *testing.F) {
	for _, c := range replyCases {
		f.Add([]byte(c))
	}
	domains := []int{2, 2, 2}
	f.Fuzz(func(t *testing.T, line []byte) {
		m, err := parseReply(line, &fitContext{domains: domains, classes: 2, space: 8})
		if err != nil {
			return
		}
		if tm, ok := m.(*TreeModel); ok {
			if err := tm.Tree().Validate(); err != nil {
				t.Fatalf("parseReply(%q) accepted an invalid tree: %v", line, err)
			}
			if !slices.Equal(tm.Tree().Domains, domains) || tm.Tree().Classes != 2 {
				t.Fatalf("parseReply(%q) gave a tree of domains %v and %d classes; the request had %v and 2", line, tm.Tree().Domains, tm.Tree().Classes, domains)
			}
		}
	})
}
