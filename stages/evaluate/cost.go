package evaluate

import (
	"fmt"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// CostNode is the cost study's evaluate stage: per task, every fit of a
// configured learner scored on the split's test rows under the cell's
// cost model (average cost, its test and error parts, accuracy, MAE and γ
// against X, V and I, tree size), one evaluation row each, in learner
// order. cells are the study's cells, indexed by Task.Cell.
func CostNode(cells []schemas.CostCell) flow.Node {
	return flow.Node{
		Stage:  flow.StageEvaluate,
		Reads:  []schemas.Ref{schemas.Holdouts, schemas.Fits, schemas.TaskCosts},
		Writes: []schemas.Ref{schemas.CostEvaluationTable},
		Run: func(t *flow.Task, b *schemas.Bag) error {
			data := schemas.Holdouts.Get(b)
			if len(data) != 1 {
				return fmt.Errorf("task %d has %d splits, want 1", t.ID, len(data))
			}
			cm := schemas.CostsOf(b)
			if cm == nil {
				return fmt.Errorf("task %d has no cost model", t.ID)
			}
			rows, err := CostTask(cells[t.Cell], t.ID, t.Rep, &data[0], schemas.Fits.Get(b), cm)
			if err != nil {
				return err
			}
			schemas.CostEvaluationTable.Set(b, rows)
			return nil
		},
	}
}

// CostTask returns the evaluation rows of one cost-study task: cell c,
// split rep, its train/test split, its fits and its cost model.
func CostTask(c schemas.CostCell, id int64, rep int, data *schemas.DatasetRecord, fits []schemas.Fit, cm *costs.Model) ([]schemas.CostEvaluation, error) {
	h, err := scoreHeldOut(data, fits, cm)
	if err != nil {
		return nil, err
	}
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
	}
	return out, nil
}
