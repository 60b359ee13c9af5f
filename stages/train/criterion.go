package train

import "github.com/dtbench/dtbench/stages/train/internal/grow"

// A criterion scores a candidate split of a node from its contingency
// table, as scikit-learn's Criterion does: it sees the node's class-count
// sums (nodeSums, set once per node by the splitter), the split's table
// and its feature's index (so that a cost-sensitive criterion can look up
// the test's cost), never rows. It is the part a learner that differs
// only in how it ranks splits supplies: IDX, CS-ID3 and EG2 (cost.go)
// are C4.5 with their criteria. The splitter, which the learner also
// chooses, decides which splits are candidates and how their merits pick
// the winner (splitter.go, c45_split.go, cart_split.go, randomtree.go).
//
// A criterion returns two numbers: the merit that ranks the split, and
// its gain, the decrease in impurity by the criterion's own measure (the
// information gain for the entropy criteria), which J48's selection
// averages (c45_split.go) and which is the merit itself for a criterion
// that is a gain.
//
// Speed: in the oracle study's hot case a criterion call replaces the
// direct call that computed a 2×2 gain before there was a criterion
// role, so the hot entropy criteria take terms2x2 inline and fall back
// to the general loop. Calling the criterion once per node on a batch of
// tables was tried and was slower (15–20% for ID3 at 10 binary features):
// the extra passes over the batch cost more than the dynamic calls they
// saved. Generic splitters over a criterion type parameter would not
// devirtualize either: Go calls a type parameter's methods through a
// dictionary.
type criterion interface {
	// score returns the merit and the gain of the split on feature f
	// whose contingency table is t (t[v·K+c] rows have value v, or go to
	// branch v, and class c) at the node s sums. Larger is better.
	score(s *nodeSums, f int, t []int) (merit, gain float64)
}

// pathCriterion is a criterion whose scores depend on the node's path as
// well as its table: the cost-sensitive ones, where a test's cost C
// includes its group's common cost only while no member of the group is
// tested above the node. The multiway splitter calls atNode once per node,
// before any score; the node's path is Node.Tested. Splitters other than
// multiway ignore the role (no cost-sensitive learner uses them).
type pathCriterion interface {
	criterion
	atNode(n *grow.Node)
}

// infoGain is the criterion of ID3 and RandomTree: merit and gain are
// the information gain (info.InfoGain), from the node's sums.
type infoGain struct{}

func (*infoGain) score(s *nodeSums, _ int, t []int) (float64, float64) {
	var xv, xvc float64
	ok := false
	if s.k == 2 {
		xv, xvc, ok = terms2x2(s.tab, t)
	}
	if !ok {
		xv, xvc = termsAny(s.tab, t, s.k)
	}
	g := s.gain(xv, xvc)
	return g, g
}

// giniGain scores by the decrease in Gini impurity: merit and gain are
// info.GiniGain's, from the node's sums.
type giniGain struct{}

func (*giniGain) score(s *nodeSums, _ int, t []int) (float64, float64) {
	g := s.giniGain(t)
	return g, g
}

// simpleCartGini is CART's criterion: merit and gain are the decrease in
// Gini impurity of a two-branch split as SimpleCart computes it,
// SimpleCartGain(t), bit for bit, so that its exact comparisons go as
// SimpleCart's do.
type simpleCartGini struct {
	// The node's Gini impurity, as SimpleCart computes it, for the class
	// counts in counts: every split of a node shares it, so it is kept
	// from one call to the next while the counts stay the same.
	counts []int
	gini   float64
}

func (c *simpleCartGini) score(s *nodeSums, _ int, t []int) (float64, float64) {
	k := s.k
	n0, n1 := 0, 0
	same := len(c.counts) == k
	for j := range k {
		n0 += t[j]
		n1 += t[k+j]
		same = same && c.counts[j] == t[j]+t[k+j]
	}
	if n0+n1 == 0 {
		return 0, 0
	}
	if !same {
		c.counts = resize(c.counts, k)
		for j := range k {
			c.counts[j] = t[j] + t[k+j]
		}
		c.gini = cartGiniOf(c.counts, n0+n1)
	}
	g := simpleCartGainBelow(c.gini, t, k, n0, n1)
	return g, g
}
