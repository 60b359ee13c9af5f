package evaluate

import (
	"fmt"
	"math"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// CostNode is the cost study's evaluate stage: per task, every fit of a
// configured learner scored on the split's test rows under the cell's
// cost model (average cost, its test and error parts, accuracy, MAE and γ
// against X, V and I, tree size), one evaluation row each, in learner
// order; with predictions, every test row's prediction and costs too
// (results/predictions); with icet (a configured learner is ICET), what
// each ICET fit learned (results/icet, ICETChoices). cells are the
// study's cells, indexed by Task.Cell.
func CostNode(cells []schemas.CostCell, predictions, icet bool) flow.Node {
	writes := []schemas.Ref{schemas.CostEvaluationTable}
	if predictions {
		writes = append(writes, schemas.CostPredictionTable)
	}
	if icet {
		writes = append(writes, schemas.ICETTable)
	}
	return flow.Node{
		Stage:  flow.StageEvaluate,
		Reads:  []schemas.Ref{flow.Holdouts, flow.HoldoutSource, flow.Fits, flow.TaskCosts},
		Writes: writes,
		Run: func(t *flow.Task, b *schemas.Bag) error {
			data, source := flow.Holdouts.Get(b), flow.HoldoutSource.Get(b)
			if len(data) != 1 || len(source) != 1 {
				return fmt.Errorf("task %d has %d splits and %d row sets, want 1 each", t.ID, len(data), len(source))
			}
			cm := flow.CostsOf(b)
			if cm == nil {
				return fmt.Errorf("task %d has no cost model", t.ID)
			}
			rows, preds, err := CostTask(cells[t.Cell], t.ID, t.Rep, &data[0], source[0].Test, flow.Fits.Get(b), cm, predictions)
			if err != nil {
				return err
			}
			schemas.CostEvaluationTable.Set(b, rows)
			if predictions {
				schemas.CostPredictionTable.Set(b, preds)
			}
			if icet {
				schemas.ICETTable.Set(b, ICETChoices(cells[t.Cell], t.ID, t.Rep, data[0].Train.Schema(), flow.Fits.Get(b), cm))
			}
			return nil
		},
	}
}

// CostTask returns the evaluation rows of one cost-study task: cell c,
// split rep, its train/test split, its fits and its cost model; with
// predictions, its test rows' predictions too, in learner order, each
// row_id tests[r] for test row r (the imported dataset's rows).
func CostTask(c schemas.CostCell, id int64, rep int, data *schemas.DatasetRecord, tests []int, fits []flow.Fit, cm *costs.Model, predictions bool) ([]schemas.CostEvaluation, []schemas.PredictionBlock[schemas.CostPrediction], error) {
	if data.Test != nil && len(tests) != data.Test.Len() {
		return nil, nil, fmt.Errorf("task %d: %d test rows, %d row ids", id, data.Test.Len(), len(tests))
	}
	h, err := scoreHeldOut(data, fits, cm, predictions, tests, rep, true)
	if err != nil {
		return nil, nil, err
	}
	var preds []schemas.PredictionBlock[schemas.CostPrediction]
	out := make([]schemas.CostEvaluation, 0, len(fits))
	for i := range fits {
		f := &fits[i]
		if f.Extra {
			continue
		}
		e := schemas.CostEvaluation{DatasetID: id, Learner: f.Learner, ModelID: -1, CostCell: c, Rep: int32(rep), Outcome: f.Outcome()}
		if f.Failed() {
			out = append(out, e) // no model: every measure null
			continue
		}
		if lt := f.Tree; lt != nil {
			e.ModelID = f.ModelID
			depth, leaves, nodes := int32(lt.Depth()), int32(lt.Leaves()), int32(lt.Len())
			e.TreeDepth, e.TreeLeaves, e.TreeNodes = &depth, &leaves, &nodes
		}
		h.measures(i, &e.Measures)
		out = append(out, e)
		if p := h.preds[i]; p != nil {
			preds = append(preds, schemas.PredictionBlock[schemas.CostPrediction]{
				Head: schemas.CostPrediction{DatasetID: id, Learner: f.Learner, CostCell: c}, PredictionRows: *p})
		}
	}
	return out, preds, nil
}

// ICETChoices returns what the ICET fits among fits learned, one row per
// test (schema's features) of each, in learner order: the individual
// whose tree the fit kept, beside each test's real full cost in cm.
func ICETChoices(c schemas.CostCell, id int64, rep int, schema dataset.Schema, fits []flow.Fit, cm *costs.Model) []schemas.ICETRow {
	var out []schemas.ICETRow
	for i := range fits {
		f := &fits[i]
		im, ok := f.Model.(*train.ICETModel)
		if f.Extra || f.Failed() || !ok {
			continue
		}
		var fitness *float64
		if !math.IsNaN(im.Fitness) {
			fitness = &im.Fitness
		}
		for t, bias := range im.Biases {
			out = append(out, schemas.ICETRow{DatasetID: id, Learner: f.Learner, ModelID: f.ModelID, CostCell: c, Rep: int32(rep),
				Test: schema.Features[t].Name, Bias: bias, FullCost: cm.Full(t), Omega: im.Omega, Confidence: im.Confidence,
				Fitness: fitness, Trials: int32(im.Trials), Seeded: im.Seeded})
		}
	}
	return out
}
