package evaluate

import (
	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// TestReader is a model that says which features it reads to classify a
// row (a forest: those its trees test; the majority and random
// classifiers: none), so that its test cost is what it reads. A model
// without it reads every feature. A tree is charged its path instead.
type TestReader interface {
	TestsRead(features int) []bool
}

// CostSum adds up a learner's costs over evaluated rows (the folds of a
// cross-validation): the tests performed and the cost-matrix entries, row
// by row in the order of the rows' predictions (fold, then row), so that
// its means are those of the predictions table's test_cost and
// error_cost.
type CostSum struct {
	Tests, Errors float64
	Rows          int
}

// Score scores fit f on rows (the rows of d in set) as Rows.Score does,
// filling confusion (actual × predicted over k classes), and adds its
// costs under m to s, row by row: its tests (a tree's path for each row,
// charged on the walk that predicts, as costs.TreeCosts charges it; any
// other model every test it reads, per row) and each prediction's matrix
// entry.
func (s *CostSum) Score(m *costs.Model, f *flow.Fit, rows *Rows, d *dataset.Dataset, k int, confusion []int) (Score, error) {
	sc, _, err := scoreFit(f, rows, d, k, m, s, confusion, nil, nil)
	return sc, err
}

// Measures sets the cost measures of e from the sums: the averages per row
// (none without rows), avg_cost being avg_test_cost + avg_error_cost.
func (s CostSum) Measures(e *schemas.Measures) {
	if s.Rows == 0 {
		return
	}
	tests, errs := s.Tests/float64(s.Rows), s.Errors/float64(s.Rows)
	total := tests + errs
	e.AvgCost, e.AvgTestCost, e.AvgErrorCost = &total, &tests, &errs
}

// testsRead returns the features model reads: its TestsRead, or all.
func testsRead(model any, features int) []bool {
	if r, ok := model.(TestReader); ok {
		return r.TestsRead(features)
	}
	all := make([]bool, features)
	for f := range all {
		all[f] = true
	}
	return all
}
