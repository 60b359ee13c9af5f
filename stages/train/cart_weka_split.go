package train

import (
	"math"
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// The split search of the SimpleCart port (cart_weka.go): one attribute's
// best split at a node, as SimpleCart's numericDistribution and
// nominalDistribution find it, sums formed in their order.

// numericDistribution is SimpleCart.numericDistribution for numeric
// feature f, whose instances at the node are idx (ascending, missing
// last) with weights w.
func (s *scFit) numericDistribution(out *scSplit, f int, idx []int32, w []float64) {
	k := s.k
	var curr, dist [2][]float64
	for b := range 2 {
		curr[b] = make([]float64, k)
		dist[b] = make([]float64, k)
	}
	parent := make([]float64, k)
	missingStart := 0
	for j, i := range idx {
		c := s.labels[i]
		if !math.IsNaN(s.value(f, i)) {
			missingStart++
			curr[1][c] += w[j]
		}
		parent[c] += w[j]
	}
	copy(dist[1], curr[1])
	splitPoint := math.NaN()
	currSplit := s.value(f, idx[0])
	best := -math.MaxFloat64
	var temp [2][]float64
	temp[0], temp[1] = make([]float64, k), make([]float64, k)
	for j, i := range idx {
		x := s.value(f, i)
		if math.IsNaN(x) {
			break
		}
		if x > currSplit {
			copy(temp[0], curr[0])
			copy(temp[1], curr[1])
			props := [2]float64{wekaSum(temp[0]), wekaSum(temp[1])}
			if sum := props[0] + props[1]; sum != 0 {
				wekaNormalize(props[:], sum)
			}
			for jj := missingStart; jj < len(idx); jj++ {
				c := s.labels[idx[jj]]
				for b := range 2 {
					temp[b][c] += float64(props[b] * w[jj])
				}
			}
			if g := wekaGiniGain(parent, temp[0], temp[1]); g > best {
				best = g
				splitPoint = (x + currSplit) / 2
				copy(dist[0], temp[0])
				copy(dist[1], temp[1])
			}
		}
		currSplit = x
		c := s.labels[i]
		curr[0][c] += w[j]
		curr[1][c] -= w[j]
	}
	s.finish(out, dist, best)
	if sum := out.props[0] + out.props[1]; sum != 0 {
		wekaNormalize(out.props, sum)
	}
	out.split = splitPoint
}

// finish records a split's class weights, gain, proportions (not yet
// normalized) and branch totals.
func (s *scFit) finish(out *scSplit, dist [2][]float64, gain float64) {
	out.gain = gain
	out.dist = dist
	out.props = []float64{wekaSum(dist[0]), wekaSum(dist[1])}
	out.totals = [2]float64{0 + wekaSum(dist[0]), 0 + wekaSum(dist[1])}
}

// nominalDistribution is SimpleCart.nominalDistribution for nominal
// feature f, whose instances at the node are idx (missing last) with
// weights w: the best subset of the values that have instances here (two
// classes: prefixes in the order of their class-0 share; more: every
// subset up to exhMax values, else prefixes in the principal-component
// order), then the values without instances added to branch 0 when it
// has at least half the weight.
func (s *scFit) nominalDistribution(out *scSplit, f int, idx []int32, w []float64) {
	k := s.k
	z := s.d.Domain(f)
	var freq [dataset.MaxValues]int
	parent := make([]float64, k)
	missingStart := 0
	for j, i := range idx {
		if c := s.code(f, i); c != dataset.MissingCode {
			missingStart++
			freq[c]++
		}
		parent[s.labels[i]] += w[j]
	}
	present := s.present[:0]
	for v := range z {
		if freq[v] != 0 {
			present = append(present, v)
		}
	}
	s.present = present
	ne := len(present)
	if ne <= 1 {
		*out = scSplit{gain: 0}
		return
	}
	best := -math.MaxFloat64
	var bestSubset uint64
	var dist [2][]float64
	dist[0], dist[1] = make([]float64, k), make([]float64, k)
	var temp [2][]float64
	temp[0], temp[1] = make([]float64, k), make([]float64, k)
	// try scores the subset (bit v = value v to branch 0) as SimpleCart
	// does: the non-missing instances summed in order, then the missing
	// ones spread in the branches' proportions.
	try := func(subset uint64) {
		clear(temp[0])
		clear(temp[1])
		for j, i := range idx[:missingStart] {
			b := 1
			if subset>>s.code(f, i)&1 != 0 {
				b = 0
			}
			temp[b][s.labels[i]] += w[j]
		}
		props := [2]float64{wekaSum(temp[0]), wekaSum(temp[1])}
		if sum := props[0] + props[1]; sum != 0 {
			wekaNormalize(props[:], sum)
		}
		for jj := missingStart; jj < len(idx); jj++ {
			c := s.labels[idx[jj]]
			for b := range 2 {
				temp[b][c] += float64(props[b] * w[jj])
			}
		}
		if g := wekaGiniGain(parent, temp[0], temp[1]); g > best {
			best, bestSubset = g, subset
			copy(dist[0], temp[0])
			copy(dist[1], temp[1])
		}
	}
	var order [dataset.MaxValues]int
	switch {
	case k == 2:
		// The class-0 share of each present value over the node's
		// non-missing instances, counted once each (SimpleCart's valDist
		// adds inst.weight(), 1 for every instance of the fit), sorted
		// ascending with ties in code order (Utils.minIndex).
		var n0, nv [dataset.MaxValues]float64
		for _, i := range idx[:missingStart] {
			c := s.code(f, i)
			nv[c]++
			if s.labels[i] == 0 {
				n0[c]++
			}
		}
		p := make([]float64, ne)
		for j, v := range present {
			p[j] = n0[v] / nv[v]
		}
		for j := range ne {
			m := 0
			for x := range p {
				if p[x] < p[m] {
					m = x
				}
			}
			order[j] = m
			p[m] = math.MaxFloat64
		}
		s.prefixes(try, order[:ne])
	case ne <= s.exhMax:
		for i := 0; i < 1<<(ne-1); i++ {
			var subset uint64
			for p := uint(i); p != 0; p &= p - 1 {
				subset |= 1 << present[ne-1-bits.TrailingZeros(p)]
			}
			try(subset)
		}
	default:
		s.pca.order(s.fitTab[f], k, s.fitCnt, present, order[:ne])
		s.prefixes(try, order[:ne])
	}
	s.finish(out, dist, best)
	if sum := out.props[0] + out.props[1]; !(sum > 0) {
		out.props[0], out.props[1] = 0.5, 0.5
	} else {
		wekaNormalize(out.props, sum)
	}
	if out.props[0] >= out.props[1] {
		for v := range z {
			if freq[v] == 0 {
				bestSubset |= 1 << v
			}
		}
	}
	out.subset = bestSubset
}

// prefixes tries the splits of the first j values of order (indices into
// s.present, j = 1..len−1) against the rest.
func (s *scFit) prefixes(try func(uint64), order []int) {
	present := s.present
	var subset uint64
	for _, i := range order[:len(order)-1] {
		subset |= 1 << present[i]
		try(subset)
	}
}
