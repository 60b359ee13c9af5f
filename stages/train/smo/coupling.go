package smo

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
)

// probabilityDistribution is SMO.distributionForInstance with logistic
// models for a row of codes (probabilityFromOutputs).
func (m *Model) probabilityDistribution(x []uint8, dst []float64) {
	var buf [256]int32
	slots := m.slots(x, buf[:0])
	var obuf [dataset.MaxValues * (dataset.MaxValues - 1) / 2]float64 // one per pair
	outs := obuf[:0]
	for p := range m.pairs {
		outs = append(outs, m.output(p, slots))
	}
	m.probabilityFromOutputs(outs, dst)
}

// probabilityFromOutputs is SMO.distributionForInstance with logistic
// models, from each pair's machine output outs[p]: for two classes the
// pair's Platt probabilities; for more, the pairwise coupling of every
// trained pair's probability of its first class, each pair weighted by
// its number of training rows.
func (m *Model) probabilityFromOutputs(outs []float64, dst []float64) {
	k := m.classes
	if k == 2 {
		if !m.pairs[0].trained {
			uniform(dst)
			return
		}
		dst[0], dst[1] = m.pairs[0].platt.prob(outs[0])
		return
	}
	if k < 2 {
		uniform(dst)
		return
	}
	np := len(m.pairs)
	r := make([]float64, np) // r[p]: P(first class of pair p)
	n := make([]float64, np) // n[p]: training rows of pair p
	voting := false
	for p := range m.pairs {
		if mc := &m.pairs[p]; mc.trained {
			r[p], _ = mc.platt.prob(outs[p])
			n[p] = float64(mc.rows)
			voting = true
		}
	}
	if !voting {
		uniform(dst)
		return
	}
	pairwiseCoupling(k, n, r, dst)
}

// pairwiseCoupling is Weka's MultiClassClassifier.pairwiseCoupling
// (Hastie and Tibshirani, 1998): the class probabilities p whose pairwise
// ratios u_ij = p_i/(p_i+p_j) best match the pairs' estimates r_ij,
// weighted by the pairs' sizes n_ij, found by Weka's fixed-point
// iteration (until no p_i moves by more than 1e-3) from the uniform
// distribution. n and r are indexed by pair in the order (0,1), (0,2), …;
// the result, which sums to 1, goes into p.
func pairwiseCoupling(k int, n, r, p []float64) {
	np := len(r)
	first, second := make([]int32, np), make([]int32, np) // the classes of pair q
	q := 0
	for i := range k {
		for j := i + 1; j < k; j++ {
			first[q], second[q] = int32(i), int32(j)
			q++
		}
	}
	for i := range p {
		p[i] = 1.0 / float64(k)
	}
	u := make([]float64, np)
	for q := range u {
		u[q] = 0.5
	}
	firstSum := make([]float64, k)
	for q := range np {
		firstSum[first[q]] += float64(n[q] * r[q])
		firstSum[second[q]] += float64(n[q] * (1 - r[q]))
	}
	secondSum := make([]float64, k)
	for changed := true; changed; {
		changed = false
		clear(secondSum)
		for q := range np {
			secondSum[first[q]] += float64(n[q] * u[q])
			secondSum[second[q]] += float64(n[q] * (1 - u[q]))
		}
		for i := range p {
			if firstSum[i] == 0 || secondSum[i] == 0 {
				if p[i] > 0 {
					changed = true
				}
				p[i] = 0
			} else {
				factor := firstSum[i] / secondSum[i]
				pOld := p[i]
				p[i] *= factor
				if math.Abs(pOld-p[i]) > 1.0e-3 {
					changed = true
				}
			}
		}
		normalize(p)
		for q := range np {
			pi, pj := p[first[q]], p[second[q]]
			if s := pi + pj; s != 0 {
				u[q] = pi / s
			} else {
				u[q] = 0.5 // Weka divides 0 by 0 here and returns NaN
			}
		}
	}
}

// normalize is Weka's Utils.normalize: divide by the sum. A zero or NaN
// sum, for which Weka throws, leaves the uniform distribution.
func normalize(p []float64) {
	sum := 0.0
	for _, v := range p {
		sum += v
	}
	if sum == 0 || math.IsNaN(sum) {
		uniform(p)
		return
	}
	for i := range p {
		p[i] /= sum
	}
}
