package train

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// bestCARTGain returns, by brute force over every feature and every subset
// of its values, the largest Gini gain at a node with the given rows, and
// for each feature its own best gain.
func bestCARTGain(d *dataset.Dataset, rows []int) (float64, []float64) {
	k := d.Classes()
	perFeature := make([]float64, d.NumFeatures())
	best := 0.0
	for f := range perFeature {
		table := make([]int, d.Domain(f)*k)
		for _, r := range rows {
			table[int(d.Value(f, r))*k+int(d.Label(r))]++
		}
		perFeature[f] = bruteSubset(table, k)
		best = max(best, perFeature[f])
	}
	return best, perFeature
}

// gainTol is how far apart the textbook Gini gains here and SimpleCart's
// floating point (SimpleCartGain) may put the same split: splits whose
// gains are equal in exact arithmetic are ties that SimpleCart breaks by
// rounding noise, so the checks accept any of them.
const gainTol = 1e-12

// checkCART verifies an unpruned CART tree by brute force over the
// training rows: every node's counts; every split binary with at least
// minLeaf rows per branch, at a node of at least 2·minLeaf rows; values
// without rows at a node in its larger branch; with optimal set (two
// classes, or an exhaustive search), the split's gain is the best gain
// over every feature and subset and no feature before its own has a
// larger one (both to within gainTol: SimpleCart's rounding noise breaks
// exact ties); every leaf predicts its majority (ties low); and with
// minLeaf 1 an impure leaf has no split of positive gain. It returns the
// training rows the tree misclassifies.
func checkCART(t *testing.T, tr *tree.Tree, d *dataset.Dataset, rows []int, minLeaf int, optimal bool) int {
	t.Helper()
	at := make([][]int, tr.Len())
	for _, r := range rows {
		x := d.Row(r, nil)
		for n := 0; ; n = tr.Next(n, x[tr.Feature[n]]) {
			at[n] = append(at[n], r)
			if tr.IsLeaf(n) {
				break
			}
		}
	}
	k := d.Classes()
	wrong := 0
	for n := range tr.Len() {
		counts := make([]int, k)
		for _, r := range at[n] {
			counts[d.Label(r)]++
		}
		for c, x := range tr.NodeCounts(n) {
			if int(x) != counts[c] {
				t.Fatalf("node %d: recorded counts %v; brute force %v", n, tr.NodeCounts(n), counts)
			}
		}
		if len(at[n]) == 0 {
			t.Errorf("node %d has no training rows", n)
			continue
		}
		best, perFeature := bestCARTGain(d, at[n])
		if tr.IsLeaf(n) {
			c := int(tr.Class[n])
			if c != dataset.ArgMax(counts) {
				t.Errorf("leaf %d predicts %d; want majority %d of %v", n, c, dataset.ArgMax(counts), counts)
			}
			if minLeaf == 1 && counts[c] != len(at[n]) && best > gainTol {
				t.Errorf("impure leaf %d %v has a split of gain %g", n, counts, best)
			}
			wrong += len(at[n]) - counts[c]
			continue
		}
		f := int(tr.Feature[n])
		br := tr.Branches(n)
		if len(br) != 2 {
			t.Fatalf("node %d has %d branches; want 2", n, len(br))
		}
		if len(at[n]) < 2*minLeaf || len(at[br[0].Child]) < minLeaf || len(at[br[1].Child]) < minLeaf {
			t.Errorf("node %d (%d rows) splits into %d and %d rows; min_leaf %d", n, len(at[n]), len(at[br[0].Child]), len(at[br[1].Child]), minLeaf)
		}
		table := make([]int, d.Domain(f)*k)
		for _, r := range at[n] {
			table[int(d.Value(f, r))*k+int(d.Label(r))]++
		}
		kid0 := min(br[0].Child, br[1].Child)
		var mask0 uint64
		for v, c := range tr.Children(n) {
			if int(c) == kid0 {
				mask0 |= 1 << v
			}
		}
		// (A split of no gain in exact arithmetic is possible: SimpleCart's
		// floating point may put its gain a few ulps above 0.)
		gain := subsetGain(table, k, mask0)
		if optimal {
			first := 0
			for first < len(perFeature) && perFeature[first] <= gain+gainTol {
				first++
			}
			if math.Abs(gain-best) > gainTol || first < f {
				t.Errorf("node %d splits feature %d with gain %.15f; brute force: best gain %.15f, feature %d has %.15f", n, f, gain, best, first, perFeature[min(first, len(perFeature)-1)])
			}
		}
		n0, n1 := len(at[kid0]), len(at[kid0+1])
		larger := kid0
		if n1 > n0 {
			larger = kid0 + 1
		}
		present := presentMask(table, k)
		for v, c := range tr.Children(n) {
			if present>>v&1 == 0 && int(c) != larger {
				t.Errorf("node %d: value %d has no rows but goes to child %d, not the larger %d", n, v, c, larger)
			}
		}
	}
	return wrong
}
