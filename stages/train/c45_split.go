package train

import (
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
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

// C4.5's split selection is Weka's, and split as Weka splits it: the
// criterion gainRatio is GainRatioSplitCrit (with InfoGainSplitCrit for
// the gain), and j48Rule is C45ModelSelection: which splits are valid,
// the average-gain rule, and J48's comparison. A learner that is "C4.5
// with another selection measure" (EG2) keeps j48Rule and gives fitJ48
// (c45.go) its criterion; the average is then of that criterion's gain.

// gainRatio is C4.5's criterion, as J48 computes it: merit the gain
// ratio, gain the information gain (j48Criteria).
type gainRatio struct{}

func (*gainRatio) score(s *nodeSums, _ int, t []int) (float64, float64) {
	var xv, xvc float64
	ok := false
	if s.k == 2 {
		xv, xvc, ok = terms2x2(s.tab, t)
	}
	if !ok {
		xv, xvc = termsAny(s.tab, t, s.k)
	}
	gain, ratio := s.j48Criteria(xv, xvc)
	return ratio, gain
}

// j48Criteria returns the information gain and the gain ratio of a split
// of the node with branch terms xv and xvc (nodeSums.terms), as Weka's
// InfoGainSplitCrit and GainRatioSplitCrit compute them for nominal
// features without missing values: a gain whose n-weighted value n·Gain
// is within 1e-6 of 0 is 0, and the ratio is 0 when n·SplitInfo is.
func (s *nodeSums) j48Criteria(xv, xvc float64) (gain, ratio float64) {
	if s.n == 0 {
		return 0, 0
	}
	gainN := s.base - xv + xvc // n·Gain
	if gainN < j48Small {
		return 0, 0
	}
	gain = gainN / float64(s.n)
	splitN := s.xn - xv // n·SplitInfo
	if splitN < j48Small {
		return gain, 0
	}
	return gain, gainN / splitN
}

// j48Rule is J48's selection among a node's multiway splits (Weka's
// C45ModelSelection on nominal features):
//
//   - a node of fewer than 2·minLeaf rows is a leaf;
//   - a split is valid when at least two of its branches have minLeaf
//     rows or more (Distribution.check);
//   - among the valid splits, those whose gain is at least the average
//     gain of the valid splits (less averageGainSlack) compete on merit; a
//     merit must beat the best so far, which starts at 0, by more than
//     j48Small, so ties go to the lowest feature. No valid split, or no
//     merit above 0, makes a leaf.
//
// J48's rule for many-valued features is kept: unless every feature has
// at least 0.3·N values (N = training rows), features with that many
// values are left out of the average; with no valid feature in the
// average, no split wins.
type j48Rule struct {
	minLeaf int
	// inAverage[f] reports whether feature f's gain counts toward the
	// average.
	inAverage []bool
	valid     []bool    // per feature, for the node being split
	merit     []float64 // per feature
	gain      []float64 // per feature
	t2        [4]int    // tableOf's buffer
}

// newJ48Rule returns the rule for a fit on the rows of d in rows.
func newJ48Rule(d *dataset.Dataset, rows dataset.Bitset, minLeaf int) *j48Rule {
	m := d.NumFeatures()
	r := &j48Rule{
		minLeaf:   minLeaf,
		inAverage: make([]bool, m),
		valid:     make([]bool, m),
		merit:     make([]float64, m),
		gain:      make([]float64, m),
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
		r.inAverage[f] = multiVal || smaller(d.Domain(f))
	}
	return r
}

// split chooses node n's split by crit, the node's sums in s.
func (r *j48Rule) split(n *grow.Node, crit criterion, s *nodeSums) (grow.Split, bool) {
	if s.n < 2*r.minLeaf {
		return grow.Split{}, false
	}
	sum, valid := 0.0, 0
	for f := range n.Features() {
		r.valid[f] = false
		if !n.Candidate(f) { // one value left: a single branch, never valid
			continue
		}
		t := tableOf(n, f, &r.t2)
		if !bigBranches(t, s.k, r.minLeaf) {
			continue
		}
		r.valid[f] = true
		r.merit[f], r.gain[f] = crit.score(s, f, t)
		if r.inAverage[f] {
			sum += r.gain[f]
			valid++
		}
	}
	if valid == 0 {
		return grow.Split{}, false
	}
	average := sum / float64(valid)
	best, bestMerit := -1, 0.0
	for f, m := range r.merit {
		if r.valid[f] && r.gain[f] >= average-averageGainSlack && m-bestMerit > j48Small {
			best, bestMerit = f, m
		}
	}
	if best < 0 {
		return grow.Split{}, false
	}
	return grow.Split{Feature: best}, true
}

// bigBranches reports whether at least two branches of the contingency
// table t (k class columns) hold minLeaf rows or more.
func bigBranches(t []int, k, minLeaf int) bool {
	big := 0
	for i := 0; i+k <= len(t); i += k {
		nv := 0
		for _, x := range t[i : i+k] {
			nv += x
		}
		if nv >= minLeaf {
			big++
			if big == 2 {
				return true
			}
		}
	}
	return false
}
