package naive

import (
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
)

// Majority is the benchmark classifier V of the entropy paper (equation 6):
// it always predicts the most frequent training class, ties to the lowest
// class code. Its accuracy on an evaluation set is the share of rows in that
// class (equation 12 when the sets agree).
type Majority struct{}

// MajorityModel is a fitted majority classifier V.
type MajorityModel struct{ class int }

// Fit finds the majority class of rows (class 0 when rows is empty). rng is
// unused.
func (Majority) Fit(d *dataset.Dataset, rows dataset.Bitset, _ *rand.Rand) (*MajorityModel, error) {
	if err := checkFit("majority", d, rows); err != nil {
		return nil, err
	}
	return &MajorityModel{class: d.Majority(rows)}, nil
}

// Predict returns the training majority class whatever x is.
func (m *MajorityModel) Predict([]uint8) int { return m.class }

// Capabilities: V reads no feature, so it takes numeric features and
// missing values as they are.
func (Majority) Capabilities() dataset.Capabilities {
	return dataset.Capabilities{Numeric: true, Missing: true}
}

// PredictValues returns the majority class, whatever the instance.
func (m *MajorityModel) PredictValues([]float64) int { return m.class }

// Class returns the class the model always predicts.
func (m *MajorityModel) Class() int { return m.class }

// TestsRead reports that the majority classifier reads no feature: it
// performs no test (evaluate.TestReader).
func (m *MajorityModel) TestsRead(features int) []bool { return make([]bool, features) }
