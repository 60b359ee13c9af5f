package schemas

// ICETChoices is results/icet, the cost study's record of what ICET
// learned: per ICET fit, the individual whose tree it kept.
const ICETChoices = "results/icet"

// ICETRow is one test of one ICET fit: the bias the genetic algorithm
// chose for it (EG2's pseudo-cost of the test) beside the test's real
// full cost, with the individual's ω and pruning confidence and its
// fitness, repeated on each of the fit's rows, so that a query groups by
// test or by fit alike.
type ICETRow struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	ModelID   int64  `parquet:"model_id"` // the tree's tree_id in models/
	CostCell
	Rep      int32   `parquet:"rep"`       // the split
	Test     string  `parquet:"test"`      // the attribute tested
	Bias     float64 `parquet:"bias"`      // the chosen individual's bias for it
	FullCost float64 `parquet:"full_cost"` // its real cost, group's common cost included (the seeded individual's bias)
	Omega    float64 `parquet:"omega"`     // the individual's EG2 ω
	// Confidence is the individual's C4.5 pruning confidence (unused when
	// the learner does not prune).
	Confidence float64 `parquet:"confidence"`
	// Fitness is the individual's average cost on the held-out part of
	// the training rows; null when there were too few rows to hold any
	// out (the seeded individual grew the tree, no search ran).
	Fitness *float64 `parquet:"fitness,optional"`
	Trials  int32    `parquet:"trials"` // fitness evaluations made
	Seeded  bool     `parquet:"seeded"` // the first generation held EG2's individual with the real costs
}

var icetTable = newFlatTable[ICETRow](ICETChoices)

// ICETTable is results/icet: a task's ICET fits, in learner order.
var ICETTable = flatCatalog(ICETChoices, icetTable, func(r *ICETRow) int64 { return r.DatasetID })
