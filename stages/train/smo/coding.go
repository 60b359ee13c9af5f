package smo

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
)

// coding is the chain of filters Weka 3.6's SMO puts its data through
// when a feature is numeric or a value is missing (or with
// Options.Standardize), fitted on the training rows in their order:
//
//  1. ReplaceMissingValues: a missing value becomes its feature's mean
//     (numeric) or mode (nominal, ties to the first value) over the
//     training rows where it is present; a numeric feature missing in
//     every training row becomes 0.
//  2. NominalToBinary: a nominal feature of Z > 2 values becomes Z
//     coordinates, one-hot; one of two values, or one, becomes one
//     coordinate holding its code. A numeric feature is one coordinate.
//     The coordinates are numeric attributes to the filters that follow.
//  3. Normalize (the default): each coordinate mapped by its training
//     minimum and maximum to (v − min)/(max − min), 0 when max = min; or
//     Standardize (Options.Standardize, Weka's -N 1): (v − mean)/sd, with
//     the mean and the sample standard deviation over the training rows,
//     v − mean when sd = 0.
//
// The coordinates follow the features in schema order, as Weka's
// attributes do, so every dot product sums its terms in Weka's order.
type coding struct {
	first       []int     // first[f]: feature f's first coordinate
	domains     []int     // 0 for a numeric feature
	fill        []float64 // the replacement of a missing value, per feature
	dims        int
	standardize bool
	lo, span    []float64 // Normalize: min and max − min per coordinate (span 0: constant, or no value)
	mean, sd    []float64 // Standardize
}

// newCoding fits the filters on the rows of d listed in idx, in that
// order, and returns the coding and the training rows coded, row after
// row (len(idx) × dims).
func newCoding(d *dataset.Dataset, idx []int, standardize bool) (*coding, []float64) {
	nf := d.NumFeatures()
	c := &coding{first: make([]int, nf), domains: d.Domains(), fill: make([]float64, nf), standardize: standardize}
	for f, z := range c.domains {
		c.first[f] = c.dims
		c.dims += max(1, z*btoi(z > 2))
	}
	c.fitMissing(d, idx)
	z := make([]float64, len(idx)*c.dims)
	x := make([]float64, 0, nf)
	for t, r := range idx {
		x = d.Values(r, x)
		c.binary(x, z[t*c.dims:(t+1)*c.dims])
	}
	c.fitScale(z, len(idx))
	for t := range idx {
		c.scale(z[t*c.dims : (t+1)*c.dims])
	}
	return c, z
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fitMissing is ReplaceMissingValues.batchFinished: the training mean or
// mode of every feature, summed in row order.
func (c *coding) fitMissing(d *dataset.Dataset, idx []int) {
	counts := make([]int, dataset.MaxValues)
	for f, z := range c.domains {
		if z == 0 {
			nums := d.Numbers(f)
			sum, n := 0.0, 0.0
			for _, r := range idx {
				if v := nums[r]; !math.IsNaN(v) {
					sum += v
					n++
				}
			}
			if n > 1e-6 { // Utils.gr(n, 0)
				c.fill[f] = sum / n
			}
			continue
		}
		col := d.Column(f)
		clear(counts[:z])
		for _, r := range idx {
			if v := col[r]; v != dataset.MissingCode {
				counts[v]++
			}
		}
		c.fill[f] = float64(dataset.ArgMax(counts[:z]))
	}
}

// binary writes an instance (Weka's values, NaN missing) with its missing
// values replaced and its nominal features made binary into dst (dims).
func (c *coding) binary(x, dst []float64) {
	clear(dst)
	for f, v := range x {
		if math.IsNaN(v) {
			v = c.fill[f]
		}
		switch z := c.domains[f]; {
		case z > 2:
			dst[c.first[f]+int(v)] = 1
		default:
			dst[c.first[f]] = v
		}
	}
}

// fitScale is Normalize's or Standardize's batchFinished over the n coded
// training rows z.
func (c *coding) fitScale(z []float64, n int) {
	dims := c.dims
	if !c.standardize {
		c.lo, c.span = make([]float64, dims), make([]float64, dims)
		for p := range dims {
			if n == 0 {
				continue
			}
			lo, hi := z[p], z[p]
			for t := 1; t < n; t++ {
				v := z[t*dims+p]
				if v < lo {
					lo = v
				}
				if v > hi {
					hi = v
				}
			}
			c.lo[p], c.span[p] = lo, hi-lo
		}
		return
	}
	c.mean, c.sd = make([]float64, dims), make([]float64, dims)
	for p := range dims {
		// Instances.meanOrMode and Instances.variance, in row order.
		sum, sumSq, w := 0.0, 0.0, 0.0
		for t := range n {
			v := z[t*dims+p]
			sum += v
			sumSq += float64(v * v)
			w++
		}
		if w > 0 {
			c.mean[p] = sum / w
		}
		variance := 0.0
		if w > 1 {
			variance = max(0, (sumSq-float64(sum*sum)/w)/(w-1))
		}
		c.sd[p] = math.Sqrt(variance)
	}
}

// scale applies Normalize or Standardize to a binary-coded row in place.
func (c *coding) scale(row []float64) {
	if !c.standardize {
		for p, v := range row {
			if c.span[p] == 0 {
				row[p] = 0
			} else {
				row[p] = (v - c.lo[p]) / c.span[p]
			}
		}
		return
	}
	for p, v := range row {
		if c.sd[p] > 0 {
			row[p] = (v - c.mean[p]) / c.sd[p]
		} else {
			row[p] = v - c.mean[p]
		}
	}
}

// code writes instance x (Weka's values) coded as the training rows were
// into dst (dims).
func (c *coding) code(x, dst []float64) {
	c.binary(x, dst)
	c.scale(dst)
}
