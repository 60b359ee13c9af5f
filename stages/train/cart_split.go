package train

import (
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
// finish: there (and only there) CART with heuristic false is not
// SimpleCart -H.
const (
	cartExhaustiveWeka = 4
	cartExhaustiveMax  = 12
)

// cartSplitter is SimpleCart's strategy: for every feature the best binary
// split of its values under crit (SimpleCart's Gini gain for CART;
// cartSubsets), then the feature of largest merit, the first on ties
// (merits compared exactly, as SimpleCart's Utils.maxIndex does; its
// source rounds them to 7 decimals only in a line commented out, and the
// 3.6.14 jar has no Math.rint), split when that merit is above 0, subject
// to the min_leaf rules.
type cartSplitter struct {
	minLeaf int
	crit    criterion
	sums    nodeSums
	sub     cartSubsets
	group   [dataset.MaxValues]int
	t2      [4]int // tableOf's buffer
}

// newCARTSplitter returns the splitter for options o.
func newCARTSplitter(o CARTOptions) *cartSplitter {
	limit := cartExhaustiveWeka
	if !o.Heuristic {
		limit = cartExhaustiveMax
	}
	return &cartSplitter{minLeaf: o.MinLeaf, crit: &simpleCartGini{}, sub: cartSubsets{exhaustiveMax: limit}}
}

func (sp *cartSplitter) Split(n *grow.Node, _ *rand.Rand) (grow.Split, bool) {
	counts := n.Counts()
	s := &sp.sums
	s.set(counts)
	if s.n < 2*sp.minLeaf {
		return grow.Split{}, false
	}
	k := s.k
	root := n.Depth() == 0 // the first node of a fit: its rows are the fit's
	if root {
		sp.sub.startFit(n.Features(), counts)
	}
	best, bestGain := -1, 0.0
	var bestSubset uint64
	for f := range n.Features() {
		if !n.Candidate(f) {
			continue
		}
		table := tableOf(n, f, &sp.t2)
		if root {
			sp.sub.keepFit(f, table, k)
		}
		g, subset := sp.sub.best(sp.crit, s, f, table, counts)
		if g > bestGain {
			best, bestGain, bestSubset = f, g, subset
		}
	}
	if best < 0 {
		return grow.Split{}, false
	}
	table := n.Table(best)
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

// cartSubsets finds a feature's best binary split at a node under a
// criterion, in SimpleCart's order of search, so that ties go where
// SimpleCart's go; the criterion scores each candidate as a two-branch
// table (branch 0 the subset's rows, branch 1 the rest).
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
//     principal component of their class-proportion vectors over the
//     fit's rows, as SimpleCart does, and try the prefixes as for two
//     classes (cart_heuristic.go).
type cartSubsets struct {
	exhaustiveMax int
	present       [dataset.MaxValues]int // codes of the values with rows
	size          [dataset.MaxValues]int // their row counts
	order         [dataset.MaxValues]int // indices into present, in search order
	left          []int                  // class counts of branch 0
	split         []int                  // a candidate's table: left, then the rest
	pca           cartPCA
	// The fit's contingency tables (the root's) of the features the
	// principal-component ordering may order, and its class counts:
	// SimpleCart's heuristic reads every row of the fit, not the node's.
	fit       [][]int
	fitCounts []int
}

// startFit forgets the tables of the previous fit; the root of a fit of
// features features with class counts counts is next.
func (cs *cartSubsets) startFit(features int, counts []int) {
	cs.fit = resize(cs.fit, features)
	for f := range cs.fit {
		cs.fit[f] = cs.fit[f][:0]
	}
	cs.fitCounts = append(cs.fitCounts[:0], counts...)
}

// keepFit keeps feature f's table at the root when the heuristic may
// order its values lower down (more than two classes, more values than
// an exhaustive search takes).
func (cs *cartSubsets) keepFit(f int, table []int, k int) {
	if k > 2 && len(table)/k > cs.exhaustiveMax {
		cs.fit[f] = append(cs.fit[f][:0], table...)
	}
}

// best returns the largest merit under crit of a binary split of feature
// f with contingency table table at a node with sums s and class counts
// counts, and the values that go to branch 0 (bit v = value v). It
// returns (0, 0) when fewer than two values have rows. Merits are
// compared exactly, as SimpleCart compares them: the first best in its
// order of search wins.
func (cs *cartSubsets) best(crit criterion, s *nodeSums, f int, table []int, counts []int) (float64, uint64) {
	k := s.k
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
		return 0, 0
	}
	if len(cs.left) != k {
		cs.left, cs.split = make([]int, k), make([]int, 2*k)
	}
	if k == 2 && ne == 2 {
		// The oracle study's case: one split, the value of lower class-0
		// share in branch 0 (the first on ties).
		v0, v1 := cs.present[0], cs.present[1]
		if table[v0*2]*cs.size[1] > table[v1*2]*cs.size[0] {
			v0 = v1
		}
		return cs.score(crit, s, f, table[v0*2:v0*2+2], counts), 1 << v0
	}
	order := cs.order[:ne]
	switch {
	case k == 2:
		cs.orderByClass0(table, order)
	case ne <= cs.exhaustiveMax:
		return cs.exhaustive(crit, s, f, table, counts, ne)
	default:
		fit, fitCounts := table, counts // at a fit's root, or outside a fit (tests)
		if f < len(cs.fit) && len(cs.fit[f]) == len(table) {
			fit, fitCounts = cs.fit[f], cs.fitCounts
		}
		cs.pca.order(fit, k, fitCounts, cs.present[:ne], order)
	}
	return cs.prefixes(crit, s, f, table, counts, order)
}

// score returns crit's merit of the split of feature f that sends the rows
// counted in left to branch 0 and the node's other rows to branch 1.
func (cs *cartSubsets) score(crit criterion, s *nodeSums, f int, left, counts []int) float64 {
	t := cs.split
	k := len(left)
	for c, x := range left {
		t[c], t[k+c] = x, counts[c]-x
	}
	m, _ := crit.score(s, f, t)
	return m
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

// prefixes tries the splits of the first j values of order (j = 1..Z−1)
// against the rest and returns the best, the shortest on ties.
func (cs *cartSubsets) prefixes(crit criterion, s *nodeSums, f int, table []int, counts []int, order []int) (float64, uint64) {
	k, left := s.k, cs.left
	clear(left)
	best, bestLen := 0.0, 0
	for j, i := range order[:len(order)-1] {
		v := cs.present[i]
		for c, x := range table[v*k : (v+1)*k] {
			left[c] += x
		}
		if g := cs.score(crit, s, f, left, counts); j == 0 || g > best {
			best, bestLen = g, j+1
		}
	}
	var subset uint64
	for _, i := range order[:bestLen] {
		subset |= 1 << cs.present[i]
	}
	return best, subset
}

// exhaustive tries every subset of the ne present values that leaves out
// the first, in Gray-code order, and returns the best; ties go to the
// subset SimpleCart meets first (the smallest pattern, where bit b stands
// for present value ne−1−b).
func (cs *cartSubsets) exhaustive(crit criterion, s *nodeSums, f int, table []int, counts []int, ne int) (float64, uint64) {
	k, left := s.k, cs.left
	clear(left)
	best, bestPat, pat := 0.0, 0, 0 // the empty subset: gain 0
	for i := 1; i < 1<<(ne-1); i++ {
		b := bits.TrailingZeros(uint(i))
		pat ^= 1 << b
		v := cs.present[ne-1-b]
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
		g := cs.score(crit, s, f, left, counts)
		if g > best || (g == best && pat < bestPat) {
			best, bestPat = g, pat
		}
	}
	var subset uint64
	for p := bestPat; p != 0; p &= p - 1 {
		subset |= 1 << cs.present[ne-1-bits.TrailingZeros(uint(p))]
	}
	return best, subset
}
