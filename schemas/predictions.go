package schemas

import (
	"context"
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas/internal/pq"
)

// Predictions is the table of every test row's prediction: which rows
// trained and tested a result, and what the learner said on each, so that
// any evaluation row can be recomputed, and replayed elsewhere, from its
// rows. It follows OpenML's run predictions (repeat, fold, row_id,
// prediction, confidence per class), with the task's keys in front so
// that it joins results/evaluations on (dataset_id, learner).
const Predictions = "results/predictions"

// Prediction is the part of a predictions row that every study shares,
// after the task's keys: one test row of one learner's model.
//
// The class probabilities are two parallel lists, Classes (the dataset's
// class labels in code order) and Probabilities (the model's probability
// of each): every row describes itself, datasets with different classes
// share the table, and one UNNEST (DuckDB) or explode (polars, pandas)
// of both lists gives the long form, one row per class.
type Prediction struct {
	Rep  int32 `parquet:"rep"`
	Fold int32 `parquet:"fold"` // the cross-validation fold (benchmark); NoFold for a task's single train/test split
	// ModelID is the tree that classified the row: its tree_id in
	// models/; -1 for a learner without a tree.
	ModelID int64 `parquet:"model_id"`
	// RowID is the row in the data the user has: the imported dataset's
	// row (datasets/imported/<dataset>.parquet's row), or for the oracle
	// study the test row (datasets/' row in split test).
	RowID     int64  `parquet:"row_id"`
	Actual    string `parquet:"actual"`    // the row's class label
	Predicted string `parquet:"predicted"` // the label the model gave
	// Classes are the dataset's class labels in code order, the order of
	// Probabilities. Rows of one dataset share one slice.
	Classes []string `parquet:"classes,list"`
	// Probabilities are the model's p(c | row), as the evaluation scored
	// them (mae): a model that gives none has 1 on its prediction.
	Probabilities []float64 `parquet:"probabilities,list"`
	// TestCost is the cost of the tests the model performed on the row
	// and ErrorCost its cost-matrix entry (predicted, actual); both null
	// without a cost model. Their means over a (task, learner)'s rows,
	// summed in table order, are its avg_test_cost and avg_error_cost.
	TestCost  *float64 `parquet:"test_cost,optional"`
	ErrorCost *float64 `parquet:"error_cost,optional"`
}

// NoModel is the model_id of a prediction by a learner without a tree.
const NoModel = -1

// BenchmarkPrediction is a row of results/predictions in the benchmark
// study: a test row of one fold of a task's cross-validation.
type BenchmarkPrediction struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	BenchmarkCell
	Prediction
}

// CostPrediction is a row of results/predictions in the cost study: a
// test row of a task's split.
type CostPrediction struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	CostCell
	Prediction
}

// OraclePrediction is a row of results/predictions in the oracle study
// (outputs.predictions): a held-out row of a task.
type OraclePrediction struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	OracleCell
	Prediction
}

var (
	benchmarkPredictionTable = newFlatTable[BenchmarkPrediction](Predictions)
	costPredictionTable      = newFlatTable[CostPrediction](Predictions)
	oraclePredictionTable    = newFlatTable[OraclePrediction](Predictions)
)

// The predictions tables of the three studies, one part per chunk, in task
// order; within a task, learner (config) order, then fold, then row. Their
// records are PredictionBlocks: a fit's predictions column by column, the
// keys once, which is what the rows cost in memory until their chunk is
// written (about 17 bytes a row with two classes, 33 with costs, where
// rows would take over 200).
var (
	BenchmarkPredictionTable = predictionCatalog(benchmarkPredictionTable,
		func(r *BenchmarkPrediction) *Prediction { return &r.Prediction }, func(r *BenchmarkPrediction) (int64, string) { return r.DatasetID, r.Learner })
	CostPredictionTable = predictionCatalog(costPredictionTable,
		func(r *CostPrediction) *Prediction { return &r.Prediction }, func(r *CostPrediction) (int64, string) { return r.DatasetID, r.Learner })
	OraclePredictionTable = predictionCatalog(oraclePredictionTable,
		func(r *OraclePrediction) *Prediction { return &r.Prediction }, func(r *OraclePrediction) (int64, string) { return r.DatasetID, r.Learner })
)

