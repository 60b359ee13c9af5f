package train

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
)

// thresholdData is 60 rows: x = 0..59 numeric, the class x ≥ 30; n
// nominal, equal to the class on 45 rows; y numeric noise, missing on
// every seventh row.
func thresholdData(t *testing.T) *dataset.Dataset {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{{Name: "x", Numeric: true}, {Name: "n", Values: []string{"a", "b"}}, {Name: "y", Numeric: true}},
		Class:    dataset.Attribute{Name: "c", Values: []string{"lo", "hi"}},
	}
	const rows = 60
	x, y := make([]float64, rows), make([]float64, rows)
	n, labels := make([]uint8, rows), make([]uint8, rows)
	for i := range rows {
		x[i] = float64(i)
		if i >= 30 {
			labels[i] = 1
		}
		n[i] = labels[i]
		if i%4 == 0 {
			n[i] = 1 - labels[i]
		}
		y[i] = float64((i * 37) % 11)
		if i%7 == 0 {
			y[i] = math.NaN()
		}
	}
	d, err := dataset.NewMixed(s, [][]uint8{nil, n, nil}, [][]float64{x, nil, y}, labels)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestCostLearnersSplitByThreshold: IDX, CS-ID3 and EG2 take C4.5's
// numeric splits through the J48 port. With unit costs each tests x at
// the root by the threshold 29 (J48's cut 29.5 snapped to the largest
// training value below it) and classifies every row; with x costing 1000
// and n 1 each grows (unpruned) a tree that tests the cheap n at the
// root instead, and x below it, again by a threshold.
func TestCostLearnersSplitByThreshold(t *testing.T) {
	d := thresholdData(t)
	dear := costs.Unit(3, 2, []string{"x", "n", "y"})
	dear.Tests[0].Cost = 1000
	unpruned := DefaultC45Options()
	unpruned.Pruning = PruningNone // pruning would raise x's subtree over n
	for _, tc := range []struct {
		name string
		fit  func(o C45Options, m *costs.Model) Learner
	}{
		{"idx", func(o C45Options, m *costs.Model) Learner { return IDX{Options: o, Costs: m} }},
		{"csid3", func(o C45Options, m *costs.Model) Learner { return CSID3{Options: o, Costs: m} }},
		{"eg2", func(o C45Options, m *costs.Model) Learner {
			return EG2{Options: EG2Options{C45Options: o, Omega: 1}, Costs: m}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.fit(DefaultC45Options(), nil).Fit(d, d.All(), nil)
			if err != nil {
				t.Fatal(err)
			}
			tr := m.(TreeModel).Tree()
			if err := tr.Validate(); err != nil {
				t.Fatal(err)
			}
			if tr.Feature[0] != 0 || !tr.IsNumericNode(0) || tr.Threshold[0] != 29 {
				t.Fatalf("unit costs: root tests feature %d (numeric %v) at %v; want x at 29", tr.Feature[0], tr.IsNumericNode(0), tr.Threshold)
			}
			x := make([]float64, d.NumFeatures())
			for r := range d.Len() {
				if got := m.(ValuesModel).PredictValues(d.Values(r, x)); got != int(d.Label(r)) {
					t.Errorf("row %d: class %d, want %d", r, got, d.Label(r))
				}
			}
			m, err = tc.fit(unpruned, dear).Fit(d, d.All(), nil)
			if err != nil {
				t.Fatal(err)
			}
			tr = m.(TreeModel).Tree()
			if tr.Feature[0] != 1 {
				t.Fatalf("x costing 1000: root tests feature %d; want n (1)", tr.Feature[0])
			}
			numeric := 0
			for n := range tr.Len() {
				if !tr.IsLeaf(n) && tr.IsNumericNode(n) {
					numeric++
				}
			}
			if numeric == 0 {
				t.Errorf("x costing 1000: no threshold node below n")
			}
		})
	}
}
