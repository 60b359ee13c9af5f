package smo

import (
	"slices"
	"testing"
)

// reorder returns tb with its rows in the order given (order[k] = the
// row of tb that becomes row k).
func (tb *table) reorder(order []int) *table {
	out := &table{schema: tb.schema, codes: make([][]int, len(order))}
	for k, r := range order {
		out.codes[k] = tb.codes[r]
	}
	return out
}

// fitAll trains with the default options on every row of tb.
func fitAll(t *testing.T, tb *table) (*Model, func(r int) int) {
	t.Helper()
	d := tb.dataset(t, func(int) bool { return true })
	m, err := Learner{Options: DefaultOptions()}.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	x := make([]uint8, d.NumFeatures())
	return m, func(r int) int { d.Row(r, x); return m.Predict(x) }
}

// TestRowOrderMatters checks what Weka does with row order: its SMO is
// not invariant to it. Weka shuffles each pair's rows by position with
// java.util.Random(1), so another order is another examination order and
// another point within the tolerance of the optimum. On vote, reversing
// the rows changes two of Weka's 435 predictions; the port reproduces
// Weka on the reversed rows too.
func TestRowOrderMatters(t *testing.T) {
	tb := readTable(t, realSets[2]) // vote
	n := len(tb.codes)
	rev := make([]int, n)
	for k := range rev {
		rev[k] = n - 1 - k
	}
	_, forward := fitAll(t, tb)
	_, backward := fitAll(t, tb.reorder(rev))
	fx := readFixture(t, "vote.reversed.txt")
	changed := 0
	for k, r := range rev {
		got := backward(k)
		if got != fx.preds[k] {
			t.Errorf("reversed row %d: Predict = %d; Weka %d", k, got, fx.preds[k])
		}
		if got != forward(r) {
			changed++
		}
	}
	if changed != 2 {
		t.Errorf("reversing vote changed %d predictions; Weka changes 2", changed)
	}
}

// TestClassInterleavingInvariance checks the order invariance that does
// hold exactly: pair (i, j) trains on the rows of class i then those of
// class j, each in row order, so moving rows of different classes past
// each other (here: sorting the rows by class, stably) changes nothing,
// not a bit of any weight.
func TestClassInterleavingInvariance(t *testing.T) {
	for _, s := range []realSet{realSets[1], realSets[3], realSets[6]} { // contact-lenses, breast-cancer, car
		t.Run(s.name, func(t *testing.T) {
			tb := readTable(t, s)
			order := make([]int, len(tb.codes))
			for r := range order {
				order[r] = r
			}
			slices.SortStableFunc(order, func(a, b int) int { return tb.label(a) - tb.label(b) })
			if slices.IsSorted(order) {
				t.Fatal("sorting by class left the rows in place; the test proves nothing")
			}
			m1, p1 := fitAll(t, tb)
			m2, p2 := fitAll(t, tb.reorder(order))
			k := len(tb.schema.Class.Values)
			for i := range k {
				for j := i + 1; j < k; j++ {
					w1, b1, ok1 := m1.Machine(i, j)
					w2, b2, ok2 := m2.Machine(i, j)
					if ok1 != ok2 || b1 != b2 || !slices.Equal(w1, w2) {
						t.Fatalf("pair (%d,%d) differs after sorting the rows by class: b %v vs %v", i, j, b1, b2)
					}
				}
			}
			for k, r := range order {
				if p1(r) != p2(k) {
					t.Fatalf("row %d: prediction %d before sorting, %d after", r, p1(r), p2(k))
				}
			}
		})
	}
}

// TestFitOrdered checks that FitOrdered on the rows in another order is
// Fit on a dataset whose rows are in that order (Weka's reversed vote),
// that ascending order is Fit, and that a bad order is refused.
func TestFitOrdered(t *testing.T) {
	tb := readTable(t, realSets[2]) // vote
	d := tb.dataset(t, func(int) bool { return true })
	n := d.Len()
	rev := make([]int, n)
	asc := make([]int, n)
	for k := range rev {
		rev[k], asc[k] = n-1-k, k
	}
	fx := readFixture(t, "vote.reversed.txt")
	m, err := Learner{Options: DefaultOptions()}.FitOrdered(d, rev, nil)
	if err != nil {
		t.Fatal(err)
	}
	mAsc, err := Learner{Options: DefaultOptions()}.FitOrdered(d, asc, nil)
	if err != nil {
		t.Fatal(err)
	}
	mFit, _ := fitAll(t, tb)
	x := make([]uint8, d.NumFeatures())
	changed := 0
	for k, r := range rev {
		d.Row(r, x)
		if got := m.Predict(x); got != fx.preds[k] {
			t.Errorf("reversed row %d: Predict = %d; Weka %d", k, got, fx.preds[k])
		}
		if mAsc.Predict(x) != mFit.Predict(x) {
			t.Fatalf("row %d: FitOrdered in ascending order predicts %d, Fit %d", r, mAsc.Predict(x), mFit.Predict(x))
		}
		if m.Predict(x) != mFit.Predict(x) {
			changed++
		}
	}
	if changed != 2 {
		t.Errorf("training in reverse changed %d predictions; Weka changes 2", changed)
	}
	for _, bad := range [][]int{{0, 1, 0}, {0, n}, {-1}} {
		if _, err := (Learner{Options: DefaultOptions()}).FitOrdered(d, bad, nil); err == nil {
			t.Errorf("FitOrdered(%v) succeeded; want an error", bad)
		}
	}
}
