package exact

import (
	"math"
	"slices"
)

// noBound is an upper bound no cost reaches.
const noBound = int64(math.MaxInt64)

// cost returns the least cost (excess·unit + leaves) of a tree of depth at
// most k for the points pts of entry id, at distance p from the root, with
// ok, when it is below ub. Otherwise it returns a lower bound ≥ ub and
// !ok. It is a branch and bound over the free features; among trees of
// equal cost it keeps, at every node, the lowest feature index, so the
// result depends on the points alone. After an abort nothing it returns or
// records means anything.
func (s *searcher) cost(id int32, pts []int32, p, k int, ub int64) (int64, bool) {
	l := s.level(p)
	free := s.freeOf(id, l)
	k = min(k, len(free))
	if k == 0 {
		c := s.entry(id).leaf()
		return c, c < ub
	}
	if depth := s.small.depthFor(free, k); depth > 0 {
		s.solveSmall(id, pts, free, depth)
		c := s.entry(id).best[k]
		return c, c < ub
	}
	if c, exact := s.bound(id, k); exact || c >= ub {
		return c, exact && c < ub
	}
	// Below one unit of excess only pure trees qualify: settle feasibility
	// first with the cheaper search.
	if ub <= unit && k < int(s.entry(id).dub) && !s.feasible(id, pts, p, k) {
		if s.aborted {
			return 0, false
		}
		c, _ := s.bound(id, k)
		return c, false
	}
	if s.tick() {
		return 0, false
	}
	e := s.entry(id)
	best, bestF := ub, -1
	if e.leaf() < best {
		best, bestF = e.leaf(), leafWitness
	}
	// Bound every feature by its children's bounds and try the most
	// promising first, on ties the witness of the depth search, whose
	// children are known to fit.
	witness := int(e.wf)
	score := l.score[:len(free)]
	order := l.order[:0]
	s.prepareKids(id, pts, free, l)
	for a, f := range free {
		score[a] = 0
		kids := s.kidIDs(id, pts, f, l)
		for _, c := range kids {
			score[a] += s.kidBound(c, k-1)
		}
		s.notePrefer(l, f, kids)
		order = append(order, a)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case score[a] < score[b]:
			return -1
		case score[a] > score[b]:
			return 1
		case free[a] == witness:
			return -1
		case free[b] == witness:
			return 1
		}
		return 0
	})
	l.order = order
	least := s.entry(id).leaf() // least lower bound over the options
	for _, a := range order {
		f := free[a]
		limit := best // a feature must beat best, or tie it with a lower index
		if bestF >= 0 && f < bestF {
			limit = best + 1
		}
		if score[a] >= limit {
			least = min(least, score[a])
			continue
		}
		kids := s.split(id, pts, f, l)
		total := int64(0)
		for i := range kids {
			kids[i].lb = s.kidBound(kids[i], k-1)
			total += kids[i].lb
		}
		ok := true
		var idx [64]int
		need := kidOrder(kids, &idx)
		if limit <= unit {
			// Only pure trees count: every child must fit depth k−1.
			// Settle that for all of them before optimising any, so that
			// a child that does not fit rules f out at once.
			for _, v := range need {
				c := &kids[v]
				if !s.feasible(c.id, l.part[c.lo:c.hi], p+1, k-1) {
					if s.aborted {
						return 0, false
					}
					lb := s.kidBound(*c, k-1)
					total += max(lb, c.lb) - c.lb
					ok = false
					break
				}
			}
		}
		for _, v := range need {
			if !ok {
				break
			}
			c := &kids[v]
			rest := total - c.lb
			got, done := s.cost(c.id, l.part[c.lo:c.hi], p+1, k-1, limit-rest)
			if s.aborted {
				return 0, false
			}
			total = rest + max(got, c.lb)
			if !done {
				ok = false
				break
			}
		}
		s.notePrefer(l, f, kids)
		least = min(least, total)
		if ok && total < limit {
			best, bestF = total, f
		}
	}
	if bestF >= 0 {
		s.record(id, kcost{k: int16(k), exact: true, f: int32(bestF), v: best})
		return best, true
	}
	lb := max(least, ub)
	s.record(id, kcost{k: int16(k), v: lb})
	return lb, false
}

// kidOrder returns the children that need a search, largest bound first,
// so the likeliest failures come first, in the caller's idx (so that it
// stays on the caller's stack).
func kidOrder(kids []kid, idx *[64]int) []int {
	n := 0
	for v, c := range kids {
		if c.id != noEntry {
			idx[n] = v
			n++
		}
	}
	order := idx[:n]
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case kids[a].lb > kids[b].lb:
			return -1
		case kids[a].lb < kids[b].lb:
			return 1
		}
		return int(kids[b].n - kids[a].n)
	})
	return order
}

// kidBound returns a lower bound on a child's cost at depth ≤ k.
func (s *searcher) kidBound(c kid, k int) int64 {
	if c.id == noEntry {
		return 1
	}
	b, _ := s.bound(c.id, k)
	return b
}

// bound returns what the cache knows of entry id's cost at depth ≤ k: the
// exact cost (and true), or a lower bound.
func (s *searcher) bound(id int32, k int) (int64, bool) {
	e := s.entry(id)
	if k == 0 {
		return e.leaf(), true
	}
	if k <= int(e.solved) {
		return e.best[k], true
	}
	// An impure set needs a split, or stays a leaf with excess. A pure tree
	// is at least dlb deep, and a path of d splits has at least minZ−1
	// siblings per split.
	lb := 1 + int64(e.dlb)*int64(e.minZ-1)
	if k < int(e.dlb) {
		lb = unit + int64(e.minZ) // no pure tree: one unit of excess at least
	}
	lb = min(lb, e.leaf())
	for i := e.costs; i != 0; i = s.costs[i-1].next {
		c := s.costs[i-1]
		switch {
		case int(c.k) == k && c.exact:
			return c.v, true
		case int(c.k) >= k:
			// A deeper bound can only do better, so its cost bounds this one.
			lb = max(lb, c.v)
		}
	}
	return lb, false
}

// record stores a cost result, replacing an older one at the same depth.
func (s *searcher) record(id int32, c kcost) {
	e := s.entry(id)
	for i := e.costs; i != 0; i = s.costs[i-1].next {
		old := &s.costs[i-1]
		if old.k == c.k {
			if !old.exact && (c.exact || c.v > old.v) {
				c.next = old.next
				*old = c
			}
			return
		}
	}
	c.next = e.costs
	s.costs = append(s.costs, c)
	e.costs = int32(len(s.costs))
}
