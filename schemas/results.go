package schemas

import (
	"github.com/apache/arrow/go/v17/arrow/memory"
)

// evaluationColumns are the columns of results/evaluations, in the order
// and with the names of Evaluation's parquet tags (a test checks that).
var evaluationColumns = []column[Evaluation]{
	int64Col("dataset_id", func(r *Evaluation) *int64 { return &r.DatasetID }),
	int64Col("oracle_id", func(r *Evaluation) *int64 { return &r.OracleID }),
	stringCol("learner", func(r *Evaluation) *string { return &r.Learner }),
	int64Col("model_id", func(r *Evaluation) *int64 { return &r.ModelID }),
	int32Col("features", func(r *Evaluation) *int32 { return &r.Features }),
	int32Col("depth", func(r *Evaluation) *int32 { return &r.Depth }),
	stringCol("mode", func(r *Evaluation) *string { return &r.Mode }),
	int32Col("size", func(r *Evaluation) *int32 { return &r.Size }),
	int32Col("rep", func(r *Evaluation) *int32 { return &r.Rep }),
	optFloat64Col("doe", func(r *Evaluation) **float64 { return &r.DOE }),
	optFloat64Col("agreement", func(r *Evaluation) **float64 { return &r.Agreement }),
	optFloat64Col("accuracy", func(r *Evaluation) **float64 { return &r.Accuracy }),
	optInt32Col("tree_depth", func(r *Evaluation) **int32 { return &r.TreeDepth }),
	optInt32Col("tree_leaves", func(r *Evaluation) **int32 { return &r.TreeLeaves }),
	optInt32Col("tree_nodes", func(r *Evaluation) **int32 { return &r.TreeNodes }),
	optFloat64Col("acc_x", func(r *Evaluation) **float64 { return &r.AccX }),
	optFloat64Col("acc_v", func(r *Evaluation) **float64 { return &r.AccV }),
	optFloat64Col("acc_i", func(r *Evaluation) **float64 { return &r.AccI }),
	optFloat64Col("gamma_x", func(r *Evaluation) **float64 { return &r.GammaX }),
	optFloat64Col("gamma_v", func(r *Evaluation) **float64 { return &r.GammaV }),
	optFloat64Col("gamma_i", func(r *Evaluation) **float64 { return &r.GammaI }),
	optBoolCol("optimal", func(r *Evaluation) **bool { return &r.Optimal }),
}

// timingColumns are the columns of results/timings, as Timing's tags.
var timingColumns = []column[Timing]{
	int64Col("dataset_id", func(r *Timing) *int64 { return &r.DatasetID }),
	stringCol("learner", func(r *Timing) *string { return &r.Learner }),
	stringCol("step", func(r *Timing) *string { return &r.Step }),
	int64Col("nanos", func(r *Timing) *int64 { return &r.Nanos }),
}

// WriteEvaluations writes evaluation rows to path in the order given.
func WriteEvaluations(path string, rows []Evaluation) (FileInfo, error) {
	return writeEvaluations(memory.DefaultAllocator, path, rows)
}

// ReadEvaluations reads the rows of a results/evaluations file in file order.
func ReadEvaluations(path string) ([]Evaluation, error) {
	return readEvaluations(memory.DefaultAllocator, path)
}

// WriteTimings writes timing rows to path in the order given.
func WriteTimings(path string, rows []Timing) (FileInfo, error) {
	return writeTimings(memory.DefaultAllocator, path, rows)
}

// ReadTimings reads the rows of a results/timings file in file order.
func ReadTimings(path string) ([]Timing, error) {
	return readTimings(memory.DefaultAllocator, path)
}

// The lower-case variants take the Arrow allocator, so that tests can
// check with memory.NewCheckedAllocator that every buffer is released.

func writeEvaluations(mem memory.Allocator, path string, rows []Evaluation) (FileInfo, error) {
	return writeTable(mem, path, Evaluations, evaluationColumns, rows)
}

func readEvaluations(mem memory.Allocator, path string) ([]Evaluation, error) {
	return readTable(mem, path, Evaluations, evaluationColumns)
}

func writeTimings(mem memory.Allocator, path string, rows []Timing) (FileInfo, error) {
	return writeTable(mem, path, Timings, timingColumns, rows)
}

func readTimings(mem memory.Allocator, path string) ([]Timing, error) {
	return readTable(mem, path, Timings, timingColumns)
}
