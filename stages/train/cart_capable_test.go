package train

import (
	"testing"
)

// TestCARTTakesNumbersAndMissingValues: the registered cart passes the
// pipeline's gate (CheckData) on data with numeric features and missing
// values, and its model there gives class probabilities for Weka's
// instances.
func TestCARTTakesNumbersAndMissingValues(t *testing.T) {
	d := readNumeric(t, "credit-approval")
	l, err := New(Spec{Name: "cart"})
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckData("cart", l, d); err != nil {
		t.Fatalf("CheckData = %v; want nil", err)
	}
	m, err := l.(OrderedLearner).FitOrdered(d, ascending(d.Len()), nil)
	if err != nil {
		t.Fatal(err)
	}
	vd, ok := m.(ValuesDistributor)
	if !ok {
		t.Fatalf("model %T is no ValuesDistributor", m)
	}
	if _, ok := m.(TreeModel); !ok {
		t.Fatalf("model %T is no TreeModel", m)
	}
	p := make([]float64, d.Classes())
	vd.DistributionValues(d.Values(0, nil), p)
	if s := p[0] + p[1]; s < 1-1e-12 || s > 1+1e-12 {
		t.Errorf("probabilities %v sum to %v", p, s)
	}
}
