package schemas

// Measures are the measures of one learner on one task: the columns of
// results/evaluations after the task's cell, and the measures the report
// summarises. This struct is their one declaration: adding a measure is a
// field here (a pointer: null where the measure is undefined, which its
// comment says) and its line in README.md; the evaluation and summary
// tables and the report's measure list follow from it.
type Measures struct {
	DOE       *float64 `parquet:"doe,optional"`       // degree of equivalence with the oracle; null for a non-tree learner
	Agreement *float64 `parquet:"agreement,optional"` // share of all inputs where the learned tree and the oracle agree; null for a non-tree learner
	Accuracy  *float64 `parquet:"accuracy,optional"`  // accuracy on the held-out rows (all folds' test rows in the benchmark study); null when there are none
	MAE       *float64 `parquet:"mae,optional"`       // mean absolute error as Weka computes it, mean over rows of (1/K)·Σ_c |p(c) − [c = actual]|; null without held-out rows
	Correct   *int64   `parquet:"correct,optional"`   // held-out rows classified correctly; null without held-out rows
	Total     *int64   `parquet:"total,optional"`     // held-out rows; null without them
	// The measures of Weka's Evaluation (and scikit-learn's metrics) on
	// the same held-out rows, from their confusion matrix (measures.go of
	// package evaluate): null without held-out rows.
	Kappa            *float64 `parquet:"kappa,optional"`             // Cohen's kappa of the confusion matrix
	BalancedAccuracy *float64 `parquet:"balanced_accuracy,optional"` // mean recall over the classes present among the actual rows
	F1Macro          *float64 `parquet:"f1_macro,optional"`          // mean F1 over the classes present among the actual or predicted rows (0 for a class never predicted correctly)
	F1Weighted       *float64 `parquet:"f1_weighted,optional"`       // F1 per class weighted by its actual rows (Weka's weighted F-measure)
	RMSE             *float64 `parquet:"rmse,optional"`              // root mean squared error of the class probabilities, √(mean over rows of (1/K)·Σ_c (p(c) − [c = actual])²), as Weka's
	// AUCWeighted is the area under the ROC curve of each class against
	// the rest (ties counted half), weighted by the class's actual rows,
	// over the classes present (Weka's weighted ROC area); null in the
	// oracle study (its many held-out rows would cost a sort per fit) and
	// without held-out rows of two classes.
	AUCWeighted *float64 `parquet:"auc_weighted,optional"`
	TreeDepth   *int32   `parquet:"tree_depth,optional"`  // depth of the learned tree; null for a non-tree learner
	TreeLeaves  *int32   `parquet:"tree_leaves,optional"` // its leaves; null for a non-tree learner
	TreeNodes   *int32   `parquet:"tree_nodes,optional"`  // its nodes; null for a non-tree learner
	AccX        *float64 `parquet:"acc_x,optional"`       // μ of random X on the held-out rows; null without them
	AccV        *float64 `parquet:"acc_v,optional"`       // μ of majority V on the held-out rows; null without them
	AccI        *float64 `parquet:"acc_i,optional"`       // μ of intuitive I on the held-out rows; null without them
	GammaX      *float64 `parquet:"gamma_x,optional"`     // γ^X of accuracy; null without held-out rows
	GammaV      *float64 `parquet:"gamma_v,optional"`     // γ^V of accuracy; null without held-out rows
	GammaI      *float64 `parquet:"gamma_i,optional"`     // Γ of accuracy; null without held-out rows
	Optimal     *bool    `parquet:"optimal,optional"`     // the learner proved its tree optimal (exact); null for learners that make no such claim
	// The average cost of classifying a held-out row (costs configured):
	// its tests and its cost-matrix entry; null without a cost model.
	AvgCost      *float64 `parquet:"avg_cost,optional"`       // avg_test_cost + avg_error_cost
	AvgTestCost  *float64 `parquet:"avg_test_cost,optional"`  // mean cost of the tests performed (a tree: on the row's path; otherwise every test the learner reads)
	AvgErrorCost *float64 `parquet:"avg_error_cost,optional"` // mean cost-matrix entry (predicted, actual)
}

// Outcome is how a row's fit went: the last columns of every study's
// results/evaluations. Status is StatusOK for a fit that gave a model, or
// names how it failed (only external learners fail without stopping the
// run: their statuses are package external's StatusTimeout, StatusCrashed,
// StatusBadReply and StatusError); null only in files of evaluations
// schema version 3 and older, which had no status (every fit then gave a
// model). Message says what went wrong; null when the status is ok.
type Outcome struct {
	Status  *string `parquet:"status,optional"`
	Message *string `parquet:"message,optional"`
}

// StatusOK is the status of a row whose fit gave a model; the measures
// are its.
const StatusOK = "ok"

// Failed reports whether the row's fit gave no model: a status other than
// ok (a null status, in files of version 3 and older, is a fit that gave
// one).
func (o *Outcome) Failed() bool { return o.Status != nil && *o.Status != StatusOK }

// MeasureColumns lists the measures in column order, with fast access to
// each one's value.
var MeasureColumns = NumericColumns[Measures]()

// OracleEvaluation is one row of results/evaluations in the oracle study:
// a learner scored on one task.
type OracleEvaluation struct {
	DatasetID int64  `parquet:"dataset_id"`
	OracleID  int64  `parquet:"oracle_id"`
	Learner   string `parquet:"learner"`
	ModelID   int64  `parquet:"model_id"` // id of the model's tree in models/
	OracleCell
	Rep int32 `parquet:"rep"`
	Measures
	Outcome
}

// Timing is one row of results/timings: wall-clock time of one step. It is
// the only non-deterministic table.
type Timing struct {
	DatasetID int64  `parquet:"dataset_id"`
	Learner   string `parquet:"learner"` // "" for a stage's own row
	Step      string `parquet:"step"`    // the stage (generate, train, evaluate), or fit for one learner's fit
	Nanos     int64  `parquet:"nanos"`
}
