package exact

import "time"

const (
	// freeValue marks, in a key, a feature whose value the points do not share.
	freeValue = 0xFF
	// unit is the cost of one unit of excess error: a cost is
	// excess·unit + leaves, so any excess outweighs any number of leaves.
	unit = int64(1) << 32
	// unknownDepth is an entry's depth upper bound before any tree is found.
	unknownDepth = 127
	// viaSolver marks a witness held by the depth-2 solver, not the entry.
	viaSolver = -1
	// leafWitness marks a subproblem whose best tree is a single leaf.
	leafWitness = 1 << 14
)

// entry is the cache's knowledge about one set of points, the subproblem.
type entry struct {
	key      int32    // offset of the closure key in searcher.keys
	leaf     int64    // cost of the points as one leaf
	minZ     int32    // smallest domain among the free features: the fewest leaves of a split
	dlb, dub int8     // no tree of depth < dlb fits at least error; one of depth dub does
	wf       int16    // witness feature of dub, or viaSolver
	solved   bool     // best holds the depth-2 solver's result
	best     [3]int64 // least cost at depth ≤ 0, 1, 2
	costs    []kcost  // phase 2 results at depths ≥ 3
	work     int32
}

// kcost is a cost result at depth bound k: exact (with its witness feature,
// or leafWitness) or a lower bound.
type kcost struct {
	k     int8
	exact bool
	f     int16
	v     int64
}

// level is the scratch of the search at one distance from the root. The
// node being expanded there owns it; its children use the next level.
type level struct {
	free  []int   // free features of the node
	part  []int32 // the node's points grouped by the value of the current feature
	start []int32 // start[v]..start[v+1] bound value v's points in part
	kids  []kid   // one per value of the current feature
	order []int   // features or children in search order
	score []int64 // per free feature: ordering score or lower bound
	size  []int32 // per (free feature, value): points
	meet  []uint64
}

// kid is a child of the node being expanded: its entry (or noEntry when it
// is pure or empty), its points part[lo:hi] and a bound on its cost.
type kid struct {
	id     int32
	lo, hi int32
	lb     int64
}

// noEntry is the entry id of a child that needs none: pure or empty.
const noEntry = -1

// searcher holds one fit's search state.
type searcher struct {
	pr      *problem
	u       []int32 // search weights, see problem.weights
	index   map[string]int32
	entries []entry
	keys    []byte // closure keys, m bytes per entry
	buf     []byte // the key being built
	lv      []level
	d2      solver
	sums    []int64 // scratch for one set's weight sums

	deadline time.Time
	timed    bool
	ticks    int
	aborted  bool
	expanded int // nodes expanded by recursion (statistics)
}

func newSearcher(pr *problem, exactWeights bool, levels int, deadline time.Time, timed bool) *searcher {
	s := &searcher{
		pr:       pr,
		u:        pr.weights(exactWeights),
		index:    make(map[string]int32),
		buf:      make([]byte, pr.m),
		lv:       make([]level, levels+1),
		sums:     make([]int64, pr.k+1),
		deadline: deadline,
		timed:    timed,
	}
	s.d2.init(pr, s.u)
	return s
}

// level returns the scratch of distance p from the root, sized on first use.
func (s *searcher) level(p int) *level {
	l := &s.lv[p]
	if l.start == nil {
		pr := s.pr
		l.free = make([]int, 0, pr.m)
		l.part = make([]int32, pr.n)
		l.start = make([]int32, pr.zmax+1)
		l.kids = make([]kid, pr.zmax)
		l.order = make([]int, 0, max(pr.m, pr.zmax))
		l.score = make([]int64, pr.m)
		l.size = make([]int32, pr.m*pr.zmax)
		l.meet = make([]uint64, pr.m*pr.zmax)
	}
	return l
}

// tick counts one expansion or depth-2 solve and reports whether the time
// budget is spent. Either costs far more than reading the clock.
func (s *searcher) tick() bool {
	s.expanded++
	if s.timed && !s.aborted && !time.Now().Before(s.deadline) {
		s.aborted = true
	}
	return s.aborted
}

