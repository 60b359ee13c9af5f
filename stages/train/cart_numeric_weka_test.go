package train

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/tree"
)

// cartDump returns the tree under node n of a CART tree as WekaTreeDump's
// lines, in preorder: a numeric node's split point is SimpleCart's (the
// least float64 above its Threshold), a nominal node's values those of
// its first child, a leaf's class its own.
func cartDump(t *tree.Tree, w func(int) []float64, n, depth int, out []dumpNode) []dumpNode {
	node := dumpNode{depth: depth, weights: append([]float64(nil), w(n)...)}
	if t.IsLeaf(n) {
		node.kind, node.class = "L", int(t.Class[n])
		return append(out, node)
	}
	node.feature = int(t.Feature[n])
	kids := t.Children(n)
	first := slices.Min(kids)
	if t.IsNumericNode(n) {
		node.kind, node.split = "N", math.Nextafter(t.Threshold[n], math.Inf(1))
	} else {
		node.kind = "S"
		for v, c := range kids {
			if c == first {
				node.values = append(node.values, v)
			}
		}
	}
	out = append(out, node)
	out = cartDump(t, w, int(first), depth+1, out)
	return cartDump(t, w, int(first)+1, depth+1, out)
}

// numericSets are the shared datasets with numeric attributes or missing
// values, read with their numbers and missing values kept
// (discretize: none, missing: keep), as testdata/weka-arff.sh has Weka
// read them: the columns Weka's NumericToNominal makes nominal listed as
// nominal, the class last among Weka's attributes.
var numericSets = map[string]struct {
	file string
	opts importer.Options
}{
	"credit-approval": {"credit-approval/crx.data", importer.Options{Class: "A16",
		Names: []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13", "A14", "A15", "A16"}}},
	"heart-disease": {"heart-disease/processed.cleveland.data", importer.Options{Class: "num",
		Names:   append(slices.Clone(heartFeatures), "num"),
		Nominal: []string{"sex", "cp", "fbs", "restecg", "exang", "slope", "ca", "thal"}}},
	"hepatitis": {"hepatitis/hepatitis.data", importer.Options{Class: "Class",
		Names: []string{"Class", "AGE", "SEX", "STEROID", "ANTIVIRALS", "FATIGUE", "MALAISE", "ANOREXIA", "LIVER BIG", "LIVER FIRM",
			"SPLEEN PALPABLE", "SPIDERS", "ASCITES", "VARICES", "BILIRUBIN", "ALK PHOSPHATE", "SGOT", "ALBUMIN", "PROTIME", "HISTOLOGY"},
		Nominal: []string{"Class", "SEX", "STEROID", "ANTIVIRALS", "FATIGUE", "MALAISE", "ANOREXIA", "LIVER BIG", "LIVER FIRM",
			"SPLEEN PALPABLE", "SPIDERS", "ASCITES", "VARICES", "HISTOLOGY"}}},
	"breast-cancer": {"breast-cancer/breast-cancer.arff", importer.Options{Class: "Class"}},
	"soybean":       {"soybean/soybean.arff", importer.Options{Class: "class"}},
	"vote":          {"vote/vote.arff", importer.Options{Class: "Class"}},
}

// readNumeric reads the numeric shared dataset of fixture entry name
// (numericSets); it skips t when the shared datasets are absent. The
// fixtures' ARFF files (testdata/weka-trees.sh) have hepatitis's class
// moved last by Reorder, so "hepatitis" is read with its class last
// (Schema.FeaturesAfterClass 0), and "hepatitis-classfirst" as the file
// has it, its class first (Weka's -c 1).
func readNumeric(t testing.TB, name string) *dataset.Dataset {
	t.Helper()
	base, classFirst := strings.CutSuffix(name, "-classfirst")
	s, ok := numericSets[base]
	if !ok {
		t.Fatalf("no numeric shared dataset %q", name)
	}
	o := s.opts
	o.Discretize = importer.Discretization{Method: importer.NoDiscretization}
	o.Missing = importer.MissingKeep
	d, _, err := importer.Read(shareddata.FileOrSkip(t, s.file), o)
	if err != nil {
		t.Fatalf("read shared dataset %s: %v", name, err)
	}
	if classFirst {
		if d.Schema().ClassPosition() != 0 {
			t.Fatalf("%s: the class of %s is not its first column", name, s.file)
		}
		return d
	}
	return withClassLast(t, d)
}

// withClassLast returns d with its class the last of its columns, as
// Weka's Reorder -R 2-last,1 leaves a class-first file.
func withClassLast(t testing.TB, d *dataset.Dataset) *dataset.Dataset {
	t.Helper()
	s := d.Schema()
	if s.FeaturesAfterClass == 0 {
		return d
	}
	s.FeaturesAfterClass = 0
	cols, nums := make([][]uint8, d.NumFeatures()), make([][]float64, d.NumFeatures())
	for f := range cols {
		cols[f], nums[f] = slices.Clone(d.Column(f)), slices.Clone(d.Numbers(f))
	}
	last, err := dataset.NewMixed(s, cols, nums, slices.Clone(d.Labels()))
	if err != nil {
		t.Fatal(err)
	}
	return last
}

// TestCARTNumericIsSimpleCart fits CART on every row of the six shared
// datasets with numeric attributes or missing values, in file order
// (FitOrdered, as SimpleCart reads them), pruned and unpruned, and checks
// that its tree is SimpleCart's node for node (split points and every
// node's class weights equal as float64s), and that a 10-fold
// cross-validation in Weka's folds classifies as many rows correctly as
// Weka's, with its mean absolute error (seeds 1-3 for the pruned tree).
// hepatitis-classfirst is hepatitis with its class first among Weka's
// attributes, where SimpleCart's choice between a split of gain 0 and
// the class differs (scFit.classPos, from Schema.ClassPosition).
func TestCARTNumericIsSimpleCart(t *testing.T) {
	for _, variant := range []struct {
		file string
		opts CARTOptions
	}{
		{"testdata/simplecart_numeric_unpruned.txt", CARTOptions{MinLeaf: 2, Pruning: CARTPruneNone, Folds: 5, Heuristic: true, Seed: 1}},
		{"testdata/simplecart_numeric.txt", DefaultCARTOptions()},
	} {
		sets, names := readDump(t, variant.file)
		for _, name := range names {
			want := sets[name]
			t.Run(filepath.Base(variant.file)+"/"+name, func(t *testing.T) {
				l := CART{Options: variant.opts}
				d := readNumeric(t, name)
				m, err := l.FitOrdered(d, ascending(d.Len()), nil)
				if err != nil {
					t.Fatal(err)
				}
				tr := m.(TreeModel).Tree()
				if err := tr.Validate(); err != nil {
					t.Fatal(err)
				}
				checkDumpTree(t, name, cartDump(tr, m.(*cartWekaModel).weights, 0, 0, nil), want.tree)
				checkDumpCV(t, name, l, d, want.cv)
			})
		}
	}
}
