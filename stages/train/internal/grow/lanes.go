package grow

// laneSums holds a list node's lane counts (see pack.go): for class c and
// lane l, the number of the node's rows of class c that have the lane's
// value. A list node keeps its rows grouped by class (see rowSet), so
// each class's counts are one pass of additions over its segment of the
// node's window, with no test of any row's class; one pass fills every
// lane of every packed feature, and a table then reads the lanes of its
// feature (get).
type laneSums struct {
	words int
	lanes int
	slots []uint64  // slots[(c·words + w)·3 + g]: 9-bit slots of lanes g, g+3, … of word w
	big   []int32   // big[c·lanes + l]: counts spilled from full slots (wide only)
	wide  bool      // some class has enough rows to fill a slot
	ref   []laneRef // ref[l] locates lane l in a class's slots
}

// laneRef locates a lane: its slot word among a class's and the slot's
// shift in it.
type laneRef struct {
	slot  int32
	shift uint8
}

// count sums the lane words (words per row) of a node's rows, list,
// grouped by class, classes in increasing order or, when rev, in
// decreasing order; counts holds the node's class counts (so the bounds
// of the classes' segments) and seg is scratch of k+1 ints. The backing
// array of list must have room for a chunk of rows past its end (see
// sum1).
func (ls *laneSums) count(list []uint64, words int, counts []int, rev bool, seg []int) {
	k := len(counts)
	ls.prepare(words, k)
	if k == 2 && words == 1 && counts[0] < laneChunk*slotChunks && counts[1] < laneChunk*slotChunks {
		// The oracle study's case, every count below a slot's limit.
		n0 := counts[0]
		if rev {
			n0 = counts[1]
		}
		a0, a1, a2 := sumSlots1(list[:n0])
		b0, b1, b2 := sumSlots1(list[n0:])
		if rev {
			a0, a1, a2, b0, b1, b2 = b0, b1, b2, a0, a1, a2
		}
		g := ls.slots[:6]
		g[0], g[1], g[2], g[3], g[4], g[5] = a0, a1, a2, b0, b1, b2
		ls.wide = false
		return
	}
	clear(ls.slots)
	seg = seg[:k+1]
	seg[0] = 0
	ls.wide = false
	for i := range k {
		c := i
		if rev {
			c = k - 1 - i
		}
		seg[i+1] = seg[i] + counts[c]
		ls.wide = ls.wide || counts[c] >= laneChunk*slotChunks
	}
	if ls.wide {
		ls.big = resize(ls.big, k*ls.lanes)
		clear(ls.big)
	}
	for i := range k {
		c := i
		if rev {
			c = k - 1 - i
		}
		if seg[i] == seg[i+1] {
			continue
		}
		rows := list[seg[i]*words : seg[i+1]*words]
		if words == 1 {
			ls.sum1(rows, c)
			continue
		}
		for w := range words {
			ls.sum(rows, words, w, c)
		}
	}
}

// prepare sizes ls for k classes of words lane words.
func (ls *laneSums) prepare(words, k int) {
	if ls.words != words || len(ls.ref) != words*lanesPerWord {
		ls.ref = resize(ls.ref, words*lanesPerWord)
		for l := range ls.ref {
			w, i := l/lanesPerWord, l%lanesPerWord
			ls.ref[l] = laneRef{slot: int32(w*3 + i%3), shift: uint8(9 * (i / 3))}
		}
	}
	ls.words, ls.lanes = words, words*lanesPerWord
	ls.slots = resize(ls.slots, k*words*3)
}

// sum adds word w of rows (words per row) into class c's slots.
func (ls *laneSums) sum(rows []uint64, words, w, c int) {
	n := len(rows) / words
	g := ls.slots[(c*words+w)*3 : (c*words+w)*3+3]
	chunks := 0
	for start := 0; start < n; start += laneChunk {
		end := min(n, start+laneChunk)
		var t uint64
		for r := start; r < end; r++ {
			t += rows[r*words+w]
		}
		g[0] += t & slotMask
		g[1] += t >> 3 & slotMask
		g[2] += t >> 6 & slotMask
		if chunks++; chunks == slotChunks && ls.wide {
			ls.spill(c, w)
			chunks = 0
		}
	}
}

// sum1 is sum for one lane word per row, the oracle study's case: seven
// rows per chunk, unrolled, and the last rows with no loop of unknown
// length (the arenas have room for a chunk past their end, and the rows
// read past the segment are masked out).
func (ls *laneSums) sum1(rows []uint64, c int) {
	var g0, g1, g2 uint64
	chunks := 0
	for len(rows) >= laneChunk {
		t := rows[0] + rows[1] + rows[2] + rows[3] + rows[4] + rows[5] + rows[6]
		g0 += t & slotMask
		g1 += t >> 3 & slotMask
		g2 += t >> 6 & slotMask
		rows = rows[laneChunk:]
		if chunks++; chunks == slotChunks {
			g := ls.slots[c*3 : c*3+3]
			g[0], g[1], g[2] = g0, g1, g2
			ls.spill(c, 0)
			g0, g1, g2 = 0, 0, 0
			chunks = 0
		}
	}
	var t uint64
	if n := len(rows); n > 0 {
		for j, x := range rows[:laneChunk] {
			t += x & uint64(int64(j-n)>>63) // all ones for j < n
		}
	}
	g := ls.slots[c*3 : c*3+3]
	g[0], g[1], g[2] = g0+t&slotMask, g1+t>>3&slotMask, g2+t>>6&slotMask
}

// sumSlots1 returns the slots of the sum of rows, one lane word per row,
// fewer than 511 rows, as sum1 makes them.
func sumSlots1(rows []uint64) (g0, g1, g2 uint64) {
	for len(rows) >= laneChunk {
		t := rows[0] + rows[1] + rows[2] + rows[3] + rows[4] + rows[5] + rows[6]
		g0 += t & slotMask
		g1 += t >> 3 & slotMask
		g2 += t >> 6 & slotMask
		rows = rows[laneChunk:]
	}
	var t uint64
	if n := len(rows); n > 0 {
		for j, x := range rows[:laneChunk] {
			t += x & uint64(int64(j-n)>>63) // all ones for j < n
		}
	}
	return g0 + t&slotMask, g1 + t>>3&slotMask, g2 + t>>6&slotMask
}

// spill moves class c's slots of word w into the int counters and clears
// them.
func (ls *laneSums) spill(c, w int) {
	g := ls.slots[(c*ls.words+w)*3 : (c*ls.words+w)*3+3]
	big := ls.big[c*ls.lanes+w*lanesPerWord : c*ls.lanes+(w+1)*lanesPerWord]
	for j := range lanesPerWord / 3 {
		for i := range 3 {
			big[3*j+i] += int32(g[i] >> (9 * j) & 511)
		}
	}
	g[0], g[1], g[2] = 0, 0, 0
}

// get returns class c's count of lane l.
func (ls *laneSums) get(c, l int) int {
	r := ls.ref[l]
	x := int(ls.slots[c*ls.words*3+int(r.slot)] >> r.shift & 511)
	if ls.wide {
		x += int(ls.big[c*ls.lanes+l])
	}
	return x
}
