package naive

import "math/bits"

// packing stores a feature vector in uint64 words with a fixed number of
// bits per feature — 1, 2, 4 or 8, the least that holds every code — so
// that binary data packs 64 features to a word. Feature f sits in word
// f/perWord at bit (f%perWord)*width; unused fields stay zero. Widths and
// counts are powers of two, so positions are shifts and masks.
type packing struct {
	width      uint   // bits per feature: 1, 2, 4 or 8
	widthShift uint   // log2(width)
	wordShift  uint   // log2(features per word)
	words      int    // words per vector
	low        uint64 // bit 0 of every field
}

// newPacking chooses the field width for features whose largest domain is
// maxDomain (at most dataset.MaxValues = 64, so 8 bits always suffice).
func newPacking(features, maxDomain int) packing {
	p := packing{width: 8, widthShift: 3}
	for _, s := range []uint{0, 1, 2} {
		if maxDomain <= 1<<(1<<s) {
			p.width, p.widthShift = 1<<s, s
			break
		}
	}
	p.wordShift = 6 - p.widthShift
	perWord := 1 << p.wordShift
	p.words = (features + perWord - 1) / perWord
	for i := uint(0); i < 64; i += p.width {
		p.low |= 1 << i
	}
	return p
}

// place returns the word index and bit offset of feature f.
func (p packing) place(f int) (word int, shift uint) {
	return f >> p.wordShift, uint(f&(1<<p.wordShift-1)) << p.widthShift
}

// pack writes codes into dst (p.words long). Codes must fit the width.
func (p packing) pack(dst []uint64, codes []uint8) {
	for w := range dst {
		dst[w] = 0
	}
	for f, v := range codes {
		w, s := p.place(f)
		dst[w] |= uint64(v) << s
	}
}

// fold returns, for w = a XOR b of two packed words, a word with bit 0 of a
// field set iff that field differs: every field is OR-folded onto its bit 0
// (shifts by 1, 2, 4 stay inside fields of width 2, 4, 8).
func (p packing) fold(w uint64) uint64 {
	for s := uint(1); s < p.width; s <<= 1 {
		w |= w >> s
	}
	return w & p.low
}

// differing returns how many features of packed vectors a and b differ.
func (p packing) differing(a, b []uint64) int {
	n := 0
	b = b[:len(a)]
	for i, x := range a {
		n += bits.OnesCount64(p.fold(x ^ b[i]))
	}
	return n
}
