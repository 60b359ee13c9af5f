package evaluate

import (
	"sync"

	"github.com/dtbench/dtbench/tree"
)

// maxSpaceFeatures bounds the binary input spaces that Compare counts by
// enumeration (spaceCompare) instead of the simultaneous walk: 2^12
// inputs, a 16 KB table of leaves.
const maxSpaceFeatures = 12

// spaceCompare is Compare on a small space of binary features, by
// enumerating the inputs: every input x of the space lies in exactly one
// leaf box of each tree, so the compatible pairs are the distinct (oracle
// leaf, learned leaf) pairs that the inputs meet, and the agreement is the
// share of inputs whose two leaves give one class.
//
// An input's index has bit f set when feature f is 1 (a unary feature's
// bit is always 0), and a box is two bit sets: the features still free to
// be 0 or 1, and the fixed features that are 1; its inputs are the fixed
// ones plus every subset of the free ones. It labels every input with its
// learned leaf (each leaf box enumerated once), then enumerates each
// oracle leaf's box, counting a learned leaf the first time this oracle
// leaf meets it (a stamp per learned node). Both trees are proper trees
// (tree.Validate: no node has two parents), so a pair of leaves is one
// pair of paths, which is what the walk counts. With binary features every
// share of the walk is a power of two times a count of inputs, so its sum
// of shares is exact and equals agreeing inputs / Π Z_f bit for bit: the
// same Equivalence as walk.
type spaceCompare struct {
	oracle, learned *tree.Tree
	leafOf          []int32 // per input, its learned leaf
	stamp           []int32 // per learned node, the last oracle leaf that met it, -1 before any
	e               Equivalence
	agree           int
}

var spaceComparePool = sync.Pool{New: func() any { return new(spaceCompare) }}

// compareBySpace returns walk's Equivalence of oracle and learned (both
// valid and comparable) by enumeration, and false when the features are
// not all binary (or unary) or more than maxSpaceFeatures.
func compareBySpace(oracle, learned *tree.Tree) (Equivalence, bool) {
	m := len(oracle.Domains)
	if m > maxSpaceFeatures {
		return Equivalence{}, false
	}
	free, space := uint32(0), 1
	for f, z := range oracle.Domains {
		if z > 2 {
			return Equivalence{}, false
		}
		if z == 2 {
			free |= 1 << f
		}
		space *= z
	}
	s := spaceComparePool.Get().(*spaceCompare)
	defer func() {
		s.oracle, s.learned = nil, nil
		spaceComparePool.Put(s)
	}()
	s.oracle, s.learned, s.e, s.agree = oracle, learned, Equivalence{}, 0
	s.leafOf = resizeSlice(s.leafOf, 1<<m)
	s.label(0, free, 0)
	s.stamp = resizeSlice(s.stamp, learned.Len())
	for i := range s.stamp {
		s.stamp[i] = -1
	}
	s.count(0, free, 0)
	e := s.e
	e.Agreement = float64(s.agree) / float64(space)
	return e, true
}

// branch calls next for the children of internal node n of t (testing
// feature f) that the box (free, ones) reaches, each with its box.
func branch(t *tree.Tree, n int32, free, ones uint32, next func(c int32, free, ones uint32)) {
	f := t.Feature[n]
	ch := t.Child[t.Offset[n]:]
	bit := uint32(1) << f
	switch {
	case free&bit == 0: // fixed: the child of its value
		next(ch[(ones>>f)&1], free, ones)
	case ch[0] == ch[1]:
		next(ch[0], free, ones)
	default:
		next(ch[0], free&^bit, ones)
		next(ch[1], free&^bit, ones|bit)
	}
}

// label sets s.leafOf of every input of the box (free, ones) under node n
// of the learned tree.
func (s *spaceCompare) label(n int32, free, ones uint32) {
	t := s.learned
	if t.Feature[n] != tree.Leaf {
		branch(t, n, free, ones, s.label)
		return
	}
	for sub := free; ; sub = (sub - 1) & free {
		s.leafOf[ones|sub] = n
		if sub == 0 {
			return
		}
	}
}

// count counts the pairs and agreeing inputs of the oracle leaves under
// node n, within the box (free, ones).
func (s *spaceCompare) count(n int32, free, ones uint32) {
	t := s.oracle
	if t.Feature[n] != tree.Leaf {
		branch(t, n, free, ones, s.count)
		return
	}
	class, learned := t.Class[n], s.learned.Class
	for sub := free; ; sub = (sub - 1) & free {
		l := s.leafOf[ones|sub]
		same := learned[l] == class
		if same {
			s.agree++
		}
		if s.stamp[l] != n {
			s.stamp[l] = n
			s.e.Compatible++
			if same {
				s.e.Consistent++
			}
		}
		if sub == 0 {
			return
		}
	}
}

// resizeSlice returns s with length n, reusing its array when it can; the
// elements are not cleared.
func resizeSlice[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
