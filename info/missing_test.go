package info

import (
	"math"
	"testing"
)

// TestSpreadMissing checks the spreading on a hand-computed table and
// that the gain ratio of the spread table is the one Weka's formula
// gives: two values with 6 and 2 rows (classes 4+2 and 0+2), and 4
// missing rows, 2 of each class.
func TestSpreadMissing(t *testing.T) {
	table := []int{4, 2, 0, 2}
	got := SpreadMissing(table, []int{2, 2}, 2)
	// Value 0 takes 6/8 of each class's missing rows (1.5), value 1 takes 2/8 (0.5).
	want := []float64{5.5, 3.5, 0.5, 2.5}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("SpreadMissing = %v, want %v", got, want)
		}
	}
	// By hand: H(C) of (6, 6) is 1; H(C|X) = 9/12·H(5.5, 3.5) + 3/12·H(0.5, 2.5); split info H(9, 3).
	h := func(a, b float64) float64 {
		n := a + b
		return -(a/n)*math.Log2(a/n) - (b/n)*math.Log2(b/n)
	}
	gr := (1 - (9.0/12*h(5.5, 3.5) + 3.0/12*h(0.5, 2.5))) / h(9, 3)
	if g := GainRatio(got, 2); math.Abs(g-gr) > 1e-12 {
		t.Errorf("GainRatio of the spread table = %v, want %v", g, gr)
	}
	if none := SpreadMissing(table, []int{0, 0}, 2); GainRatio(none, 2) != GainRatio(table, 2) {
		t.Error("with no missing rows the table and its gain ratio must not change")
	}
	if all := SpreadMissing([]int{0, 0, 0, 0}, []int{3, 1}, 2); GainRatio(all, 2) != 0 {
		t.Error("an attribute missing in every row has no gain")
	}
}

// TestWekaGainRatioIsGainRatio: Weka's order of operations gives the gain
// ratio to within rounding on random tables, and 0 without split
// entropy.
func TestWekaGainRatioIsGainRatio(t *testing.T) {
	tables := [][]float64{{5.5, 3.5, 0.5, 2.5}, {3, 0, 0, 3}, {1, 2, 3, 4, 5, 6}, {7, 1, 0, 0, 2, 9}}
	for _, tab := range tables {
		if g, w := GainRatio(tab, 2), WekaGainRatio(tab, 2); math.Abs(g-w) > 1e-12 {
			t.Errorf("%v: WekaGainRatio %v, GainRatio %v", tab, w, g)
		}
	}
	if g := WekaGainRatio([]float64{3, 4, 0, 0}, 2); g != 0 {
		t.Errorf("one value: %v, want 0", g)
	}
}
