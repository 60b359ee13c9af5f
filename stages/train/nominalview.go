package train

import (
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/info"
)

// NominalView makes a learner that needs nominal values take numeric
// features and missing values: on such data it fits l on a nominal view
// of the dataset (dataset.Coding), each numeric feature cut into the bins
// of Fayyad and Irani's MDL on the training rows (info.MDLCutPoints,
// Weka's supervised Discretize with its defaults, so no test row informs
// a cut), and every missing value a value "?" of its own. Its model reads
// an instance through the same coding. On nominal data without missing
// values it is l itself: the same fits, byte for byte. The benchmark
// classifier I takes data this way.
func NominalView(l Learner) Learner { return nominalView{l} }

type nominalView struct{ l Learner }

// Capabilities: any data, through the view.
func (nominalView) Capabilities() Capabilities { return Capabilities{Numeric: true, Missing: true} }

func (v nominalView) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	if !d.HasNumeric() && !d.HasMissing() {
		return v.l.Fit(d, rows, rng)
	}
	coding, err := dataset.NewCoding(d, d.Cuts(rows, info.MDLCutPoints))
	if err != nil {
		return nil, err
	}
	nd, err := coding.Apply(d)
	if err != nil {
		return nil, err
	}
	m, err := v.l.Fit(nd, rows, rng)
	if err != nil {
		return nil, err
	}
	return &viewModel{Model: m, coding: coding}, nil
}

// viewModel is a model fitted on a nominal view: it reads instances
// through the view's coding.
type viewModel struct {
	Model
	coding *dataset.Coding
}

// PredictValues codes x as the view does and predicts from the codes.
func (m *viewModel) PredictValues(x []float64) int {
	return m.Model.Predict(m.coding.Codes(x, make([]uint8, 0, len(x))))
}
