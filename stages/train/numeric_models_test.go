package train

import (
	"math/rand/v2"
	"testing"
)

// TestNumericModelsAreValuesDistributors: on data with numeric features
// and missing values, cart's, randomtree's, randomforest's, c45's and the cost
// learners' (on the J48 port) models give
// class probabilities for Weka's instances that sum to 1, through Fit
// and FitOrdered, and the trees' models are TreeModels whose trees pass
// Validate.
func TestNumericModelsAreValuesDistributors(t *testing.T) {
	d := readNumeric(t, "credit-approval")
	for _, name := range []string{"cart", "randomtree", "randomforest", "c45", "idx", "csid3", "eg2"} {
		l, err := New(Spec{Name: name, Options: map[string]any{}})
		if err != nil {
			t.Fatal(err)
		}
		for _, ordered := range []bool{false, true} {
			var m Model
			if ordered {
				m, err = l.(OrderedLearner).FitOrdered(d, ascending(d.Len()), rand.New(rand.NewPCG(1, 2)))
			} else {
				m, err = l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 2)))
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			vd, ok := m.(ValuesDistributor)
			if !ok {
				t.Fatalf("%s: model %T is no ValuesDistributor", name, m)
			}
			if tm, ok := m.(TreeModel); ok {
				if err := tm.Tree().Validate(); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			} else if name != "randomforest" {
				t.Errorf("%s: model %T is no TreeModel", name, m)
			}
			p := make([]float64, d.Classes())
			var x []float64
			for r := range d.Len() {
				x = d.Values(r, x)
				vd.DistributionValues(x, p)
				if s := p[0] + p[1]; s < 1-1e-9 || s > 1+1e-9 {
					t.Fatalf("%s: row %d: probabilities %v sum to %v", name, r, p, s)
				}
			}
		}
	}
}
