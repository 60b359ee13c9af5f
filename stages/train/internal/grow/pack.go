package grow

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/dtbench/dtbench/dataset"
)

// A list node keeps its rows packed: each row is a few 64-bit lane words
// holding all its feature values, so one load reads every feature of a
// row and one addition counts a row for every feature at once. (A row's
// class is not stored: a list node keeps its rows grouped by class.)
//
// A lane is 3 bits wide. Feature f with Z_f values owns Z_f − 1
// consecutive lanes of one word, one per value 1 … Z_f − 1; a row sets the
// lowest bit of the lane of its value, and value 0 sets none (its counts
// follow by subtraction from the node's). A word holds lanesPerWord = 21
// lanes in bits 0–62, so 21 binary features fit in one word.
//
// Summing rows' words adds every lane at once; a lane overflows past 7
// rows, so sums run over chunks of laneChunk rows and each chunk's lanes
// are spread into 9-bit slots (every third lane, see slotMask), which
// overflow past slotChunks chunks (511 rows) into int counters. A feature
// with more than 22 values, or one that would need more than maxPackWords
// words, is left unpacked: its tables are counted from the dataset's
// column through the rows' indices, which list nodes then keep beside
// their lane words.
const (
	laneBits     = 3
	lanesPerWord = 21
	maxPackWords = 4
	laneChunk    = 7
	slotChunks   = 73 // 73 × 7 = 511, the largest 9-bit count
	// slotMask keeps lanes 0, 3, …, 18 of a word, each in a 9-bit slot;
	// shifted right by 3 and 6 it keeps lanes 1, 4, … and 2, 5, ….
	slotMask uint64 = 7 | 7<<9 | 7<<18 | 7<<27 | 7<<36 | 7<<45 | 7<<54
)

// packedFeature places one feature in the lane words.
type packedFeature struct {
	packed bool
	word   int    // the lane word holding the feature's lanes
	shift  uint   // the bit where the lane of value 1 starts
	lane   int    // global lane number (word·21 + lane in word) of value 1
	mask   uint64 // the lowest bit of each of its lanes, before the shift
}

// value returns the feature's value in a row's lane word x: value v > 0
// sets the lowest bit of lane v−1 (bit 3(v−1) after the shift and mask),
// value 0 none. It has no branch (the partition of a node calls it for
// every row, and the values of its rows follow no pattern): the bit
// length of the masked bits is 3(v−1) + 1, or 0 for value 0, and
// (length + 2) / 3 is v either way.
func (p *packedFeature) value(x uint64) int {
	return (bits.Len64(x>>p.shift&p.mask) + 2) / laneBits
}

// packLayout is a fit's assignment of features to lanes.
type packLayout struct {
	words    int  // lane words per row
	lanes    int  // words × lanesPerWord
	unpacked bool // some feature has no lanes: list nodes keep row indices
	feat     []packedFeature
	// pack's scratch memory
	bin    []laneCol
	groups [4][]uint8
}

// le64 reads 8 bytes of b as a little-endian word.
func le64(b []uint8) uint64 { return binary.LittleEndian.Uint64(b) }

// bind lays out the features of d, reusing p's memory.
func (p *packLayout) bind(d *dataset.Dataset) {
	domains := d.Domains()
	p.feat = resize(p.feat, len(domains))
	p.unpacked = false
	w, i := 0, 0 // next free lane: word w, lane i
	last := -1   // the last word holding a lane
	for f, z := range domains {
		need := z - 1
		if need <= lanesPerWord && i+need > lanesPerWord {
			w, i = w+1, 0
		}
		if need > lanesPerWord || w >= maxPackWords {
			p.feat[f] = packedFeature{}
			p.unpacked = true
			continue
		}
		var mask uint64
		for v := range need {
			mask |= 1 << (laneBits * v)
		}
		p.feat[f] = packedFeature{packed: true, word: w, shift: uint(laneBits * i), lane: w*lanesPerWord + i, mask: mask}
		i += need
		if need > 0 {
			last = w
		}
	}
	p.words = last + 1
	p.lanes = p.words * lanesPerWord
	if p.words == 0 {
		p.unpacked = true // rows must be reachable through their indices
	}
}

// spread8 maps a byte to its bits spread into the lowest bits of 8 lanes.
var spread8 = sync.OnceValue(func() *[256]uint64 {
	var t [256]uint64
	for b := range t {
		for i := range 8 {
			t[b] |= uint64(b>>i&1) << (laneBits * i)
		}
	}
	return &t
})

// pack writes the lane words of every row of d into dst (words per row,
// row r at dst[r·words:]).
func (p *packLayout) pack(dst []uint64, d *dataset.Dataset) { p.packOrdered(dst, d, false, 0) }

