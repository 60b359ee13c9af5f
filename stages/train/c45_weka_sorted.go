package train

import (
	"math"
	"slices"
)

// The J48 port's presorted path (j48Fit.presorted): on a fit without
// missing values every instance weighs 1 wherever it goes, every sum of
// weights is a whole number whatever the order of its terms, and so the
// order in which J48 holds a node's instances changes nothing. A node then
// keeps, per numeric feature, its instances sorted by the feature's value
// (the values, classes and instances side by side), and a split hands
// each child its share of every list in order: a node's numeric splits
// cost O(n) a feature instead of J48's sort, O(n log n). The cuts, their
// gains and the split point are computed from the same values as J48's
// (TestJ48PresortedAgrees holds the two paths to the same trees).

// j48Sorted is a node's instances sorted by one numeric feature, nil for
// a nominal feature.
type j48Sorted []j48Key

// j48Key is an instance in a j48Sorted: its value, class and index, side
// by side (one read and one write per instance where a split hands the
// list down).
type j48Key struct {
	v float64
	i int32
	c uint8
}

// j48Seg is a presorted node's place in the fit's lists (j48Fit.bufs),
// ok false where the node has none (the fit is not presorted, or the node
// is a leaf ahead).
type j48Seg struct {
	side, lo, hi int
	ok           bool
}

// rootSorted fills the fit's lists with its instances sorted by each
// numeric feature, sets the features' distinct values from them, and
// returns the root's place in them.
func (f *j48Fit) rootSorted() j48Seg {
	n := len(f.all)
	f.bufs = [2][]j48Sorted{make([]j48Sorted, len(f.vals)), make([]j48Sorted, len(f.vals))}
	keys, tmp := make([]uint64, n), make([]uint64, n)
	idx, tmpIdx := make([]int32, n), make([]int32, n)
	for a, col := range f.vals {
		if !f.numeric[a] {
			continue
		}
		for i, v := range col {
			keys[i], idx[i] = orderedBits(v), int32(i)
		}
		radixSort(keys, idx, tmp, tmpIdx)
		s := make(j48Sorted, n)
		ds := make([]float64, n)
		for j, i := range idx {
			s[j] = j48Key{col[i], i, f.labels[i]}
			ds[j] = col[i]
		}
		f.bufs[0][a], f.bufs[1][a] = s, make(j48Sorted, n)
		f.distinct[a] = slices.Compact(ds)
	}
	return j48Seg{0, 0, n, true}
}

