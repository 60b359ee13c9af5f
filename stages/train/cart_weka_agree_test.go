package train

import (
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// TestCARTWekaPathAgrees fits CART both ways on every golden training set
// (nominal, no missing values; the shared real ones when present): with
// the nominal engine, which is SimpleCart on such data (cart_weka_test.go),
// and with the SimpleCart port that serves data with numbers or missing
// values (cart_weka.go), unpruned and pruned with SimpleCart's defaults on
// the rows in order, and checks that the trees are the same node for
// node, the port's weights equal to the engine's counts. Two
// implementations of one procedure, one checked against Weka on nominal
// data and the other on numeric data, agreeing where both apply. Sets
// of more than 5,000 rows (nursery) are left out for time.
func TestCARTWekaPathAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("every golden set, six trees a pruned fit")
	}
	sets := goldenDatasets(t)
	if _, ok := shareddata.Dir(); ok {
		sets = append(sets, goldenShared(t)...)
	}
	known := map[string]bool{"many-values-k5 exhaustive": true} // beyond cartExhaustiveMax both order by the heuristic, over other tables
	for _, gd := range sets {
		order := dataset.And(make(dataset.Bitset, len(gd.rows)), gd.rows, gd.d.All()).Rows(nil)
		if len(order) > 5000 {
			continue // nursery: the port's quadratic pruning passes take a minute there
		}
		for _, v := range []struct {
			name string
			o    CARTOptions
		}{
			{"unpruned", CARTOptions{MinLeaf: 2, Pruning: CARTPruneNone, Folds: 5, Heuristic: true, Seed: 1}},
			{"exhaustive", CARTOptions{MinLeaf: 1, Pruning: CARTPruneNone, Folds: 5, Heuristic: false, Seed: 1}},
			{"pruned", DefaultCARTOptions()},
		} {
			key := gd.name + " " + v.name
			m, err := CART{Options: v.o}.FitOrdered(gd.d, order, nil)
			if err != nil {
				t.Fatal(err)
			}
			nominal := m.(TreeModel).Tree()
			counts := func(n int) []float64 {
				w := make([]float64, nominal.Classes)
				for c, x := range nominal.NodeCounts(n) {
					w[c] = float64(x)
				}
				return w
			}
			weka := (CART{Options: v.o}).fitWeka(gd.d, order, func() []int {
				return wekaFolded(order, v.o.Seed)
			}).(*cartWekaModel)
			d := firstTreeDifference(key, cartDump(weka.t, weka.weights, 0, 0, nil), cartDump(nominal, counts, 0, 0, nil))
			switch {
			case known[key] && d == "":
				t.Logf("%s: the two agree now; drop it from the known differences", key)
			case !known[key] && d != "":
				t.Error(d)
			}
		}
	}
}
