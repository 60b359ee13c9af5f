package external

import (
	"encoding/json"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// BenchmarkEncodeFit times dtbench's side of a request: 10 binary
// features × 3000 training rows and 1000 held-out rows.
func BenchmarkEncodeFit(b *testing.B) {
	train, test := binaryData(b, 3000, 10, 1), binaryData(b, 1000, 10, 2)
	for b.Loop() {
		r, err := encodeFit(train, train.All(), nil, 1, Query{Data: test}, true)
		if err != nil {
			b.Fatal(err)
		}
		r.release()
	}
	b.ReportMetric(float64(3000*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkParseReply times the parse and checks of a reply: a complete
// tree of depth 8 over 10 binary features (511 nodes, with counts), and
// predictions for 1000 rows and a 1024-input space.
func BenchmarkParseReply(b *testing.B) {
	domains := make([]int, 10)
	for i := range domains {
		domains[i] = 2
	}
	tj := EncodeTree(completeTree(domains, 8, true))
	treeLine, _ := json.Marshal(map[string]any{"tree": tj, "fit_seconds": 0.001})
	// The same tree in the parallel-array form the shipped adapters send,
	// without counts (dtbench counts the rows itself).
	var arrays TreeJSON
	for _, nd := range tj.Nodes {
		f, c := -1, 0
		if nd.Feature != nil {
			f = *nd.Feature
		} else {
			c = *nd.Class
		}
		arrays.Feature, arrays.Class = append(arrays.Feature, f), append(arrays.Class, c)
		arrays.Children = append(arrays.Children, append([]int{}, nd.Children...))
	}
	arraysLine, _ := json.Marshal(map[string]any{"tree": arrays, "fit_seconds": 0.001})
	test := binaryData(b, 1000, 10, 2)
	classes, space := make([]int, 1000), make([]int, 1024)
	predLine, _ := json.Marshal(map[string]any{"predictions": map[string]any{"classes": classes}, "space": space})
	for _, tc := range []struct {
		name string
		line []byte
		fc   fitContext
	}{
		{"tree511", treeLine, fitContext{domains: domains, classes: 2}},
		{"tree511-arrays", arraysLine, fitContext{domains: domains, classes: 2}},
		{"predictions1000+space1024", predLine, fitContext{domains: domains, classes: 2, query: Query{Data: test}, space: 1024}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := parseReply(tc.line, &tc.fc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCountRows counts 3000 rows of 10 binary features into a
// complete depth-8 tree, as a fit whose tree came without counts does.
func BenchmarkCountRows(b *testing.B) {
	d := binaryData(b, 3000, 10, 1)
	t := completeTree(d.Domains(), 8, false)
	for b.Loop() {
		countRows(t, d, d.All())
	}
}

// completeTree is the complete tree of the given depth over two classes
// that tests feature i at depth i, with made-up counts when counts is set.
func completeTree(domains []int, depth int, counts bool) *tree.Tree {
	bl := tree.NewBuilder(domains, 2)
	var grow func(n, d int)
	grow = func(n, d int) {
		if counts {
			bl.SetCounts(n, []int{d, 1})
		}
		if d == depth {
			bl.SetLeaf(n, d%2)
			return
		}
		for _, c := range bl.SplitMultiway(n, d) {
			grow(c, d+1)
		}
	}
	grow(bl.Root(), 0)
	return bl.Tree()
}
