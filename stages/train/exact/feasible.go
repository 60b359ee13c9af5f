package exact

import "slices"

// feasible reports whether the points pts of entry id, at distance p from
// the root, fit a tree of depth at most k at least error (every leaf pure).
// It stops at the first feature whose children all fit and, for each
// feature, at the first child that does not. What it proves is kept in the
// entry: dlb rises when it fails, dub and its witness fall when it succeeds.
// After an abort its answer means nothing and nothing is recorded.
func (s *searcher) feasible(id int32, pts []int32, p, k int) bool {
	e := &s.entries[id]
	if k >= int(e.dub) {
		return true
	}
	if k < int(e.dlb) {
		return false
	}
	l := s.level(p)
	free := s.freeOf(id, l)
	k = min(k, len(free))
	if k <= 2 {
		s.solve2(id, pts, free)
		return k >= int(s.entries[id].dub)
	}
	if s.tick() {
		return false
	}
	w0 := s.expanded
	defer func() { s.entries[id].work = int32(s.expanded - w0) }()
	order := s.orderFeasible(pts, free, l)
	bestLB := int8(unknownDepth) // least, over features, of their children's depth bound
	for _, f := range order {
		kids := s.split(id, pts, f, l)
		// A child already known not to fit rules f out without recursion.
		need, fail := int8(0), false
		for _, c := range kids {
			if c.id == noEntry {
				continue
			}
			ce := &s.entries[c.id]
			need = max(need, ce.dlb)
			if k-1 < int(ce.dlb) {
				fail = true
			}
		}
		if !fail {
			fail = !s.feasibleKids(kids, l, p, k-1)
			if s.aborted {
				return false
			}
			need = 0
			for _, c := range kids {
				if c.id != noEntry {
					need = max(need, s.entries[c.id].dlb)
				}
			}
		}
		if !fail {
			depth := int8(0)
			for _, c := range kids {
				if c.id != noEntry {
					depth = max(depth, s.entries[c.id].dub)
				}
			}
			e := &s.entries[id]
			if depth+1 < e.dub {
				e.dub, e.wf = depth+1, int16(f)
			}
			return true
		}
		bestLB = min(bestLB, need)
	}
	e = &s.entries[id]
	e.dlb = max(e.dlb, int8(k+1), bestLB+1)
	return false
}

// feasibleKids reports whether every child fits depth k, trying first the
// children with the most points, which are the likeliest to fail.
func (s *searcher) feasibleKids(kids []kid, l *level, p, k int) bool {
	var idx [64]int
	n := 0
	for v, c := range kids {
		if c.id != noEntry && k < int(s.entries[c.id].dub) {
			idx[n] = v
			n++
		}
	}
	order := idx[:n]
	slices.SortStableFunc(order, func(a, b int) int {
		return int((kids[b].hi - kids[b].lo) - (kids[a].hi - kids[a].lo))
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
func (s *searcher) orderFeasible(pts []int32, free []int, l *level) []int {
	pr := s.pr
	z := pr.zmax
	size, meet := l.size[:len(free)*z], l.meet[:len(free)*z]
	clear(size)
	for i := range meet {
		meet[i] = ^uint64(0)
	}
	for _, p := range pts {
		row := pr.x[int(p)*pr.m : int(p+1)*pr.m]
		mj := pr.maj[p]
		for a, f := range free {
			j := a*z + int(row[f])
			size[j]++
			meet[j] &= mj
		}
	}
	score := l.score[:len(free)]
	for a, f := range free {
		score[a] = 0
		for v := range pr.dom[f] {
			if meet[a*z+v] == 0 {
				score[a] += int64(size[a*z+v])
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
