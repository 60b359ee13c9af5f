package train

import (
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
)

// J48's tolerances (weka.core.Utils: eq, gr and smOrEq compare within
// 1e-6), used where C4.5 follows J48 bit for bit.
const (
	// j48Small is Utils.SMALL.
	j48Small = 1e-6
	// averageGainSlack is C45ModelSelection's allowance below the average
	// gain ("to get a closer approximation to the original implementation").
	averageGainSlack = 1e-3
	// manyValues is the share of the training rows at which a feature's
	// number of values makes C45ModelSelection leave it out of the
	// average gain.
	manyValues = 0.3
)

// c45Splitter is C4.5's strategy (Weka's C45ModelSelection with C45Split
// on nominal features): among the valid multiway splits — at least two
// branches with minLeaf rows or more — those with at least the average
// gain compete on gain ratio.
type c45Splitter struct {
	minLeaf int
	// inAverage[f] reports whether feature f's gain counts toward the
	// average: J48 leaves out features with at least 0.3·N values unless
	// every feature has that many.
	inAverage []bool
	gain      []float64 // per feature, for the node being split
	ratio     []float64 // per feature; < 0 marks an invalid split
}

// newC45Splitter prepares the splitter for a fit on the rows of d in rows.
func newC45Splitter(d *dataset.Dataset, rows dataset.Bitset, minLeaf int) *c45Splitter {
	m := d.NumFeatures()
	sp := &c45Splitter{
		minLeaf:   minLeaf,
		inAverage: make([]bool, m),
		gain:      make([]float64, m),
		ratio:     make([]float64, m),
	}
	n := 0
	if len(rows) == len(d.All()) {
		n = dataset.AndCount(rows, d.All())
	}
	limit := manyValues * float64(n)
	smaller := func(z int) bool { return limit-float64(z) > j48Small } // Utils.sm(z, 0.3·N)
	multiVal := true
	for f := range m {
		if smaller(d.Domain(f)) {
			multiVal = false
		}
	}
	for f := range m {
		sp.inAverage[f] = multiVal || smaller(d.Domain(f))
	}
	return sp
}

func (sp *c45Splitter) split(s *nodeStats, _ *rand.Rand) (split, bool) {
	k := s.Classes()
	n := 0
	for _, x := range s.Counts() {
		n += x
	}
	if n < 2*sp.minLeaf {
		return split{}, false
	}
	sum, valid := 0.0, 0
	for f := range s.Features() {
		sp.ratio[f] = -1
		if !candidate(s, f) { // one value left: a single branch, never valid
			continue
		}
		t := s.Table(f)
		if !sp.check(t, k) {
			continue
		}
		gain, ratio := c45Criteria(t, k)
		sp.gain[f], sp.ratio[f] = gain, ratio
		if sp.inAverage[f] {
			sum += gain
			valid++
		}
	}
	if valid == 0 {
		return split{}, false
	}
	average := sum / float64(valid)
	best, bestRatio := -1, 0.0
	for f, r := range sp.ratio {
		if r >= 0 && sp.gain[f] >= average-averageGainSlack && r-bestRatio > j48Small {
			best, bestRatio = f, r
		}
	}
	if best < 0 {
		return split{}, false
	}
	return split{feature: best}, true
}

// check reports whether at least two branches of the contingency table
// hold minLeaf rows or more (Weka's Distribution.check).
func (sp *c45Splitter) check(t []int, k int) bool {
	big := 0
	for i := 0; i+k <= len(t); i += k {
		nv := 0
		for _, x := range t[i : i+k] {
			nv += x
		}
		if nv >= sp.minLeaf {
			big++
			if big == 2 {
				return true
			}
		}
	}
	return false
}

// c45Criteria returns the information gain and the gain ratio of a split
// with contingency table t (k class columns), as Weka's InfoGainSplitCrit
// and GainRatioSplitCrit compute them for nominal features without
// missing values: a gain whose n-weighted value n·Gain is within 1e-6 of 0
// is 0, and the ratio is 0 when n·SplitInfo is.
func c45Criteria(t []int, k int) (gain, ratio float64) {
	var n int
	var xn, xc, xv, xvc float64
	if tab := xlogxTable(); k == 2 && len(t) == 4 && t[0]+t[1]+t[2]+t[3] < len(tab) {
		// Two branches, two classes (the oracle study's case): splitTerms'
		// sums, in its order, without its loops.
		a, b, c, d := t[0], t[1], t[2], t[3]
		n = a + b + c + d
		xn, xc, xv = tab[n], tab[a+c]+tab[b+d], tab[a+b]+tab[c+d]
		xvc = tab[a] + tab[b] + tab[c] + tab[d]
	} else {
		n, xn, xc, xv, xvc = splitTerms(t, k)
	}
	if n == 0 {
		return 0, 0
	}
	gainN := xn - xc - xv + xvc // n·Gain
	if gainN < j48Small {
		return 0, 0
	}
	gain = gainN / float64(n)
	splitN := xn - xv // n·SplitInfo
	if splitN < j48Small {
		return gain, 0
	}
	return gain, gainN / splitN
}
