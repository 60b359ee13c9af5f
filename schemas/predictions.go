package schemas

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
	benchmarkPredictionTable = newFlatTable[BenchmarkPrediction](Predictions, "dataset_id", "model_id", "row_id")
	costPredictionTable      = newFlatTable[CostPrediction](Predictions, "dataset_id", "model_id", "row_id")
	oraclePredictionTable    = newFlatTable[OraclePrediction](Predictions, "dataset_id", "model_id", "row_id")
)

// The predictions tables of the three studies, one part per chunk, in task
// order; within a task, learner (config) order, then fold, then row_id.
var (
	BenchmarkPredictionTable = flatCatalog(Predictions, benchmarkPredictionTable, func(r *BenchmarkPrediction) int64 { return r.DatasetID })
	CostPredictionTable      = flatCatalog(Predictions, costPredictionTable, func(r *CostPrediction) int64 { return r.DatasetID })
	OraclePredictionTable    = flatCatalog(Predictions, oraclePredictionTable, func(r *OraclePrediction) int64 { return r.DatasetID })
)

// HoldoutRows is a holdout task's rows of its imported dataset (the cost
// study's split), from generate to evaluate in memory (slot
// HoldoutSource): the imported rows of the split's Train and Test rows,
// in their order (ascending).
type HoldoutRows struct {
	Train, Test []int
}

// HoldoutSource is the memory slot of a task's HoldoutRows.
var HoldoutSource = NewSlot[HoldoutRows]("holdout-rows")