// PredictionRows are one fit's predictions on its test rows, column by
// column: the rows of results/predictions of one (task, learner, fold)
// without their keys.
type PredictionRows struct {
	Rep, Fold int32
	ModelID   int64
	Classes   []string // class labels in code order
	RowIDs    []int64  // one per row
	// Actual and Predicted are class codes (indexes into Classes), one
	// per row; rows may share Actual (the same test rows).
	Actual, Predicted []uint8
	// Probabilities holds len(Classes) values per row, row after row.
	Probabilities []float64
	// TestCost and ErrorCost hold one value per row; both nil without a
	// cost model.
	TestCost, ErrorCost []float64
}

// Len returns the number of rows.
func (p *PredictionRows) Len() int { return len(p.RowIDs) }

// check reports what makes p inconsistent, nil when nothing does.
func (p *PredictionRows) check() error {
	n, k := p.Len(), len(p.Classes)
	switch {
	case len(p.Actual) != n || len(p.Predicted) != n:
		return fmt.Errorf("%d rows, %d actual and %d predicted classes", n, len(p.Actual), len(p.Predicted))
	case len(p.Probabilities) != n*k:
		return fmt.Errorf("%d rows of %d classes, %d probabilities", n, k, len(p.Probabilities))
	case (p.TestCost == nil) != (p.ErrorCost == nil) || (p.TestCost != nil && (len(p.TestCost) != n || len(p.ErrorCost) != n)):
		return fmt.Errorf("%d rows, %d test and %d error costs", n, len(p.TestCost), len(p.ErrorCost))
	}
	for i := range n {
		if int(p.Actual[i]) >= k || int(p.Predicted[i]) >= k {
			return fmt.Errorf("row %d: class codes %d and %d of %d classes", i, p.Actual[i], p.Predicted[i], k)
		}
	}
	return nil
}

// row sets dst to row i; its lists and costs point into p.
func (p *PredictionRows) row(i int, dst *Prediction) {
	k := len(p.Classes)
	*dst = Prediction{Rep: p.Rep, Fold: p.Fold, ModelID: p.ModelID, RowID: p.RowIDs[i],
		Actual: p.Classes[p.Actual[i]], Predicted: p.Classes[p.Predicted[i]], Classes: p.Classes,
		Probabilities: p.Probabilities[i*k : (i+1)*k : (i+1)*k]}
	if p.TestCost != nil {
		dst.TestCost, dst.ErrorCost = &p.TestCost[i], &p.ErrorCost[i]
	}
}

// PredictionBlock is the record of a predictions table: the rows of one
// fit, whose key columns (dataset_id, learner, the cell) are Head's (its
// Prediction part is unused).
type PredictionBlock[R any] struct {
	Head R
	PredictionRows
}

// predictionTable writes blocks as the rows of a flat table, one row group
// at a time, and reads rows back into blocks.
type predictionTable[R any] struct {
	flat *flatTable[R]
	pred func(*R) *Prediction
	key  func(*R) (int64, string) // dataset_id and learner
}

// predictionCatalog declares a per-chunk predictions table of the catalog.
func predictionCatalog[R any](flat *flatTable[R], pred func(*R) *Prediction, key func(*R) (int64, string)) *Table[PredictionBlock[R]] {
	t := &predictionTable[R]{flat: flat, pred: pred, key: key}
	return &Table[PredictionBlock[R]]{Slot: Slot[PredictionBlock[R]]{Predictions},
		taskOf: func(b *PredictionBlock[R]) int64 { id, _ := key(&b.Head); return id }, write: t.write, read: t.read}
}

