package train

import (
	"math/bits"

	"github.com/dtbench/dtbench/dataset"
)

// rowSet is the set of training rows that reach a node. A large node keeps
// a bitset over all of the dataset's rows, so its counts are AND +
// popcount against the dataset's (feature, value) and class bitsets. A
// small node keeps the explicit list of its row indices instead (a window
// of the row store's arena, partitioned in place for its children as
// scikit-learn partitions samples[start:end]), because a deep node's few
// rows are spread over every word of a full-length bitset. Either way no
// feature data is copied.
//
// A rowSet holds indices into the rowStore, not slices, so the grower's
// stack holds no pointers and pushing a node costs no GC write barrier.
type rowSet struct {
	bits   int32 // index of the node's bitset in rowStore.sets; -1 for a list node
	lo, hi int32 // a list node's rows are rowStore.arena[lo:hi]
}

// isList reports whether the node holds a row list.
func (r rowSet) isList() bool { return r.bits < 0 }

// rowStore hands out the memory of one fit's row sets: bitsets from a free
// list (a node's bitset is returned once its children exist) and row
// lists from one arena of capacity |training rows|. A row enters the arena
// once, when the first list node on its path is made, and list children
// reuse their parent's window, so the arena never overflows.
type rowStore struct {
	words   int
	sets    []dataset.Bitset // every bitset of this fit
	free    []int32          // indices of sets not in use
	arena   []int32
	used    int32
	scratch []int32 // partition buffer, as long as the arena
}

// bind prepares s for a fit on a dataset of the given number of rows and
// bitset words, reusing its memory; every bitset is free again.
func (s *rowStore) bind(words, rows int) {
	if s.words != words {
		s.sets = s.sets[:0]
		s.words = words
	}
	s.free = s.free[:0]
	for i := range s.sets {
		s.free = append(s.free, int32(i))
	}
	s.arena = resize(s.arena, rows)
	s.scratch = resize(s.scratch, rows)
	s.used = 0
}

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

// listOf returns a list node's rows.
func (s *rowStore) listOf(r rowSet) []int32 { return s.arena[r.lo:r.hi] }

// release returns a node's bitset (if any) to the free list.
func (s *rowStore) release(r rowSet) {
	if !r.isList() {
		s.free = append(s.free, r.bits)
	}
}

// newList copies the n rows of b into a fresh window of the arena.
func (s *rowStore) newList(b dataset.Bitset, n int) rowSet {
	lo := s.used
	out := s.arena[lo : lo : int(lo)+n]
	for i, w := range b {
		for w != 0 {
			out = append(out, int32(i<<6+bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	s.used += int32(n)
	return rowSet{bits: -1, lo: lo, hi: s.used}
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

// partition reorders the list node r so that the rows of each branch are
// contiguous, branches in order, where row x goes to branch group[col[x]];
// sizes[g] is the number of rows of branch g. It writes branch g's row set
// to out[g]. The partition is stable, so lists stay in increasing row
// order and a pass over a list reads the dataset's columns front to back.
func (s *rowStore) partition(r rowSet, col []uint8, group []int, sizes []int, out []rowSet) {
	list := s.listOf(r)
	if len(sizes) == 2 {
		// Two branches: branch 0 compacts in place, branch 1 goes through
		// the scratch buffer.
		i, j := 0, 0
		tmp := s.scratch
		for _, x := range list {
			if group[col[x]] == 0 {
				list[i] = x
				i++
			} else {
				tmp[j] = x
				j++
			}
		}
		copy(list[i:], tmp[:j])
		mid := r.lo + int32(sizes[0])
		out[0] = rowSet{bits: -1, lo: r.lo, hi: mid}
		out[1] = rowSet{bits: -1, lo: mid, hi: r.hi}
		return
	}
	var start [dataset.MaxValues]int
	o := 0
	for g, n := range sizes {
		start[g] = o
		out[g] = rowSet{bits: -1, lo: r.lo + int32(o), hi: r.lo + int32(o+n)}
		o += n
	}
	tmp := s.scratch[:len(list)]
	for _, x := range list {
		g := group[col[x]]
		tmp[start[g]] = x
		start[g]++
	}
	copy(list, tmp)
}
