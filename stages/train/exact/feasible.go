package exact

import "slices"

// feasible reports whether the points pts of entry id, at distance p from
// the root, fit a tree of depth at most k at least error (every leaf pure).
// It stops at the first feature whose children all fit and, for each
// feature, at the first child that does not. What it proves is kept in the
// entry: dlb rises when it fails, dub and its witness fall when it succeeds.
// After an abort its answer means nothing and nothing is recorded.
func (s *searcher) feasible(id int32, pts []int32, p, k int) bool {
	e := s.entry(id)
	if k >= int(e.dub) {
		return true
	}
	if k < int(e.dlb) {
		return false
	}
	l := s.level(p)
	free := s.freeOf(id, l)
	k = min(k, len(free))
	if depth := s.small.depthFor(free, k); depth > 0 {
		s.solveSmall(id, pts, free, depth)
		return k >= int(s.entry(id).dub)
	}
	if s.tick() {
		return false
	}
	order := s.orderFeasible(id, pts, free, l)
	bestLB := int16(unknownDepth) // least, over features, of their children's depth bound
	for _, f := range order {
		kids := s.kidIDs(id, pts, f, l)
		// A child already known not to fit rules f out without recursion.
		need, fail := int16(0), false
		for _, c := range kids {
			if c.id == noEntry {
				continue
			}
			ce := s.entry(c.id)
			need = max(need, ce.dlb)
			if k-1 < int(ce.dlb) {
				fail = true
			}
		}
		if !fail {
			kids = s.split(id, pts, f, l)
			fail = !s.feasibleKids(kids, l, p, k-1)
			if s.aborted {
				return false
			}
			need = 0
			for _, c := range kids {
				if c.id != noEntry {
					need = max(need, s.entry(c.id).dlb)
				}
			}
		}
		if !fail {
			depth := int16(0)
			for _, c := range kids {
				if c.id != noEntry {
					depth = max(depth, s.entry(c.id).dub)
				}
			}
			e := s.entry(id)
			if depth+1 < e.dub {
				e.dub, e.wf = depth+1, int32(f)
			}
			return true
		}
		bestLB = min(bestLB, need)
	}
	e = s.entry(id)
	e.dlb = max(e.dlb, int16(k+1), bestLB+1)
	return false
}

// feasibleKids reports whether every child fits depth k, trying first the
// children with the most points, which are the likeliest to fail.
func (s *searcher) feasibleKids(kids []kid, l *level, p, k int) bool {
	var idx [64]int
	n := 0
	for v, c := range kids {
		if c.id != noEntry && k < int(s.entry(c.id).dub) {
			idx[n] = v
			n++
		}
	}
	order := idx[:n]
	slices.SortStableFunc(order, func(a, b int) int {
		if da, db := s.entry(kids[a].id).dlb, s.entry(kids[b].id).dlb; da != db {
			return int(db) - int(da)
		}
		return int(kids[b].n - kids[a].n)
	})
	for _, v := range order {
		c := kids[v]
		if !s.feasible(c.id, l.part[c.lo:c.hi], p+1, k) {
			return false
		}
	}
	return true
}

// orderFeasible returns the free features in the order the feasibility
// search tries them: fewest points in impure children first, so features
// that settle most of the points early come first; ties by index.
func (s *searcher) orderFeasible(id int32, pts []int32, free []int, l *level) []int {
	score := l.score[:len(free)]
	for a, f := range free {
		score[a] = 0
		for _, c := range s.kidIDs(id, pts, f, l) {
			if c.id != noEntry {
				score[a] += int64(c.n)
			}
		}
	}
	order := l.order[:0]
	for a := range free {
		order = append(order, a)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case score[a] < score[b]:
			return -1
		case score[a] > score[b]:
			return 1
		}
		return 0
	})
	for i, a := range order {
		order[i] = free[a]
	}
	l.order = order
	return order
}
