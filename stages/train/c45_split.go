package train

import (
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

// C4.5's split selection is Weka's C45ModelSelection with C45Split on
// nominal features: the multiway splitter with J48's size rules
// (newMultiway(crit, pickJ48, minLeaf)), the criterion gainRatio and the
// rule pickJ48. Another selection measure (EG2's, say) is another
// criterion given to fitJ48 (c45.go), which keeps the splitter, the size
// rules and the pruning.

// pickJ48 is J48's rule for picking among merits in feature order: a
// merit must beat the best so far, which starts at 0, by more than
// j48Small (Utils.gr), so ties go to the lowest feature and merits of 0
// or less, or negative marks, never win.
func pickJ48(merit []float64) (int, bool) {
	best, bestMerit := -1, 0.0
	for i, m := range merit {
		if m-bestMerit > j48Small {
			best, bestMerit = i, m
		}
	}
	return best, best >= 0
}

// gainRatio is C4.5's criterion, as J48 applies it: the gain ratio of
// each valid split (j48Criteria), among the splits whose information
// gain is at least the average gain of the valid splits (less
// averageGainSlack). The others get merit −1. J48's rule for
// many-valued features is kept: unless every feature has at least 0.3·N
// values (N = training rows), features with that many values are left out
// of the average; with no feature in the average, no split has merit.
type gainRatio struct {
	// inAverage[f] reports whether feature f's gain counts toward the
	// average.
	inAverage []bool
	gains     []float64 // scratch: the candidates' gains
}

// newGainRatio returns the criterion for a fit on the rows of d in rows.
func newGainRatio(d *dataset.Dataset, rows dataset.Bitset) *gainRatio {
	m := d.NumFeatures()
	c := &gainRatio{inAverage: make([]bool, m)}
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
		c.inAverage[f] = multiVal || smaller(d.Domain(f))
	}
	return c
}

func (c *gainRatio) score(counts []int, b *splits, merit []float64) {
	e, xv, xvc := b.entropy(counts)
	gains := scratch(&c.gains, len(merit))
	sum, valid := 0.0, 0
	for i := range merit {
		gains[i], merit[i] = e.j48Criteria(xv[i], xvc[i])
		if c.inAverage[b.feat(i)] {
			sum += gains[i]
			valid++
		}
	}
	if valid == 0 {
		for i := range merit {
			merit[i] = -1
		}
		return
	}
	average := sum / float64(valid)
	for i, g := range gains {
		if !(g >= average-averageGainSlack) {
			merit[i] = -1
		}
	}
}

// j48Criteria returns the information gain and the gain ratio of a split
// of the node with branch terms xv and xvc (branchTerms), as Weka's
// InfoGainSplitCrit and GainRatioSplitCrit compute them for nominal
// features without missing values: a gain whose n-weighted value n·Gain
// is within 1e-6 of 0 is 0, and the ratio is 0 when n·SplitInfo is.
func (e nodeEntropy) j48Criteria(xv, xvc float64) (gain, ratio float64) {
	if e.n == 0 {
		return 0, 0
	}
	gainN := e.base - xv + xvc // n·Gain
	if gainN < j48Small {
		return 0, 0
	}
	gain = gainN / float64(e.n)
	splitN := e.xn - xv // n·SplitInfo
	if splitN < j48Small {
		return gain, 0
	}
	return gain, gainN / splitN
}
