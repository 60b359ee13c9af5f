package schemas

// CostCell is one cell of the cost study: a dataset and the
// misclassification cost k of its matrix (0 on the diagonal, k elsewhere);
// k = 0 means the matrix of the dataset's costs section.
type CostCell struct {
	Dataset           string  `parquet:"dataset"`
	Misclassification float64 `parquet:"misclassification"`
}

// CostEvaluation is one row of results/evaluations in the cost study: a
// learner trained on one random training split of a dataset and scored on
// the rest, with the cell's cost model.
type CostEvaluation struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	ModelID   int64  `parquet:"model_id"` // the model's tree_id in models/; -1 for a learner without a tree
	CostCell
	Rep int32 `parquet:"rep"` // the split
	Measures
	Outcome
}

// CostSummary is one row of report/summary in the cost study: one measure
// of one learner in one cell, over the cell's splits.
type CostSummary struct {
	Learner string `parquet:"learner"`
	CostCell
	Measure string `parquet:"measure"`
	Count   int64  `parquet:"count"`
	Failed  *int64 `parquet:"failed,optional"` // rows whose fit gave no model; null in files of version 2
	Stat
}
