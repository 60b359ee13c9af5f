package evaluate

import (
	"fmt"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// Predictions are the test rows whose predictions a task records
// (results/predictions): their row ids and class codes, in the order of
// the Rows they are scored as, and the labels of the data's classes. Every
// fit scored on the rows shares these arrays.
type Predictions struct {
	IDs     []int64  // IDs[i]: row_id of evaluation row i
	Actual  []uint8  // Actual[i]: its class code
	Classes []string // class labels in code order
	Rep     int32
}

// newPredictions returns the Predictions of the rows of set in d, their
// row ids mapped through source (source[r] is row r's id; nil: r itself).
func newPredictions(d *dataset.Dataset, set dataset.Bitset, source []int, rep int) *Predictions {
	rows := set.Rows(nil)
	p := &Predictions{IDs: make([]int64, len(rows)), Actual: make([]uint8, len(rows)), Classes: d.Schema().Class.Values, Rep: int32(rep)}
	for i, r := range rows {
		p.Actual[i] = d.Label(r)
		if source != nil {
			r = source[r]
		}
		p.IDs[i] = int64(r)
	}
	return p
}

// scoreFit scores fit f on rows (rows of d, k classes) as Rows.Score does,
// filling confusion when it is not nil. With a cost model cm it also
// charges every row its tests (a tree: its path, on the walk that
// predicts, as costs.TreeCosts charges it; another model: every test it
// reads) and its cost-matrix entry, adding both to sums row by row, in row
// order, so that sums' totals are the sums of the rows' costs that the
// predictions table holds. With p not nil (rows being p's rows) it
// returns the rows' predictions too; with roc not nil it adds each row's
// actual class and probabilities to roc (for the weighted AUC).
//
// It is the one place a fit meets its test rows: every study scores
// through it.
func scoreFit(f *flow.Fit, rows *Rows, d *dataset.Dataset, k int, cm *costs.Model, sums *CostSum, confusion []int, p *Predictions, roc *ROCRows) (Score, *schemas.PredictionRows, error) {
	var tc *costs.TreeCosts
	perRow := 0.0 // a model that is not a tree reads the same tests on every row
	if cm != nil {
		if f.Tree != nil {
			var err error
			if tc, err = cm.ForTree(f.Tree); err != nil {
				return Score{}, nil, fmt.Errorf("costs of %s's tree: %w", f.Learner, err)
			}
		} else {
			perRow = cm.Performing(testsRead(f.Model, d.NumFeatures()))
		}
	}
	if p != nil && len(p.IDs) != rows.Len() {
		return Score{}, nil, fmt.Errorf("score %s: %d rows, %d row ids", f.Learner, rows.Len(), len(p.IDs))
	}
	out := p.rows(f, k, cm != nil)
	var each RowFunc
	if cm != nil || out != nil {
		each = func(i, predicted int, probs []float64, _ TableRow, charged float64) {
			var errCost float64
			if cm != nil {
				if tc == nil {
					charged = perRow
				}
				errCost = cm.Misclassification(predicted, rows.Label(i))
				sums.Tests += charged
				sums.Errors += errCost
			}
			if out == nil {
				return
			}
			out.Predicted[i] = uint8(predicted)
			own := out.Probabilities[i*k : (i+1)*k]
			if probs == nil {
				own[predicted] = 1 // as the mean absolute error counts it
			} else {
				copy(own, probs)
			}
			if cm != nil {
				out.TestCost[i], out.ErrorCost[i] = charged, errCost
			}
		}
	}
	sc, _ := rows.score(f.Model, tc, k, confusion, each, roc)
	if cm != nil {
		sums.Rows += sc.Total
	}
	return sc, out, nil
}

// rows returns fit f's empty prediction rows over p's rows, nil when p
// is nil.
func (p *Predictions) rows(f *flow.Fit, k int, withCosts bool) *schemas.PredictionRows {
	if p == nil {
		return nil
	}
	n := len(p.IDs)
	model := int64(schemas.NoModel)
	if f.Tree != nil {
		model = f.ModelID
	}
	out := &schemas.PredictionRows{Rep: p.Rep, Fold: int32(f.Fold), ModelID: model, Classes: p.Classes,
		RowIDs: p.IDs, Actual: p.Actual, Predicted: make([]uint8, n), Probabilities: make([]float64, n*k)}
	if withCosts {
		out.TestCost, out.ErrorCost = make([]float64, n), make([]float64, n)
	}
	return out
}
