package evaluate

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/dtbench/dtbench/tree"
)

// Equivalence is the result of one simultaneous walk of an oracle and a
// learned tree (the seed paper's Algorithm 2, generalised to multi-valued
// features and to trees whose nodes send several values to one child).
//
// A pair (oracle leaf, learned leaf) is compatible when some input reaches
// both leaves, and consistent when it is compatible and both leaves give the
// same class.
type Equivalence struct {
	Compatible int64   // compatible leaf pairs (the paper's total)
	Consistent int64   // consistent leaf pairs (the paper's succ)
	Agreement  float64 // share of all Π Z_f inputs on which both trees give the same class
}

// DOE returns the degree of equivalence, Consistent / Compatible, in [0, 1];
// NaN when no pair is compatible (which a valid pair of trees never gives).
func (e Equivalence) DOE() float64 {
	if e.Compatible == 0 {
		return math.NaN()
	}
	return float64(e.Consistent) / float64(e.Compatible)
}

// Compare walks oracle and learned together and returns their equivalence.
// Both trees must pass tree.Validate; Compare fails when their features,
// domains or class counts differ, or when a domain is outside 1..64.
//
// The walk carries, per feature f, the set P_f of values still possible (a
// mask). Its state is a node o of the oracle, a node l of the learned tree
// and the sets P, and it keeps the invariant
//
//	{inputs x : x reaches o and x reaches l} = Π_f P_f,  every P_f ≠ ∅.
//
// From a state it first advances l (then o) for free while P_{feature(l)}
// leads to a single child: no input set changes. Otherwise, if o is
// internal it branches on o, else on l: for each distinct child c of the
// branched node n testing f, in order of c's smallest value in P_f, it
// sets P_f ← P_f ∩ {v : value v leads from n to c} and continues from the
// child state, skipping empty intersections. Both leaves reached means the
// pair is compatible; its share of the input space is Π_f |P_f| / Z_f.
//
// Each compatible pair is counted exactly once. At least once: take an
// input x reaching both leaves; at every state on its route x lies in Π P,
// so the branch towards the child that x takes is non-empty and is taken,
// and the route ends at the pair. At most once: the walk is a tree of
// states; two branches of one state go to distinct children of the same
// node n, whose subtrees hold disjoint sets of leaves, so no pair is
// reachable through two branches, and by induction through two routes.
// Hence the pairs reached partition the input space, their shares sum to 1,
// and the shares of the consistent pairs sum to the exact agreement.
//
// On up to maxSpaceFeatures binary features the same counts come from
// enumerating the inputs instead (compareBySpace), a few times faster.
//
// The walk is iterative: a stack of branch frames, each restoring the one
// mask it narrowed, preallocated for depth(oracle)+depth(learned) ≤ 32 and
// grown past that; it allocates nothing per node or pair.
func Compare(oracle, learned *tree.Tree) (Equivalence, error) {
	if err := checkComparable(oracle, learned); err != nil {
		return Equivalence{}, fmt.Errorf("compare trees: %w", err)
	}
	if e, ok := compareBySpace(oracle, learned); ok {
		return e, nil
	}
	return walk(oracle, learned, nil), nil
}

// checkComparable checks what the walk relies on and Validate would not catch
// across two trees.
func checkComparable(oracle, learned *tree.Tree) error {
	if oracle == nil || learned == nil {
		return errors.New("nil tree")
	}
	for _, t := range []struct {
		name string
		t    *tree.Tree
	}{{"oracle", oracle}, {"learned tree", learned}} {
		n := t.t.Len()
		if n == 0 || len(t.t.Class) != n || len(t.t.Offset) != n {
			return fmt.Errorf("%s: malformed node arrays (%d features, %d classes, %d offsets)",
				t.name, n, len(t.t.Class), len(t.t.Offset))
		}
	}
	if len(oracle.Domains) != len(learned.Domains) {
		return fmt.Errorf("oracle has %d features, learned tree %d", len(oracle.Domains), len(learned.Domains))
	}
	for f, z := range oracle.Domains {
		if learned.Domains[f] != z {
			return fmt.Errorf("feature %d: oracle domain %d, learned domain %d", f, z, learned.Domains[f])
		}
		if z < 1 || z > 64 {
			return fmt.Errorf("feature %d: domain %d outside 1..64", f, z)
		}
	}
	if oracle.Classes != learned.Classes {
		return fmt.Errorf("oracle has %d classes, learned tree %d", oracle.Classes, learned.Classes)
	}
	return nil
}

