package generate

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// Cells returns the grid's cells in plan order: depth, then mode (config
// order), then size.
func (o *OracleConfig) Cells() []schemas.OracleCell {
	var out []schemas.OracleCell
	for _, k := range o.Depths {
		for _, m := range o.Modes {
			for _, q := range o.Sizes[m] {
				out = append(out, schemas.OracleCell{Features: int32(o.Features), Depth: int32(k), Mode: string(m), Size: int32(q)})
			}
		}
	}
	return out
}

// Plan returns the oracle study's plan: every cell, o.Repetitions times,
// each task keyed "f<m>/d<k>/<mode>/q<q>/r<rep>".
func (o *OracleConfig) Plan(seed uint64) flow.Plan {
	cells := o.Cells()
	keys := make([]string, len(cells))
	for i, c := range cells {
		keys[i] = cellKey(int(c.Features), int(c.Depth), Mode(c.Mode), int(c.Size))
	}
	return flow.Plan{Cells: keys, Reps: o.Repetitions, Seed: seed}
}

// OracleNode is the oracle study's generate stage: per task, the oracle
// and the dataset drawn from it (Draw).
func OracleNode(o *OracleConfig) flow.Node {
	cells := o.Cells()
	return flow.Node{
		Stage:  flow.StageGenerate,
		Writes: []schemas.Ref{schemas.OracleTable, schemas.DatasetTable},
		Run: func(t *flow.Task, b *schemas.Bag) error {
			oracle, data, err := o.Draw(cells[t.Cell], t.ID, t.Rand())
			if err != nil {
				return err
			}
			schemas.OracleTable.Put(b, oracle)
			schemas.DatasetTable.Put(b, data)
			return nil
		},
	}
}

// Draw draws the task id of cell c: its oracle, its training set (with
// label noise) and its held-out test set, in that order, from rng. The
// oracle's and the dataset's ids are the task's.
func (o *OracleConfig) Draw(c schemas.OracleCell, id int64, rng *rand.Rand) (schemas.TreeRecord, schemas.DatasetRecord, error) {
	spec := o.Spec(int(c.Depth))
	oracle, err := Oracle(spec, rng)
	if err != nil {
		return schemas.TreeRecord{}, schemas.DatasetRecord{}, err
	}
	schema := Schema(spec)
	train, err := Mode(c.Mode).Sample(oracle, schema, int(c.Size), rng)
	if err != nil {
		return schemas.TreeRecord{}, schemas.DatasetRecord{}, fmt.Errorf("sample %s: %w", c.Mode, err)
	}
	train = AddNoise(train, o.Noise, rng)
	rec := schemas.DatasetRecord{DatasetID: id, OracleID: id, Mode: c.Mode, Train: train.Data, TrainRules: train.Rules}
	if o.TestSize > 0 {
		test, err := Complete(oracle, schema, o.TestSize, rng)
		if err != nil {
			return schemas.TreeRecord{}, schemas.DatasetRecord{}, fmt.Errorf("sample test rows: %w", err)
		}
		rec.Test, rec.TestRules = test.Data, test.Rules
	}
	return schemas.TreeRecord{ID: id, Tree: oracle}, rec, nil
}
