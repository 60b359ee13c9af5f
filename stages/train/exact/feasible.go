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
	if k >= minPathDepth && s.refutesByPaths(pts, k) {
		e.dlb = max(e.dlb, int16(k+1))
		return false
	}
	if depth := s.small.depthFor(free, k); depth > 0 {
		s.solveSmall(id, pts, free, depth)
		return k >= int(s.entry(id).dub)
	}
	if s.tick() {
		return false
	}
	order := s.orderFeasible(id, pts, free, l, k)
	bestLB := int16(unknownDepth) // least, over features, of their children's depth bound
	for _, f := range order {
		ok, need := s.feasibleSplit(id, pts, p, k, f, l)
		if s.aborted {
			return false
		}
		if ok {
			return true
		}
		s.notePrefer(l, f, l.kids[:s.pr.dom[f]])
		bestLB = min(bestLB, need)
	}
	e = s.entry(id)
	e.dlb = max(e.dlb, int16(k+1), bestLB+1)
	return false
}

// feasibleSplit reports whether splitting entry id (points pts, at
// distance p) by feature f gives children that all fit depth k−1, and
// records the witness when they do; need is then the largest depth lower
// bound among the children.
func (s *searcher) feasibleSplit(id int32, pts []int32, p, k, f int, l *level) (ok bool, need int16) {
	kids := s.kidIDs(id, pts, f, l)
	// A child already known not to fit rules f out without recursion.
	fail := false
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
	if fail {
		return false, need
	}
	kids = s.split(id, pts, f, l)
	fail = !s.feasibleKids(kids, f, l, p, k-1)
	if s.aborted {
		return false, 0
	}
	need = 0
	for _, c := range kids {
		if c.id != noEntry {
			need = max(need, s.entry(c.id).dlb)
		}
	}
	if fail {
		return false, need
	}
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
	return true, need
}

// feasibleKids reports whether every child by feature f fits depth k,
// trying first the children with the highest depth bound, then the one
// the parent node tried first by f (its prefer), then the ones with the
// most points, which are the likeliest to fail. Following the parent
// makes siblings refute the same grandchildren, which the cache then
// shares.
func (s *searcher) feasibleKids(kids []kid, f int, l *level, p, k int) bool {
	var idx [64]int
	n := 0
	for v, c := range kids {
		if c.id != noEntry && k < int(s.entry(c.id).dub) {
			idx[n] = v
			n++
		}
	}
	prefer := -1
	if p > 0 {
		prefer = int(s.lv[p-1].prefer[f])
	}
	order := idx[:n]
	slices.SortStableFunc(order, func(a, b int) int {
		if da, db := s.entry(kids[a].id).dlb, s.entry(kids[b].id).dlb; da != db {
			return int(db) - int(da)
		}
		// The parent's choice, unless it has clearly fewer points: a
		// sixteenth fewer or more.
		switch {
		case prefer == a && 16*kids[a].n > 15*kids[b].n:
			return -1
		case prefer == b && 16*kids[b].n > 15*kids[a].n:
			return 1
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
