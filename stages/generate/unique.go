package generate

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Unique draws q distinct inputs and labels them with the oracle: the
// paper's "uniquely random" mode. The inputs are spread over the oracle's
// rules so that min(q, #rules) rules are covered: in a random order of the
// rules, each rule takes one input per round, round after round, a rule
// dropping out once all its inputs are taken, until q inputs are placed.
// Inside a rule the inputs are distinct assignments of its free features
// drawn uniformly without replacement; the rows are then in random order.
// It is an *input.Error for the key oracle.sizes when q exceeds the
// number of distinct inputs Π Z_f (or is negative).
//
// Draws from rng, in this order: rng.Perm(#rules) for the order of the
// rules; rng.Perm(q) for the row each drawn input lands on (the shuffle);
// then rule by rule in depth-first order (children by value), the rule's n
// inputs. A rule with C inputs, C < 2^64-1, numbers them by a mixed-radix
// index over its free features (the lowest feature the least significant
// digit) and picks n indices with Floyd's algorithm: rng.Uint64N(j+1) for
// j = C-n..C-1, nothing when n = C. A rule with more inputs than that
// draws rng.IntN(|S_f|) per free feature in feature order and redraws an
// input already taken.
func Unique(oracle *tree.Tree, schema dataset.Schema, q int, rng *rand.Rand) (Sample, error) {
	if err := checkSample(oracle, schema, q); err != nil {
		return Sample{}, fmt.Errorf("unique sample: %w", err)
	}
	if err := CheckSize(ModeUnique, oracle.Domains, q); err != nil {
		return Sample{}, fmt.Errorf("unique sample: %w", err)
	}
	// First pass over the rules: their sizes.
	allowed := make([]uint64, len(oracle.Domains))
	sizes := make([]uint64, 0, oracle.Leaves())
	total := uint64(0)
	eachRule(oracle, allowed, func(_ int32, allowed []uint64) {
		size := boxSize(allowed)
		sizes = append(sizes, size)
		total = satAdd(total, size)
	})
	if uint64(q) > total { // the rules of a valid tree cover every input: total = Π Z_f
		panic(fmt.Sprintf("generate: rules of the oracle cover %d inputs, fewer than %d", total, q))
	}
	counts := spread(sizes, q, rng)
	pos := rng.Perm(q)

	m := len(schema.Features)
	cols := make([][]uint8, m)
	buf := make([]uint8, m*q)
	for f := range cols {
		cols[f] = buf[f*q : (f+1)*q : (f+1)*q]
	}
	labels := make([]uint8, q)
	rules := make([]int32, q)
	dr := &ruleDrawer{domains: oracle.Domains, cols: cols}
	// Second pass, in the same order: each rule's inputs.
	i, k := 0, 0
	eachRule(oracle, allowed, func(leaf int32, allowed []uint64) {
		n, size := counts[i], sizes[i]
		i++
		if n == 0 {
			return
		}
		dst := pos[k : k+n]
		k += n
		class := uint8(oracle.Class[leaf])
		for _, p := range dst {
			labels[p] = class
			rules[p] = leaf
		}
		dr.setRule(allowed)
		dr.draw(size, dst, rng)
	})
	d, err := dataset.New(schema, cols, labels)
	if err != nil {
		return Sample{}, fmt.Errorf("unique sample: %w", err)
	}
	return Sample{Data: d, Rules: rules}, nil
}

// spread returns how many of q inputs each rule receives: a random order
// of the rules (one rng.Perm), then rounds of one input per rule that
// still has inputs left. It needs q <= Σ size.
func spread(size []uint64, q int, rng *rand.Rand) []int {
	counts := make([]int, len(size))
	active := rng.Perm(len(size))
	for left := q; left > 0 && len(active) > 0; {
		next := active[:0] // compacts in place: writes never pass reads
		for _, r := range active {
			counts[r]++
			left--
			if uint64(counts[r]) < size[r] {
				next = append(next, r)
			}
			if left == 0 {
				break
			}
		}
		active = next
	}
	return counts
}

// freeDim is a free feature of a rule: its inputs take any of radix values.
type freeDim struct {
	f     int
	radix uint64
	shift uint    // log2(radix) when radix is a power of two, else 0
	vals  []uint8 // the allowed values in order; nil when they are 0..radix-1
}

// ruleDrawer writes a rule's distinct inputs into the columns.
type ruleDrawer struct {
	domains []int
	cols    [][]uint8
	fixedF  []int
	fixedV  []uint8
	free    []freeDim
	set     indexSet
	row     []uint8 // free values of one input (large rules)
}

