package evaluate

import (
	"fmt"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// SpacePredictor is a model that has predicted every input of the space:
// Space()[i] is its class for the input of index i (dataset.SpaceIndex
// order), nil when it has not. An external learner that replies with
// predictions only is one when the space is small enough to ask for.
type SpacePredictor interface {
	Space() []uint8
}

// SpaceAgreement returns the share of all Π Z_f inputs on which the
// oracle's class equals space's, the exact agreement of a model known
// only by its predictions. It walks the oracle once per input (2^20
// inputs take a few tens of milliseconds).
func SpaceAgreement(oracle *tree.Tree, space []uint8) (float64, error) {
	n, ok := dataset.SpaceSize(oracle.Domains, len(space))
	if !ok || n != len(space) {
		return 0, fmt.Errorf("agreement: %d predictions for a space of domains %v", len(space), oracle.Domains)
	}
	x := make([]uint8, len(oracle.Domains))
	same := 0
	for i := range space {
		if oracle.Predict(x) == int(space[i]) {
			same++
		}
		dataset.NextInput(oracle.Domains, x)
	}
	return float64(same) / float64(n), nil
}