// orderedBits maps a float64 (not NaN) to a uint64 of the same order:
// the sign bit flipped for a positive value, every bit for a negative one
// (so -0 comes just below +0, which compare equal: their order is of no
// matter here).
func orderedBits(v float64) uint64 {
	b := math.Float64bits(v)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// radixSort sorts keys ascending with idx alongside, by an LSD radix sort
// on 11-bit digits (tmp and tmpIdx are scratch of the same length), a
// pass skipped where every key has the same digit.
func radixSort(keys []uint64, idx []int32, tmp []uint64, tmpIdx []int32) {
	const bits = 11
	var count [1 << bits]int
	for shift := uint(0); shift < 64; shift += bits {
		clear(count[:])
		for _, k := range keys {
			count[(k>>shift)&(1<<bits-1)]++
		}
		if count[(keys[0]>>shift)&(1<<bits-1)] == len(keys) {
			continue
		}
		pos := 0
		for d, c := range count {
			count[d] = pos
			pos += c
		}
		for j, k := range keys {
			d := (k >> shift) & (1<<bits - 1)
			tmp[count[d]], tmpIdx[count[d]] = k, idx[j]
			count[d]++
		}
		copy(keys, tmp)
		copy(idx, tmpIdx)
	}
}

// splitSorted hands a presorted node's lists (at seg) down to its
// branches' instances parts (each instance in one branch: no value is
// missing), each list in order, branch b's after branch b−1's in the
// same range of the other side; a branch that is a leaf ahead gets none.
func (f *j48Fit) splitSorted(parts [][]j48Inst, seg j48Seg) []j48Seg {
	kids := make([]j48Seg, len(parts))
	at := seg.lo
	for b, p := range parts {
		for _, in := range p {
			f.branch[in.i] = int32(b)
		}
		kids[b] = j48Seg{1 - seg.side, at, at + len(p), !f.leafAhead(p)}
		at += len(p)
	}
	if at != seg.hi {
		panic("train: J48's presorted split lost or gained instances") // a missing value in a presorted fit
	}
	pos := make([]int, len(parts))
	for a, src := range f.bufs[seg.side] {
		if src == nil {
			continue
		}
		dst := f.bufs[1-seg.side][a]
		for b, k := range kids {
			pos[b] = k.lo
		}
		for _, key := range src[seg.lo:seg.hi] {
			b := f.branch[key.i]
			if !kids[b].ok {
				continue
			}
			dst[pos[b]] = key
			pos[b]++
		}
	}
	return kids
}

// leafAhead reports whether the instances p of a presorted node's branch
// make a leaf before any split is tried (selectModel's first test: fewer
// than 2·min_leaf, or of one class), so that its lists need not be made.
func (f *j48Fit) leafAhead(p []j48Inst) bool {
	if j48Sm(float64(len(p)), 2*f.minObj) {
		return true
	}
	for _, in := range p {
		if f.labels[in.i] != f.labels[p[0].i] {
			return false
		}
	}
	return true
}

// numericSplitSorted is numericSplit on a presorted node: s holds the
// node's instances (every one with a value) by the feature's value, and
// classes their class counts. Every weight being 1, each of J48's
// distributions is a table of whole counts, set here directly, and each
// entropy the sum, in EntropyBasedSplitCrit's order, of the table's
// x·log2(x) of those counts: J48's values bit for bit.
func (f *j48Fit) numericSplitSorted(a int, s j48Sorted, classes []int, sumW float64, c *j48Cand) {
	n := len(s)
	tab := f.xlogx
	total := float64(n)
	minSplit := 0.1 * total / float64(f.k)
	if j48SmOrEq(minSplit, f.minObj) {
		minSplit = f.minObj
	} else if j48Gr(minSplit, 25) {
		minSplit = 25
	}
	if j48Sm(float64(n), 2*minSplit) {
		return
	}
	defaultEnt := 0.0 // oldEnt
	for _, x := range classes {
		defaultEnt += tab[x]
	}
	defaultEnt = tab[n] - defaultEnt
	k := f.k
	cnt := f.counts[:2*k]
	clear(cnt[:k])
	copy(cnt[k:], classes)
	factor := 1 - (sumW-total)/sumW
	best, splitIndex, index := 0.0, -1, 0
	last, left := 0, 0
	for next := 1; next < n; next++ {
		if !(s[next-1].v+1e-5 < s[next].v) {
			continue
		}
		for _, key := range s[last:next] { // shiftRange(1, 0, …)
			cnt[k+int(key.c)]--
			cnt[key.c]++
		}
		left += next - last
		last = next
		if !j48GrOrEq(float64(left), minSplit) || !j48GrOrEq(float64(n-left), minSplit) {
			continue
		}
		var e float64 // −newEnt
		if k == 2 {   // the same sum, unrolled
			e = tab[cnt[0]] + tab[cnt[1]] - tab[left] + tab[cnt[2]] + tab[cnt[3]] - tab[n-left]
		} else {
			for _, x := range cnt[:k] {
				e += tab[x]
			}
			e -= tab[left]
			for _, x := range cnt[k:] {
				e += tab[x]
			}
			e -= tab[n-left]
		}
		g := factor * (defaultEnt - -e) // infoGain
		if j48Eq(g, 0) {
			g = 0
		} else {
			g /= total
		}
		if j48Gr(g, best) {
			best, splitIndex = g, next-1
		}
		index++
	}
	if splitIndex < 0 {
		return
	}
	gain, sp, ok := numericCut(best, index, sumW, s[splitIndex].v, s[splitIndex+1].v)
	if !ok {
		return
	}
	dist := f.candDistFor(a, 2)
	clear(cnt[:k])
	for _, key := range s[:splitIndex+1] {
		cnt[key.c]++
	}
	for cl, x := range cnt[:k] {
		dist.pcb[cl] = float64(x)
	}
	for cl, x := range classes {
		dist.pcb[k+cl] = float64(x) - dist.pcb[cl]
		dist.perClass[cl] = float64(x)
	}
	dist.perBag[0], dist.perBag[1] = float64(splitIndex+1), float64(n-splitIndex-1)
	dist.total = total
	*c = j48Cand{ok: true, infoGain: gain, ratio: dist.gainRatio(sumW, gain), split: sp, dist: dist}
}
