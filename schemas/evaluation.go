package schemas

// Evaluation is one row of results/evaluations: a learner scored on one
// task's dataset. Pointer fields are nullable columns; each says when it is
// null.
type Evaluation struct {
	DatasetID int64  `parquet:"dataset_id"`
	OracleID  int64  `parquet:"oracle_id"`
	Learner   string `parquet:"learner"`
	ModelID   int64  `parquet:"model_id"` // id of the model's tree in models/
	Features  int32  `parquet:"features"`
	Depth     int32  `parquet:"depth"` // oracle depth k
	Mode      string `parquet:"mode"`  // complete | unique
	Size      int32  `parquet:"size"`  // training rows q
	Rep       int32  `parquet:"rep"`

	DOE        *float64 `parquet:"doe,optional"`         // null for a non-tree learner
	Agreement  *float64 `parquet:"agreement,optional"`   // null for a non-tree learner
	Accuracy   *float64 `parquet:"accuracy,optional"`    // null when there are no test rows
	TreeDepth  *int32   `parquet:"tree_depth,optional"`  // null for a non-tree learner
	TreeLeaves *int32   `parquet:"tree_leaves,optional"` // null for a non-tree learner
	TreeNodes  *int32   `parquet:"tree_nodes,optional"`  // null for a non-tree learner

	AccX    *float64 `parquet:"acc_x,optional"`   // μ of random X on the test rows; null without test rows
	AccV    *float64 `parquet:"acc_v,optional"`   // μ of majority V on the test rows; null without test rows
	AccI    *float64 `parquet:"acc_i,optional"`   // μ of intuitive I on the test rows; null without test rows
	GammaX  *float64 `parquet:"gamma_x,optional"` // γ^X of accuracy; null without test rows
	GammaV  *float64 `parquet:"gamma_v,optional"` // γ^V of accuracy; null without test rows
	GammaI  *float64 `parquet:"gamma_i,optional"` // Γ of accuracy; null without test rows
	Optimal *bool    `parquet:"optimal,optional"` // exact learner proved optimality; null for other learners
}

// Timing is one row of results/timings: wall-clock time of one step. It is
// the only non-deterministic table.
type Timing struct {
	DatasetID int64  `parquet:"dataset_id"`
	Learner   string `parquet:"learner"` // "" for the generate step
	Step      string `parquet:"step"`    // generate | fit | evaluate
	Nanos     int64  `parquet:"nanos"`
}
