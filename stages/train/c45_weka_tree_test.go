package train

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// j48Dump returns the tree under node n as WekaTreeDump's J48 lines, in
// preorder: a numeric node's split point is its Threshold, a leaf's class
// its own, every node's weights the tree's Weights.
func j48Dump(t *tree.Tree, n, depth int, out []dumpNode) []dumpNode {
	node := dumpNode{depth: depth, weights: append([]float64(nil), t.NodeWeights(n)...)}
	if t.IsLeaf(n) {
		node.kind, node.class = "L", int(t.Class[n])
		return append(out, node)
	}
	node.feature = int(t.Feature[n])
	if t.IsNumericNode(n) {
		node.kind, node.split = "J", t.Threshold[n]
	} else {
		node.kind = "M"
	}
	out = append(out, node)
	for _, br := range t.Branches(n) {
		out = j48Dump(t, br.Child, depth+1, out)
	}
	return out
}

// TestC45NumericIsJ48 fits C4.5 on every row of the six shared datasets
// with numeric attributes or missing values, in file order (FitOrdered,
// as J48 reads them), with J48's defaults and -U, -S, -C 0.1 and -M 5,
// and checks that its tree is J48's node for node
// (testdata/j48_numeric.txt, made by Weka through WekaTreeDump.java):
// the same features, split points and leaf classes, and every node's
// class weights equal as float64s; and that its 10-fold
// cross-validations in Weka's folds classify as many rows correctly as
// Weka's, with its mean absolute error to 1e-9 (seeds 1-3 for the
// defaults).
func TestC45NumericIsJ48(t *testing.T) {
	variants := map[string]C45Options{"": DefaultC45Options()}
	for suffix, change := range map[string]func(*C45Options){
		"-U": func(o *C45Options) { o.Pruning = PruningNone }, "-S": func(o *C45Options) { o.SubtreeRaising = false },
		"-C0.1": func(o *C45Options) { o.Confidence = 0.1 }, "-M5": func(o *C45Options) { o.MinLeaf = 5 },
	} {
		o := DefaultC45Options()
		change(&o)
		variants[suffix] = o
	}
	sets, names := readDump(t, "testdata/j48_numeric.txt")
	if len(names) != 6*len(variants) {
		t.Fatalf("%d trees in the fixture; want %d (6 datasets × %d option sets)", len(names), 6*len(variants), len(variants))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			set, suffix := name, ""
			for s := range variants {
				if _, ok := numericSets[strings.TrimSuffix(name, s)]; ok && s != "" && strings.HasSuffix(name, s) {
					set, suffix = strings.TrimSuffix(name, s), s
				}
			}
			o, ok := variants[suffix]
			if !ok {
				t.Fatalf("no options for %s", name)
			}
			l := C45{Options: o}
			d := readNumeric(t, set)
			m, err := l.FitOrdered(d, ascending(d.Len()), nil)
			if err != nil {
				t.Fatal(err)
			}
			tr := m.(TreeModel).Tree()
			if err := tr.Validate(); err != nil {
				t.Fatal(err)
			}
			checkDumpTree(t, name, j48Dump(tr, 0, 0, nil), sets[name].tree)
			checkDumpCV(t, name, l, d, sets[name].cv)
		})
	}
}
