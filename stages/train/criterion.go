package train

import (
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// A criterion scores the candidate splits of one node from their
// contingency tables, as scikit-learn's Criterion does: it sees the
// node's class counts, each candidate's table and its feature's index (so
// that a cost-sensitive criterion can look up the test's cost), never
// rows. It is the part a learner that differs only in how it ranks splits
// supplies (idx_test.go's IDX is ID3 with the criterion ΔI/C); the
// splitter, which the learner also chooses, decides which splits are
// candidates and how the merits pick the winner (splitter.go,
// c45_split.go, cart_split.go, randomtree.go).
//
// A splitter hands a criterion all of a node's candidates at once, so
// that the criterion's per-node terms (nodeEntropy, nodeGini) are
// computed once and a dynamic call costs once per node, not once per
// feature: called per feature, the interface cost ID3 about 5% of its
// fit at 20 binary features. Go's generics would not help, since a
// method call on a type parameter also goes through a dictionary.
type criterion interface {
	// score sets merit[i], i < b.len(), to the merit of b's split i at a
	// node with class counts counts (K = len(counts)), which are the
	// column sums of every table. Larger is better; a negative merit
	// takes a split out of the running.
	score(counts []int, b *splits, merit []float64)
}

// splits is a batch of candidate splits of one node, what a criterion
// scores: split i is on feature feat(i) and has contingency table
// table(i), where table(i)[v·K+c] rows have value v (or go to branch v)
// and class c. A splitter adds the node's splits with add and copies
// their tables in with fill, or adds two-branch splits of its own making
// with addTwo.
//
// The batch owns its cells and holds no slice of the node's tables, and
// its scratch only grows: storing a slice (a pointer) in the heap costs a
// write barrier while the collector marks, which for a slice per
// candidate was 7% of an ID3 fit.
type splits struct {
	feats []int
	ends  []int // table i is cells[ends[i]:ends[i+1]]
	cells []int
	// entropy's scratch: each split's branch terms
	xv, xvc []float64
}

// reset empties b.
func (b *splits) reset() {
	b.feats, b.cells = b.feats[:0], b.cells[:0]
	b.ends = append(b.ends[:0], 0)
}

// add appends the multiway split of node n on feature f, whose table
// fill copies in.
func (b *splits) add(n *grow.Node, f int) {
	b.feats = append(b.feats, f)
	b.ends = append(b.ends, b.ends[len(b.ends)-1]+n.TableSize(f))
}

// fill copies node n's tables of the splits added since reset.
func (b *splits) fill(n *grow.Node) {
	size := b.ends[len(b.ends)-1]
	if cap(b.cells) < size {
		b.cells = make([]int, size, 2*size)
	}
	b.cells = b.cells[:size]
	n.CopyTables(b.cells, b.feats)
}

// retain keeps the splits whose tables satisfy keep, in order.
func (b *splits) retain(keep func(t []int) bool) {
	kept, end := 0, 0
	for i := range b.feats {
		t := b.table(i)
		if !keep(t) {
			continue
		}
		b.feats[kept] = b.feats[i]
		copy(b.cells[end:], t)
		end += len(t)
		kept++
		b.ends[kept] = end
	}
	b.feats, b.ends, b.cells = b.feats[:kept], b.ends[:kept+1], b.cells[:end]
}

// addTwo appends the two-branch split on feature f that sends the rows
// counted in left to branch 0 and the other rows of a node with class
// counts counts to branch 1.
func (b *splits) addTwo(f int, left, counts []int) {
	b.feats = append(b.feats, f)
	b.cells = append(b.cells, left...)
	for c, x := range left {
		b.cells = append(b.cells, counts[c]-x)
	}
	b.ends = append(b.ends, len(b.cells))
}

// len returns the number of splits.
func (b *splits) len() int { return len(b.feats) }

// feat returns split i's feature.
func (b *splits) feat(i int) int { return b.feats[i] }

// table returns split i's contingency table.
func (b *splits) table(i int) []int { return b.cells[b.ends[i]:b.ends[i+1]] }

// entropy returns the entropy sums of a node with class counts counts
// and each split's branch terms (branchTerms): the input of every entropy
// criterion, so that the 2×2 fast path runs in one loop. The slices are
// b's scratch, valid until the next call.
func (b *splits) entropy(counts []int) (e nodeEntropy, xv, xvc []float64) {
	tab := xlogxTable()
	xv, xvc = scratch(&b.xv, b.len()), scratch(&b.xvc, b.len())
	k := len(counts)
	for i := range xv {
		t := b.table(i)
		if k == 2 { // terms2x2 inline, the rest by the loop
			if v, vc, ok := terms2x2(tab, t); ok {
				xv[i], xvc[i] = v, vc
				continue
			}
		}
		xv[i], xvc[i] = branchTermsAny(tab, t, k)
	}
	return nodeEntropyOf(tab, counts), xv, xvc
}

// infoGain is the criterion of ID3 and RandomTree: the information gain
// InfoGain(table), bit for bit.
type infoGain struct{}

func (infoGain) score(counts []int, b *splits, merit []float64) {
	e, xv, xvc := b.entropy(counts)
	for i := range merit {
		merit[i] = e.gain(xv[i], xvc[i])
	}
}

// giniGain is CART's criterion: the decrease in Gini impurity
// GiniGain(table), bit for bit.
type giniGain struct{}

func (giniGain) score(counts []int, b *splits, merit []float64) {
	g := nodeGiniOf(counts)
	k := len(counts)
	for i := range merit {
		merit[i] = g.gain(b.table(i), k)
	}
}
