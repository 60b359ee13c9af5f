package schemas

import (
	"github.com/dtbench/dtbench/schemas/fitstatus"
	"github.com/dtbench/dtbench/tree"
)

// Predictor classifies an input (x[f] = code of feature f). Every learned
// model is one.
type Predictor interface {
	Predict(x []uint8) int
}

// Fit is one learner's model for one task, as train hands it to evaluate
// in memory (slot Fits). It is never stored as such: a tree model's tree
// is in models/, and the staged evaluate rebuilds the others by fitting
// them again (train's Reload), which is deterministic.
type Fit struct {
	Learner string    // registered learner name
	ModelID int64     // evaluations.model_id and, for a tree, models.tree_id
	Fold    int       // the cross-validation fold whose training rows it was fitted on; NoFold for all of them
	Model   Predictor // the fitted model
	Tree    *tree.Tree
	// Optimal is the learner's claim that its tree is optimal (true) or
	// that its time budget ran out first (false); nil when it makes none.
	Optimal *bool
	// Intuitive marks the intuitive classifier I, the benchmark of Γ.
	Intuitive bool
	// Extra marks a fit made only as a benchmark (I, when it is not a
	// configured learner or does not run on the task): it gets no
	// evaluation row and no model row.
	Extra bool
	// Status is "" (StatusOK) for a fit that gave a model, or how it
	// failed (an external learner's timeout, crash, bad reply or error),
	// with Message saying more; a failed fit has no Model and no Tree.
	Status  string
	Message string
}

// The values of the status column of results/evaluations: how the fit of
// the row's learner went (package fitstatus holds them). Only external
// learners fail without stopping the run; every other row is ok.
const (
	StatusOK       = fitstatus.OK
	StatusTimeout  = fitstatus.Timeout
	StatusCrashed  = fitstatus.Crashed
	StatusBadReply = fitstatus.BadReply
	StatusError    = fitstatus.Error
)

// Failed reports whether the fit gave no model.
func (f *Fit) Failed() bool { return f.Status != "" && f.Status != StatusOK }

// Outcome returns the status and message columns of the fit's evaluation
// row: "ok" and null, or the failure and its message.
func (f *Fit) Outcome() Outcome {
	if !f.Failed() {
		s := StatusOK
		return Outcome{Status: &s}
	}
	s, m := f.Status, f.Message
	return Outcome{Status: &s, Message: &m}
}
