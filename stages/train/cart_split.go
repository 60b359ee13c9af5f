package train

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// Subset search limits for more than two classes. SimpleCart tries every
// subset of the values that have rows at the node when there are at most
// cartExhaustiveWeka of them or when its heuristic is off; past that it
// orders the values along a principal component (cart_heuristic.go). With
// the heuristic off we enumerate up to cartExhaustiveMax values (2^11
// subsets) and order beyond, where SimpleCart's 2^(Z−1) subsets would not
// finish.
const (
	cartExhaustiveWeka = 4
	cartExhaustiveMax  = 12
)

// cartGainDecimals is the rounding SimpleCart applies to each feature's
// best Gini gain before comparing features (Math.rint(g·1e7)/1e7): gains
// that round alike are ties, won by the lowest feature index, and a gain
// that rounds to 0 is no gain.
const cartGainDecimals = 1e7

// cartBatch is the number of candidate splits cartSplitter collects before
// it scores them: a node's candidates in one criterion call, unless an
// exhaustive search makes thousands.
const cartBatch = 256

// cartSplitter is SimpleCart's strategy: for every feature the best binary
// split of its values under crit (Gini gain for CART; cartSubsets), then
// the feature of largest rounded merit, subject to the min_leaf rules.
type cartSplitter struct {
	minLeaf int
	crit    criterion
	sub     cartSubsets
	group   [dataset.MaxValues]int
	// the best feature so far at the node, its rounded merit and the
	// values of its branch 0
	best       int
	bestGain   float64
	bestSubset uint64
}

// newCARTSplitter returns the splitter for options o.
func newCARTSplitter(o CARTOptions) *cartSplitter {
	limit := cartExhaustiveWeka
	if !o.Heuristic {
		limit = cartExhaustiveMax
	}
	return &cartSplitter{minLeaf: o.MinLeaf, crit: giniGain{}, sub: cartSubsets{exhaustiveMax: limit}}
}

func (sp *cartSplitter) Split(s *grow.Node, _ *rand.Rand) (grow.Split, bool) {
	counts := s.Counts()
	n := 0
	for _, x := range counts {
		n += x
	}
	if n < 2*sp.minLeaf {
		return grow.Split{}, false
	}
	k := s.Classes()
	cs := &sp.sub
	cs.start(k, counts)
	sp.best, sp.bestGain, sp.bestSubset = -1, 0, 0
	for f := range s.Features() {
		if !s.Candidate(f) {
			continue
		}
		cs.propose(f, s.Table(f))
		if cs.pending() >= cartBatch {
			sp.take(cs.resolve(sp.crit))
		}
	}
	sp.take(cs.resolve(sp.crit))
	if sp.best < 0 {
		return grow.Split{}, false
	}
	best, bestSubset := sp.best, sp.bestSubset
	table := s.Table(best)
	z := len(table) / k
	var size [2]int
	for v := range z {
		nv := 0
		for _, x := range table[v*k : (v+1)*k] {
			nv += x
		}
		size[1-int(bestSubset>>v&1)] += nv
	}
	if size[0] < sp.minLeaf || size[1] < sp.minLeaf {
		return grow.Split{}, false
	}
	// Values without rows here join the larger branch (branch 0 on a tie).
	empty := 0
	if size[1] > size[0] {
		empty = 1
	}
	group := sp.group[:z]
	for v := range z {
		nv := 0
		for _, x := range table[v*k : (v+1)*k] {
			nv += x
		}
		switch {
		case bestSubset>>v&1 != 0:
			group[v] = 0
		case nv > 0:
			group[v] = 1
		default:
			group[v] = empty
		}
	}
	return grow.Split{Feature: best, Group: group}, true
}

// take keeps, of the features' best splits, the one of largest merit
// rounded as SimpleCart rounds it, ties to the lowest feature (choices
// come in feature order).
func (sp *cartSplitter) take(choices []cartChoice) {
	for _, c := range choices {
		if g := math.RoundToEven(c.gain*cartGainDecimals) / cartGainDecimals; g > sp.bestGain {
			sp.best, sp.bestGain, sp.bestSubset = c.feature, g, c.subset
		}
	}
}

