package train

import (
	"math/rand/v2"
)

// split is the test a splitter chooses for a node.
type split struct {
	feature int
	// group maps each value of feature to its branch 0..g−1, every branch
	// used; nil means one branch per value (a multiway split). Values the
	// node cannot have may go to any branch: no row follows them.
	group []int
}

// splitter chooses a node's test: the strategy is what tells tree learners
// apart (multiway per value for ID3 and C4.5, binary value subsets for
// CART, the best of K random features for RandomTree), while counting and
// growing are shared. A splitter sees only counts, through nodeStats.
type splitter interface {
	// split returns the test for the node s describes, or false to make
	// the node a leaf of its majority class.
	split(s *nodeStats, rng *rand.Rand) (split, bool)
}

// Gains are float sums of n·log2 n terms, so two splits with equal gain can
// differ in the last bits (the same terms summed in another order), and a
// split with zero gain can come out a hair above 0. Both tolerances are far
// above that rounding (about 1e-15 per bit of gain) and far below any real
// difference between gains of tables of up to millions of rows.
const (
	// gainTie: gains closer than this are equal, and the lower feature wins.
	gainTie = 1e-10
	// zeroGain: a best gain at or below this is no gain (Weka's Id3 uses
	// 1e-6, its Utils.eq; ours only absorbs rounding).
	zeroGain = 1e-10
)

// candidate reports whether feature f can still split a node: a feature
// whose path has fixed its value (tested by a multiway split above, or
// narrowed to one value by subset splits) has one possible value left.
func candidate(s *nodeStats, f int) bool {
	a := s.avail[f]
	return a&(a-1) != 0
}

// gainSplitter is ID3's strategy: a multiway split on the feature of
// largest information gain, ties to the lowest feature index, never a
// feature already tested on the path; no split when the best gain is 0.
type gainSplitter struct{}

func (gainSplitter) split(s *nodeStats, _ *rand.Rand) (split, bool) {
	best, bestGain := -1, 0.0
	for f := range s.Features() {
		if !candidate(s, f) {
			continue
		}
		g := s.gain(f)
		if best < 0 || g > bestGain+gainTie {
			best, bestGain = f, g
		}
	}
	if best < 0 || bestGain <= zeroGain {
		return split{}, false
	}
	return split{feature: best}, true
}
