package exact

import (
	"math/bits"
	"time"
	"unsafe"

	"github.com/dtbench/dtbench/dataset"
)

const (
	// freeValue marks, in a key, a feature whose value the points do not share.
	freeValue = 0xFF
	// unit is the cost of one unit of excess error: a cost is
	// excess·unit + leaves, so any excess outweighs any number of leaves.
	unit = int64(1) << 32
	// unknownDepth is an entry's depth upper bound before any tree is found.
	unknownDepth = 1 << 14
	// viaSolver marks a witness held by the depth ≤ 3 solver, not the entry.
	viaSolver = -1
	// leafWitness marks a subproblem whose best tree is a single leaf.
	leafWitness = 1 << 30
)

// entry is the cache's knowledge about one set of points, the subproblem.
// Its 64 bytes are one cache line.
type entry struct {
	// best[0] is the cost of the points as one leaf; best[1:solved+1]
	// the solver's exact costs at depth ≤ 1, 2, 3.
	best     [4]int64
	minZ     int32 // smallest domain among the free features: the fewest leaves of a split
	wf       int32 // witness feature of dub, or viaSolver
	costs    int32 // 1 + index of the first phase 2 result (depths ≥ 3) in searcher.costs, or 0
	n        int32 // points
	kids     int32 // offset of the children table in searcher.arena, or -1
	dlb, dub int16 // no tree of depth < dlb fits at least error; one of depth dub does
	solved   int8
}

// leaf returns the cost of entry e's points as one leaf.
func (e *entry) leaf() int64 { return e.best[0] }

// kcost is a cost result at depth bound k: exact (with its witness feature,
// or leafWitness) or a lower bound. An entry's results form a list.
type kcost struct {
	next  int32 // 1 + index of the entry's next result, or 0
	k     int16
	exact bool
	f     int32
	v     int64
}

// level is the scratch of the search at one distance from the root. The
// node being expanded there owns it; its children use the next level.
type level struct {
	free  []int   // free features of the node
	part  []int32 // the node's points grouped by the value of the current feature
	kids  []kid   // one per value of the current feature
	order []int   // features or children in search order
	score []int64 // per free feature: ordering score or lower bound
	look  []int64 // per free feature: the feasibility search's conflict score
	// prefer holds, per feature, the value of the child this node tries
	// first when both are impure (notePrefer), else -1; its children try
	// the same value first (see feasibleKids).
	prefer []int8
}

// kid is a child of the node being expanded: its entry (or noEntry when it
// is pure or empty) and its points, n of them, at part[lo:hi] once split.
type kid struct {
	id     int32
	n      int32
	lo, hi int32
	lb     int64 // a bound on its cost
}

const (
	// noEntry is the entry id of a child that needs none: pure or empty.
	noEntry = -1
	// unknownKid marks a children table slot not computed yet.
	unknownKid = -2
)

// searcher holds one fit's search state.
type searcher struct {
	pr *problem
	u  []int32 // search weights, see problem.weights
	// exactCosts is set when costs count errors (problem.weights(true)).
	// Otherwise a cost ≥ unit only means "some leaf is impure": the search
	// then looks for pure trees alone and never compares such costs.
	exactCosts bool
	index      index     // closure key → entry
	blocks     [][]entry // the entries, entryBlock per block, so they never move
	count      int32     // entries
	costs      []kcost   // phase 2 results, in per-entry lists
	keys       [][]byte  // closure keys, m bytes per entry, entryBlock entries per block, so they are never copied
	buf        []byte    // the key being built
	lv         []level
	small      solver    // the depth ≤ 3 solver
	paths      pathBound // the refutation by paths
	sums       []int64   // scratch for one set's weight sums
	// arena holds the children of expanded entries: per feature f, from
	// kidOff[f], the child entry of each value (or noEntry, unknownKid).
	arena  []int32
	kidOff []int
	blank  []int32 // one children table of unknownKid
	// conflicts keeps the conflict scores of the entries the feasibility
	// search ordered by them (see orderFeasible), per free feature.
	conflicts map[int32][]int64
	byClass   [][]uint64 // conflictScores' scratch: the points' rows per class
	// closeMasks is conflictScores' scratch for closeRowsAVX512.
	closeMasks []uint8
	// nodeBits and kidMask are prepareKids' scratch: the node's bits by
	// transposeRows, and one child's points among them.
	nodeBits, kidMask []uint64
	// pending and pendingKeys are prepareKids' scratch; loaded keeps what
	// its loads read, so that they are not dropped.
	pending     []pendingKid
	pendingKeys []byte
	loaded      byte

	deadline time.Time
	timed    bool
	aborted  bool
	// ticks counts expansions and solves. Past workLimit (when not 0) the
	// search gives up and sets exhausted: the caller solves the lattice.
	ticks     int
	workLimit int
	exhausted bool
}

