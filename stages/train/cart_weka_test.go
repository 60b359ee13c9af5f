package train

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/tree"
)

// This file checks CART against Weka 3.6.14's SimpleCart itself, through
// fixtures that testdata/SimpleCartTrees.java made from SimpleCart's own
// trees: the shared real datasets, pruned (simplecart_shared.txt), and
// every golden training set, grown and pruned (golden_trees_simplecart.txt).

// goldenARFF, when set, makes TestGoldenCARTIsSimpleCart write the golden
// training sets as ARFF files into that directory, the input the fixture
// golden_trees_simplecart.txt was made from.
var goldenARFF = flag.String("golden-arff", "", "write the golden training sets as ARFF files into this directory")

// cartTreeText prints tr one node a line, in preorder, branch 0 first, in
// the form SimpleCartTrees.java prints SimpleCart's trees: "depth f
// v,w,…" at a split on feature f, the values listed (in code order) being
// those that go to branch 0; "depth : class n0,n1,…" at a leaf, with its
// class and training counts.
func cartTreeText(tr *tree.Tree) string {
	var sb strings.Builder
	var walk func(n, depth int)
	walk = func(n, depth int) {
		if tr.IsLeaf(n) {
			counts := make([]string, tr.Classes)
			for c, x := range tr.NodeCounts(n) {
				counts[c] = strconv.Itoa(int(x))
			}
			fmt.Fprintf(&sb, "%d : %d %s\n", depth, tr.Class[n], strings.Join(counts, ","))
			return
		}
		kids := tr.Children(n)
		kid0 := slices.Min(kids)
		var in []string
		for v, c := range kids {
			if c == kid0 {
				in = append(in, strconv.Itoa(v))
			}
		}
		fmt.Fprintf(&sb, "%d %d %s\n", depth, tr.Feature[n], strings.Join(in, ","))
		walk(int(kid0), depth+1)
		walk(int(kid0)+1, depth+1)
	}
	walk(0, 0)
	return sb.String()
}

// treeSHA256 is the SHA-256 of cartTreeText(tr), in hex.
func treeSHA256(tr *tree.Tree) string {
	h := sha256.Sum256([]byte(cartTreeText(tr)))
	return hex.EncodeToString(h[:])
}

// simpleCartLine is one line of a SimpleCartTrees.java fixture: a name
// (and a variant), SimpleCart's tree's node and leaf counts and the
// SHA-256 of its text, and, when asked for, its prediction for every row
// (base-36 class codes) and mean absolute error on them.
type simpleCartLine struct {
	name, variant string
	nodes, leaves int
	sha           string
	predictions   string
	mae           float64
}

// readSimpleCart reads a SimpleCartTrees.java fixture; variants says
// whether its lines name a variant after the name, predictions whether
// they end in predictions and mae.
func readSimpleCart(t *testing.T, path string, variants, predictions bool) []simpleCartLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []simpleCartLine
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var l simpleCartLine
		args := []any{&l.name}
		if variants {
			args = append(args, &l.variant)
		}
		args = append(args, &l.nodes, &l.leaves, &l.sha)
		if predictions {
			args = append(args, &l.predictions, &l.mae)
		}
		if _, err := fmt.Sscan(line, args...); err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkSimpleCart compares a CART tree with SimpleCart's fixture line.
func checkSimpleCart(t *testing.T, tr *tree.Tree, want simpleCartLine) {
	t.Helper()
	if tr.Len() != want.nodes || tr.Leaves() != want.leaves || treeSHA256(tr) != want.sha {
		t.Errorf("%s %s: %d nodes, %d leaves, tree %.12s; SimpleCart's %d, %d, %.12s", want.name, want.variant,
			tr.Len(), tr.Leaves(), treeSHA256(tr), want.nodes, want.leaves, want.sha)
	}
}

// wekaShared reads shared dataset name as the SimpleCart fixtures' ARFF
// files have it: a .data file's values coded in order of first
// appearance (Weka's CSVLoader, and the importer), an .arff file's as
// declared, without its rows that have a missing value.
func wekaShared(t *testing.T, name string) *dataset.Dataset {
	t.Helper()
	return readShared(t, name, importer.MissingDrop)
}

// ascending returns 0, 1, …, n−1.
func ascending(n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	return order
}

