package schemas

import "github.com/dtbench/dtbench/tree"

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
}
