package train

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// randomTreeDump returns the tree under node n of a RandomTree of the port
// as WekaTreeDump's lines, in preorder: a numeric node's split point is
// Weka's (the least float64 above its Threshold), a node's weights its
// m_ClassDistribution ("-" where Weka keeps none).
func randomTreeDump(m *randomTreeWekaModel, n, depth int, out []dumpNode) []dumpNode {
	t := m.t
	node := dumpNode{depth: depth, weights: slices.Clone(m.dist[n])}
	if t.IsLeaf(n) {
		node.kind = "L"
		if m.dist[n] != nil {
			node.class = int(t.Class[n])
		}
		return append(out, node)
	}
	node.feature = int(t.Feature[n])
	if t.IsNumericNode(n) {
		node.kind, node.split = "N", math.Nextafter(t.Threshold[n], math.Inf(1))
	} else {
		node.kind = "M"
	}
	out = append(out, node)
	for _, c := range t.Children(n) {
		out = randomTreeDump(m, int(c), depth+1, out)
	}
	return out
}

// TestRandomTreeNumericIsWekas fits RandomTree on every row of the six
// shared datasets with numbers and missing values, in file order
// (FitOrdered: Weka's random stream), with Weka's defaults (K from the
// number of features) and with K at least the number of features (NAME-kall,
// Weka's -K 100), and checks that the tree is Weka's RandomTree node for
// node (split points and class weights equal as float64s), and that a
// 10-fold cross-validation in Weka's folds classifies as many rows
// correctly as Weka's, with its mean absolute error.
func TestRandomTreeNumericIsWekas(t *testing.T) {
	sets, names := readDump(t, "testdata/randomtree_numeric.txt")
	for _, name := range names {
		want := sets[name]
		t.Run(name, func(t *testing.T) {
			o := DefaultRandomTreeOptions()
			if strings.HasSuffix(name, "-kall") {
				o.K = 100
			}
			d := readNumeric(t, fixtureDataset(name))
			l := RandomTree{Options: o}
			m, err := l.FitOrdered(d, ascending(d.Len()), nil)
			if err != nil {
				t.Fatal(err)
			}
			rt := m.(*randomTreeWekaModel)
			if err := rt.Tree().Validate(); err != nil {
				t.Fatal(err)
			}
			diff := firstTreeDifference(name, randomTreeDump(rt, 0, 0, nil), want.tree)
			if !knownRandomTree[name] {
				if diff != "" {
					t.Error(diff)
				}
				checkDumpCV(t, name, l, d, want.cv)
				return
			}
			if diff == "" {
				t.Logf("%s: now Weka's tree; check its cross-validation exactly and drop it from knownRandomTree", name)
			} else {
				t.Logf("known difference: %s", diff)
			}
			checkDumpCVWithin(t, name, l, d, want.cv, 3*d.Len()/100, 0.01) // heart-disease seed 2: 147 rows, Weka 152
		})
	}
}

// fixtureDataset returns the shared dataset of a fixture entry: its name
// less the suffixes -kall (K at least the features) and -dtbench (the
// dataset written as ARFF by dtbench import).
func fixtureDataset(name string) string {
	return strings.TrimSuffix(strings.TrimSuffix(name, "-kall"), "-dtbench")
}

// knownRandomTree and knownRandomForest are the fixture cases where the
// port does not grow Weka's trees, and why: heart-disease's nominal
// columns are labelled 0, 1, … in the ARFF file NumericToNominal writes,
// and 0.0, 1.0, … as dtbench reads the file (its text), and Weka seeds a
// tree's generator with the hash of an instance's text
// (Instances.getRandomNumberGenerator), so the draws differ; on dtbench's
// own ARFF of the same data (heart-disease-dtbench) the port is Weka's,
// exactly. With every feature drawn (-kall) the draws decide only the
// order of sums, and the cross-validations agree even so. Where listed,
// the check is loose: correct rows within 3% of the rows per
// cross-validation, mean absolute error within 0.01.
var knownRandomTree = map[string]bool{"heart-disease": true, "heart-disease-kall": true}

var knownRandomForest = map[string]bool{"heart-disease": true}

// TestRandomForestNumericIsWekas cross-validates RandomForest with 10
// trees (Weka's -I 10, its seed 1) in Weka's folds on the six shared
// datasets with numbers and missing values and checks that it classifies
// as many rows correctly as Weka's RandomForest, with its mean absolute
// error: Bagging's bags, the trees' seeds and their draws are Weka's.
func TestRandomForestNumericIsWekas(t *testing.T) {
	sets, names := readDump(t, "testdata/randomforest_numeric.txt")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			o := DefaultRandomForestOptions()
			o.Trees = 10
			l, d := RandomForest{Options: o}, readNumeric(t, fixtureDataset(name))
			if knownRandomForest[name] {
				checkDumpCVWithin(t, name, l, d, sets[name].cv, 3*d.Len()/100, 0.01) // heart-disease seed 2: 173 rows, Weka 165
				return
			}
			checkDumpCV(t, name, l, d, sets[name].cv)
		})
	}
}
