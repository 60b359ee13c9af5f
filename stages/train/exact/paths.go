package exact

import "math/bits"

// The refutation by paths. A pure tree separates every conflicting pair
// of points (two points without a common majority class) on the path to
// each of them: the path to point x tests, for every point y in conflict
// with x, some feature on which x and y differ. So the features on x's
// path hit every difference set D(x, y), and a pure tree of depth ≤ k
// exists only if, for every point, k features do. When some point needs
// more, the subproblem is refuted without a search.
//
// The bound looks at one point at a time, so it is weaker than the search,
// but its proofs are short where the search's are long: on dense data
// (3000 rows over 20 binary features, depth 8) it refutes nearly every
// subproblem that the feasibility search would otherwise prove infeasible
// feature by feature. On sparser data (1000 rows there) it rarely proves
// anything, so its tries are rationed by its success rate at each depth
// bound.
//
// Fixed features are shared by every point of a subproblem, so difference
// sets hold free features only, and the bound needs no list of them.

// pathBound holds the refutation's state over a fit.
type pathBound struct {
	ready  bool
	usable bool       // the points have bit rows, the features two values at most
	pr     *problem   // its bit rows, feature bits and majority classes
	sets   []uint64   // the current point's family
	levels [][]uint64 // per remaining depth: the sets still to hit (hit's scratch)
	mark   []uint32   // per point: gen when it is in the current subproblem
	gen    uint32
	work   int                         // set visits of the current refutation
	limit  int                         // work beyond which it gives up
	depths [maxPathDepth + 1]pathDepth // per depth bound, the last for all deeper
}

// pathDepth is the bound's record at one depth bound: its tries and
// proofs, the calls it skipped, and the points that refuted the latest
// subproblems, tried first since neighbouring subproblems tend to share
// them (-1: none).
type pathDepth struct {
	tries, proofs, skipped int
	recent                 [recentPaths]int32
}

const (
	// minPathDepth is the least depth bound the bound is tried at: below
	// it the solver answers at once. maxPathDepth is the last with its own
	// counts.
	minPathDepth, maxPathDepth = 3, 23
	// recentPaths is how many recently refuting points are tried first.
	recentPaths = 8
	// pathScan is how many other points of a subproblem are tried after
	// the recent ones.
	pathScan = 8
	// pathWorkPerPoint bounds a refutation's work, in set visits, per
	// point of the subproblem: beyond it the bound gives up (no proof).
	pathWorkPerPoint = 64
	// pathWarmup is how many tries at a depth bound come before its rate
	// decides; pathProbe is the period of the tries it makes after that
	// while the rate is too low (see worthTrying).
	pathWarmup, pathProbe = 64, 16
	// minReduceDepth is the least depth bound at which a point's family
	// is first reduced to its minimal sets.
	minReduceDepth = 5
)

// refutesByPaths reports whether some point of pts needs more than k
// features on its path, so that no pure tree of depth ≤ k exists. False
// means no proof, not a tree. It needs bit rows and binary features.
func (s *searcher) refutesByPaths(pts []int32, k int) bool {
	h := &s.paths
	if !h.ready {
		h.prepare(s.pr)
	}
	if !h.usable || len(pts) <= k+1 {
		return false
	}
	d := &h.depths[min(k, maxPathDepth)]
	if !d.worthTrying(k) {
		return false
	}
	h.gen++
	for _, p := range pts {
		h.mark[p] = h.gen
	}
	h.work, h.limit = 0, pathWorkPerPoint*len(pts)
	for _, x := range d.recent {
		if x >= 0 && h.mark[x] == h.gen && h.needsMore(pts, x, k) {
			return d.proved(x)
		}
	}
	tried := 0
	for _, x := range pts {
		if h.work > h.limit || tried == pathScan {
			return false
		}
		if d.isRecent(x) {
			continue
		}
		tried++
		if h.needsMore(pts, x, k) {
			return d.proved(x)
		}
	}
	return false
}

// prepare readies the bound on first use.
func (h *pathBound) prepare(pr *problem) {
	h.ready = true
	if pr.bitrow == nil {
		return
	}
	for _, z := range pr.dom {
		if z > 2 {
			return // its differences are not in the bit rows
		}
	}
	h.usable, h.pr = true, pr
	h.mark = make([]uint32, pr.n)
	for k := range h.depths {
		for i := range h.depths[k].recent {
			h.depths[k].recent[i] = -1
		}
	}
}

// proved counts a proof by point x and moves x to the front of the
// recent points. It returns true, the refutation's answer.
func (d *pathDepth) proved(x int32) bool {
	d.proofs++
	i := 0
	for i < recentPaths-1 && d.recent[i] != x {
		i++
	}
	copy(d.recent[1:i+1], d.recent[:i])
	d.recent[0] = x
	return true
}

func (d *pathDepth) isRecent(x int32) bool {
	for _, r := range d.recent {
		if r == x {
			return true
		}
	}
	return false
}

