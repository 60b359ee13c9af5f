package train

import (
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/tree"
)

// TestJ48WekaPathAgrees fits C4.5 both ways on every golden training set
// (nominal, no missing values; the shared real ones when present): with
// the nominal engine, which is J48 on such data (c45_ref_test.go, the
// golden trees), and with the J48 port that serves data with numbers or
// missing values (c45_weka.go), under J48's defaults, -U, -S, -C 0.1 and
// -M 5, and checks that the trees are the same node for node, the port's
// weights equal to the engine's counts. Two implementations of one
// procedure, one checked against Weka on nominal data and the other on
// numeric data, agreeing where both apply.
func TestJ48WekaPathAgrees(t *testing.T) {
	sets := goldenDatasets(t)
	if _, ok := shareddata.Dir(); ok {
		sets = append(sets, goldenShared(t)...)
	}
	unpruned, noRaise, lowCF, bigLeaf := DefaultC45Options(), DefaultC45Options(), DefaultC45Options(), DefaultC45Options()
	unpruned.Pruning, noRaise.SubtreeRaising, lowCF.Confidence, bigLeaf.MinLeaf = PruningNone, false, 0.1, 5
	variants := []struct {
		name string
		o    C45Options
	}{{"default", DefaultC45Options()}, {"-U", unpruned}, {"-S", noRaise}, {"-C 0.1", lowCF}, {"-M 5", bigLeaf}}
	checked := 0
	for _, gd := range sets {
		order := dataset.And(make(dataset.Bitset, len(gd.rows)), gd.rows, gd.d.All()).Rows(nil)
		for _, v := range variants {
			key := gd.name + " " + v.name
			m, err := C45{Options: v.o}.Fit(gd.d, gd.rows, nil)
			if err != nil {
				t.Fatal(err)
			}
			nominal := m.(TreeModel).Tree()
			if len(nominal.Weights) != 0 {
				t.Fatalf("%s: the nominal engine's tree has weights: the port served it", key)
			}
			port, err := fitJ48Weka("c45", gd.d, order, v.o, &gainRatio{})
			if err != nil {
				t.Fatal(err)
			}
			d := firstTreeDifference(key, j48Dump(port.(TreeModel).Tree(), 0, 0, nil), j48Dump(countsAsWeights(nominal), 0, 0, nil))
			if d != "" {
				t.Error(d)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no golden set")
	}
}

// countsAsWeights returns a copy of t whose Weights are its Counts.
func countsAsWeights(t *tree.Tree) *tree.Tree {
	c := *t
	c.Weights = make([]float64, len(t.Counts))
	for i, x := range t.Counts {
		c.Weights[i] = float64(x)
	}
	return &c
}
