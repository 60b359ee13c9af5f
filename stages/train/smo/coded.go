package smo

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
)

// newCodedModel makes the model of data that goes through Weka's filters
// (coding) before the machines see it.
func newCodedModel(d *dataset.Dataset, c *coding, probabilities bool) *Model {
	k := d.Classes()
	return &Model{
		classes:       k,
		domains:       d.Domains(),
		pairs:         make([]machine, k*(k-1)/2),
		probabilities: probabilities,
		coding:        c,
		weights:       make([][]float64, k*(k-1)/2),
	}
}

// outputDense is the machine's output for a coded row, Σ_p w[p]·z[p] in
// coordinate order minus b, as Weka's SVMOutput (its sparse weights skip
// only zero terms, which change no sum).
func (mc *machine) outputDense(z []float64) float64 {
	if mc.w == nil {
		return -mc.bias
	}
	return denseDot(mc.w, z) - mc.bias
}

// PredictValues returns the class of an instance written as Weka writes
// one (dataset.Dataset.Values: codes, numbers, NaN missing), as Predict
// does for codes.
func (m *Model) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	dist := buf[:m.classes]
	if m.coding == nil {
		return m.Predict(m.valuesAsCodes(x))
	}
	m.DistributionValues(x, dist)
	return dataset.ArgMax(dist)
}

// valuesAsCodes is the inverse of dataset.CodesAsValues for a model of nominal
// data: NaN (missing) becomes a code outside the domain, which Predict
// reads as the training mode, as ReplaceMissingValues does.
func (m *Model) valuesAsCodes(x []float64) []uint8 {
	out := make([]uint8, len(x))
	for f, v := range x {
		out[f] = dataset.MissingCode
		if !math.IsNaN(v) {
			out[f] = uint8(v)
		}
	}
	return out
}

// DistributionValues writes the class probabilities of an instance
// written as Weka writes one into dst (one entry per class): the
// instance through the training filters, then the pairwise votes (or,
// with probabilities, Platt's probabilities coupled), as
// SMO.distributionForInstance.
func (m *Model) DistributionValues(x []float64, dst []float64) {
	if len(dst) != m.classes {
		panic("smo: DistributionValues: dst must have one entry per class")
	}
	if m.coding == nil {
		m.Distribution(m.valuesAsCodes(x), dst)
		return
	}
	z := make([]float64, m.coding.dims)
	m.coding.code(x, z)
	outs := make([]float64, len(m.pairs))
	for p := range m.pairs {
		mc := m.pairs[p]
		mc.w = m.weights[p]
		outs[p] = mc.outputDense(z)
	}
	if m.probabilities {
		m.probabilityFromOutputs(outs, dst)
		return
	}
	clear(dst)
	total, p := 0, 0
	for i := range m.classes {
		for j := i + 1; j < m.classes; j++ {
			if m.pairs[p].trained {
				if outs[p] > 0 {
					dst[j]++
				} else {
					dst[i]++
				}
				total++
			}
			p++
		}
	}
	if total == 0 {
		uniform(dst)
		return
	}
	sum := 0.0
	for _, v := range dst {
		sum += v
	}
	for c := range dst {
		dst[c] /= sum
	}
}
