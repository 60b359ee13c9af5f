package naive

import (
	"math"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/info"
)

// valuesNB is naive Bayes as Weka 3.6's NaiveBayes computes it on data
// with numeric features or missing values, the path of
// NaiveBayes.buildClassifier and distributionForInstance statement by
// statement: products of probabilities (not sums of logarithms), each
// probability floored at 1e-75 and the products scaled up by 1e75 when
// all of them fall below it, so that the posteriors are Weka's where the
// nominal path's log sums would differ in the last bits.
type valuesNB struct {
	classes int
	prior   []float64 // (N_c + 1) / (N + K)
	feats   []nbFeature
}

// nbFeature is one feature's class-conditional estimators.
type nbFeature struct {
	// cond[v*K+c] = P(x = v | c), Laplace-smoothed over the training rows
	// where the feature is not missing: a nominal feature's codes, or a
	// discretized numeric feature's bins (cuts != nil or discretized).
	cond        []float64
	domain      int
	discretized bool
	cuts        []float64 // bin v holds the values in (cuts[v−1], cuts[v]]
	normal      []normalEstimator
	kernel      []kernelEstimator
}

// fitValues trains the Weka path on rows of d.
func fitValues(o NaiveBayesOptions, d *dataset.Dataset, rows dataset.Bitset) *valuesNB {
	k, nf := d.Classes(), d.NumFeatures()
	m := &valuesNB{classes: k, prior: make([]float64, k), feats: make([]nbFeature, nf)}
	idx := rows.Rows(nil)
	labels := d.Labels()
	counts := make([]float64, k)
	for _, r := range idx {
		counts[labels[r]]++
	}
	n := float64(len(idx))
	for c := range k {
		m.prior[c] = (counts[c] + 1) / (n + float64(k))
	}
	for f := range nf {
		ft := &m.feats[f]
		switch {
		case !d.IsNumeric(f):
			ft.domain = d.Domain(f)
			ft.cond = laplace(d.Column(f), idx, labels, ft.domain, k)
		case o.Discretize:
			ft.discretized = true
			nums := d.Numbers(f)
			train := make([]float64, d.Len())
			for r := range train {
				train[r] = math.NaN()
			}
			for _, r := range idx {
				train[r] = nums[r]
			}
			ft.cuts = info.MDLCutPoints(train, labels, nil)
			ft.domain = len(ft.cuts) + 1
			bins := make([]uint8, d.Len())
			for _, r := range idx {
				bins[r] = dataset.MissingCode
				if !math.IsNaN(nums[r]) {
					bins[r] = uint8(ft.bin(nums[r]))
				}
			}
			ft.cond = laplace(bins, idx, labels, ft.domain, k)
		default:
			nums := d.Numbers(f)
			p := precision(nums, idx)
			if o.Kernel {
				ft.kernel = make([]kernelEstimator, k)
				for c := range ft.kernel {
					ft.kernel[c] = newKernelEstimator(p)
				}
			} else {
				ft.normal = make([]normalEstimator, k)
				for c := range ft.normal {
					ft.normal[c] = newNormalEstimator(p)
				}
			}
			for _, r := range idx {
				x := nums[r]
				if math.IsNaN(x) {
					continue
				}
				if o.Kernel {
					ft.kernel[labels[r]].add(x)
				} else {
					ft.normal[labels[r]].add(x)
				}
			}
		}
	}
	return m
}

// laplace returns Weka's DiscreteEstimator(z, true) per class over the
// listed rows of a code column (MissingCode skipped): P(v | c) =
// (N_{c,v} + 1) / (N_c' + z), N_c' the class's rows where it is present.
func laplace(col []uint8, idx []int, labels []uint8, z, k int) []float64 {
	cnt := make([]float64, z*k)
	sum := make([]float64, k)
	for i := range cnt {
		cnt[i] = 1
	}
	for c := range sum {
		sum[c] = float64(z)
	}
	for _, r := range idx {
		v := col[r]
		if v == dataset.MissingCode {
			continue
		}
		c := int(labels[r])
		cnt[int(v)*k+c]++
		sum[c]++
	}
	for i := range cnt {
		cnt[i] /= sum[i%k]
	}
	return cnt
}

// precision is NaiveBayes's numeric precision of a feature: the mean gap
// between consecutive distinct values among the training rows (missing
// ones aside), summed in ascending order as Weka sums them; 0.01 when
// there are fewer than two distinct values.
func precision(nums []float64, idx []int) float64 {
	vals := make([]float64, 0, len(idx))
	for _, r := range idx {
		if !math.IsNaN(nums[r]) {
			vals = append(vals, nums[r])
		}
	}
	slices.Sort(vals)
	if len(vals) == 0 {
		return 0.01
	}
	last, sum, distinct := vals[0], 0.0, 0
	for _, v := range vals[1:] {
		if v != last {
			sum += v - last
			last = v
			distinct++
		}
	}
	if distinct == 0 {
		return 0.01
	}
	return sum / float64(distinct)
}

// bin is Discretize's bin of value x: the first cut at or above it.
func (ft *nbFeature) bin(x float64) int {
	for j, c := range ft.cuts {
		if x <= c {
			return j
		}
	}
	return len(ft.cuts)
}

// probability returns P(x | c) for a present value x of the feature.
func (ft *nbFeature) probability(x float64, c, k int) float64 {
	switch {
	case ft.normal != nil:
		return ft.normal[c].probability(x)
	case ft.kernel != nil:
		return ft.kernel[c].probability(x)
	case ft.discretized:
		return ft.cond[ft.bin(x)*k+c]
	}
	return ft.cond[int(x)*k+c]
}

// distribution writes P(c | x) into dst as distributionForInstance does.
func (m *valuesNB) distribution(x []float64, dst []float64) {
	k := m.classes
	copy(dst, m.prior)
	for f := range m.feats {
		if math.IsNaN(x[f]) {
			continue
		}
		ft := &m.feats[f]
		hi := 0.0
		for c := range k {
			dst[c] *= math.Max(1e-75, ft.probability(x[f], c, k))
			if dst[c] > hi {
				hi = dst[c]
			}
		}
		if hi > 0 && hi < 1e-75 {
			for c := range k {
				dst[c] *= 1e75
			}
		}
	}
	sum := 0.0
	for _, p := range dst[:k] {
		sum += p
	}
	for c := range k {
		dst[c] /= sum
	}
}
