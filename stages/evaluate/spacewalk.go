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
	free, ok := spaceFree(oracle.Domains)
	if !ok {
		return Equivalence{}, false
	}
	space := 1
	for _, z := range oracle.Domains {
		space *= z
	}
	s := spaceComparePool.Get().(*spaceCompare)
	defer func() {
		s.oracle, s.learned = nil, nil
		spaceComparePool.Put(s)
	}()
	s.oracle, s.learned, s.e, s.agree = oracle, learned, Equivalence{}, 0
	s.leafOf = slices.Grow(s.leafOf[:0], 1<<m)[:1<<m]
	labelBox(learned, 0, free, 0, s.leafOf)
	s.stamp = slices.Grow(s.stamp[:0], learned.Len())[:learned.Len()]
	for i := range s.stamp {
		s.stamp[i] = -1
	}
	s.descend(0, free, 0)
	e := s.e
	e.Agreement = float64(s.agree) / float64(space)
	return e, true
}

// descend walks the oracle's leaves of the box (free, ones) under node
// n, counting their pairs and agreeing inputs (count).
func (s *spaceCompare) descend(n int32, free, ones uint32) {
	t := s.oracle
	f := t.Feature[n]
	if f == tree.Leaf {
		s.count(n, free, ones)
		return
	}
	c0, c1, bit := children(t, n, f)
	switch {
	case free&bit == 0: // fixed: the child of its value
		if ones&bit == 0 {
			s.descend(c0, free, ones)
		} else {
			s.descend(c1, free, ones)
		}
	case c0 == c1:
		s.descend(c0, free, ones)
	default:
		s.descend(c0, free&^bit, ones)
		s.descend(c1, free&^bit, ones|bit)
	}
}

// spaceFree returns the bit set of the features with two values, and
// whether the domains are a space spaceCompare and labelSpace take: at
// most maxSpaceFeatures features of one or two values.
func spaceFree(domains []int) (uint32, bool) {
	if len(domains) > maxSpaceFeatures {
		return 0, false
	}
	free := uint32(0)
	for f, z := range domains {
		if z > 2 {
			return 0, false
		}
		if z == 2 {
			free |= 1 << f
		}
	}
	return free, true
}

// labelSpace sets leafOf[x] (len 2^len(t.Domains)) of every input x of
// t's space (spaceFree's domains; an input's index has bit f set when
// feature f is 1) to the leaf t.Apply gives it, each leaf's box
// enumerated once: on a small space, cheaper than a walk per row when
// there are about as many rows as inputs.
func labelSpace(t *tree.Tree, free uint32, leafOf []int32) {
	labelBox(t, 0, free, 0, leafOf)
}

// labelBox labels the inputs of box (free, ones) under node n of t.
func labelBox(t *tree.Tree, n int32, free, ones uint32, leafOf []int32) {
	f := t.Feature[n]
	if f == tree.Leaf {
		for sub := free; ; sub = (sub - 1) & free {
			leafOf[ones|sub] = n
			if sub == 0 {
				return
			}
		}
	}
	c0, c1, bit := children(t, n, f)
	switch {
	case free&bit == 0:
		if ones&bit == 0 {
			labelBox(t, c0, free, ones, leafOf)
		} else {
			labelBox(t, c1, free, ones, leafOf)
		}
	case c0 == c1:
		labelBox(t, c0, free, ones, leafOf)
	default:
		labelBox(t, c0, free&^bit, ones, leafOf)
		labelBox(t, c1, free&^bit, ones|bit, leafOf)
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
