package dataset

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Coding maps a dataset with numeric features or missing values to a
// nominal view of it, for what needs nominal values (the benchmark
// classifier I, the conditional entropy of the class given the
// attributes): a numeric feature's value falls in the bin of its cuts
// (bin j holds the values v <= cuts[j] above cuts[j-1], as Weka's
// Discretize bins them), and a missing value, nominal or numeric, is a
// value "?" of its own, last. The cuts come from the caller (info's MDL).
type Coding struct {
	numeric []bool
	cuts    [][]float64
	missing []int // the code of "?", -1 when the feature has no missing value in the dataset
	schema  Schema
}

// NewCoding makes the coding of d with cuts[f] for each numeric feature f
// (ignored for nominal ones). A feature whose view would exceed MaxValues
// values is an error.
func NewCoding(d *Dataset, cuts [][]float64) (*Coding, error) {
	m := d.NumFeatures()
	c := &Coding{numeric: make([]bool, m), cuts: make([][]float64, m), missing: make([]int, m),
		schema: Schema{Class: d.schema.Class, Features: make([]Attribute, m), FeaturesAfterClass: d.schema.FeaturesAfterClass}}
	for f, a := range d.schema.Features {
		var values []string
		if a.Numeric {
			c.numeric[f] = true
			c.cuts[f] = cuts[f]
			values = BinLabels(cuts[f])
		} else {
			values = slices.Clone(a.Values)
		}
		c.missing[f] = -1
		if d.miss[f] != nil {
			c.missing[f] = len(values)
			values = append(values, "?")
		}
		if len(values) > MaxValues {
			return nil, fmt.Errorf("nominal view: feature %s would have %d values, more than %d", a.Name, len(values), MaxValues)
		}
		c.schema.Features[f] = Attribute{Name: a.Name, Values: values}
	}
	return c, nil
}

// Code returns feature f's code in the view for value x (an instance's
// value: a code, a number, NaN for missing).
func (c *Coding) Code(f int, x float64) uint8 {
	switch {
	case math.IsNaN(x):
		return uint8(c.missing[f])
	case c.numeric[f]:
		bin, _ := slices.BinarySearch(c.cuts[f], x) // the first cut >= x
		return uint8(bin)
	}
	return uint8(x)
}

// Codes writes instance x's codes in the view to dst (grown as needed).
func (c *Coding) Codes(x []float64, dst []uint8) []uint8 {
	dst = dst[:0]
	for f, v := range x {
		dst = append(dst, c.Code(f, v))
	}
	return dst
}

// Apply returns the nominal view of every row of d, which must be the
// dataset the coding was made for (or one with its schema).
func (c *Coding) Apply(d *Dataset) (*Dataset, error) {
	cols := make([][]uint8, d.NumFeatures())
	for f := range cols {
		col := make([]uint8, d.rows)
		if c.numeric[f] {
			for r, x := range d.nums[f] {
				col[r] = c.Code(f, x)
			}
		} else {
			for r, v := range d.cols[f] {
				if v == MissingCode {
					v = uint8(c.missing[f])
				}
				col[r] = v
			}
		}
		cols[f] = col
	}
	return New(c.schema, cols, d.labels)
}

// BinLabels labels the bins of cuts as Weka's Discretize does:
// "(-inf-c1]", "(c1-c2]", …, "(cn-inf)"; without cuts, one bin "All".
func BinLabels(cuts []float64) []string {
	if len(cuts) == 0 {
		return []string{"All"}
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	out := make([]string, 0, len(cuts)+1)
	out = append(out, "(-inf-"+g(cuts[0])+"]")
	for i := 1; i < len(cuts); i++ {
		out = append(out, "("+g(cuts[i-1])+"-"+g(cuts[i])+"]")
	}
	return append(out, "("+g(cuts[len(cuts)-1])+"-inf)")
}

// CutFunc finds the cut points of one numeric column: values of the rows
// (NaN = missing) and their class codes (info.MDLCutPoints is one).
type CutFunc func(values []float64, labels []uint8, weights []float64) []float64

// Cuts returns, for each numeric feature of d, cut's cut points on the
// rows; nil for the nominal features: the cuts of a Coding.
func (d *Dataset) Cuts(rows Bitset, cut CutFunc) [][]float64 {
	idx := rows.Rows(nil)
	labels := make([]uint8, len(idx))
	for i, r := range idx {
		labels[i] = d.labels[r]
	}
	cuts := make([][]float64, len(d.cols))
	values := make([]float64, len(idx))
	for f := range cuts {
		if !d.schema.Features[f].Numeric {
			continue
		}
		for i, r := range idx {
			values[i] = d.nums[f][r]
		}
		cuts[f] = cut(values, labels, nil)
	}
	return cuts
}
