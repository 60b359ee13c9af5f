package dataset

import "math/bits"

// Bitset is a set of row indices, one bit per row, 64 rows per word.
// Bits past the last row are always zero, so Count needs no masking.
type Bitset []uint64

// NewBitset returns an empty set able to hold rows 0..n-1.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// FullBitset returns the set {0, …, n-1}.
func FullBitset(n int) Bitset {
	b := NewBitset(n)
	for i := range b {
		b[i] = ^uint64(0)
	}
	if r := n % 64; r != 0 {
		b[len(b)-1] = (1 << r) - 1
	}
	return b
}

// Set adds row i.
func (b Bitset) Set(i int) { b[i>>6] |= 1 << (i & 63) }

// Clear removes row i.
func (b Bitset) Clear(i int) { b[i>>6] &^= 1 << (i & 63) }

// Has reports whether row i is in the set.
func (b Bitset) Has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }

// Count returns the number of rows in the set.
func (b Bitset) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Clone returns a copy of b.
func (b Bitset) Clone() Bitset { return append(Bitset(nil), b...) }

// And sets dst = a ∧ b and returns dst. The three must have equal length.
func And(dst, a, b Bitset) Bitset {
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		dst[i] = a[i] & b[i]
	}
	return dst
}

// AndNot sets dst = a ∧ ¬b and returns dst.
func AndNot(dst, a, b Bitset) Bitset {
	b = b[:len(a)]
	dst = dst[:len(a)]
	for i := range a {
		dst[i] = a[i] &^ b[i]
	}
	return dst
}

// AndCount returns |a ∧ b| without materialising the intersection.
func AndCount(a, b Bitset) int {
	b = b[:len(a)]
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] & b[i])
	}
	return n
}

// AndCount3 returns |a ∧ b ∧ c|.
func AndCount3(a, b, c Bitset) int {
	b = b[:len(a)]
	c = c[:len(a)]
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] & b[i] & c[i])
	}
	return n
}

// Rows appends the rows of b in increasing order to dst and returns it.
func (b Bitset) Rows(dst []int) []int {
	for i, w := range b {
		for w != 0 {
			dst = append(dst, i<<6+bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
	return dst
}

// Each calls fn for every row of b in increasing order.
func (b Bitset) Each(fn func(row int)) {
	for i, w := range b {
		for w != 0 {
			fn(i<<6 + bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}