// setRule prepares the fixed and free features of the rule whose inputs
// take the values allowed[f] of each feature f.
func (dr *ruleDrawer) setRule(allowed []uint64) {
	dr.fixedF, dr.fixedV, dr.free = dr.fixedF[:0], dr.fixedV[:0], dr.free[:0]
	for f, a := range allowed {
		switch n := bits.OnesCount64(a); {
		case n == 1:
			dr.fixedF = append(dr.fixedF, f)
			dr.fixedV = append(dr.fixedV, uint8(bits.TrailingZeros64(a)))
		case n > 1:
			d := freeDim{f: f, radix: uint64(n)}
			if n&(n-1) == 0 {
				d.shift = uint(bits.TrailingZeros(uint(n)))
			}
			if a != fullMask(dr.domains[f]) {
				for w := a; w != 0; w &= w - 1 {
					d.vals = append(d.vals, uint8(bits.TrailingZeros64(w)))
				}
			}
			dr.free = append(dr.free, d)
		}
	}
}

// draw writes len(dst) distinct inputs of the current rule, which has
// size inputs, into rows dst.
func (dr *ruleDrawer) draw(size uint64, dst []int, rng *rand.Rand) {
	for _, p := range dst {
		for j, f := range dr.fixedF {
			dr.cols[f][p] = dr.fixedV[j]
		}
	}
	n := uint64(len(dst))
	switch {
	case size == math.MaxUint64:
		dr.drawLarge(dst, rng)
	case n == size:
		for idx, p := range dst {
			dr.decode(uint64(idx), p)
		}
	default: // Floyd's algorithm: n distinct indices of 0..size-1.
		dr.set.reset(len(dst))
		j := size - n
		for _, p := range dst {
			t := rng.Uint64N(j + 1)
			if !dr.set.add(t) {
				t = j
				dr.set.add(j)
			}
			dr.decode(t, p)
			j++
		}
	}
}

// decode writes the free features of the input with mixed-radix index idx
// into row p.
func (dr *ruleDrawer) decode(idx uint64, p int) {
	for i := range dr.free {
		d := &dr.free[i]
		var digit uint64
		if d.shift != 0 {
			digit = idx & (d.radix - 1)
			idx >>= d.shift
		} else {
			digit = idx % d.radix
			idx /= d.radix
		}
		v := uint8(digit)
		if d.vals != nil {
			v = d.vals[digit]
		}
		dr.cols[d.f][p] = v
	}
}

// drawLarge fills rows dst for a rule with 2^64-1 inputs or more: each free
// feature uniform, an input already taken drawn again. Duplicates are then
// vanishingly rare, so the loop ends after about len(dst) inputs.
func (dr *ruleDrawer) drawLarge(dst []int, rng *rand.Rand) {
	seen := make(map[string]struct{}, len(dst))
	dr.row = append(dr.row[:0], make([]uint8, len(dr.free))...)
	for _, p := range dst {
		for {
			for i, d := range dr.free {
				v := uint8(rng.IntN(int(d.radix)))
				if d.vals != nil {
					v = d.vals[v]
				}
				dr.row[i] = v
			}
			if _, dup := seen[string(dr.row)]; !dup {
				seen[string(dr.row)] = struct{}{}
				break
			}
		}
		for i, d := range dr.free {
			dr.cols[d.f][p] = dr.row[i]
		}
	}
}

// indexSet is a set of uint64 indices: open addressing with linear probing,
// key+1 stored so that 0 marks an empty slot, at most half full.
type indexSet struct {
	slots []uint64
	shift uint
}

// reset empties the set and sizes it for n keys.
func (s *indexSet) reset(n int) {
	size, lg := 8, uint(3)
	for size < 2*n {
		size <<= 1
		lg++
	}
	if cap(s.slots) >= size {
		s.slots = s.slots[:size]
		clear(s.slots)
	} else {
		s.slots = make([]uint64, size)
	}
	s.shift = 64 - lg
}

// add inserts k (k < MaxUint64) and reports whether it was absent.
func (s *indexSet) add(k uint64) bool {
	key := k + 1
	mask := uint64(len(s.slots) - 1)
	for h := (k * 0x9E3779B97F4A7C15) >> s.shift; ; h = (h + 1) & mask {
		switch s.slots[h] {
		case 0:
			s.slots[h] = key
			return true
		case key:
			return false
		}
	}
}
