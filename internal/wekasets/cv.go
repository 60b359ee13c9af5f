package wekasets

import (
	"fmt"
	"math"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
)

// Distributor is a fitted model that gives class probabilities for an
// instance written as Weka writes one (dataset.Dataset.Values).
type Distributor interface {
	DistributionValues(x []float64, dst []float64)
}

// Fitter trains a model on the listed rows of d, in that order (Weka's
// order of the fold's training rows).
type Fitter func(d *dataset.Dataset, order []int) (Distributor, error)

// Result is what Weka's Evaluation prints of a cross-validation.
type Result struct {
	Correct int     // rows whose most probable class (ties to the lowest) is theirs
	MAE     float64 // mean over rows of Σ_c |p_c − [c = class]| / K
}

// CrossValidate runs a k-fold cross-validation of fit on d with Weka's
// folds for seed (cv.Weka), as Evaluation.crossValidateModel does.
func CrossValidate(d *dataset.Dataset, k int, seed int64, fit Fitter) (Result, error) {
	folds := cv.Weka(d.Labels(), k, seed)
	nc := d.Classes()
	dist := make([]float64, nc)
	var x []float64
	var res Result
	sumAbs := 0.0
	for fold := range k {
		m, err := fit(d, folds.TrainOrder[fold])
		if err != nil {
			return Result{}, fmt.Errorf("fold %d: %w", fold, err)
		}
		for r, of := range folds.Of {
			if of != fold {
				continue
			}
			x = d.Values(r, x)
			m.DistributionValues(x, dist)
			y := int(d.Label(r))
			if dataset.ArgMax(dist) == y {
				res.Correct++
			}
			e := 0.0
			for c, p := range dist {
				if c == y {
					p--
				}
				e += math.Abs(p)
			}
			sumAbs += e / float64(nc)
		}
	}
	res.MAE = sumAbs / float64(d.Len())
	return res, nil
}
