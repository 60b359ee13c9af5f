package costs

import (
	"sync"

	"github.com/dtbench/dtbench/tree"
)

// The charge of a Weka instance (dataset.Values: a numeric feature's
// value, a nominal one's code, NaN where missing) on a tree of threshold
// and nominal tests. Without a missing value on its path the instance
// reaches one leaf and pays that leaf's tests, as a row of codes does
// (however many thresholds of one feature the path crosses, the feature's
// test is charged once: the charged set is of features). Where a value is
// missing the tree spreads the instance over several branches (J48's
// fractional prediction), and the instance pays the union of the tests
// on every path it reaches: each test once, each group's common cost
// once, a delayed test settling its node's subtree on that path.

// arrival returns, per node, the tests charged on arriving there (w words
// per node): the features tested above it, and under a delayed test every
// test of that test's subtree, exactly the sets leafTests charges at a
// leaf. It is computed once per TreeCosts, on the first instance that
// needs it.
func (c *TreeCosts) arrival() ([]uint64, int) {
	c.setsOnce.Do(func() {
		m, t := c.m, c.t
		n, w := t.Len(), c.w
		var sub []uint64
		for i := range n {
			if f := t.Feature[i]; f != tree.Leaf && m.Tests[f].Delayed {
				sub = subtreeFeatures(t, w, nil)
				break
			}
		}
		sets := make([]uint64, n*w)
		settled := make([]bool, n)
		next := make([]uint64, w)
		for i := range n {
			f := t.Feature[i]
			if f == tree.Leaf {
				continue
			}
			copy(next, sets[i*w:(i+1)*w])
			done := settled[i]
			switch {
			case done:
			case m.Tests[f].Delayed:
				for j, x := range sub[i*w : (i+1)*w] {
					next[j] |= x
				}
				done = true
			default:
				next[f/64] |= 1 << (f % 64)
			}
			for _, ch := range t.Children(i) {
				copy(sets[int(ch)*w:(int(ch)+1)*w], next)
				settled[ch] = done
			}
		}
		c.sets = sets
		c.members = groupMembers(m, w)
	})
	return c.sets, c.w
}

// groupMembers returns each group's members as a set of w words.
func groupMembers(m *Model, w int) []uint64 {
	members := make([]uint64, len(m.Groups)*w)
	for f, ts := range m.Tests {
		if ts.Group != NoGroup {
			members[ts.Group*w+f/64] |= 1 << (f % 64)
		}
	}
	return members
}

// Values returns the test cost of classifying instance x with the tree:
// that of the leaf it reaches, or, where a missing value spreads it over
// several branches, of the union of the tests on every path it reaches
// (tree.ReachValues' ends). reached, when not nil, are those ends as the
// model's own walk gives them (a learner whose prediction walks the tree
// otherwise than J48's getProbs); nil takes the tree's.
func (c *TreeCosts) Values(x []float64, reached []int) float64 {
	var buf [16]int
	if reached == nil {
		reached = c.t.ReachValues(x, buf[:0])
	}
	if len(reached) == 1 && c.t.IsLeaf(reached[0]) {
		return c.tests[reached[0]]
	}
	sets, w := c.arrival()
	union := make([]uint64, w)
	for _, n := range reached {
		for j, x := range sets[n*w : (n+1)*w] {
			union[j] |= x
		}
	}
	return added(c.m, c.members, make([]uint64, w), union, w)
}

// valueSets is the part of TreeCosts that Values computes lazily.
type valueSets struct {
	setsOnce sync.Once
	sets     []uint64 // per node, w words: arrival
	members  []uint64 // per group, w words
}
