package train

import "math"

// j48Dist is Weka 3.6's weka.classifiers.trees.j48.Distribution: class
// weights per bag (a split's branch), per bag, per class and in total,
// each kept as Distribution keeps it (a running sum, updated in the same
// order), so that every entropy and error count of the J48 port
// (c45_weka.go) is J48's to the bit.
type j48Dist struct {
	k        int
	xlogx    []float64 // j48LogFunc(i) for the integers i it holds (j48Fit.xlogx), nil for none
	pcb      []float64 // m_perClassPerBag, bag-major: pcb[b·k+c]
	perBag   []float64
	perClass []float64
	total    float64
}

// newJ48Dist returns an empty distribution of bags bags and k classes,
// its logarithms of integers looked up in xlogx.
func newJ48Dist(bags, k int, xlogx []float64) *j48Dist {
	buf := make([]float64, bags*k+bags+k)
	return &j48Dist{k: k, xlogx: xlogx, pcb: buf[:bags*k], perBag: buf[bags*k : bags*k+bags], perClass: buf[bags*k+bags:]}
}

// clone returns a copy of d with its own weights.
func (d *j48Dist) clone() *j48Dist {
	c := newJ48Dist(d.bags(), d.k, d.xlogx)
	copy(c.pcb, d.pcb)
	copy(c.perBag, d.perBag)
	copy(c.perClass, d.perClass)
	c.total = d.total
	return c
}

// reset empties d: every weight 0.
func (d *j48Dist) reset() {
	clear(d.pcb)
	clear(d.perBag)
	clear(d.perClass)
	d.total = 0
}

// bags returns the number of bags.
func (d *j48Dist) bags() int { return len(d.perBag) }

// add is Distribution.add(bag, instance): weight w of class c.
func (d *j48Dist) add(bag, c int, w float64) {
	d.pcb[bag*d.k+c] += w
	d.perBag[bag] += w
	d.perClass[c] += w
	d.total += w
}

// addRange is Distribution.addRange: the instances data[from:to] to bag,
// their weights summed first.
func (d *j48Dist) addRange(bag int, f *j48Fit, data []j48Inst) {
	sum := 0.0
	for _, in := range data {
		c := int(f.labels[in.i])
		sum += in.w
		d.pcb[bag*d.k+c] += in.w
		d.perClass[c] += in.w
	}
	d.perBag[bag] += sum
	d.total += sum
}

// shiftRange is Distribution.shiftRange: data's instances move from bag
// from to bag to.
func (d *j48Dist) shiftRange(from, to int, f *j48Fit, data []j48Inst) {
	for _, in := range data {
		c := int(f.labels[in.i])
		d.pcb[from*d.k+c] -= in.w
		d.pcb[to*d.k+c] += in.w
		d.perBag[from] -= in.w
		d.perBag[to] += in.w
	}
}

// addInstWithUnknown is Distribution.addInstWithUnknown: every instance
// of data missing feature att is added to every bag, its weight times
// the bag's share of the distribution as it stands (equal shares when
// the distribution is empty).
func (d *j48Dist) addInstWithUnknown(f *j48Fit, data []j48Inst, att int) {
	probs := make([]float64, d.bags())
	for j := range probs {
		if j48Eq(d.total, 0) {
			probs[j] = 1 / float64(len(probs))
		} else {
			probs[j] = d.perBag[j] / d.total
		}
	}
	vals := f.vals[att]
	for _, in := range data {
		if !math.IsNaN(vals[in.i]) {
			continue
		}
		c := int(f.labels[in.i])
		d.perClass[c] += in.w
		d.total += in.w
		for j, p := range probs {
			nw := p * in.w
			d.pcb[j*d.k+c] += nw
			d.perBag[j] += nw
		}
	}
}

// merged is Distribution(toMerge): one bag of d's class weights (NoSplit's
// distribution of a node that becomes a leaf).
func (d *j48Dist) merged() *j48Dist {
	m := newJ48Dist(1, d.k, d.xlogx)
	copy(m.perClass, d.perClass)
	copy(m.pcb, d.perClass)
	m.total = d.total
	m.perBag[0] = d.total
	return m
}

// check is Distribution.check: at least two bags weigh minObj or more.
func (d *j48Dist) check(minObj float64) bool {
	n := 0
	for _, w := range d.perBag {
		if j48GrOrEq(w, minObj) {
			n++
		}
	}
	return n > 1
}

