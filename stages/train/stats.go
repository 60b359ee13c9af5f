package train

import (
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// nodeStats serves splitters the counts of the node being split: its class
// counts, the values each feature can still take on its path, and for any
// feature the node's contingency table (class counts per value), computed
// on first request and kept until the next node.
//
// For a bitset node the table of feature f costs, per value v still
// possible except one, |rows ∧ value(f,v)| and |rows ∧ class c ∧
// value(f,v)| for the node's classes but one; the remaining value and
// class follow by subtraction from the node's counts. The node's class
// bitsets rows ∧ class c are made once per node, and every AND runs only
// over the node's range of nonzero words. For a list node a table is one
// pass over the node's rows.
type nodeStats struct {
	d       *dataset.Dataset
	k       int
	labels  []uint8
	domains []int
	off     []int    // feature f's table is tab[off[f] : off[f]+domains[f]*k]
	tab     []int    // every feature's table, back to back
	stamp   []uint32 // stamp[f] == epoch when feature f's table is current
	epoch   uint32
	bufs    []dataset.Bitset // k−1 scratch bitsets for the node's class rows

	bits   dataset.Bitset // the node's rows, for a bitset node
	list   []int32        // the node's rows, for a list node (bits == nil)
	counts []int
	avail  []uint64
	depth  int
	lo, hi int              // nonzero words of bits
	cls    []dataset.Bitset // cls[i] = rows ∧ class clsOf[i] on [lo, hi)
	clsOf  []int
	last   int // class whose counts come by subtraction
}

// bind prepares s for the nodes of a fit of d, reusing its memory.
func (s *nodeStats) bind(d *dataset.Dataset) {
	k, m := d.Classes(), d.NumFeatures()
	s.d, s.k = d, k
	s.labels = d.Labels()
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
	words := len(d.All())
	s.bufs = resize(s.bufs, k-1)
	for i := range s.bufs {
		s.bufs[i] = resize(s.bufs[i], words)
	}
	s.clsOf = resize(s.clsOf, k)[:0]
	s.cls = resize(s.cls, k)[:0]
}

// unbind drops s's references to the fit's data.
func (s *nodeStats) unbind() {
	s.d, s.labels, s.bits, s.list, s.counts, s.avail = nil, nil, nil, nil, nil, nil
	clear(s.cls[:cap(s.cls)])
}

// reset points the statistics at a new node, given by its bitset or, when
// that is nil, its row list.
func (s *nodeStats) reset(rows dataset.Bitset, list []int32, counts []int, avail []uint64, depth int) {
	s.epoch++
	if s.epoch == 0 { // wrapped: invalidate every stamp
		clear(s.stamp)
		s.epoch = 1
	}
	s.bits, s.list, s.counts, s.avail, s.depth = rows, list, counts, avail, depth
	s.clsOf, s.cls = s.clsOf[:0], s.cls[:0]
	s.last = 0
	for c, n := range counts {
		if n > 0 {
			s.clsOf = append(s.clsOf, c)
		}
	}
	if len(s.clsOf) > 0 {
		s.last = s.clsOf[len(s.clsOf)-1]
		s.clsOf = s.clsOf[:len(s.clsOf)-1]
	}
	if rows == nil {
		return
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
func (s *nodeStats) Features() int { return len(s.domains) }

// Classes returns the number of classes K.
func (s *nodeStats) Classes() int { return s.k }

// Counts returns the node's class counts. Callers must not modify it.
func (s *nodeStats) Counts() []int { return s.counts }

// Depth returns the node's depth (0 at the root).
func (s *nodeStats) Depth() int { return s.depth }

// Avail returns the values feature f can still take on the node's path
// (bit v set = value v possible); only those can have rows.
func (s *nodeStats) Avail(f int) uint64 { return s.avail[f] }

// Table returns feature f's contingency table at the node: table[v*K+c]
// counts the node's rows with value v and class c. The slice is valid
// until the next node; callers must not modify it.
func (s *nodeStats) Table(f int) []int {
	k := s.k
	t := s.tab[s.off[f] : s.off[f]+s.domains[f]*k]
	if s.stamp[f] == s.epoch {
		return t
	}
	s.stamp[f] = s.epoch
	if s.bits == nil {
		s.listTable(t, f)
		return t
	}
	clear(t)
	avail := s.avail[f]
	if avail == 0 {
		return t
	}
	lastV := 63 - bits.LeadingZeros64(avail)
	rest := t[lastV*k : (lastV+1)*k]
	copy(rest, s.counts)
	if avail&(avail-1) == 0 { // one value: every row has it
		return t
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
	return t
}

// listTable fills t with feature f's table for a list node, in one pass
// over its rows. With two values and two classes (the oracle study's
// case) it sums codes in registers instead of incrementing counters in
// memory: n1 = Σ x_f counts value 1, n11 = Σ x_f·y counts value 1 and
// class 1, and the other cells follow from the node's counts.
func (s *nodeStats) listTable(t []int, f int) {
	col, lab := s.d.Column(f), s.labels
	if s.k == 2 && s.domains[f] == 2 {
		// Two accumulator pairs halve the loop's dependency chains.
		n1, n11, m1, m11 := 0, 0, 0, 0
		list := s.list
		for len(list) >= 2 {
			x, y := int(col[list[0]]), int(col[list[1]])
			n1 += x
			n11 += x & int(lab[list[0]])
			m1 += y
			m11 += y & int(lab[list[1]])
			list = list[2:]
		}
		for _, r := range list {
			x := int(col[r])
			n1 += x
			n11 += x & int(lab[r])
		}
		n1, n11 = n1+m1, n11+m11
		t[2], t[3] = n1-n11, n11
		t[0], t[1] = s.counts[0]-t[2], s.counts[1]-t[3]
		return
	}
	clear(t)
	k := s.k
	for _, r := range s.list {
		t[int(col[r])*k+int(lab[r])]++
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
