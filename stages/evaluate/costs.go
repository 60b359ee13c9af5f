package evaluate

import (
	"fmt"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
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
// cross-validation): the tests performed and the cost-matrix entries.
type CostSum struct {
	Tests, Errors float64
	Rows          int
}

// Add charges fit f on the rows of d in rows under cost model m: its
// tests (a tree's path for each row, as costs.TreeCosts charges it; any
// other model every test it reads, per row) and, from confusion (actual ×
// predicted counts over k classes, the same rows), the matrix entry of
// each prediction.
func (s *CostSum) Add(m *costs.Model, f *schemas.Fit, d *dataset.Dataset, rows dataset.Bitset, confusion []int, k int) error {
	n := 0
	for a := range k {
		for p := range k {
			c := confusion[a*k+p]
			n += c
			s.Errors += float64(c) * m.Misclassification(p, a)
		}
	}
	if n == 0 {
		return nil
	}
	if f.Tree != nil {
		tc, err := m.ForTree(f.Tree)
		if err != nil {
			return fmt.Errorf("costs of %s's tree: %w", f.Learner, err)
		}
		b := tc.Mean(d, rows)
		if b.Cases != n {
			return fmt.Errorf("costs of %s: %d rows walked, %d classified", f.Learner, b.Cases, n)
		}
		s.Tests += b.Tests * float64(n)
	} else {
		s.Tests += m.Performing(testsRead(f.Model, d.NumFeatures())) * float64(n)
	}
	s.Rows += n
	return nil
}

// Measures sets the cost measures of e from the sums: the averages per row
// (none without rows).
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
