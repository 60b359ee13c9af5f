package evaluate

import (
	"fmt"
	"math"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// OracleNode is the oracle study's evaluate stage: per task, every fit of
// a configured learner is scored against the task's oracle (DOE,
// agreement, tree size) and on its held-out rows (accuracy, and γ against
// the benchmark classifiers X, V and I), one evaluation row each, in
// learner order; with predictions, every held-out row's prediction too
// (results/predictions, config outputs.predictions). cells are the study's
// cells, indexed by Task.Cell.
func OracleNode(cells []schemas.OracleCell, predictions, auc bool) flow.Node {
	writes := []schemas.Ref{schemas.EvaluationTable}
	if predictions {
		writes = append(writes, schemas.OraclePredictionTable)
	}
	return flow.Node{
		Stage:  flow.StageEvaluate,
		Reads:  []schemas.Ref{schemas.OracleTable, schemas.DatasetTable, flow.Fits, flow.TaskCosts},
		Writes: writes,
		Run: func(t *flow.Task, b *schemas.Bag) error {
			oracles, data := schemas.OracleTable.Get(b), schemas.DatasetTable.Get(b)
			if len(oracles) != 1 || len(data) != 1 {
				return fmt.Errorf("task %d has %d oracles and %d datasets, want 1 each", t.ID, len(oracles), len(data))
			}
			rows, preds, err := OracleTask(cells[t.Cell], t.ID, t.Rep, &oracles[0], &data[0], flow.Fits.Get(b), flow.CostsOf(b), predictions, auc)
			if err != nil {
				return err
			}
			schemas.EvaluationTable.Set(b, rows)
			if predictions {
				schemas.OraclePredictionTable.Set(b, preds)
			}
			return nil
		},
	}
}

// OracleTask returns the evaluation rows of one oracle-study task: cell c,
// repetition rep, its oracle and dataset, its fits and its cost model (nil
// for none: no cost measures); with predictions, its held-out rows'
// predictions too (row_id: the row of split test), in learner order.
func OracleTask(c schemas.OracleCell, id int64, rep int, oracle *schemas.TreeRecord, data *schemas.DatasetRecord, fits []flow.Fit, cm *costs.Model, predictions, auc bool) ([]schemas.OracleEvaluation, []schemas.PredictionBlock[schemas.OraclePrediction], error) {
	h, err := scoreHeldOut(data, fits, cm, predictions, nil, rep, auc)
	if err != nil {
		return nil, nil, err
	}
	var preds []schemas.PredictionBlock[schemas.OraclePrediction]
	out := make([]schemas.OracleEvaluation, 0, len(fits))
	for i := range fits {
		f := &fits[i]
		if f.Extra {
			continue
		}
		e := schemas.OracleEvaluation{
			DatasetID: id, OracleID: oracle.ID, Learner: f.Learner, ModelID: f.ModelID,
			OracleCell: c, Rep: int32(rep), Measures: schemas.Measures{Optimal: f.Optimal}, Outcome: f.Outcome(),
		}
		if f.Failed() {
			out = append(out, e) // no model: every measure null
			continue
		}
		if sp, ok := f.Model.(SpacePredictor); ok && f.Tree == nil && sp.Space() != nil {
			agr, err := SpaceAgreement(oracle.Tree, sp.Space())
			if err != nil {
				return nil, nil, fmt.Errorf("evaluate %s: %w", f.Learner, err)
			}
			e.Agreement = &agr
		}
		if lt := f.Tree; lt != nil {
			eq, err := Compare(oracle.Tree, lt)
			if err != nil {
				return nil, nil, fmt.Errorf("evaluate %s: %w", f.Learner, err)
			}
			doe, agr := eq.DOE(), eq.Agreement
			depth, leaves, nodes := int32(lt.Depth()), int32(lt.Leaves()), int32(lt.Len())
			e.DOE, e.Agreement = &doe, &agr
			e.TreeDepth, e.TreeLeaves, e.TreeNodes = &depth, &leaves, &nodes
		}
		h.measures(i, &e.Measures)
		out = append(out, e)
		if p := h.preds[i]; p != nil {
			preds = append(preds, schemas.PredictionBlock[schemas.OraclePrediction]{
				Head: schemas.OraclePrediction{DatasetID: id, Learner: f.Learner, OracleCell: c}, PredictionRows: *p})
		}
	}
	return out, preds, nil
}

// heldOut is how a task's fits did on its held-out rows.
type heldOut struct {
	k        int // classes
	scores   []Score
	conf     [][]int    // per fit, its k×k confusion matrix (row actual)
	roc      []*ROCRows // per fit, its rows' probabilities; nil unless asked for
	accuracy []float64
	costs    []CostSum
	preds    []*schemas.PredictionRows // per fit, with predictions
	bench    *benchmarks               // nil without held-out rows
}

// scoreHeldOut scores every fit on the task's held-out rows (none when it
// has none), with its costs under cm when cm is not nil. With predictions
// it records every configured fit's predictions (in h.preds), held-out row
// r's row_id being source[r] (r itself when source is nil). With auc it
// keeps every fit's class probabilities for its weighted AUC (ROCRows; a
// tree's rows as its leaves).
func scoreHeldOut(data *schemas.DatasetRecord, fits []flow.Fit, cm *costs.Model, predictions bool, source []int, rep int, auc bool) (*heldOut, error) {
	h := &heldOut{scores: make([]Score, len(fits)), accuracy: make([]float64, len(fits)), costs: make([]CostSum, len(fits)),
		preds: make([]*schemas.PredictionRows, len(fits)), conf: make([][]int, len(fits))}
	if auc {
		h.roc = make([]*ROCRows, len(fits))
	}
	var test *Rows
	if data.Test != nil && data.Test.Len() > 0 {
		all := data.Test.All()
		test = NewRows(data.Test, all)
		k := data.Test.Classes()
		h.k = k
		var p *Predictions
		if predictions {
			p = newPredictions(data.Test, all, source, rep)
		}
		for i := range fits {
			f := &fits[i]
			if f.Failed() {
				continue // no model, no scores; its row has null measures
			}
			fp := p
			if f.Extra {
				fp = nil
			}
			var err error
			h.conf[i] = make([]int, k*k)
			var roc *ROCRows
			if h.roc != nil {
				roc = &ROCRows{K: k}
				roc.Reserve(test.Len())
				h.roc[i] = roc
			}
			if h.scores[i], h.preds[i], err = scoreFit(f, test, data.Test, k, cm, &h.costs[i], h.conf[i], fp, roc); err != nil {
				return nil, err
			}
			h.accuracy[i] = h.scores[i].Accuracy()
		}
	}
	h.bench = benchmarkAccuracies(data, test, fits, h.accuracy)
	return h, nil
}

// measures sets fit i's held-out measures in e: accuracy, MAE, the
// benchmarks' accuracies and the γ against them, and its costs; none
// without held-out rows.
func (h *heldOut) measures(i int, e *schemas.Measures) {
	if h.bench == nil {
		return
	}
	acc, mae := h.accuracy[i], h.scores[i].MAE()
	correct, total := int64(h.scores[i].Correct), int64(h.scores[i].Total)
	b := *h.bench
	gx, gv, gi := Gamma(acc, b.x), Gamma(acc, b.v), Gamma(acc, b.i)
	e.Accuracy, e.MAE, e.Correct, e.Total = &acc, &mae, &correct, &total
	e.AccX, e.AccV, e.AccI = &b.x, &b.v, &b.i
	e.GammaX, e.GammaV, e.GammaI = &gx, &gv, &gi
	ClassMeasures(h.conf[i], h.k, h.scores[i], e)
	if h.roc != nil && h.roc[i] != nil {
		if auc := h.roc[i].WeightedAUC(); !math.IsNaN(auc) {
			e.AUCWeighted = &auc
		}
	}
	h.costs[i].Measures(e)
}

// benchmarks are the accuracies of the benchmark classifiers X, V and I
// trained on a task's training rows, on its held-out rows.
type benchmarks struct{ x, v, i float64 }

// benchmarkAccuracies computes μ_X analytically from the training priors
// and the test class counts, μ_V as the test share of the training
// majority, and μ_I as the accuracy of the fit marked Intuitive (NaN
// without one). It returns nil when the task has no held-out rows.
func benchmarkAccuracies(data *schemas.DatasetRecord, test *Rows, fits []flow.Fit, accuracy []float64) *benchmarks {
	if test == nil {
		return nil
	}
	train, held := data.Train, data.Test
	trainCounts, testCounts := train.ClassCounts(train.All()), held.ClassCounts(held.All())
	b := &benchmarks{
		x: RandomAccuracy(trainCounts, testCounts),
		v: MajorityAccuracy(trainCounts, testCounts),
		i: math.NaN(),
	}
	for k := range fits {
		if fits[k].Intuitive {
			b.i = accuracy[k]
		}
	}
	return b
}