// maxBag is Distribution.maxBag: the last bag to weigh at least as much as
// the heaviest before it (within 1e-6), -1 when none weighs 0 or more.
func (d *j48Dist) maxBag() int {
	best, max := -1, 0.0
	for i, w := range d.perBag {
		if j48GrOrEq(w, max) {
			best, max = i, w
		}
	}
	return best
}

// maxClass is Distribution.maxClass: the first class of largest weight
// (by more than 1e-6), class 0 when none weighs more than 1e-6.
func (d *j48Dist) maxClass() int {
	best, max := 0, 0.0
	for c, w := range d.perClass {
		if j48Gr(w, max) {
			best, max = c, w
		}
	}
	return best
}

// numIncorrect is Distribution.numIncorrect: the weight outside the
// majority class.
func (d *j48Dist) numIncorrect() float64 { return d.total - d.perClass[d.maxClass()] }

// prob is Distribution.prob(c): class c's share of the total, 0 for an
// empty distribution.
func (d *j48Dist) prob(c int) float64 {
	if !j48Eq(d.total, 0) {
		return d.perClass[c] / d.total
	}
	return 0
}

// probBag is Distribution.prob(c, bag): class c's share of bag, or of the
// whole where the bag is empty.
func (d *j48Dist) probBag(c, bag int) float64 {
	if j48Gr(d.perBag[bag], 0) {
		return d.pcb[bag*d.k+c] / d.perBag[bag]
	}
	return d.prob(c)
}

// The entropies of EntropyBasedSplitCrit, in bits times weights.

// j48LogFunc is EntropyBasedSplitCrit.logFunc: x·log2(x), 0 below 1e-6.
func j48LogFunc(x float64) float64 {
	if x < 1e-6 {
		return 0
	}
	return x * math.Log(x) / math.Ln2
}

// logFunc is j48LogFunc(x), from the table where x is an integer it
// holds (the same float64: the table is j48LogFunc's own values). Without
// missing values every weight is a whole number of instances.
func (d *j48Dist) logFunc(x float64) float64 {
	if i := int(x); float64(i) == x && uint(i) < uint(len(d.xlogx)) {
		return d.xlogx[i]
	}
	return j48LogFunc(x)
}

// oldEnt is the class entropy of the distribution, times its total.
func (d *j48Dist) oldEnt() float64 {
	s := 0.0
	for _, w := range d.perClass {
		s += d.logFunc(w)
	}
	return d.logFunc(d.total) - s
}

// newEnt is the entropy of the class within the bags, times the total.
func (d *j48Dist) newEnt() float64 {
	s := 0.0
	for b, wb := range d.perBag {
		for _, w := range d.pcb[b*d.k : (b+1)*d.k] {
			s += d.logFunc(w)
		}
		s -= d.logFunc(wb)
	}
	return -s
}

// infoGain is InfoGainSplitCrit.splitCritValue(bags, totalNoInst, oldEnt):
// the gain of the bags scaled by the share of the node's weight
// totalNoInst whose value is known, per unit of known weight; 0 within
// 1e-6.
func (d *j48Dist) infoGain(totalNoInst, oldEnt float64) float64 {
	unknownRate := (totalNoInst - d.total) / totalNoInst
	num := (1 - unknownRate) * (oldEnt - d.newEnt())
	if j48Eq(num, 0) {
		return 0
	}
	return num / d.total
}

// gainRatio is GainRatioSplitCrit.splitCritValue(bags, totalnoInst, gain):
// gain over the split information, the unknown weight a bag of its own;
// 0 when that is 0.
func (d *j48Dist) gainRatio(totalNoInst, gain float64) float64 {
	den := 0.0
	if j48Gr(d.total, 0) {
		for _, w := range d.perBag {
			den -= d.logFunc(w)
		}
		den -= d.logFunc(totalNoInst - d.total)
		den += d.logFunc(totalNoInst)
	}
	if j48Eq(den, 0) {
		return 0
	}
	return gain / (den / totalNoInst)
}

// Weka's Utils comparisons within j48Small (Utils.SMALL).

func j48Eq(a, b float64) bool     { return a-b < j48Small && b-a < j48Small }
func j48Gr(a, b float64) bool     { return a-b > j48Small }
func j48GrOrEq(a, b float64) bool { return b-a < j48Small }
func j48Sm(a, b float64) bool     { return b-a > j48Small }