// cartSubsets finds the features' best binary splits at a node, in
// SimpleCart's order of search, so that ties go where SimpleCart's go.
// Only the values with rows at the node take part ("present" values, in
// increasing code order); the others are placed by the caller.
//
//   - Two classes: sort the present values by their proportion of class 0,
//     ascending (ties by code), and try the Z−1 splits of a prefix against
//     the rest. Breiman et al. (1984, Theorem 4.5) show a Gini-optimal
//     split is among them. The shortest best prefix wins.
//   - More classes, at most exhaustiveMax present values: try every subset
//     that leaves out the first present value, 2^(Z−1) of them with the
//     empty one; the first best in SimpleCart's order wins. SimpleCart
//     counts subset i with present value j inside when bit Z−1−j of i is
//     set, and visits i upwards; we visit in Gray-code order (one value
//     moves per step) and break ties to the smallest i, which picks the
//     same subset.
//   - More classes and present values: order them along the first
//     principal component of their class-proportion vectors and try the
//     prefixes as for two classes (cart_heuristic.go).
//
// The search runs in two steps, so that the criterion scores many splits
// per call: propose lists a feature's candidate splits, each as a
// two-branch table (branch 0 the subset's rows, branch 1 the rest), and
// resolve scores every candidate proposed since the last resolve and
// picks each feature's best.
type cartSubsets struct {
	exhaustiveMax int
	k             int
	cnt           [dataset.MaxValues]int // the node's class counts: cnt[:k]
	n             int                    // the node's rows
	present       [dataset.MaxValues]int // codes of the values with rows
	size          [dataset.MaxValues]int // their row counts
	order         [dataset.MaxValues]int // indices into present, in search order
	left          []int                  // class counts of branch 0
	pca           cartPCA

	// The candidates proposed since the last resolve: candidate i is split
	// i of batch, with the values subsets[i] in branch 0 and pats[i] its
	// exhaustive search's pattern.
	batch   splits
	subsets []uint64
	pats    []int
	spans   []cartSpan
	merit   []float64
	choices []cartChoice
}

// cartSpan is the run of candidates of one feature.
type cartSpan struct {
	feature    int
	first, end int
	exhaustive bool // ties go to the smallest pattern, not the first
}

// cartChoice is a feature's best binary split: its merit and the values
// of branch 0.
type cartChoice struct {
	feature int
	gain    float64
	subset  uint64
}

// start begins a node with k classes and class counts counts.
func (cs *cartSubsets) start(k int, counts []int) {
	cs.k = k
	copy(cs.cnt[:], counts)
	cs.n = 0
	for _, x := range counts {
		cs.n += x
	}
	if len(cs.left) != k {
		cs.left = make([]int, k)
	}
	cs.clear()
}

// counts returns the node's class counts.
func (cs *cartSubsets) counts() []int { return cs.cnt[:cs.k] }

// clear drops the candidates.
func (cs *cartSubsets) clear() {
	cs.batch.reset()
	cs.subsets, cs.pats, cs.spans = cs.subsets[:0], cs.pats[:0], cs.spans[:0]
}

// pending returns the number of candidates waiting for resolve.
func (cs *cartSubsets) pending() int { return cs.batch.len() }

// propose lists the candidate splits of feature f, whose contingency
// table at the node is table; none when fewer than two values have rows.
func (cs *cartSubsets) propose(f int, table []int) {
	k := cs.k
	z := len(table) / k
	ne := 0
	for v := range z {
		nv := 0
		for _, x := range table[v*k : (v+1)*k] {
			nv += x
		}
		if nv > 0 {
			cs.present[ne], cs.size[ne] = v, nv
			ne++
		}
	}
	if ne < 2 {
		return
	}
	span := cartSpan{feature: f, first: cs.batch.len()}
	order := cs.order[:ne]
	switch {
	case k == 2 && ne == 2:
		// The oracle study's case: one split, the value of lower class-0
		// share in branch 0 (the first on ties).
		v0, v1 := cs.present[0], cs.present[1]
		if table[v0*2]*cs.size[1] > table[v1*2]*cs.size[0] {
			v0 = v1
		}
		cs.add(f, table[v0*2:v0*2+2], 1<<v0, 0)
	case k == 2:
		cs.orderByClass0(table, order)
		cs.prefixes(f, table, order)
	case ne <= cs.exhaustiveMax:
		span.exhaustive = true
		cs.exhaustive(f, table, ne)
	default:
		cs.pca.order(table, k, cs.counts(), cs.n, cs.present[:ne], cs.size[:ne], order)
		cs.prefixes(f, table, order)
	}
	span.end = cs.batch.len()
	cs.spans = append(cs.spans, span)
}

