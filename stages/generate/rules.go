package generate

import (
	"math"
	"math/bits"

	"github.com/dtbench/dtbench/tree"
)

// A rule is a leaf of a tree together with the inputs that reach it. Those
// inputs are a box: feature f takes any value of a set S_f, kept as a mask
// (bit v = value v). For an oracle, S_f is the edge's value for the
// features on the leaf's path and the whole domain for the free ones; a
// subset split or a feature tested twice may leave several values, or none
// (a branch for values its path already excluded, which no input reaches).

// eachRule calls visit for every leaf of t that some input reaches, depth
// first with children in value order, with allowed[f] = S_f. allowed is
// scratch of len(t.Domains) entries that eachRule fills; visit must neither
// keep nor modify it.
func eachRule(t *tree.Tree, allowed []uint64, visit func(leaf int32, allowed []uint64)) {
	for f, z := range t.Domains {
		allowed[f] = fullMask(z)
	}
	var walk func(n int32)
	walk = func(n int32) {
		f := t.Feature[n]
		if f == tree.Leaf {
			visit(n, allowed)
			return
		}
		kids := t.Children(int(n))
		saved := allowed[f]
		multiway := true // each child reached by one value, as oracles are
		for v := 1; v < len(kids) && multiway; v++ {
			multiway = kids[v] > kids[v-1]
		}
		for v, c := range kids {
			var sub uint64
			if multiway {
				sub = 1 << v
			} else {
				if firstValue(kids, c) != v {
					continue // child already visited through a lower value
				}
				for w, c2 := range kids[v:] {
					if c2 == c {
						sub |= 1 << (v + w)
					}
				}
			}
			if allowed[f] = saved & sub; allowed[f] != 0 {
				walk(c)
			}
		}
		allowed[f] = saved
	}
	walk(0)
}

// boxSize returns Π_f |S_f|, the number of inputs of a rule, saturated at
// math.MaxUint64 (which therefore means "at least that many").
func boxSize(allowed []uint64) uint64 {
	size := uint64(1)
	for _, a := range allowed {
		hi, lo := bits.Mul64(size, uint64(bits.OnesCount64(a)))
		if hi != 0 {
			return math.MaxUint64
		}
		size = lo
	}
	return size
}

// satAdd returns a+b saturated at math.MaxUint64.
func satAdd(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// firstValue returns the lowest value of a child table leading to child c.
func firstValue(kids []int32, c int32) int {
	for v, k := range kids {
		if k == c {
			return v
		}
	}
	return -1
}

// fullMask returns the mask of the values 0..z-1.
func fullMask(z int) uint64 {
	if z >= 64 {
		return math.MaxUint64
	}
	return 1<<z - 1
}