func newSearcher(pr *problem, exactWeights bool, levels int, deadline time.Time, timed bool) *searcher {
	s := &searcher{
		pr:         pr,
		u:          pr.weights(exactWeights),
		exactCosts: exactWeights,
		buf:        make([]byte, pr.m),
		lv:         make([]level, levels+1),
		sums:       make([]int64, pr.k+1),
		deadline:   deadline,
		timed:      timed,
	}
	s.small.init(pr, s.u, !exactWeights)
	s.kidOff = make([]int, pr.m)
	for f, z := range pr.dom {
		s.kidOff[f] = len(s.blank)
		for range z {
			s.blank = append(s.blank, unknownKid)
		}
	}
	return s
}

// entryBlock is the number of entries per block of searcher.blocks.
const entryBlock = 1 << 12

// entry returns entry id. The pointer stays valid while entries are added.
func (s *searcher) entry(id int32) *entry {
	return &s.blocks[id/entryBlock][id%entryBlock]
}

// level returns the scratch of distance p from the root, sized on first use.
func (s *searcher) level(p int) *level {
	l := &s.lv[p]
	if l.part == nil {
		pr := s.pr
		l.free = make([]int, 0, pr.m)
		l.part = make([]int32, pr.n)
		l.kids = make([]kid, pr.zmax)
		l.order = make([]int, 0, max(pr.m, pr.zmax))
		l.score = make([]int64, pr.m)
		l.look = make([]int64, pr.m)
		l.prefer = make([]int8, pr.m)
	}
	return l
}

// tick is called once per expansion or solve and reports whether the time
// budget or the work limit is spent. Either costs far more than reading the
// clock.
func (s *searcher) tick() bool {
	s.ticks++
	if s.workLimit > 0 && s.ticks > s.workLimit && !s.aborted {
		s.aborted, s.exhausted = true, true
	}
	if s.timed && !s.aborted && !time.Now().Before(s.deadline) {
		s.aborted = true
	}
	return s.aborted
}