// add lists the candidate that sends the rows counted in left (the values
// subset, pattern pat) to branch 0 and the node's other rows to branch 1.
func (cs *cartSubsets) add(f int, left []int, subset uint64, pat int) {
	cs.batch.addTwo(f, left, cs.counts())
	cs.subsets = append(cs.subsets, subset)
	cs.pats = append(cs.pats, pat)
}

// resolve scores the candidates proposed since the last call with crit
// and returns each feature's best split, in the order proposed: for a
// search of prefixes the first of largest merit (merits within gainTie
// tie), for an exhaustive one the smallest pattern among those within
// gainTie of the largest merit, the empty subset (merit 0) when none is
// above it. The result is valid until the next call.
func (cs *cartSubsets) resolve(crit criterion) []cartChoice {
	merit := scratch(&cs.merit, cs.batch.len())
	if len(merit) > 0 {
		crit.score(cs.counts(), &cs.batch, merit)
	}
	cs.choices = cs.choices[:0]
	for _, sp := range cs.spans {
		c := cartChoice{feature: sp.feature}
		if sp.exhaustive {
			bestPat := 0 // the empty subset: merit 0
			for i := sp.first; i < sp.end; i++ {
				m, pat := merit[i], cs.pats[i]
				if m > c.gain+gainTie || (m >= c.gain-gainTie && pat < bestPat) {
					c.gain, c.subset, bestPat = m, cs.subsets[i], pat
				}
			}
		} else {
			for i := sp.first; i < sp.end; i++ {
				if i == sp.first || merit[i] > c.gain+gainTie {
					c.gain, c.subset = merit[i], cs.subsets[i]
				}
			}
		}
		cs.choices = append(cs.choices, c)
	}
	cs.clear()
	return cs.choices
}

// orderByClass0 sets order to the present values sorted by their
// proportion of class 0 (two classes), ascending, ties by code: a/na <
// b/nb compared as a·nb < b·na, exactly.
func (cs *cartSubsets) orderByClass0(table []int, order []int) {
	for j := range order {
		x := j
		for ; x > 0; x-- {
			i := order[x-1]
			if table[cs.present[i]*2]*cs.size[j] <= table[cs.present[j]*2]*cs.size[i] {
				break
			}
			order[x] = i
		}
		order[x] = j
	}
}

// prefixes lists the splits of the first j values of order (j = 1..Z−1)
// against the rest.
func (cs *cartSubsets) prefixes(f int, table []int, order []int) {
	k, left := cs.k, cs.left
	clear(left)
	var subset uint64
	for _, i := range order[:len(order)-1] {
		v := cs.present[i]
		for c, x := range table[v*k : (v+1)*k] {
			left[c] += x
		}
		subset |= 1 << v
		cs.add(f, left, subset, 0)
	}
}

// exhaustive lists every subset of the ne present values that leaves out
// the first, in Gray-code order, with its pattern: bit b stands for
// present value ne−1−b, so SimpleCart meets the smaller patterns first.
func (cs *cartSubsets) exhaustive(f int, table []int, ne int) {
	k, left := cs.k, cs.left
	clear(left)
	pat := 0
	var subset uint64
	for i := 1; i < 1<<(ne-1); i++ {
		b := bits.TrailingZeros(uint(i))
		pat ^= 1 << b
		v := cs.present[ne-1-b]
		subset ^= 1 << v
		row := table[v*k : (v+1)*k]
		if pat&(1<<b) != 0 {
			for c, x := range row {
				left[c] += x
			}
		} else {
			for c, x := range row {
				left[c] -= x
			}
		}
		cs.add(f, left, subset, pat)
	}
}
