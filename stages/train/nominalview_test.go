package train

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// TestNominalViewCutsOnTrainingRowsOnly: I on a numeric feature fits on
// MDL bins of the training rows alone. Training rows 1..20 are class 0 and
// 100..119 class 1, so the cut is 60 and a test row at 50 falls with
// class 0; had the test row (class 1) informed the cuts, the cut would be
// 35 and the row would fall with class 1.
func TestNominalViewCutsOnTrainingRowsOnly(t *testing.T) {
	var values []float64
	var labels []uint8
	for i := range 20 {
		values, labels = append(values, float64(1+i)), append(labels, 0)
		values, labels = append(values, float64(100+i)), append(labels, 1)
	}
	values, labels = append(values, 50, math.NaN()), append(labels, 1, 1) // the test rows
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "x", Numeric: true}}, Class: dataset.Attribute{Name: "c", Values: []string{"a", "b"}}}
	d, err := dataset.NewMixed(s, [][]uint8{nil}, [][]float64{values}, labels)
	if err != nil {
		t.Fatal(err)
	}
	train := dataset.FullBitset(d.Len())
	train.Clear(40)
	train.Clear(41)
	i, err := New(Spec{Name: Intuitive})
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckData(Intuitive, i, d); err != nil {
		t.Fatalf("I must take numeric and missing values through its view: %v", err)
	}
	m, err := i.Fit(d, train, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	vm, ok := m.(ValuesModel)
	if !ok {
		t.Fatalf("I's model on numeric data is %T, not a ValuesModel", m)
	}
	for _, c := range []struct {
		x    float64
		want int
	}{{50, 0}, {59.9, 0}, {60.1, 1}, {5, 0}, {110, 1}} {
		if got := vm.PredictValues([]float64{c.x}); got != c.want {
			t.Errorf("I(%v) = %d, want %d (cut at 60, from the training rows)", c.x, got, c.want)
		}
	}
	if got := vm.PredictValues([]float64{math.NaN()}); got != 0 && got != 1 {
		t.Errorf("I on a missing value = %d, not a class", got)
	}
}

// TestNominalViewIsTheLearnerOnNominalData: on nominal data without
// missing values the view fits the learner itself.
func TestNominalViewIsTheLearnerOnNominalData(t *testing.T) {
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "a", Values: []string{"x", "y"}}}, Class: dataset.Attribute{Name: "c", Values: []string{"0", "1"}}}
	d, err := dataset.New(s, [][]uint8{{0, 1, 1, 0}}, []uint8{0, 1, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	i, err := New(Spec{Name: Intuitive})
	if err != nil {
		t.Fatal(err)
	}
	m, err := i.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, wrapped := m.(*viewModel); wrapped {
		t.Error("on nominal data I's model must be I's own, not a view's")
	}
	if m.Predict([]uint8{1}) != 1 || m.Predict([]uint8{0}) != 0 {
		t.Error("I does not reproduce its training rows")
	}
}