// key returns entry id's closure key. Callers must not modify it.
func (s *searcher) key(id int32) []byte {
	m := s.pr.m
	at := int(id%entryBlock) * m
	return s.keys[id/entryBlock][at : at+m]
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
// parent that all of pts share gets their value. With bit rows, one pass
// over the points settles every binary feature (the ones all points have
// and the ones none has); the others are scanned one by one.
func (s *searcher) closeKey(pts []int32) {
	binary := uint64(0)
	if rows := s.pr.bitrow; rows != nil {
		binary = s.pr.binaryBits
		all, some := ^uint64(0), uint64(0)
		for _, p := range pts {
			all &= rows[p]
			some |= rows[p]
		}
		for shared := (all | ^some) & binary; shared != 0; shared &= shared - 1 {
			if g := bits.TrailingZeros64(shared); s.buf[g] == freeValue {
				s.buf[g] = uint8(all >> g & 1)
			}
		}
	}
	for g, v := range s.buf {
		if v != freeValue || binary>>g&1 != 0 {
			continue
		}
		col := s.pr.col[g]
		v0 := col[pts[0]]
		shared := true
		for _, p := range pts[1:] {
			if col[p] != v0 {
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
	return s.lookupN(int32(len(pts)), pts)
}

// lookupN is lookup for n points, which it reads only for exact costs.
func (s *searcher) lookupN(n int32, pts []int32) int32 {
	return s.lookupHashed(n, pts, hashKey(s.buf))
}

// lookupHashed is lookupN with the hash of the key in s.buf.
func (s *searcher) lookupHashed(n int32, pts []int32, hash uint64) int32 {
	if id, ok := s.find(s.buf, hash); ok {
		return id
	}
	id := s.count
	e := entry{dub: unknownDepth, wf: viaSolver, n: n, kids: -1}
	if int(id)%entryBlock == 0 {
		s.keys = append(s.keys, make([]byte, entryBlock*len(s.buf)))
	}
	copy(s.key(id), s.buf)
	e.best[0] = unit + 1 // impure; only exact costs need the true excess
	if s.exactCosts {
		e.best[0] = s.leafCost(pts)
	}
	e.minZ = int32(s.pr.zmax)
	for f, v := range s.buf {
		if v == freeValue {
			e.minZ = min(e.minZ, int32(s.pr.dom[f]))
		}
	}
	e.dlb = 1 // impure: no leaf fits
	if int(id)%entryBlock == 0 {
		s.blocks = append(s.blocks, make([]entry, entryBlock))
	}
	*s.entry(id) = e
	s.count++
	s.insert(id, hash)
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

// kidIDs fills l.kids with the children of entry id (points pts) by
// feature f: their entries, created when new, or noEntry when pure or
// empty, and sizes. Entries remember their children, so only the first
// call per (entry, feature) looks at the points; lo and hi are then valid
// too, else -1.
func (s *searcher) kidIDs(id int32, pts []int32, f int, l *level) []kid {
	z := s.pr.dom[f]
	kids := l.kids[:z]
	off := s.kidTable(id) + s.kidOff[f]
	if c := s.arena[off]; c != unknownKid {
		for v := range kids {
			c := s.arena[off+v]
			kids[v] = kid{id: c, lo: -1, hi: -1, lb: 1}
			if c != noEntry {
				kids[v].n = s.entry(c).n
			}
		}
		return kids
	}
	s.partition(pts, f, l)
	for v := range kids {
		c := &kids[v]
		c.id, c.n, c.lb = noEntry, c.hi-c.lo, 1
		cp := l.part[c.lo:c.hi]
		if s.kidKey(id, f, v, cp) {
			c.id = s.lookup(cp)
		}
		s.arena[off+v] = c.id
	}
	return kids
}

// kidTable returns the offset of entry id's children table in the arena,
// adding the table on first use.
func (s *searcher) kidTable(id int32) int {
	if s.entry(id).kids < 0 {
		s.entry(id).kids = int32(len(s.arena))
		s.arena = append(s.arena, s.blank...)
	}
	return int(s.entry(id).kids)
}

// kidKey reports whether the child of entry id by value v of feature f,
// whose points are pts, is impure and so needs an entry, and then leaves
// its closure key in s.buf.
func (s *searcher) kidKey(id int32, f, v int, pts []int32) bool {
	if s.pr.pure(pts) {
		return false
	}
	s.childKey(id, f, v)
	s.closeKey(pts)
	return true
}

// childKey puts in s.buf the key of entry id with feature f set to v,
// the start of its child's closure key.
func (s *searcher) childKey(id int32, f, v int) {
	copy(s.buf, s.key(id))
	s.buf[f] = uint8(v)
}

// prepareKids finds the children of entry id (points pts) by every free
// feature that kidIDs has not seen yet, as kidIDs would, but in three
// passes: their closure keys first, then a pass that loads the hash slot
// each one probes first and, when its tag matches, that slot's key, then
// the lookups. Feature by feature, each lookup waits for those loads from
// memory in turn; batched, the waits overlap. Only for the search of pure
// trees, whose new entries need no points.
func (s *searcher) prepareKids(id int32, pts []int32, free []int, l *level) {
	if s.exactCosts {
		return
	}
	table := s.kidTable(id)
	m := s.pr.m
	pend, keys := s.pending[:0], s.pendingKeys[:0]
	byBits := s.pr.bitrow != nil && s.small.one != nil && s.small.allBinary(free)
	if byBits {
		s.nodeBits = grow(s.nodeBits, (len(free)+s.pr.k)*((len(pts)+63)/64))
		transposeRows(s.pr, pts, free, s.nodeBits)
	}
	for a, f := range free {
		off := table + s.kidOff[f]
		if s.arena[off] != unknownKid {
			continue
		}
		if byBits {
			for v := range 2 {
				n, pure := s.kidKeyByBits(id, pts, free, a, v)
				if pure {
					s.arena[off+v] = noEntry
					continue
				}
				keys = append(keys, s.buf...)
				pend = append(pend, pendingKid{slot: off + v, n: n, hash: hashKey(s.buf)})
			}
			continue
		}
		s.partition(pts, f, l)
		for v, c := range l.kids[:s.pr.dom[f]] {
			cp := l.part[c.lo:c.hi]
			if !s.kidKey(id, f, v, cp) {
				s.arena[off+v] = noEntry
				continue
			}
			keys = append(keys, s.buf...)
			pend = append(pend, pendingKid{slot: off + v, n: c.hi - c.lo, hash: hashKey(s.buf)})
		}
	}
	if slots := s.index.slots; len(slots) > 0 {
		mask := uint64(len(slots) - 1)
		loaded := byte(0)
		for _, p := range pend {
			if slot := slots[p.hash&mask]; slot != 0 && sameTag(slot, p.hash) {
				loaded += s.key(slotID(slot))[0]
			}
		}
		s.loaded = loaded
	}
	for i, p := range pend {
		copy(s.buf, keys[i*m:(i+1)*m])
		s.arena[p.slot] = s.lookupHashed(p.n, nil, p.hash)
	}
	s.pending, s.pendingKeys = pend, keys
}

// kidKeyByBits is, for binary free features and points of one majority
// class each, the partition, purity test and closeKey of the child
// free[a] = v of entry id (points pts) at once, from s.nodeBits
// (transposeRows of pts over free) instead of the points: a feature is
// shared by the child when its bits and the child's agree everywhere or
// nowhere. It returns the child's points and whether it is pure, and
// leaves its key in s.buf when it is not.
func (s *searcher) kidKeyByBits(id int32, pts []int32, free []int, a, v int) (int32, bool) {
	q, nw := len(free), (len(pts)+63)/64
	bitsOf := func(b int) []uint64 { return s.nodeBits[b*nw : (b+1)*nw] }
	s.kidMask = grow(s.kidMask, nw)
	in, n := s.kidMask, 0
	for w, x := range bitsOf(a) {
		if v == 0 {
			x = ^x
			if rest := len(pts) - 64*w; rest < 64 {
				x &= 1<<rest - 1
			}
		}
		in[w] = x
		n += bits.OnesCount64(x)
	}
	classes := 0
	for c := range s.pr.k {
		for w, x := range bitsOf(q + c) {
			if x&in[w] != 0 {
				classes++
				break
			}
		}
	}
	if classes <= 1 {
		return int32(n), true
	}
	s.childKey(id, free[a], v)
	for b, g := range free {
		if b == a {
			continue
		}
		var ones, zeros uint64
		for w, x := range bitsOf(b) {
			ones |= x & in[w]
			zeros |= in[w] &^ x
		}
		switch {
		case ones == 0:
			s.buf[g] = 0
		case zeros == 0:
			s.buf[g] = 1
		}
	}
	return int32(n), false
}

// pendingKid is a child prepareKids looks up: where its id goes in the
// arena, its points and its key's hash.
type pendingKid struct {
	slot int
	n    int32
	hash uint64
}

// split fills l.kids as kidIDs does and partitions pts by feature f into
// l.part, so every child's points are l.part[lo:hi].
func (s *searcher) split(id int32, pts []int32, f int, l *level) []kid {
	kids := s.kidIDs(id, pts, f, l)
	if kids[0].lo < 0 {
		s.partition(pts, f, l)
	}
	return kids
}

// partition groups pts by the value of feature f into l.part and sets
// the bounds lo, hi of l.kids.
func (s *searcher) partition(pts []int32, f int, l *level) {
	z := s.pr.dom[f]
	col := s.pr.col[f]
	kids := l.kids[:z]
	part := l.part[:len(pts)]
	if z == 2 {
		ones := 0
		for _, q := range pts {
			ones += int(col[q])
		}
		i0, i1 := 0, len(pts)-ones
		kids[0].lo, kids[0].hi, kids[1].lo, kids[1].hi = 0, int32(i1), int32(i1), int32(len(pts))
		for _, q := range pts {
			v := int(col[q])
			part[i0+(i1-i0)*v] = q
			i0 += 1 - v
			i1 += v
		}
		return
	}
	var next [dataset.MaxValues + 1]int32
	for _, q := range pts {
		next[col[q]+1]++
	}
	for v := 1; v <= z; v++ {
		next[v] += next[v-1]
	}
	for v := range kids {
		kids[v].lo, kids[v].hi = next[v], next[v+1]
	}
	for _, q := range pts {
		v := col[q]
		part[next[v]] = q
		next[v]++
	}
}

// The entry must stay one cache line: these fail to compile otherwise.
var (
	_ [64 - unsafe.Sizeof(entry{})]byte
	_ [unsafe.Sizeof(entry{}) - 64]byte
)