// packOrdered is pack, with the rows grouped by class when byClass: the
// rows of class 0 first, then those of class 1, each in row order; n0 is
// the number of rows of class 0. byClass needs one lane word per row,
// every feature binary and two classes.
func (p *packLayout) packOrdered(dst []uint64, d *dataset.Dataset, byClass bool, n0 int) {
	W := p.words
	domains := d.Domains()
	for g := range p.groups {
		p.groups[g] = resize(p.groups[g], d.Len())
	}
	clear(p.groups[3])
	bin := p.bin[:0]
	for w := range W {
		bin = bin[:0]
		for f, z := range domains {
			if pf := p.feat[f]; pf.packed && z == 2 && pf.word == w {
				bin = append(bin, laneCol{col: d.Column(f), lane: pf.lane - w*lanesPerWord})
			}
		}
		var labels []uint8
		if byClass {
			labels = d.Labels()
		}
		packBinary(dst, W, w, d.Len(), bin, &p.groups, labels, n0)
		for f, z := range domains {
			pf := p.feat[f]
			if !pf.packed || z <= 2 || pf.word != w {
				continue
			}
			var lut [dataset.MaxValues]uint64
			for v := 1; v < z; v++ {
				lut[v] = 1 << (pf.shift + laneBits*uint(v-1))
			}
			for r, v := range d.Column(f) {
				dst[r*W+w] |= lut[v]
			}
		}
	}
	clear(bin) // keep no column of d
	p.bin = bin[:0]
}

// laneCol is a binary feature's column and its lane in its word.
type laneCol struct {
	col  []uint8
	lane int
}

// packBinary sets word w of the n rows' lane words (W per row) to the
// values of the binary columns bin, each in its lane. It works in two
// steps, each reading few streams of memory at once: for each group of 8
// lanes, each column's 8 bytes of 8 rows (each 0 or 1) are read as one
// word and shifted by the column's lane within the group, so byte j of
// their OR holds row j's bits of those lanes, stored in groups[g]; then
// each row's group bytes are spread into lanes by spread8. groups holds 3
// scratch buffers of at least n bytes and a fourth of n zeros.
func packBinary(dst []uint64, W, w, n int, bin []laneCol, groups *[4][]uint8, labels []uint8, n0 int) {
	var used [3]bool // groups with a binary column
	for g := range 3 {
		out := groups[g][:n]
		// The group's 8 columns by lane; lanes without a binary column
		// read the zero column.
		var cols [8][]uint8
		width := 0 // the lanes up to the last with a column
		for i := range cols {
			cols[i] = groups[3][:n]
		}
		for _, b := range bin {
			if b.lane>>3 == g {
				cols[b.lane&7] = b.col[:n]
				width = max(width, b.lane&7+1)
			}
		}
		used[g] = width > 0
		switch {
		case width == 0:
			clear(out)
		case width <= 4:
			packBytes4(out, cols[0], cols[1], cols[2], cols[3])
		default:
			packBytes8(out, &cols)
		}
	}
	spread := spread8()
	b0, b1, b2 := groups[0][:n], groups[1][:n], groups[2][:n]
	if labels != nil {
		// Grouped by class (W = 1, two classes): row r goes to the next
		// slot of its class, chosen with no branch.
		labels = labels[:n]
		dst = dst[:n]
		p0, p1 := 0, n0
		if !used[2] { // at most 16 lanes: two bytes a row
			for r := range n {
				y := int(labels[r])
				dst[p0^((p0^p1)&-y)] = spread[b0[r]] | spread[b1[r]]<<24
				p0 += 1 - y
				p1 += y
			}
			return
		}
		for r := range n {
			y := int(labels[r])
			dst[p0^((p0^p1)&-y)] = spread[b0[r]] | spread[b1[r]]<<24 | spread[b2[r]]<<48
			p0 += 1 - y
			p1 += y
		}
		return
	}
	for r := range n {
		dst[r*W+w] = spread[b0[r]] | spread[b1[r]]<<24 | spread[b2[r]]<<48
	}
}

// packBytes8 sets out[r] to the bits of the 8 binary columns cols at row
// r, column i in bit i, eight rows at a time.
func packBytes8(out []uint8, cols *[8][]uint8) {
	n := len(out)
	c0, c1, c2, c3, c4, c5, c6, c7 := cols[0][:n], cols[1][:n], cols[2][:n], cols[3][:n], cols[4][:n], cols[5][:n], cols[6][:n], cols[7][:n]
	r := 0
	for ; r+8 <= n; r += 8 {
		t := le64(c0[r:]) | le64(c1[r:])<<1 | le64(c2[r:])<<2 | le64(c3[r:])<<3 |
			le64(c4[r:])<<4 | le64(c5[r:])<<5 | le64(c6[r:])<<6 | le64(c7[r:])<<7
		binary.LittleEndian.PutUint64(out[r:r+8], t)
	}
	for ; r < n; r++ {
		out[r] = c0[r] | c1[r]<<1 | c2[r]<<2 | c3[r]<<3 | c4[r]<<4 | c5[r]<<5 | c6[r]<<6 | c7[r]<<7
	}
}

// packBytes4 is packBytes8 for the first 4 columns (the others zero).
func packBytes4(out []uint8, c0, c1, c2, c3 []uint8) {
	n := len(out)
	c0, c1, c2, c3 = c0[:n], c1[:n], c2[:n], c3[:n]
	r := 0
	for ; r+8 <= n; r += 8 {
		t := le64(c0[r:]) | le64(c1[r:])<<1 | le64(c2[r:])<<2 | le64(c3[r:])<<3
		binary.LittleEndian.PutUint64(out[r:r+8], t)
	}
	for ; r < n; r++ {
		out[r] = c0[r] | c1[r]<<1 | c2[r]<<2 | c3[r]<<3
	}
}
