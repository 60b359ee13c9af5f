package flow

import (
	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas"
)

// Split is a benchmark task's data, from generate to train and evaluate in
// memory (slot Splits): the scenario's subsample of the imported dataset,
// restricted to the subset's attributes in dataset order, and its folds.
type Split struct {
	Dataset    string                 // the dataset's config name
	Data       *dataset.Dataset       // the task's rows and attributes
	Attributes []string               // the subset's attributes, in dataset order
	Rows       []int                  // the subsample: rows of the imported dataset, ascending
	Folds      cv.Folds               // over Data's rows
	Ranking    []schemas.AttributeRow // every attribute of the dataset, best first
}

// TrainRows returns the rows of Data that train fold i (those of the
// other folds), as a bitset.
func (s *Split) TrainRows(i int) dataset.Bitset {
	b := dataset.NewBitset(s.Data.Len())
	for r, f := range s.Folds.Of {
		if f != i {
			b.Set(r)
		}
	}
	return b
}

// TrainOrder returns the order in which the fold scheme hands fold i's
// training rows to a learner that depends on it (cv.Folds.TrainOrder), or
// nil when the scheme trains in row order.
func (s *Split) TrainOrder(i int) []int {
	if s.Folds.TrainOrder == nil {
		return nil
	}
	return s.Folds.TrainOrder[i]
}

// TestRows returns the rows of fold i.
func (s *Split) TestRows(i int) dataset.Bitset {
	b := dataset.NewBitset(s.Data.Len())
	for r, f := range s.Folds.Of {
		if f == i {
			b.Set(r)
		}
	}
	return b
}
