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

// j48Sorted is a node's instances sorted by one numeric feature.
type j48Sorted struct {
	v []float64 // values, ascending
	c []uint8   // classes
	i []int32   // instances
}

// rootSorted returns the fit's instances sorted by each numeric feature
// (the zero j48Sorted for a nominal one), and sets the features'
// distinct values from them.
func (f *j48Fit) rootSorted() []j48Sorted {
	sorted := make([]j48Sorted, len(f.vals))
	n := len(f.all)
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
		s := j48Sorted{v: make([]float64, n), c: make([]uint8, n), i: slices.Clone(idx)}
		for j, i := range s.i {
			s.v[j], s.c[j] = col[i], f.labels[i]
		}
		sorted[a] = s
		ds := slices.Clone(s.v)
		f.distinct[a] = slices.Compact(ds)
	}
	return sorted
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
// on 16-bit digits (tmp and tmpIdx are scratch of the same length).
func radixSort(keys []uint64, idx []int32, tmp []uint64, tmpIdx []int32) {
	var count [1 << 16]int
	for shift := uint(0); shift < 64; shift += 16 {
		clear(count[:])
		for _, k := range keys {
			count[(k>>shift)&0xffff]++
		}
		if count[(keys[0]>>shift)&0xffff] == len(keys) {
			continue // one digit value: the pass would not move anything
		}
		pos := 0
		for d, c := range count {
			count[d] = pos
			pos += c
		}
		for j, k := range keys {
			d := (k >> shift) & 0xffff
			tmp[count[d]], tmpIdx[count[d]] = k, idx[j]
			count[d]++
		}
		copy(keys, tmp)
		copy(idx, tmpIdx)
	}
}

// splitSorted splits a presorted node's sorted lists among its branches'
// instances parts (each instance in one branch: no value is missing),
// each list in order.
func (f *j48Fit) splitSorted(parts [][]j48Inst, sorted []j48Sorted) [][]j48Sorted {
	for b, p := range parts {
		for _, in := range p {
			f.branch[in.i] = int32(b)
		}
	}
	kids := make([][]j48Sorted, len(parts))
	for b := range kids {
		kids[b] = make([]j48Sorted, len(sorted))
	}
	pos := make([]int, len(parts))
	for a, s := range sorted {
		if s.v == nil {
			continue
		}
		for b, p := range parts {
			n := len(p)
			kids[b][a] = j48Sorted{v: make([]float64, n), c: make([]uint8, n), i: make([]int32, n)}
			pos[b] = 0
		}
		for j, i := range s.i {
			b := f.branch[i]
			k, at := &kids[b][a], pos[b]
			k.v[at], k.c[at], k.i[at] = s.v[j], s.c[j], i
			pos[b]++
		}
	}
	return kids
}

// numericSplitSorted is numericSplit on a presorted node: s holds the
// node's instances (every one with a value) by the feature's value, and
// classes their class counts. Every weight being 1, each of J48's
// distributions is a table of whole counts, set here directly, and each
// entropy the sum, in EntropyBasedSplitCrit's order, of the table's
// x·log2(x) of those counts: J48's values bit for bit.
func (f *j48Fit) numericSplitSorted(s j48Sorted, classes []int, sumW float64, c *j48Cand) {
	n := len(s.v)
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
		if !(s.v[next-1]+1e-5 < s.v[next]) {
			continue
		}
		for _, cl := range s.c[last:next] { // shiftRange(1, 0, …)
			cnt[k+int(cl)]--
			cnt[cl]++
		}
		left += next - last
		last = next
		if !j48GrOrEq(float64(left), minSplit) || !j48GrOrEq(float64(n-left), minSplit) {
			continue
		}
		e := 0.0 // −newEnt
		for _, x := range cnt[:k] {
			e += tab[x]
		}
		e -= tab[left]
		for _, x := range cnt[k:] {
			e += tab[x]
		}
		e -= tab[n-left]
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
	gain, sp, ok := numericCut(best, index, sumW, s.v[splitIndex], s.v[splitIndex+1])
	if !ok {
		return
	}
	dist := newJ48Dist(2, f.k, f.xlogx)
	for _, cl := range s.c[:splitIndex+1] {
		dist.pcb[cl]++
	}
	for cl, x := range classes {
		dist.pcb[k+cl] = float64(x) - dist.pcb[cl]
		dist.perClass[cl] = float64(x)
	}
	dist.perBag[0], dist.perBag[1] = float64(splitIndex+1), float64(n-splitIndex-1)
	dist.total = total
	*c = j48Cand{ok: true, infoGain: gain, ratio: dist.gainRatio(sumW, gain), split: sp, dist: dist}
}