// key returns entry id's closure key. Callers must not modify it.
func (s *searcher) key(id int32) []byte {
	o := s.entries[id].key
	return s.keys[o : o+int32(s.pr.m)]
}

// freeOf fills l.free with the free features of entry id, in index order.
func (s *searcher) freeOf(id int32, l *level) []int {
	l.free = l.free[:0]
	for f, v := range s.key(id) {
		if v == freeValue {
			l.free = append(l.free, f)
		}
	}
	return l.free
}

// closeKey completes s.buf, which holds the parent's key with the split
// feature set, into the closure key of pts: every feature free in the
// parent that all of pts share gets their value.
func (s *searcher) closeKey(pts []int32) {
	m, x := s.pr.m, s.pr.x
	row0 := x[int(pts[0])*m : int(pts[0]+1)*m]
	for g, v := range s.buf {
		if v != freeValue {
			continue
		}
		v0 := row0[g]
		shared := true
		for _, p := range pts[1:] {
			if x[int(p)*m+g] != v0 {
				shared = false
				break
			}
		}
		if shared {
			s.buf[g] = v0
		}
	}
}

// lookup returns the entry of the points pts, whose key is in s.buf,
// creating it when new. pts must be impure.
func (s *searcher) lookup(pts []int32) int32 {
	if id, ok := s.index[string(s.buf)]; ok {
		return id
	}
	id := int32(len(s.entries))
	s.index[string(s.buf)] = id
	e := entry{key: int32(len(s.keys)), dub: unknownDepth, wf: viaSolver}
	s.keys = append(s.keys, s.buf...)
	e.leaf = s.leafCost(pts)
	e.minZ = int32(s.pr.zmax)
	for f, v := range s.buf {
		if v == freeValue {
			e.minZ = min(e.minZ, int32(s.pr.dom[f]))
		}
	}
	e.dlb = 1 // impure: no leaf fits
	s.entries = append(s.entries, e)
	return id
}

// root returns the entry of all points, or noEntry when they are pure.
func (s *searcher) root(pts []int32) int32 {
	if s.pr.pure(pts) {
		return noEntry
	}
	for f := range s.buf {
		s.buf[f] = freeValue
	}
	s.closeKey(pts)
	return s.lookup(pts)
}

// leafCost returns excess·unit + 1 for pts as one leaf.
func (s *searcher) leafCost(pts []int32) int64 {
	k1 := s.pr.k + 1
	sums := s.sums
	clear(sums)
	for _, p := range pts {
		for j, v := range s.u[int(p)*k1 : int(p+1)*k1] {
			sums[j] += int64(v)
		}
	}
	best := int64(0)
	for _, v := range sums[:s.pr.k] {
		best = max(best, v)
	}
	return (sums[s.pr.k]-best)*unit + 1
}

// split partitions pts, the points of entry id, by feature f into l.part and fills l.kids: one per value, with its
// entry, created when new, or noEntry when pure or empty.
func (s *searcher) split(id int32, pts []int32, f int, l *level) []kid {
	pr := s.pr
	z := pr.dom[f]
	start := l.start[:z+1]
	clear(start)
	for _, q := range pts {
		start[pr.x[int(q)*pr.m+f]+1]++
	}
	for v := 1; v <= z; v++ {
		start[v] += start[v-1]
	}
	next := l.kids[:z]
	for v := range z {
		next[v].lo = start[v]
	}
	for _, q := range pts {
		v := pr.x[int(q)*pr.m+f]
		l.part[next[v].lo] = q
		next[v].lo++
	}
	kids := l.kids[:z]
	for v := range z {
		c := &kids[v]
		c.lo, c.hi, c.id, c.lb = start[v], start[v+1], noEntry, 1
		cp := l.part[c.lo:c.hi]
		if pr.pure(cp) {
			continue
		}
		copy(s.buf, s.key(id))
		s.buf[f] = uint8(v)
		s.closeKey(cp)
		c.id = s.lookup(cp)
	}
	return kids
}
