package schemas

// Comparisons is compare.parquet, the table `dtbench compare` writes
// beside compare.md: two runs of one study compared learner by learner,
// cell by cell and measure by measure, over the tasks both ran. It is not
// a table of a run folder (no manifest lists it); the table constant is
// its file name without the extension.
const Comparisons = "compare"

// CompareRow is one (learner, cell, measure) of two runs A and B compared
// task by task: both runs' means, the mean of the paired differences
// B − A over the tasks both have a value on, its interval and test, and
// the verdict. Rows of a learner that only one run has carry that run's
// mean and count, the other side null.
type CompareRow struct {
	Study   string `parquet:"study"`
	Learner string `parquet:"learner"`
	// Cell names the grid cell as key=value pairs in the cell columns'
	// order, "features=10 depth=3 mode=complete size=100" (oracle),
	// "dataset=credit scenario= subset=1st,2nd" (benchmark),
	// "dataset=heart misclassification=100" (cost).
	Cell    string `parquet:"cell"`
	Measure string `parquet:"measure"`
	// Better is +1 when a higher value of the measure is better, −1 when
	// a lower one is (MeasureBetter).
	Better int32    `parquet:"better"`
	NA     int64    `parquet:"n_a"`              // A's tasks with a value
	NB     int64    `parquet:"n_b"`              // B's tasks with a value
	MeanA  *float64 `parquet:"mean_a,optional"`  // over A's tasks with a value; null with none
	MeanB  *float64 `parquet:"mean_b,optional"`  // over B's tasks with a value; null with none
	Pairs  int64    `parquet:"pairs"`            // the differences tested: tasks with a value in both, or their folds (Test)
	Diff   *float64 `parquet:"diff,optional"`    // mean of B − A over the pairs; null without pairs
	CILow  *float64 `parquet:"ci_low,optional"`  // the two-sided 1 − α interval of diff (the t of Test); null with fewer than 2 pairs
	CIHigh *float64 `parquet:"ci_high,optional"` // its upper end
	// P is the paired t-test's two-sided p; as in Weka's paired tester,
	// 0 when the differences do not vary but are not all 0, 1 when they
	// are all 0; null with fewer than 2 pairs.
	P *float64 `parquet:"p_value,optional"`
	// HolmP is P after Holm's adjustment over every tested row of the
	// same measure in this comparison (the family a nightly gate asks
	// about); null where P is.
	HolmP *float64 `parquet:"holm_p,optional"`
	// Test names the test of diff, its interval and p: "paired t over
	// repetitions" (Student's, over the tasks both ran), or for the
	// accuracy of cross-validated tasks "corrected resampled t over
	// folds" (over every fold's difference, pairs then counting folds),
	// or for random splits of one dataset (the cost study) "corrected
	// resampled t over splits".
	Test string `parquet:"test"`
	// StatusChanged counts the tasks both ran whose fit went otherwise
	// (ok in one, a timeout or crash in the other).
	StatusChanged int64 `parquet:"status_changed"`
	// Verdict is improved or regressed (holm_p below α and |diff| at
	// least the minimum effect, in the measure's better or worse
	// direction), unchanged, untested (fewer than 2 pairs with a
	// difference), only_a or only_b (a learner one run lacks).
	Verdict string `parquet:"verdict"`
}

var compareTable = newFlatTable[CompareRow](Comparisons)

// CompareTable is compare.parquet, written by dtbench compare.
var CompareTable = singleFlat(Comparisons, Comparisons+".parquet", compareTable)

// MeasureBetter says which way each measure of Measures improves: +1 when
// higher is better, −1 when lower is, 0 for a measure that describes a
// model or a task without ranking learners (a tree's size, the benchmark
// classifiers' accuracies, the rows tested). It sits beside the measures'
// declaration so that a new measure gets its direction where it is added
// (TestEveryMeasureHasADirection).
var MeasureBetter = map[string]int{
	"doe": +1, "agreement": +1, "accuracy": +1, "mae": -1, "correct": +1, "total": 0,
	"kappa": +1, "balanced_accuracy": +1, "f1_macro": +1, "f1_weighted": +1, "rmse": -1, "auc_weighted": +1,
	"tree_depth": 0, "tree_leaves": 0, "tree_nodes": 0,
	"acc_x": 0, "acc_v": 0, "acc_i": 0,
	"gamma_x": +1, "gamma_v": +1, "gamma_i": +1, "optimal": 0,
	"avg_cost": -1, "avg_test_cost": -1, "avg_error_cost": -1,
}
