package exact

import (
	"math/bits"
	"slices"
)

const (
	// conflictDepth is the least depth bound at which the feasibility
	// search orders features by conflictScores: there a wrong first
	// choice costs a deep refutation, which the score's quadratic pass
	// over the points is cheap beside.
	conflictDepth = 6
	// maxConflict is the largest number of differing features of a pair
	// that conflictScores counts; a pair differing in c features weighs
	// 4^(maxConflict−c).
	maxConflict = 5
	// maxConflictPoints bounds the points conflictScores pairs up: beyond
	// it, an evenly spaced subset of them.
	maxConflictPoints = 4096
)

// orderFeasible returns the free features in the order the feasibility
// search tries them with depth bound k. Far from the bottom (k ≥
// conflictDepth) the features that settle the most close conflicts come
// first (conflictScores); then, and nearer the bottom only, the fewest
// points in impure children, so features that settle most of the points
// early come first; ties by index.
func (s *searcher) orderFeasible(id int32, pts []int32, free []int, l *level, k int) []int {
	score := l.score[:len(free)]
	conflicts := l.look[:len(free)]
	clear(conflicts)
	if k >= conflictDepth {
		// Few entries are this far from the bottom, and the feasibility
		// search of phase 2 comes back to them: keep their scores.
		if c, ok := s.conflicts[id]; ok {
			copy(conflicts, c)
		} else {
			s.conflictScores(pts, free, conflicts)
			if s.conflicts == nil {
				s.conflicts = map[int32][]int64{}
			}
			s.conflicts[id] = slices.Clone(conflicts)
		}
	}
	s.prepareKids(id, pts, free, l)
	for a, f := range free {
		score[a] = 0
		kids := s.kidIDs(id, pts, f, l)
		for _, c := range kids {
			if c.id != noEntry {
				score[a] += int64(c.n)
			}
		}
		s.notePrefer(l, f, kids)
	}
	order := l.order[:0]
	for a := range free {
		order = append(order, a)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case conflicts[a] > conflicts[b]:
			return -1
		case conflicts[a] < conflicts[b]:
			return 1
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

// notePrefer sets l.prefer[f] from the node's children by f: the one
// known to need the deeper tree, else the one with more points.
func (s *searcher) notePrefer(l *level, f int, kids []kid) {
	l.prefer[f] = -1
	if len(kids) == 2 && kids[0].id != noEntry && kids[1].id != noEntry {
		d0, d1 := s.entry(kids[0].id).dlb, s.entry(kids[1].id).dlb
		switch {
		case d0 != d1:
			l.prefer[f] = int8(oneIf(d1 > d0))
		default:
			l.prefer[f] = int8(oneIf(kids[1].n > kids[0].n))
		}
	}
}

// conflictScores sets dst[a], for each free feature a, to the weight of
// the conflicting pairs of points — each of one majority class, and the
// two different — that differ in a and in at most maxConflict features in
// all, a pair differing in c features weighing 4^(maxConflict−c). Every
// pure tree tests, on the path to such a point, one of the features the
// pair differs in, so a feature that settles many close conflicts belongs
// near the root; on oracle data it is most often the oracle's root. It
// leaves dst zero unless every free feature is binary and the points have
// bit rows.
func (s *searcher) conflictScores(pts []int32, free []int, dst []int64) {
	rows := s.pr.bitrow
	if rows == nil {
		return
	}
	var mask uint64
	var pos [64]int
	for a, f := range free {
		if s.pr.dom[f] != 2 {
			return
		}
		mask |= 1 << f
		pos[f] = a
	}
	sample := pts
	if len(pts) > maxConflictPoints {
		sample = make([]int32, maxConflictPoints)
		for i := range sample {
			sample[i] = pts[i*len(pts)/maxConflictPoints]
		}
	}
	// Group the points by their majority class, so that the quadratic
	// pass pairs points of different classes only and never branches on
	// classes; points of several majority classes conflict with none.
	k := s.pr.k
	s.byClass = grow(s.byClass, k)
	for c := range k {
		s.byClass[c] = s.byClass[c][:0]
	}
	for _, p := range sample {
		if cp := rows[p] & s.pr.classBits; cp != 0 {
			c := 63 - bits.TrailingZeros64(cp)
			s.byClass[c] = append(s.byClass[c], rows[p]&mask)
		}
	}
	var acc [64]int64
	add := func(d uint64) {
		c := bits.OnesCount64(d)
		if c > maxConflict || c == 0 {
			return
		}
		w := int64(1) << (2 * (maxConflict - c))
		for ; d != 0; d &= d - 1 {
			acc[bits.TrailingZeros64(d)] += w
		}
	}
	for ci, group := range s.byClass[:k] {
		for _, other := range s.byClass[ci+1 : k] {
			if len(other) == 0 {
				continue
			}
			if !useAVX512 {
				for _, rp := range group {
					for _, rq := range other {
						add(rp ^ rq)
					}
				}
				continue
			}
			// Most pairs differ in more than maxConflict features: the
			// kernel finds the few that do not, eight a step.
			masks := grow(s.closeMasks, (len(other)+7)/8)
			s.closeMasks = masks
			for _, rp := range group {
				closeRowsAVX512(rp, &other[0], len(other), maxConflict, &masks[0])
				for i, m := range masks {
					for ; m != 0; m &= m - 1 {
						add(rp ^ other[8*i+bits.TrailingZeros8(m)])
					}
				}
			}
		}
	}
	for f := range 64 {
		if mask>>f&1 != 0 {
			dst[pos[f]] = acc[f]
		}
	}
}
