package train

import (
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// A tree learner is a splitter (its strategy: multiway per value, binary
// value subsets, K random features), a criterion that ranks the
// splitter's candidates (criterion.go), stopping rules (grow.Options) and
// an optional pruner; one builder, grow.Tree, grows every tree. A
// splitter sees only counts, through grow.Node.

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

// multiway is the multiway strategy of ID3 and C4.5: one branch per
// value, on a feature that can still split the node (never one already
// tested on the path), the one whose split crit ranks best. Without j48,
// ID3's rule picks it: the first of largest merit in feature order,
// merits within gainTie of each other tied, and none when the best merit
// is at most zeroGain. With j48, J48's size rules and average-gain
// selection do (c45_split.go).
type multiway struct {
	crit criterion
	path pathCriterion // crit, when its scores depend on the path; else nil
	j48  *j48Rule
	sums nodeSums
	t2   [4]int // a binary feature's table, read from the lanes
}

func (sp *multiway) Split(n *grow.Node, _ *rand.Rand) (grow.Split, bool) {
	s := &sp.sums
	s.set(n.Counts())
	if sp.path != nil {
		sp.path.atNode(n)
	}
	if sp.j48 != nil {
		return sp.j48.split(n, sp.crit, s)
	}
	best, bestMerit := -1, 0.0
	for f := range n.Features() {
		if !n.Candidate(f) {
			continue
		}
		m, _ := sp.crit.score(s, f, tableOf(n, f, &sp.t2))
		if best < 0 || m > bestMerit+gainTie {
			best, bestMerit = f, m
		}
	}
	if best < 0 || bestMerit <= zeroGain {
		return grow.Split{}, false
	}
	return grow.Split{Feature: best}, true
}

// tableOf returns feature f's contingency table at node n: in the oracle
// study's case read from the node's lane sums into buf (grow.Node.Table2),
// else n.Table(f).
func tableOf(n *grow.Node, f int, buf *[4]int) []int {
	if a, b, c, d, ok := n.Table2(f); ok {
		buf[0], buf[1], buf[2], buf[3] = a, b, c, d
		return buf[:]
	}
	return n.Table(f)
}

// growModel grows a tree on the rows of d in rows with the shared builder
// and returns it as a Model; errors name the learner.
func growModel(name string, d *dataset.Dataset, rows dataset.Bitset, sp grow.Splitter, o grow.Options, rng *rand.Rand) (Model, error) {
	t, err := grow.Tree(d, rows, sp, o, rng)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return NewTreeModel(t), nil
}