// TestCARTIsSimpleCartOnSharedData fits pruned CART (SimpleCart's
// defaults) on every row of the eight nominal shared datasets, in file
// order (FitOrdered, as SimpleCart reads them), and checks that it is
// SimpleCart's tree node for node, with the same prediction for every
// row and the same class probabilities (mean absolute error).
func TestCARTIsSimpleCartOnSharedData(t *testing.T) {
	for _, want := range readSimpleCart(t, "testdata/simplecart_shared.txt", false, true) {
		t.Run(want.name, func(t *testing.T) {
			d := wekaShared(t, want.name)
			m, err := CART{Options: DefaultCARTOptions()}.FitOrdered(d, ascending(d.Len()), nil)
			if err != nil {
				t.Fatal(err)
			}
			tr := m.(TreeModel).Tree()
			checkSimpleCart(t, tr, want)
			if len(want.predictions) != d.Len() {
				t.Fatalf("%d predictions for %d rows", len(want.predictions), d.Len())
			}
			dist := make([]float64, d.Classes())
			x := make([]uint8, d.NumFeatures())
			wrong, mae := 0, 0.0
			for r := range d.Len() {
				x = d.Row(r, x)
				if got := strconv.FormatInt(int64(tr.Predict(x)), 36); got != want.predictions[r:r+1] {
					wrong++
				}
				m.(interface{ Distribution([]uint8, []float64) }).Distribution(x, dist)
				for c, p := range dist {
					mae += math.Abs(p - float64(bool2int(c == int(d.Label(r)))))
				}
			}
			if wrong > 0 {
				t.Errorf("%d of %d rows predicted otherwise than by SimpleCart", wrong, d.Len())
			}
			if mae /= float64(d.Len() * d.Classes()); math.Abs(mae-want.mae) > 1e-9 {
				t.Errorf("mean absolute error %.10f; SimpleCart's %.10f", mae, want.mae)
			}
		})
	}
}

// simpleCartVariants are the SimpleCart runs of golden_trees_simplecart.txt
// and the CART fits that must equal them: the two unpruned golden
// learners (-U, and -U -M 1 -H), and pruned CART with SimpleCart's
// defaults on the rows in ascending order (FitOrdered; the golden
// learner cart-ccp draws its folds from a Go generator, which SimpleCart
// cannot follow).
var simpleCartVariants = []struct {
	name    string
	options CARTOptions
	ordered bool
}{
	{"unpruned", CARTOptions{MinLeaf: 2, Pruning: CARTPruneNone, Folds: 5, Heuristic: true, Seed: 1}, false},
	{"unpruned-m1-exhaustive", CARTOptions{MinLeaf: 1, Pruning: CARTPruneNone, Folds: 5, Heuristic: false, Seed: 1}, false},
	{"pruned", DefaultCARTOptions(), true},
}

// TestGoldenCARTIsSimpleCart fits CART as SimpleCart on every golden
// training set (the shared real ones when present) and checks each tree
// against SimpleCart's own on the same rows, node for node. One case is
// known to differ: many-values-k5 has a feature of 16 values, and beyond
// cartExhaustiveMax (12) values with rows CART orders them by the
// heuristic where SimpleCart -H tries all 2^15 subsets; there its tree is
// SimpleCart's once the limit is raised to 16.
func TestGoldenCARTIsSimpleCart(t *testing.T) {
	if testing.Short() {
		t.Skip("golden trees take a few seconds")
	}
	sets := goldenDatasets(t)
	if _, ok := shareddata.Dir(); ok {
		sets = append(sets, goldenShared(t)...)
	}
	data := make([]*dataset.Dataset, len(sets)) // the rows of each, alone
	for i, gd := range sets {
		d, err := gd.d.Project(dataset.And(make(dataset.Bitset, len(gd.rows)), gd.rows, gd.d.All()).Rows(nil), ascending(gd.d.NumFeatures()))
		if err != nil {
			t.Fatal(err)
		}
		data[i] = d
	}
	if *goldenARFF != "" {
		for i, gd := range sets {
			writeGoldenARFF(t, filepath.Join(*goldenARFF, gd.name+".arff"), data[i], gd.name)
		}
		return
	}
	known := map[string]bool{"many-values-k5 unpruned-m1-exhaustive": true}
	want := map[string]simpleCartLine{}
	for _, l := range readSimpleCart(t, "testdata/golden_trees_simplecart.txt", true, false) {
		want[l.name+" "+l.variant] = l
	}
	for i, gd := range sets {
		d := data[i]
		for _, v := range simpleCartVariants {
			key := gd.name + " " + v.name
			w, ok := want[key]
			if !ok {
				t.Errorf("%s: no SimpleCart tree in the fixture", key)
				continue
			}
			l := CART{Options: v.options}
			var m Model
			var err error
			if v.ordered {
				m, err = l.FitOrdered(d, ascending(d.Len()), nil)
			} else {
				m, err = l.Fit(d, d.All(), nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			if tr := m.(TreeModel).Tree(); known[key] {
				if treeSHA256(tr) == w.sha {
					t.Logf("%s: now SimpleCart's tree; drop it from the known differences", key)
				}
			} else {
				checkSimpleCart(t, tr, w)
			}
		}
	}
}

// writeGoldenARFF writes d as an ARFF file at path.
func writeGoldenARFF(t *testing.T, path string, d *dataset.Dataset, relation string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := dataset.WriteARFF(f, d, relation); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
