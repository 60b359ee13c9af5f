package train

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// scDump returns the tree under nd as WekaTreeDump's lines, in preorder.
func scDump(nd *scNode, depth int, out []dumpNode) []dumpNode {
	n := dumpNode{depth: depth, weights: append([]float64(nil), nd.dist...)}
	switch {
	case nd.leaf:
		n.kind, n.class = "L", dataset.ArgMax(nd.probs)
		return append(out, n)
	case math.IsNaN(nd.split) || nd.subset != 0:
		n.kind, n.feature = "S", nd.feature
		for v := range 64 {
			if nd.subset>>v&1 != 0 {
				n.values = append(n.values, v)
			}
		}
	default:
		n.kind, n.feature, n.split = "N", nd.feature, nd.split
	}
	out = append(out, n)
	out = scDump(nd.kids[0], depth+1, out)
	return scDump(nd.kids[1], depth+1, out)
}

// readMixedARFF reads an ARFF file of nominal and numeric attributes, the
// class last, '?' missing (a test helper until the importer keeps numbers).
func readMixedARFF(t *testing.T, path string) *dataset.Dataset {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("%v", err)
	}
	defer f.Close()
	r := dataset.NewARFFReader(f, path)
	var attrs []dataset.ARFFAttribute
	for {
		a, err := r.Attribute()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		attrs = append(attrs, a)
	}
	m := len(attrs) - 1
	cols := make([][]uint8, m)
	nums := make([][]float64, m)
	var labels []uint8
	s := dataset.Schema{Features: make([]dataset.Attribute, m), Class: dataset.Attribute{Name: attrs[m].Name, Values: attrs[m].Values}}
	for f, a := range attrs[:m] {
		s.Features[f] = dataset.Attribute{Name: a.Name, Values: a.Values, Numeric: a.Type == dataset.ARFFNumeric}
	}
	for {
		v, err := r.Value()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case v.Attr == m:
			labels = append(labels, uint8(v.Code))
		case s.Features[v.Attr].Numeric:
			x := math.NaN()
			if !v.Missing {
				if x, err = strconv.ParseFloat(v.Text, 64); err != nil {
					t.Fatal(err)
				}
			}
			nums[v.Attr] = append(nums[v.Attr], x)
		case v.Missing:
			cols[v.Attr] = append(cols[v.Attr], dataset.MissingCode)
		default:
			cols[v.Attr] = append(cols[v.Attr], uint8(v.Code))
		}
	}
	for f := range m {
		if s.Features[f].Numeric {
			cols[f] = nil
		} else {
			nums[f] = nil
		}
	}
	d, err := dataset.NewMixed(s, cols, nums, labels)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

var numericARFF = map[string]string{
	"credit-approval": "crx.arff", "heart-disease": "heart.arff", "hepatitis": "hep.arff",
	"breast-cancer": "breast-cancer.arff", "soybean": "soybean.arff", "vote": "vote.arff",
}

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
				d := readMixedARFF(t, filepath.Join("/tmp/arff", numericARFF[name]))
				l := CART{Options: variant.opts}
				m, err := l.FitOrdered(d, ascending(d.Len()), nil)
				if err != nil {
					t.Fatal(err)
				}
				checkDumpTree(t, name, scDump(m.(*cartWekaModel).root, 0, nil), want.tree)
				checkDumpCV(t, name, l, d, want.cv)
			})
		}
	}
}
