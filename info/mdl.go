package info

import (
	"math"
	"slices"
)

// MDLCutPoints returns the cut points of one numeric column by Fayyad and
// Irani's minimum-description-length criterion, exactly as Weka 3.6's
// supervised Discretize filter chooses them with its defaults (no
// Kononenko criterion, no "better encoding"): values[r] is row r's value
// (NaN = missing: such rows are left aside), labels[r] its class code,
// weights[r] its weight (nil = every row weighs 1). The cuts come back
// sorted ascending, nil when the column is not split.
//
// The rows are sorted by value; a candidate cut lies between two
// consecutive distinct values, at their midpoint (v_i + v_{i+1}) / 2. Of
// the candidates the one with the least class entropy conditioned on the
// side, E = Σ_side (n_side/n) H(side), is kept (the first of equal ones),
// and it is accepted when its gain G = H(S) − E satisfies
//
//	G > (log2(N − 1) + Δ) / N,   Δ = log2(3^k − 2) − (k H(S) − k₁ H(S₁) − k₂ H(S₂)),
//
// with N the rows (weights) of the set S, N − 1 counted in rows as Weka's
// default encoding does, k, k₁, k₂ the number of classes present in S
// and in the two sides. Each side is then split again in the same way.
// Entropies are computed as Weka's ContingencyTables computes them
// (Σ n ln n terms), so that a comparison near a tie goes the way Weka's
// goes.
func MDLCutPoints(values []float64, labels []uint8, weights []float64) []float64 {
	return mdlCutPoints(values, labels, weights, false)
}

// MDLCutPointsBetterEncoding is MDLCutPoints with Weka's "better
// encoding" (Discretize -E): N − 1 in the criterion is the number of
// candidate cuts of the set (its distinct values less one) rather than
// its rows less one. Weka's GainRatioAttributeEval and
// InfoGainAttributeEval discretize numeric attributes so before they rank
// them.
func MDLCutPointsBetterEncoding(values []float64, labels []uint8, weights []float64) []float64 {
	return mdlCutPoints(values, labels, weights, true)
}

func mdlCutPoints(values []float64, labels []uint8, weights []float64, better bool) []float64 {
	order := make([]int, 0, len(values))
	classes := 0
	for r, v := range values {
		if !math.IsNaN(v) {
			order = append(order, r)
			classes = max(classes, int(labels[r])+1)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case values[a] < values[b]:
			return -1
		case values[a] > values[b]:
			return 1
		}
		return 0
	})
	m := mdl{values: values, labels: labels, weights: weights, order: order, classes: classes, better: better}
	return m.cuts(0, len(order), nil)
}

// mdl holds one column's rows sorted by value for the recursive split.
type mdl struct {
	values  []float64
	labels  []uint8
	weights []float64
	order   []int // non-missing rows by ascending value
	classes int
	better  bool // Weka's better encoding: count candidate cuts, not rows
}

func (m *mdl) weight(r int) float64 {
	if m.weights == nil {
		return 1
	}
	return m.weights[r]
}

// cuts appends to dst the cut points of the sorted rows order[first:last],
// in ascending order, as Weka's Discretize.cutPointsForSubset finds them.
func (m *mdl) cuts(first, last int, dst []float64) []float64 {
	if last-first < 2 {
		return dst
	}
	k := m.classes
	counts := make([]float64, 4*k) // left, right, best left, best right
	left, right := counts[:k], counts[k:2*k]
	bestLeft, bestRight := counts[2*k:3*k], counts[3*k:]
	n := 0.0
	for _, r := range m.order[first:last] {
		w := m.weight(r)
		n += w
		right[m.labels[r]] += w
	}
	prior := slices.Clone(right)
	priorEntropy := wekaEntropy(prior)
	bestEntropy := priorEntropy
	bestCut, bestIndex := 0.0, -1
	candidates := 0
	for i := first; i < last-1; i++ {
		r, next := m.order[i], m.order[i+1]
		w := m.weight(r)
		left[m.labels[r]] += w
		right[m.labels[r]] -= w
		if m.values[r] < m.values[next] {
			candidates++
			cut := (m.values[r] + m.values[next]) / 2
			if e := wekaEntropyOnRows(left, right); e < bestEntropy {
				bestCut, bestEntropy, bestIndex = cut, e, i
				copy(bestLeft, left)
				copy(bestRight, right)
			}
		}
	}
	if priorEntropy-bestEntropy <= 0 {
		return dst
	}
	numCutPoints := last - first - 1
	if m.better {
		numCutPoints = candidates
	}
	if !fayyadIrani(prior, bestLeft, bestRight, n, numCutPoints) {
		return dst
	}
	dst = m.cuts(first, bestIndex+1, dst)
	dst = append(dst, bestCut)
	return m.cuts(bestIndex+1, last, dst)
}

// fayyadIrani is Weka's FayyadAndIranisMDL: whether the split of prior
// into left and right is worth its description length.
func fayyadIrani(prior, left, right []float64, n float64, numCutPoints int) bool {
	priorEntropy := wekaEntropy(prior)
	gain := priorEntropy - wekaEntropyOnRows(left, right)
	present := func(c []float64) (k int) {
		for _, x := range c {
			if x > 0 {
				k++
			}
		}
		return k
	}
	k, kl, kr := present(prior), present(left), present(right)
	delta := wekaLog2(math.Pow(3, float64(k))-2) -
		(float64(k)*priorEntropy - float64(kr)*wekaEntropy(right) - float64(kl)*wekaEntropy(left))
	return gain > (wekaLog2(float64(numCutPoints))+delta)/n
}

// lnFunc is Weka's x ln x, 0 for x <= 0.
func lnFunc(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x * math.Log(x)
}

// wekaLog2 is Weka's Utils.log2: ln x / ln 2.
func wekaLog2(x float64) float64 { return math.Log(x) / math.Ln2 }

// wekaEntropy is Weka's ContingencyTables.entropy: Shannon's entropy in
// bits of weighted counts, (ln n·n − Σ c ln c) / (n ln 2), 0 for n ≈ 0.
func wekaEntropy(counts []float64) float64 {
	h, sum := 0.0, 0.0
	for _, c := range counts {
		h -= lnFunc(c)
		sum += c
	}
	if math.Abs(sum) < 1e-6 {
		return 0
	}
	return (h + lnFunc(sum)) / (sum * math.Ln2)
}

// wekaEntropyOnRows is Weka's ContingencyTables.entropyConditionedOnRows
// for two rows: the class entropy given the side.
func wekaEntropyOnRows(left, right []float64) float64 {
	h, total := 0.0, 0.0
	for _, row := range [2][]float64{left, right} {
		sum := 0.0
		for _, c := range row {
			h += lnFunc(c)
			sum += c
			total += c
		}
		h -= lnFunc(sum)
	}
	if math.Abs(total) < 1e-6 {
		return 0
	}
	return -h / (total * math.Ln2)
}
