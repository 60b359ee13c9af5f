package train

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// TestPredictCodesOnWideNumericData: the Weka ports of cart, c45 and
// randomtree answer a row given as codes (Predict) on data of more
// features than dataset.MaxValues, as they answer the same row as an
// instance (PredictValues); a row is not bounded by a domain's size.
func TestPredictCodesOnWideNumericData(t *testing.T) {
	const m, n = 70, 40
	s := dataset.Schema{Class: dataset.Attribute{Name: "c", Values: []string{"a", "b"}}}
	cols := make([][]uint8, m)
	nums := make([][]float64, m)
	labels := make([]uint8, n)
	for f := range m {
		s.Features = append(s.Features, dataset.Attribute{Name: "x" + string(rune('A'+f%26)) + string(rune('a'+f/26)), Numeric: true})
		nums[f] = make([]float64, n)
		for r := range n {
			nums[f][r] = float64((r*7 + f) % 5)
		}
	}
	for r := range n {
		labels[r] = uint8(r % 2)
		nums[0][r] = float64(r % 2) // feature 0 decides the class
	}
	d, err := dataset.NewMixed(s, cols, nums, labels)
	if err != nil {
		t.Fatal(err)
	}
	order := d.All().Rows(nil)
	for _, name := range []string{"cart", "randomtree", "c45"} {
		l, err := New(Spec{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		mdl, err := l.(OrderedLearner).FitOrdered(d, order, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		vm, ok := mdl.(ValuesModel)
		if !ok {
			t.Fatalf("%s: model %T reads no instances", name, mdl)
		}
		codes := make([]uint8, m)
		codes[0] = 1
		values := dataset.CodesAsValues(codes)
		if got, want := mdl.Predict(codes), vm.PredictValues(values); got != want {
			t.Errorf("%s: Predict(codes) = %d, PredictValues = %d", name, got, want)
		}
	}
}