// write writes the blocks' rows to path in order, materialising one row
// group of rows at a time; ctx stops it (see writeFile).
func (t *predictionTable[R]) write(ctx context.Context, path string, blocks []PredictionBlock[R], opts ...WriteOption) (FileInfo, error) {
	total := 0
	for i := range blocks {
		if err := blocks[i].check(); err != nil {
			return FileInfo{}, fmt.Errorf("write %s: block %d: %w", path, i, err)
		}
		total += blocks[i].Len()
	}
	return t.flat.file().write(ctx, path, int64(total), opts, func(pw *pq.Writer) error {
		group := make([]R, 0, min(total, pw.GroupRows()))
		flush := func() error {
			err := t.flat.rows.WriteGroup(pw, group)
			group = group[:0]
			return err
		}
		for i := range blocks {
			b := &blocks[i]
			for r := range b.Len() {
				group = append(group, b.Head)
				b.row(r, t.pred(&group[len(group)-1]))
				if len(group) == pw.GroupRows() {
					if err := flush(); err != nil {
						return err
					}
				}
			}
		}
		if len(group) > 0 {
			return flush()
		}
		return nil
	})
}

// read reads a file's rows into blocks: consecutive rows of one task,
// learner, fold, repetition and model, with the same classes and costs
// null or not, make one block.
func (t *predictionTable[R]) read(path string) ([]PredictionBlock[R], error) {
	rows, err := readFlat(path, t.flat)
	if err != nil {
		return nil, err
	}
	var out []PredictionBlock[R]
	for i := range rows {
		p := t.pred(&rows[i])
		if n := len(out); n == 0 || !t.extends(&out[n-1], &rows[i]) {
			b := PredictionBlock[R]{Head: rows[i], PredictionRows: PredictionRows{Rep: p.Rep, Fold: p.Fold, ModelID: p.ModelID, Classes: p.Classes}}
			*t.pred(&b.Head) = Prediction{}
			if p.TestCost != nil {
				b.TestCost, b.ErrorCost = []float64{}, []float64{}
			}
			out = append(out, b)
		}
		b := &out[len(out)-1]
		actual, predicted := slices.Index(b.Classes, p.Actual), slices.Index(b.Classes, p.Predicted)
		if actual < 0 || predicted < 0 || len(p.Probabilities) != len(b.Classes) {
			return nil, input.Filef(path, 0, "row %d: actual %q, predicted %q and %d probabilities for classes %q", i, p.Actual, p.Predicted, len(p.Probabilities), b.Classes)
		}
		b.RowIDs = append(b.RowIDs, p.RowID)
		b.Actual, b.Predicted = append(b.Actual, uint8(actual)), append(b.Predicted, uint8(predicted))
		b.Probabilities = append(b.Probabilities, p.Probabilities...)
		if p.TestCost != nil {
			b.TestCost, b.ErrorCost = append(b.TestCost, *p.TestCost), append(b.ErrorCost, *p.ErrorCost)
		}
	}
	return out, nil
}

// extends reports whether row r belongs to block b.
func (t *predictionTable[R]) extends(b *PredictionBlock[R], r *R) bool {
	id, learner := t.key(r)
	bid, blearner := t.key(&b.Head)
	p := t.pred(r)
	return id == bid && learner == blearner && p.Rep == b.Rep && p.Fold == b.Fold && p.ModelID == b.ModelID &&
		slices.Equal(p.Classes, b.Classes) && (p.TestCost == nil) == (b.TestCost == nil)
}

// PredictionBytes is the memory one prediction takes until its chunk is
// written, in a PredictionRows of classes classes: its predicted class
// code and probabilities, its two costs when costed, and the row id and
// actual class its fold's learners share (counted whole for each). Writing
// a part adds one row group of rows, a fixed RowGroupRows × ~200 bytes.
func PredictionBytes(classes int, costed bool) float64 {
	n := 1 + 8*classes + 8 + 1
	if costed {
		n += 16
	}
	return float64(n)
}

// PredictionDiskBytes bounds the bytes a predictions row takes on disk:
// 3.0 to 3.4 were measured on the quick grid, configs/benchmark-small.yaml
// and configs/cost-turney.yaml (zstd over the repeated keys and leaf
// distributions); five times that leaves room for probabilities that
// repeat less.
const PredictionDiskBytes = 16
