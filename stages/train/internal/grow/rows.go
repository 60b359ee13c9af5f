package grow

import (
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// rowSet is the set of training rows that reach a node. A large node keeps
// a bitset over all of the dataset's rows, so its counts are AND +
// popcount against the dataset's (feature, value) and class bitsets. A
// small node keeps a list of its rows instead, because a deep node's few
// rows are spread over every word of a full-length bitset: a window of
// one of the row store's two arenas holding each row's lane words
// (pack.go) and, when some feature is unpacked, its index in the dataset.
// A node's window is the same in both arenas; partitioning it for the
// node's children, as scikit-learn partitions samples[start:end], moves
// rows into the other arena rather than through a buffer and back.
//
// A list node's rows are grouped by class, the classes in increasing
// order or, when the window is reversed (rev), in decreasing order: its
// per-class lane sums are then sums over segments, whose bounds follow
// from its class counts. A new list is grouped in increasing order, and
// the partitions keep rows in order or reverse a whole branch, which
// keeps every branch grouped.
//
// A rowSet holds indices into the rowStore, not slices, so the grower's
// stack holds no pointers and pushing a node costs no GC write barrier.
type rowSet struct {
	// bits is the index of the node's bitset in rowStore.sets, or for a
	// list node −1 − (arena + 2·reversed).
	bits   int32
	lo, hi int32 // a list node's rows are rows lo … hi−1 of its arena
}

// isList reports whether the node holds a row list.
func (r rowSet) isList() bool { return r.bits < 0 }

// side returns the arena (0 or 1) of a list node.
func (r rowSet) side() int { return int(-1-r.bits) & 1 }

// rev reports whether a list node's classes are in decreasing order.
func (r rowSet) rev() bool { return (-1-r.bits)&2 != 0 }

// listIn returns the row set of rows lo … hi−1 of arena side, classes in
// decreasing order when rev.
func listIn(side int, rev bool, lo, hi int32) rowSet {
	b := int32(side)
	if rev {
		b |= 2
	}
	return rowSet{bits: -1 - b, lo: lo, hi: hi}
}

// rowStore hands out the memory of one fit's row sets: bitsets from a free
// list (a node's bitset is returned once its children exist) and row
// lists from two arenas of capacity |training rows|. A row enters arena 0
// once, when the first list node on its path is made, and list children
// share out their parent's window, so the arenas never overflow.
type rowStore struct {
	words int              // bitset words
	sets  []dataset.Bitset // every bitset of this fit
	free  []int32          // indices of sets not in use

	d      *dataset.Dataset
	layout *packLayout
	packed []uint64 // every dataset row's lane words, made on first use
	isPack bool     // packed is current for this fit
	// byClass: a root list is packed by packOrdered, grouped by class
	byClass bool
	arena   [2]arena
	used    int32   // rows of the arenas handed out
	branch  []uint8 // partition scratch: each row's branch
	start   []int   // partition scratch: each branch's first slot
	pos     []int   // partition scratch: each branch's next slot
}

// arena holds list nodes' rows: lane words (layout.words per row) and
// dataset indices (layout.unpacked only, else nil).
type arena struct {
	words []uint64
	idx   []int32
}

// bind prepares s for a fit of d with lane layout l, reusing its memory;
// every bitset is free again.
func (s *rowStore) bind(d *dataset.Dataset, l *packLayout) {
	words, rows := len(d.All()), d.Len()
	if s.words != words {
		s.sets = s.sets[:0]
		s.words = words
	}
	s.free = s.free[:0]
	for i := range s.sets {
		s.free = append(s.free, int32(i))
	}
	s.d, s.layout = d, l
	s.isPack = false
	// packOrdered's byClass case: one lane word, every feature binary
	// (so packed), two classes, no row indices.
	s.byClass = l.words == 1 && !l.unpacked && d.Classes() == 2
	for _, z := range d.Domains() {
		s.byClass = s.byClass && z == 2
	}
	W := l.words
	for i := range s.arena {
		a := &s.arena[i]
		// laneChunk rows of padding, so a pass over a window may read a
		// whole chunk past its end (laneSums.sum1).
		a.words = resize(a.words, (rows+laneChunk)*W)[:rows*W]
		a.idx = resize(a.idx[:cap(a.idx)], rows)[:0]
		if l.unpacked {
			a.idx = a.idx[:rows]
		}
	}
	s.branch = resize(s.branch, rows)
	s.start = resize(s.start, dataset.MaxValues+1)
	s.pos = resize(s.pos, dataset.MaxValues+1)
	s.used = 0
}

// unbind drops s's references to the fit's dataset.
func (s *rowStore) unbind() { s.d, s.layout = nil, nil }

// newBits returns a bitset node's row set, its bitset's content unspecified.
func (s *rowStore) newBits() rowSet {
	if n := len(s.free); n > 0 {
		i := s.free[n-1]
		s.free = s.free[:n-1]
		return rowSet{bits: i}
	}
	s.sets = append(s.sets, make(dataset.Bitset, s.words))
	return rowSet{bits: int32(len(s.sets) - 1)}
}

// bitsOf returns a bitset node's rows.
func (s *rowStore) bitsOf(r rowSet) dataset.Bitset { return s.sets[r.bits] }

// release returns a node's bitset (if any) to the free list.
func (s *rowStore) release(r rowSet) {
	if !r.isList() {
		s.free = append(s.free, r.bits)
	}
}

// list is a list node's rows: lane words (words per row) and, when the
// layout keeps them, dataset indices; nil otherwise.
type list struct {
	n     int
	words []uint64
	idx   []int32
}

// listOf returns a list node's rows.
func (s *rowStore) listOf(r rowSet) list { return s.window(r.side(), r.lo, r.hi) }

// window returns rows lo … hi−1 of arena side.
func (s *rowStore) window(side int, lo, hi int32) list {
	a := &s.arena[side]
	W := int32(s.layout.words)
	l := list{n: int(hi - lo), words: a.words[lo*W : hi*W]}
	if len(a.idx) > 0 {
		l.idx = a.idx[lo:hi]
	}
	return l
}

// newList copies the rows of b into a fresh window of arena 0, grouped by
// class in increasing order; counts are their class counts.
func (s *rowStore) newList(b dataset.Bitset, counts []int) rowSet {
	lo, n := s.startList(counts)
	W := s.layout.words
	if lo == 0 && n == s.d.Len() && s.byClass && len(counts) == 2 {
		// Every row of the dataset (a root), in the oracle study's case:
		// packed straight into place.
		s.layout.packOrdered(s.arena[0].words, s.d, true, counts[0])
		s.used = int32(n)
		return listIn(0, false, 0, s.used)
	}
	labels := s.d.Labels()
	if lo == 0 && n == s.d.Len() {
		// Every row of the dataset (a root): packed in row order into
		// arena 1, not in use yet, and placed from there.
		src := s.arena[1].words
		s.layout.pack(src, s.d)
		for r := range n {
			s.put(r, labels[r], src[r*W:(r+1)*W])
		}
	} else {
		if !s.isPack {
			s.packed = resize(s.packed, s.d.Len()*W)
			s.layout.pack(s.packed, s.d)
			s.isPack = true
		}
		for i, w := range b {
			for w != 0 {
				r := i<<6 + bits.TrailingZeros64(w)
				w &= w - 1
				s.put(r, labels[r], s.packed[r*W:(r+1)*W])
			}
		}
	}
	s.used += int32(n)
	return listIn(0, false, int32(lo), s.used)
}

// newListOf copies the rows listed in rows (a multiset of the dataset's
// rows, in increasing order) into a fresh window of arena 0, grouped by
// class in increasing order, each from its lane words in packed (every
// row of the dataset, packed by s.layout); counts are their class counts.
// A row listed twice is two rows of the window.
func (s *rowStore) newListOf(rows []int, packed []uint64, counts []int) rowSet {
	lo, n := s.startList(counts)
	W := s.layout.words
	labels := s.d.Labels()
	for _, r := range rows {
		s.put(r, labels[r], packed[r*W:(r+1)*W])
	}
	s.used += int32(n)
	return listIn(0, false, int32(lo), s.used)
}

// startList begins a new window of arena 0 for rows of the given class
// counts: it sets s.pos to each class's first slot and returns the
// window's first slot and its length.
func (s *rowStore) startList(counts []int) (lo, n int) {
	lo = int(s.used)
	pos := s.pos[:len(counts)]
	for c, x := range counts {
		pos[c] = lo + n
		n += x
	}
	return lo, n
}

// put places row r of class c, whose lane words are src, in the next slot
// of its class (s.pos) in arena 0.
func (s *rowStore) put(r int, c uint8, src []uint64) {
	a := &s.arena[0]
	p := s.pos[c]
	s.pos[c]++
	switch W := len(src); W {
	case 0:
	case 1:
		a.words[p] = src[0]
	default:
		copy(a.words[p*W:(p+1)*W], src)
	}
	if len(a.idx) > 0 {
		a.idx[p] = int32(r)
	}
}

// childBits sets dst to the rows of node whose value of feature f lies in
// mask, from the dataset's value bitsets, and returns dst.
func childBits(dst, node dataset.Bitset, d *dataset.Dataset, f int, mask uint64) dataset.Bitset {
	if mask == 0 {
		clear(dst)
		return dst
	}
	dataset.And(dst, node, d.ValueRows(f, bits.TrailingZeros64(mask)))
	for m := mask & (mask - 1); m != 0; m &= m - 1 {
		v := d.ValueRows(f, bits.TrailingZeros64(m))[:len(node)]
		for i := range dst {
			dst[i] |= node[i] & v[i]
		}
	}
	return dst
}
