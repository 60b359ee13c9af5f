package naive

// antTable is an open-addressing hash table from packed antecedents (words
// uint64s each) to int32 indices into a packed array held by the caller.
// It stores indices only; keys are compared against packed[i*words:…], so
// the table allocates once and never copies keys.
//
// On at most denseFeatures binary features (one word, one bit each) it is
// dense instead: an array over every packed input, −1 where none is
// stored, a lookup in place of a hash probe, in which an input's
// neighbours at one differing feature are found by flipping its bits.
type antTable struct {
	slots []int32 // 0 = empty, else index+1 (so a fresh make is an empty table)
	mask  uint64
	words int
	dense []int32 // when not nil: the index stored for each one-word key, −1 for none
}

// denseFeatures bounds the binary features of a dense table (2^12
// indices, 16 KiB): the oracle study's 10 binary features fit.
const denseFeatures = 12

// newDenseTable makes a dense table of one-word keys of m bits.
func newDenseTable(m int) antTable {
	d := make([]int32, 1<<m)
	for i := range d {
		d[i] = -1
	}
	return antTable{dense: d, words: 1}
}

// newAntTable sizes a table for up to n keys at load factor at most 1/2.
func newAntTable(n, words int) antTable {
	size := 2
	for size < 2*n {
		size <<= 1
	}
	return antTable{slots: make([]int32, size), mask: uint64(size - 1), words: words}
}

// hashWords mixes the key's words (a multiply-xorshift in the manner of
// splitmix64's finaliser).
func hashWords(q []uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, w := range q {
		h = (h ^ w) * 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	h *= 0x94d049bb133111eb
	return h ^ h>>29
}

// find returns the index stored for key q, comparing against packed.
func (t *antTable) find(q, packed []uint64) (int32, bool) {
	if t.dense != nil {
		i := t.dense[q[0]]
		return i, i >= 0
	}
	for s := hashWords(q) & t.mask; ; s = (s + 1) & t.mask {
		i := t.slots[s] - 1
		if i < 0 {
			return 0, false
		}
		if equalWords(q, packed[int(i)*t.words:(int(i)+1)*t.words]) {
			return i, true
		}
	}
}

// insert stores index i for key q, which must not be present yet in a
// hash table; a dense table overwrites it.
func (t *antTable) insert(q []uint64, i int32) {
	if t.dense != nil {
		t.dense[q[0]] = i
		return
	}
	s := hashWords(q) & t.mask
	for t.slots[s] != 0 {
		s = (s + 1) & t.mask
	}
	t.slots[s] = i + 1
}

// equalWords reports whether a and b hold the same words.
func equalWords(a, b []uint64) bool {
	b = b[:len(a)]
	for i, w := range a {
		if w != b[i] {
			return false
		}
	}
	return true
}
