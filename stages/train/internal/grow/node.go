package grow

import (
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// Node serves splitters the counts of the node being split: its class
// counts, the values each feature can still take on its path, and for any
// feature the node's contingency table (class counts per value), computed
// on first request and kept until the next node.
//
// For a bitset node the table of feature f costs, per value v still
// possible except one, |rows ∧ value(f,v)| and |rows ∧ class c ∧
// value(f,v)| for the node's classes but one; the remaining value and
// class follow by subtraction from the node's counts. The node's class
// bitsets rows ∧ class c are made once per node, and every AND runs only
// over the node's range of nonzero words. For a list node (stats_list.go)
// one pass over its rows' lane words, a segment per class, counts every
// packed feature at once (laneSums), on the first request; a table then
// reads its feature's lanes, and an unpacked feature's table is one pass
// over its column through the rows' indices. A tiny node (tiny.go) comes
// with its lane sums.
type Node struct {
	d       *dataset.Dataset
	k       int
	labels  []uint8
	domains []int
	off     []int    // feature f's table is tab[off[f] : off[f]+domains[f]*k]
	tab     []int    // every feature's table, back to back
	stamp   []uint32 // stamp[f] == epoch when feature f's table is current
	epoch   uint32
	bufs    []dataset.Bitset // k−1 scratch bitsets for the node's class rows

	layout *packLayout
	store  *rowStore
	bits   dataset.Bitset // the node's rows, for a bitset node
	list   rowSet         // the node's rows, for a list node (bits == nil)
	lanes  laneSums       // the list node's lane counts, once lanesOK
	// binary: two classes and every feature binary, feature f in lane f
	// of one lane word (so its table is at tab[4f:])
	binary bool
	seg    []int // scratch for laneSums.count
	// lanesOK: lanes holds the current list node's counts
	lanesOK bool
	// fast: binary, a list node, lanesOK and no slot spilled, so Table2
	// reads tables straight from the lane slots
	fast   bool
	counts []int
	avail  []uint64
	depth  int
	lo, hi int              // nonzero words of bits
	cls    []dataset.Bitset // cls[i] = rows ∧ class clsOf[i] on [lo, hi)
	clsOf  []int
	last   int // class whose counts come by subtraction
}

// bind prepares s for the nodes of a fit of d, reusing its memory.
//
// Every node's class counts and value sets are read from counts and
// avail, which the grower refills for each node.
func (s *Node) bind(d *dataset.Dataset, layout *packLayout, store *rowStore, counts []int, avail []uint64) {
	k, m := d.Classes(), d.NumFeatures()
	s.d, s.k, s.layout, s.store = d, k, layout, store
	s.counts, s.avail = counts, avail
	s.labels = d.Labels()
	s.seg = resize(s.seg, k+1)
	s.domains = d.Domains()
	s.off = resize(s.off, m)
	s.stamp = resize(s.stamp, m)
	clear(s.stamp)
	s.epoch = 0
	o := 0
	for f, z := range s.domains {
		s.off[f] = o
		o += z * k
	}
	s.tab = resize(s.tab, o)

	s.binary = k == 2 && layout.words == 1 && !layout.unpacked
	for f, z := range s.domains {
		s.binary = s.binary && z == 2 && layout.feat[f].lane == f
	}
	words := len(d.All())
	s.bufs = resize(s.bufs, k-1)
	for i := range s.bufs {
		s.bufs[i] = resize(s.bufs[i], words)
	}
	s.clsOf = resize(s.clsOf, k)[:0]
	s.cls = resize(s.cls, k)[:0]
}

// unbind drops s's references to the fit's data.
func (s *Node) unbind() {
	s.d, s.labels, s.bits, s.counts, s.avail, s.layout, s.store = nil, nil, nil, nil, nil, nil, nil
	clear(s.cls[:cap(s.cls)])
}

// resetList points the statistics at a new list node l at the given
// depth. The node's class counts and value sets are in the slices given
// to bind.
func (s *Node) resetList(l rowSet, depth int) {
	s.next()
	if s.bits != nil {
		s.bits = nil
	}
	s.list, s.depth = l, depth
}

// resetTiny points the statistics at a tiny node (see growTiny) at the
// given depth whose lane sums (one word, two classes) are sums.
func (s *Node) resetTiny(depth int, sums *tinySums) {
	s.next()
	if s.bits != nil {
		s.bits = nil
	}
	s.depth = depth
	if s.lanes.words != 1 || len(s.lanes.slots) < 6 {
		s.lanes.prepare(1, 2)
	}
	*(*tinySums)(s.lanes.slots) = *sums
	s.lanes.wide = false
	s.lanesOK = true
	s.fast = s.binary
}

// next starts a new node: no table or lane sum is current.
func (s *Node) next() {
	s.epoch++
	if s.epoch == 0 { // wrapped: invalidate every stamp
		clear(s.stamp)
		s.epoch = 1
	}
	s.lanesOK, s.fast = false, false
}

// resetBits points the statistics at a new bitset node, rows, at the
// given depth, and makes the node's class bitsets.
func (s *Node) resetBits(rows dataset.Bitset, depth int) {
	s.next()
	s.bits, s.depth = rows, depth
	s.clsOf, s.cls = s.clsOf[:0], s.cls[:0]
	s.last = 0
	for c, n := range s.counts {
		if n > 0 {
			s.clsOf = append(s.clsOf, c)
		}
	}
	if len(s.clsOf) > 0 {
		s.last = s.clsOf[len(s.clsOf)-1]
		s.clsOf = s.clsOf[:len(s.clsOf)-1]
	}
	b := rows
	s.lo, s.hi = 0, len(b)
	for s.lo < s.hi && b[s.lo] == 0 {
		s.lo++
	}
	for s.hi > s.lo && b[s.hi-1] == 0 {
		s.hi--
	}
	for i, c := range s.clsOf {
		s.cls = append(s.cls, dataset.And(s.bufs[i][s.lo:s.hi], b[s.lo:s.hi], s.d.ClassRows(c)[s.lo:s.hi]))
	}
}

// Features returns the number of features.
func (s *Node) Features() int { return len(s.domains) }

// Classes returns the number of classes K.
func (s *Node) Classes() int { return s.k }

// Counts returns the node's class counts. Callers must not modify it.
func (s *Node) Counts() []int { return s.counts }

// Depth returns the node's depth (0 at the root).
func (s *Node) Depth() int { return s.depth }

// Avail returns the values feature f can still take on the node's path
// (bit v set = value v possible); only those can have rows.
func (s *Node) Avail(f int) uint64 { return s.avail[f] }

// Tested reports whether feature f is tested on the path from the root
// to the node. Every split narrows its feature's value set for each child
// (it has two branches or more that possible values lead to), so a
// feature is tested above the node exactly when its value set is no
// longer its whole domain. The cost-sensitive criteria read it: a group's
// common cost is paid once per path.
func (s *Node) Tested(f int) bool {
	return s.avail[f] != uint64(1)<<uint(s.domains[f])-1 // a domain of 64 gives ^0
}

// Candidate reports whether feature f can still split the node: a
// feature whose path has fixed its value (tested by a multiway split
// above, or narrowed to one value by subset splits) has one possible
// value left.
func (s *Node) Candidate(f int) bool {
	a := s.avail[f]
	return a&(a-1) != 0
}

// Table2 returns the table [a b; c d] of binary feature f at a node of
// two classes, with no call, when the node's lane sums hold it: in the
// oracle study's case, once the node's first table has been asked for
// (Table) or for a small node at once. Otherwise it returns false, and
// Table has the table.
func (s *Node) Table2(f int) (a, b, c, d int, ok bool) {
	if !s.fast {
		return 0, 0, 0, 0, false
	}
	c, d = s.lane2(f)
	return s.counts[0] - c, s.counts[1] - d, c, d, true
}

// Table returns feature f's contingency table at the node: table[v*K+c]
// counts the node's rows with value v and class c. The slice is valid
// until the next node; callers must not modify it.
func (s *Node) Table(f int) []int {
	t := s.tab[s.off[f] : s.off[f]+s.domains[f]*s.k]
	if s.stamp[f] == s.epoch {
		return t
	}
	s.stamp[f] = s.epoch
	if s.binary && s.bits == nil && s.laneRead() {
		c, d := s.lane2(f)
		t[0], t[1], t[2], t[3] = s.counts[0]-c, s.counts[1]-d, c, d
		return t
	}
	s.fill(t, f)
	return t
}

// laneRead counts a binary list node's lanes if need be and reports
// whether lane2 may read them: every feature binary in lane f of one lane
// word, two classes, a list node, no slot spilled.
func (s *Node) laneRead() bool {
	if !s.lanesOK {
		s.countLanes()
	}
	return !s.lanes.wide
}

// lane2 returns the rows of class 0 and of class 1 with value 1 of
// binary feature f, from the lane slots (see laneRead).
func (s *Node) lane2(f int) (c, d int) {
	sl := s.lanes.slots[:6]
	j, sh := f%3, uint(9*(f/3))
	return int(sl[j] >> sh & 511), int(sl[3+j] >> sh & 511)
}

// fill computes feature f's table at the node into t.
func (s *Node) fill(t []int, f int) {
	k := s.k
	if s.bits == nil {
		if s.layout.feat[f].packed {
			s.packedTable(t, f)
		} else {
			s.listTable(t, f)
		}
		return
	}
	clear(t)
	avail := s.avail[f]
	if avail == 0 {
		return
	}
	lastV := 63 - bits.LeadingZeros64(avail)
	rest := t[lastV*k : (lastV+1)*k]
	copy(rest, s.counts)
	if avail&(avail-1) == 0 { // one value: every row has it
		return
	}
	node := s.bits[s.lo:s.hi]
	for m := avail &^ (1 << lastV); m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		vb := s.d.ValueRows(f, v)[s.lo:s.hi]
		row := t[v*k : (v+1)*k]
		var n, sum int
		if len(s.cls) == 0 {
			n = dataset.AndCount(node, vb)
		} else {
			var x int
			n, x = andCount2(node, s.cls[0], vb)
			row[s.clsOf[0]] = x
			sum = x
			for i := 1; i < len(s.cls) && sum < n; i++ {
				x := dataset.AndCount(s.cls[i], vb)
				row[s.clsOf[i]] = x
				sum += x
			}
		}
		row[s.last] = n - sum
		for c, x := range row {
			rest[c] -= x
		}
	}
}

// andCount2 returns |a ∧ v| and |b ∧ v| in one pass over v.
func andCount2(a, b, v dataset.Bitset) (na, nb int) {
	b = b[:len(a)]
	v = v[:len(a)]
	for i, w := range a {
		x := v[i]
		na += bits.OnesCount64(w & x)
		nb += bits.OnesCount64(b[i] & x)
	}
	return na, nb
}
