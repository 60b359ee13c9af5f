package evaluate

import (
	"slices"
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
	s.leafOf = slices.Grow(s.leafOf[:0], 1<<m)[:1<<m]
	s.descend(false, 0, free, 0)
	s.stamp = slices.Grow(s.stamp[:0], learned.Len())[:learned.Len()]
	for i := range s.stamp {
		s.stamp[i] = -1
	}
	s.descend(true, 0, free, 0)
	e := s.e
	e.Agreement = float64(s.agree) / float64(space)
	return e, true
}

// descend walks the leaves of the box (free, ones) under node n: of the
// learned tree, labelling their inputs (label), or of the oracle,
// counting their pairs and agreeing inputs (count). One walk for both,
// branching on the mode, so that the recursion calls itself directly.
func (s *spaceCompare) descend(counting bool, n int32, free, ones uint32) {
	t := s.learned
	if counting {
		t = s.oracle
	}
	f := t.Feature[n]
	if f == tree.Leaf {
		if counting {
			s.count(n, free, ones)
		} else {
			s.label(n, free, ones)
		}
		return
	}
	c0, c1, bit := children(t, n, f)
	switch {
	case free&bit == 0: // fixed: the child of its value
		if ones&bit == 0 {
			s.descend(counting, c0, free, ones)
		} else {
			s.descend(counting, c1, free, ones)
		}
	case c0 == c1:
		s.descend(counting, c0, free, ones)
	default:
		s.descend(counting, c0, free&^bit, ones)
		s.descend(counting, c1, free&^bit, ones|bit)
	}
}

// label sets s.leafOf of every input of learned leaf n's box (free, ones).
func (s *spaceCompare) label(n int32, free, ones uint32) {
	for sub := free; ; sub = (sub - 1) & free {
		s.leafOf[ones|sub] = n
		if sub == 0 {
			return
		}
	}
}

// count counts the pairs and agreeing inputs of oracle leaf n, whose box
// is (free, ones).
func (s *spaceCompare) count(n int32, free, ones uint32) {
	class, learned := s.oracle.Class[n], s.learned.Class
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

// children returns internal node n's children for values 0 and 1 of its
// feature f (a unary feature's one child twice) and f's bit in an input's
// index.
func children(t *tree.Tree, n, f int32) (c0, c1 int32, bit uint32) {
	o := t.Offset[n]
	c0, c1 = t.Child[o], t.Child[o]
	if t.Domains[f] == 2 {
		c1 = t.Child[o+1]
	}
	return c0, c1, 1 << f
}
