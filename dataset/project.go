package dataset

import "fmt"

// Project returns a new dataset of the given rows (in that order) and
// features (in that order) of d, with their attributes' full value lists
// and d's class: a task's subsample restricted to an attribute subset.
// Numeric features and missing values are kept as they are.
func (d *Dataset) Project(rows []int, features []int) (*Dataset, error) {
	s := Schema{Class: d.schema.Class, Features: make([]Attribute, len(features))}
	classAt := d.schema.ClassPosition()
	cols := make([][]uint8, len(features))
	var nums [][]float64
	buf := make([]uint8, len(features)*len(rows))
	for _, r := range rows {
		if r < 0 || r >= d.rows {
			return nil, fmt.Errorf("project: row %d outside 0..%d", r, d.rows-1)
		}
	}
	for j, f := range features {
		if f < 0 || f >= len(d.cols) {
			return nil, fmt.Errorf("project: feature %d outside 0..%d", f, len(d.cols)-1)
		}
		s.Features[j] = d.schema.Features[f]
		if f >= classAt {
			s.FeaturesAfterClass++
		}
		if d.schema.Features[f].Numeric {
			if nums == nil {
				nums = make([][]float64, len(features))
			}
			nums[j] = make([]float64, len(rows))
			for i, r := range rows {
				nums[j][i] = d.nums[f][r]
			}
			continue
		}
		col := buf[j*len(rows) : (j+1)*len(rows) : (j+1)*len(rows)]
		src := d.cols[f]
		for i, r := range rows {
			col[i] = src[r]
		}
		cols[j] = col
	}
	labels := make([]uint8, len(rows))
	for i, r := range rows {
		labels[i] = d.labels[r]
	}
	return NewMixed(s, cols, nums, labels)
}
