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

// pickGain is ID3's rule for picking among merits in feature order: the
// first of the largest merit, merits within gainTie of each other tied;
// none when the best is at most zeroGain.
func pickGain(merit []float64) (int, bool) {
	best, bestMerit := -1, 0.0
	for i, m := range merit {
		if best < 0 || m > bestMerit+gainTie {
			best, bestMerit = i, m
		}
	}
	return best, best >= 0 && bestMerit > zeroGain
}

// multiway is the multiway strategy of ID3 and C4.5: one branch per
// value, on the candidate feature whose split crit ranks best under the
// rule pick. Candidates are the features that can still split the node
// (never one already tested on the path). With minLeaf > 0 J48's size
// rules hold: a node of fewer than 2·minLeaf rows is a leaf, and a split
// is a candidate only when at least two of its branches have minLeaf
// rows or more (Weka's Distribution.check).
type multiway struct {
	crit    criterion
	pick    func(merit []float64) (int, bool)
	minLeaf int
	batch   splits // scratch: the node's candidates
	merit   []float64
}

// newMultiway returns a multiway splitter; see multiway.
func newMultiway(crit criterion, pick func([]float64) (int, bool), minLeaf int) *multiway {
	return &multiway{crit: crit, pick: pick, minLeaf: minLeaf}
}

func (sp *multiway) Split(n *grow.Node, _ *rand.Rand) (grow.Split, bool) {
	counts := n.Counts()
	k := n.Classes()
	if sp.minLeaf > 0 {
		rows := 0
		for _, x := range counts {
			rows += x
		}
		if rows < 2*sp.minLeaf {
			return grow.Split{}, false
		}
	}
	b := &sp.batch
	b.reset()
	for f := range n.Features() {
		if n.Candidate(f) {
			b.add(n, f)
		}
	}
	b.fill(n)
	if sp.minLeaf > 0 {
		b.retain(func(t []int) bool { return bigBranches(t, k, sp.minLeaf) })
	}
	if b.len() == 0 {
		return grow.Split{}, false
	}
	merit := scratch(&sp.merit, b.len())
	sp.crit.score(counts, b, merit)
	i, ok := sp.pick(merit)
	if !ok {
		return grow.Split{}, false
	}
	return grow.Split{Feature: b.feat(i)}, true
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

// growModel grows a tree on the rows of d in rows with the shared builder
// and returns it as a Model; errors name the learner.
func growModel(name string, d *dataset.Dataset, rows dataset.Bitset, sp grow.Splitter, o grow.Options, rng *rand.Rand) (Model, error) {
	t, err := grow.Tree(d, rows, sp, o, rng)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return NewTreeModel(t), nil
}
