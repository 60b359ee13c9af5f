package flow

import (
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// Fit is one learner's model for one task, as train hands it to evaluate
// in memory (slot Fits). It is never stored as such: a tree model's tree
// is in models/, and the staged evaluate rebuilds the others by fitting
// them again (train's Reload), which is deterministic.
type Fit struct {
	Learner string      // registered learner name
	ModelID int64       // evaluations.model_id and, for a tree, models.tree_id
	Fold    int         // the cross-validation fold whose training rows it was fitted on; schemas.NoFold for all of them
	Model   train.Model // the fitted model
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
	// Status is "" or schemas.StatusOK for a fit that gave a model, or
	// how it failed (external.Failure's status: a timeout, a crash, a bad
	// reply or the adapter's error; only external learners fail without
	// stopping the run), with Message saying more; a failed fit has no
	// Model and no Tree.
	Status  string
	Message string
}

// Failed reports whether the fit gave no model.
func (f *Fit) Failed() bool { return f.Status != "" && f.Status != schemas.StatusOK }

// Outcome returns the status and message columns of the fit's evaluation
// row: "ok" and null, or the failure and its message.
func (f *Fit) Outcome() schemas.Outcome {
	if !f.Failed() {
		s := schemas.StatusOK
		return schemas.Outcome{Status: &s}
	}
	s, m := f.Status, f.Message
	return schemas.Outcome{Status: &s, Message: &m}
}
