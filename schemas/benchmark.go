package schemas

// Tables of the benchmark study beside the shared ones.
const (
	Attributes = "results/attributes" // gain-ratio ranking of a task's attributes: AttributeRow
	Entropy    = "results/entropy"    // class entropies of a task's data: EntropyRow
	Wins       = "results/wins"       // wins, draws, losses and the t-test per pair of learners and cell: WinsRow
	Imported   = "datasets/imported"  // the benchmark study's imported datasets, one file each
)

// BenchmarkCell is one cell of the benchmark study: a dataset, a
// scenario (its class quotas; "all" without scenarios) and an attribute
// subset, named by the ranks of its attributes (SubsetName, "1st,3rd":
// the best and the third by gain ratio, whichever attributes those are in
// a repetition).
type BenchmarkCell struct {
	Dataset  string `parquet:"dataset"`
	Scenario string `parquet:"scenario"`
	Subset   string `parquet:"subset"`
}

// BenchmarkEvaluation is one row of results/evaluations in the benchmark
// study: a learner cross-validated on one task (a repetition of a cell).
// Its measures are over every fold's test rows (accuracy, mae, correct,
// total), μ_X and μ_V are the folds' analytic values weighted by their test
// rows, μ_I is I's cross-validated accuracy; the tree measures are null
// (the folds' trees are in models/, with their fold).
type BenchmarkEvaluation struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	BenchmarkCell
	Attributes string `parquet:"attributes"` // the subset's attributes, in dataset order, comma-separated
	Rep        int32  `parquet:"rep"`
	Folds      int32  `parquet:"folds"` // k
	Measures
	Outcome
}

// ConfusionRow is one cell of a confusion matrix: how many test rows of a
// fold of class Actual a learner classified as Predicted (non-zero cells
// only).
type ConfusionRow struct {
	DatasetID int64  `parquet:"dataset_id"` // the task
	Learner   string `parquet:"learner"`
	Fold      int32  `parquet:"fold"`
	Actual    string `parquet:"actual"`    // class label
	Predicted string `parquet:"predicted"` // class label
	Count     int64  `parquet:"count"`
}

// TaskLearner names one learner's result on one task.
type TaskLearner struct {
	Task    int64
	Learner string
}

// FoldCount is one fold of a learner on a task: its test rows and those
// classified correctly, the sums of its confusion rows.
type FoldCount struct{ Correct, Total int64 }

// FoldCounts sums confusion rows into each (task, learner)'s folds,
// indexed by fold (a fold without rows has Total 0): what the
// comparisons of accuracy fold by fold read (the wins table, dtbench
// compare).
func FoldCounts(rows []ConfusionRow, into map[TaskLearner][]FoldCount) {
	for _, r := range rows {
		k := TaskLearner{r.DatasetID, r.Learner}
		f := into[k]
		for len(f) <= int(r.Fold) {
			f = append(f, FoldCount{})
		}
		f[r.Fold].Total += r.Count
		if r.Actual == r.Predicted {
			f[r.Fold].Correct += r.Count
		}
		into[k] = f
	}
}

// AttributeRow is one attribute's gain ratio against the class on a task's
// data (its scenario's subsample), and its rank (1 = best): the ranking
// that names the subsets. It is written once per (dataset, scenario,
// repetition), by the task of the whole top-N subset.
type AttributeRow struct {
	DatasetID int64   `parquet:"dataset_id"` // the task
	Dataset   string  `parquet:"dataset"`
	Scenario  string  `parquet:"scenario"`
	Rep       int32   `parquet:"rep"`
	Attribute string  `parquet:"attribute"`
	GainRatio float64 `parquet:"gain_ratio"` // on the whole sample (rank: full), or averaged over the folds' training rows (rank: cv)
	Rank      int32   `parquet:"rank"`
}

// EntropyRow is the class entropy of a task's data: Shannon (bits, and
// normalized by log2 K), Rényi of order 2 and ∞, Tsallis of order α, and
// the conditional entropy of the class given the task's attributes.
type EntropyRow struct {
	DatasetID int64 `parquet:"dataset_id"` // the task
	BenchmarkCell
	Rep               int32   `parquet:"rep"`
	Rows              int64   `parquet:"rows"`
	Shannon           float64 `parquet:"shannon"`
	ShannonNormalized float64 `parquet:"shannon_normalized"`
	Renyi2            float64 `parquet:"renyi2"`
	RenyiInf          float64 `parquet:"renyi_inf"`
	Tsallis           float64 `parquet:"tsallis"` // of order benchmark.alpha (default 2)
	Conditional       float64 `parquet:"conditional"`
}

// WinsRow compares two learners in one cell over its repetitions: in how
// many one classified more test rows correctly than the other (wins),
// as many (draws) or fewer (losses), and the corrected resampled t-test
// of their fold accuracies (cv.PairedTTest): the number of fold
// differences A − B, their mean and its 95% confidence interval (as
// fractions, like accuracy), t and p. The statistics are null when
// undefined, and in files of version 1, which did not have them.
type WinsRow struct {
	BenchmarkCell
	LearnerA string   `parquet:"learner_a"`
	LearnerB string   `parquet:"learner_b"`
	Wins     int64    `parquet:"wins"`
	Draws    int64    `parquet:"draws"`
	Losses   int64    `parquet:"losses"`
	TStat    *float64 `parquet:"t_stat,optional"`
	PValue   *float64 `parquet:"p_value,optional"`
	Folds    *int64   `parquet:"folds,optional"`     // fold differences tested (k·r when both ran on every fold); null in files of version 1
	MeanDiff *float64 `parquet:"mean_diff,optional"` // mean of A's fold accuracy − B's; null without folds in common
	CILow    *float64 `parquet:"ci_low,optional"`    // 95% CI of mean_diff with the corrected variance; null with fewer than 2 folds
	CIHigh   *float64 `parquet:"ci_high,optional"`
}

// BenchmarkSummary is one row of report/summary in the benchmark study:
// one measure of one learner in one cell, over the cell's repetitions.
type BenchmarkSummary struct {
	Learner string `parquet:"learner"`
	BenchmarkCell
	Measure string `parquet:"measure"`
	Count   int64  `parquet:"count"`
	Failed  *int64 `parquet:"failed,optional"` // rows whose fit gave no model; null in files of version 2
	Stat
}