// frame is one branch point of the walk: node of one tree being split on
// feature f, with the values of f not yet explored.
type frame struct {
	o, l    int32   // the state's nodes when the frame was pushed
	f       int32   // feature tested by the branched node
	learned bool    // the branched node is l (else o)
	ch      []int32 // the branched node's value → child table
	full    uint64  // P_f when the frame was pushed; restored on pop
	left    uint64  // values of full whose children are still to explore
	unit    float64 // the state's share divided by |full|
}

// walk runs the simultaneous walk of Compare. When visit is not nil it is
// called once per compatible pair with the leaves and the pair's share.
func walk(ot, lt *tree.Tree, visit func(o, l int, share float64)) Equivalence {
	var maskBuf [64]uint64
	var masks []uint64
	if m := len(ot.Domains); m <= len(maskBuf) {
		masks = maskBuf[:m]
	} else {
		masks = make([]uint64, m)
	}
	for f, z := range ot.Domains {
		masks[f] = fullMask(z)
	}
	var stackBuf [32]frame
	stack := stackBuf[:0]

	oF, oC, oOff, oCh := ot.Feature, ot.Class, ot.Offset, ot.Child
	lF, lC, lOff, lCh := lt.Feature, lt.Class, lt.Offset, lt.Child

	var e Equivalence
	o, l, share := int32(0), int32(0), 1.0
	for {
		// Advance for free while a node has a single possible child.
		for {
			if f := lF[l]; f != tree.Leaf {
				if c, sub := group(lCh[lOff[l]:], masks[f]); sub == masks[f] {
					l = c
					continue
				}
			}
			if f := oF[o]; f != tree.Leaf {
				if c, sub := group(oCh[oOff[o]:], masks[f]); sub == masks[f] {
					o = c
					continue
				}
			}
			break
		}

		switch {
		case oF[o] != tree.Leaf:
			f := oF[o]
			p := masks[f]
			stack = append(stack, frame{o: o, l: l, f: f, ch: oCh[oOff[o]:], full: p, left: p,
				unit: share / float64(bits.OnesCount64(p))})
		case lF[l] != tree.Leaf:
			f := lF[l]
			p := masks[f]
			stack = append(stack, frame{o: o, l: l, f: f, learned: true, ch: lCh[lOff[l]:], full: p, left: p,
				unit: share / float64(bits.OnesCount64(p))})
		default:
			e.Compatible++
			if oC[o] == lC[l] {
				e.Consistent++
				e.Agreement += share
			}
			if visit != nil {
				visit(int(o), int(l), share)
			}
		}

		// Take the next unexplored branch, popping finished frames.
		for len(stack) > 0 && stack[len(stack)-1].left == 0 {
			top := &stack[len(stack)-1]
			masks[top.f] = top.full
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return e
		}
		top := &stack[len(stack)-1]
		c, sub := group(top.ch, top.left)
		top.left &^= sub
		masks[top.f] = sub
		share = top.unit * float64(bits.OnesCount64(sub))
		if top.learned {
			o, l = top.o, c
		} else {
			o, l = c, top.l
		}
	}
}

// group returns the child that the lowest value of set leads to in the
// value → child table ch, and the values of set leading to that child.
// set must not be empty.
func group(ch []int32, set uint64) (child int32, sub uint64) {
	v := bits.TrailingZeros64(set)
	child = ch[v]
	sub = 1 << v
	for rest := set & (set - 1); rest != 0; rest &= rest - 1 {
		if v := bits.TrailingZeros64(rest); ch[v] == child {
			sub |= 1 << v
		}
	}
	return child, sub
}

// fullMask returns the set {0, …, z-1} for 1 ≤ z ≤ 64.
func fullMask(z int) uint64 {
	if z >= 64 {
		return ^uint64(0)
	}
	return 1<<z - 1
}
