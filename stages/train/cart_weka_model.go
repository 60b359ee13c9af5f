package train

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
)

// cartWekaModel is the model of a CART fit by the SimpleCart port: its
// class probabilities are SimpleCart's distributionForInstance.
type cartWekaModel struct {
	root    *scNode
	numeric []bool // per feature
	k       int
}

var _ ValuesDistributor = (*cartWekaModel)(nil)

func newCARTWekaModel(d *dataset.Dataset, root *scNode) *cartWekaModel {
	m := &cartWekaModel{root: root, numeric: make([]bool, d.NumFeatures()), k: d.Classes()}
	for f := range m.numeric {
		m.numeric[f] = d.IsNumeric(f)
	}
	return m
}

// IsNumeric reports whether feature f is numeric.
func (m *cartWekaModel) IsNumeric(f int) bool { return m.numeric[f] }

// DistributionValues writes SimpleCart's class probabilities for x.
func (m *cartWekaModel) DistributionValues(x []float64, dst []float64) {
	clear(dst)
	m.root.distribution(m, x, 1, dst)
}

// PredictValues returns the first class of largest probability.
func (m *cartWekaModel) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	p := buf[:m.k]
	m.DistributionValues(x, p)
	return dataset.ArgMax(p)
}

// Predict classifies a row of nominal codes (dataset.MissingCode missing).
func (m *cartWekaModel) Predict(x []uint8) int {
	var buf [dataset.MaxValues]float64
	v := buf[:len(x)]
	for f, c := range x {
		v[f] = float64(c)
		if c == dataset.MissingCode {
			v[f] = math.NaN()
		}
	}
	return m.PredictValues(v)
}
