package naive

import (
	"errors"
	"fmt"

	"github.com/dtbench/dtbench/dataset"
)

// checkFit validates the arguments every Fit shares: a dataset and a row set
// sized for it. The learner's name prefixes the error.
func checkFit(name string, d *dataset.Dataset, rows dataset.Bitset) error {
	if d == nil {
		return fmt.Errorf("%s: fit: %w", name, errors.New("nil dataset"))
	}
	if want := len(d.All()); len(rows) != want {
		return fmt.Errorf("%s: fit: row set has %d words, dataset of %d rows needs %d",
			name, len(rows), d.Len(), want)
	}
	return nil
}
