package grow_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// firstSplitter splits every node on the first feature that can still
// split it and whose table has rows on both values: a splitter sees only
// counts, through grow.Node.
type firstSplitter struct{}

func (firstSplitter) Split(n *grow.Node, _ *rand.Rand) (grow.Split, bool) {
	for f := range n.Features() {
		if !n.Candidate(f) {
			continue
		}
		t := n.Table(f) // t[v·K+c]: rows with value v and class c
		if t[0]+t[1] > 0 && t[2]+t[3] > 0 {
			return grow.Split{Feature: f}, true
		}
	}
	return grow.Split{}, false
}

func ExampleTree() {
	// Class = f0 AND f1, on the four inputs of two binary features.
	schema := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "f0", Values: []string{"0", "1"}},
			{Name: "f1", Values: []string{"0", "1"}},
		},
		Class: dataset.Attribute{Name: "and", Values: []string{"no", "yes"}},
	}
	d, err := dataset.FromRows(schema, [][]uint8{{0, 0}, {0, 1}, {1, 0}, {1, 1}}, []uint8{0, 0, 0, 1})
	if err != nil {
		panic(err)
	}
	t, err := grow.Tree(d, d.All(), firstSplitter{}, grow.Options{}, nil)
	if err != nil {
		panic(err)
	}
	for id := range t.Len() {
		if t.IsLeaf(id) {
			fmt.Printf("node %d: leaf %s %v\n", id, schema.Class.Values[t.Class[id]], t.NodeCounts(id))
		} else {
			fmt.Printf("node %d: f%d → %v %v\n", id, t.Feature[id], t.Children(id), t.NodeCounts(id))
		}
	}
	// Output:
	// node 0: f0 → [1 2] [3 1]
	// node 1: leaf no [2 0]
	// node 2: f1 → [3 4] [1 1]
	// node 3: leaf no [1 0]
	// node 4: leaf yes [0 1]
}