// worthTrying reports whether to try the bound at depth bound k: while at
// least one try in 2^pathShift(k) has been a proof there, and otherwise on
// one call in pathProbe, to notice when it starts to pay. The counts
// follow the search, so the choice is as deterministic as the search.
func (d *pathDepth) worthTrying(k int) bool {
	if d.tries < pathWarmup || d.proofs<<pathShift(k) >= d.tries {
		d.tries++
		return true
	}
	if d.skipped++; d.skipped%pathProbe == 0 {
		d.tries++
		return true
	}
	return false
}

// pathShift returns log2 of the least proof rate worth paying for at
// depth bound k. A refutation at depth 3 saves one solve, no more than a
// few tries cost; one at depth k ≥ 4 saves a search that grows about
// fourfold per level.
func pathShift(k int) int {
	if k <= 3 {
		return 1
	}
	return 2 * min(k-2, 20)
}

// needsMore reports whether point x of pts, the current subproblem, needs
// more than k features on its path: no k features hit every difference
// set of x with a conflicting point of pts.
func (h *pathBound) needsMore(pts []int32, x int32, k int) bool {
	rows, maj, feats := h.pr.bitrow, h.pr.maj, h.pr.featureBits
	rx, mx := rows[x]&feats, maj[x]
	var bySize [65]int32
	// Branch-free: whether y conflicts with x is as likely as not.
	sets := grow(h.sets, len(pts))
	n := 0
	for _, y := range pts {
		d := rows[y]&feats ^ rx
		in := oneIf(maj[y]&mx == 0)
		sets[n] = d
		n += in
		bySize[bits.OnesCount64(d)] += int32(in)
	}
	h.sets = sets
	sets = sets[:n]
	h.work += len(pts)
	if len(sets) <= k {
		return false
	}
	// Smallest sets first: the packing bound of hit and the reduction
	// below meet them first.
	for c, at := 0, int32(0); c < len(bySize); c++ {
		bySize[c], at = at, at+bySize[c]
	}
	sorted := h.level(k, len(sets))
	for _, d := range sets {
		c := bits.OnesCount64(d)
		sorted[bySize[c]] = d
		bySize[c]++
	}
	if k >= minReduceDepth {
		// Only the minimal sets matter: a feature that hits a set hits
		// its supersets. The reduction is quadratic and pays only where
		// the branching of hit goes deep.
		minimal := sorted[:0]
		for _, d := range sorted {
			sub := false
			for _, m := range minimal {
				if m&^d == 0 {
					sub = true
					break
				}
			}
			h.work += len(minimal)
			if !sub {
				minimal = append(minimal, d)
			}
		}
		sorted = minimal
	}
	return !h.hit(sorted, k)
}

// level returns the scratch for the sets at remaining depth k, of length n.
func (h *pathBound) level(k, n int) []uint64 {
	for len(h.levels) <= k {
		h.levels = append(h.levels, nil)
	}
	h.levels[k] = grow(h.levels[k], n)
	return h.levels[k]
}

// hit reports whether at most k features hit every set of sets (none
// empty; smallest first makes the packing bound meet them soonest), or
// whether the work limit ran out, which is no proof either way.
func (h *pathBound) hit(sets []uint64, k int) bool {
	if len(sets) == 0 || h.work > h.limit {
		return true
	}
	if k == 0 {
		return false
	}
	h.work += len(sets)
	switch k {
	case 1: // one feature common to all
		common := ^uint64(0)
		for _, d := range sets {
			common &= d
		}
		return common != 0
	case 2: // a feature f of the first set, and one common to the sets f misses
		for e := sets[0]; e != 0; e &= e - 1 {
			fi := bits.TrailingZeros64(e)
			common := ^uint64(0)
			for _, d := range sets[1:] {
				common &= d | -(d >> fi & 1) // the sets f misses
			}
			if common != 0 {
				return true
			}
		}
		return false
	}
	// k+1 pairwise disjoint sets need k+1 features.
	used, disjoint := uint64(0), 0
	small, size := sets[0], 64
	for _, d := range sets {
		if d&used == 0 {
			used |= d
			if disjoint++; disjoint > k {
				return false
			}
		}
		if c := bits.OnesCount64(d); c < size {
			small, size = d, c
		}
	}
	// Some feature of the smallest set is in every hitting set. Branch on
	// them in turn; a later branch leaves the earlier ones out, as a
	// hitting set holding one of them was already looked for.
	var out uint64
	for e := small; e != 0; e &= e - 1 {
		fi := bits.TrailingZeros64(e)
		// The sets f misses, without the features left out; branch-free,
		// as whether f hits a set is as likely as not.
		next := h.level(k-1, len(sets))
		n, ok := 0, true
		for _, d := range sets {
			missed := 1 - int(d>>fi&1)
			next[n] = d &^ out
			if next[n] == 0 && missed == 1 {
				ok = false
				break
			}
			n += missed
		}
		if ok && h.hit(next[:n], k-1) {
			return true
		}
		out |= 1 << fi
	}
	return false
}

// oneIf returns 1 when b holds, else 0, without a branch.
func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}
