package train

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/wekasort"
)

// The C4.5 of numeric attributes and missing values: Weka 3.6's J48
// (weka.classifiers.trees.j48: C45ModelSelection, C45Split, Distribution,
// InfoGainSplitCrit, GainRatioSplitCrit, ClassifierTree,
// C45PruneableClassifierTree) ported method for method on instances with
// fractional weights, in Weka's order. The nominal engine (c45.go,
// c45_split.go, prune.go) counts rows through bitsets and has no weights;
// this one keeps, as J48 does, each node's instances and their weights in
// the order J48 leaves them (each numeric attribute's split sorts the
// node's instances in place with Weka's quicksort, Instances.sort), and
// sums weights in J48's order, so that every gain, split point and
// branch weight is J48's. It serves every fit on a dataset with a numeric
// feature or a missing value; on nominal data without missing values it
// grows the nominal engine's trees (TestJ48WekaPathAgrees).
//
// What J48 does, and so this port:
//   - A node is a leaf when its weight is below 2·min_leaf or all of it
//     is of one class (within 1e-6).
//   - A nominal feature splits one branch per value over the instances
//     that have a value; the split is valid when two branches weigh
//     min_leaf or more. Its gain is the information gain of those
//     instances times their share of the node's weight.
//   - A numeric feature's candidate cuts lie between consecutive sorted
//     values more than 1e-5 apart, with at least minSplit weight on each
//     side: minSplit = 0.1·(known weight)/classes, at least min_leaf and
//     at most 25. The cut of largest gain wins (the first on ties within
//     1e-6); its gain less log2(cuts)/W (W the node's weight) is the
//     split's gain, and it is valid when that stays above 0. The split
//     point is the midpoint of the two values, then snapped to the
//     largest value of the whole training set at or below it
//     (setSplitPoint); x ≤ point (within 1e-6) goes to branch 0.
//   - The average-gain rule and the tie rule are the nominal engine's
//     (c45_split.go), numeric features always in the average.
//   - The chosen split's instances missing the value go down every
//     branch, their weight times the branch's share of the node's known
//     weight (split); the split's distribution includes them in those
//     shares (addInstWithUnknown).
//   - Collapse and pessimistic pruning with subtree raising are J48's,
//     on weights (c45_weka_prune.go); prediction is J48's getProbs
//     (j48WekaModel).
//
// A learner that is "C4.5 with another selection measure" (IDX, CS-ID3,
// EG2) gives the port its measure (j48Measure): it ranks the valid splits
// from each one's J48 gain, a numeric split's at its chosen cut, and for
// a path-dependent measure from the features tested above the node.

// j48Inst is an instance of a node: its index in the fit and its weight.
type j48Inst struct {
	i int32
	w float64
}

// j48Measure is a criterion's part in the J48 port: it turns a valid
// split of feature f, of J48 gain infoGain and gain ratio ratio, into the
// merit that ranks it and the gain that J48's average is of.
type j48Measure interface {
	j48Merit(f int, infoGain, ratio float64) (merit, gain float64)
}

// j48PathMeasure is a j48Measure whose merits depend on the features
// tested on the path to the node; atPath is called once per node before
// any j48Merit, tested[f] = feature f is tested above the node.
type j48PathMeasure interface {
	j48Measure
	atPath(tested []bool)
}

// j48Merit is C4.5's own measure: merit the gain ratio, gain the
// information gain.
func (*gainRatio) j48Merit(_ int, infoGain, ratio float64) (float64, float64) {
	return ratio, infoGain
}

// j48Fit is one fit of the port: the instances it grows on, in Weka's
// order (instance i is dataset row rows[i]), their values by feature,
// and the options.
type j48Fit struct {
	vals    [][]float64 // vals[f][i]: the code or number, NaN where missing
	numeric []bool
	domain  []int
	labels  []uint8
	k       int
	minObj  float64
	// all is every instance of the fit, weight 1 (m_allData, which
	// setSplitPoint scans).
	all []j48Inst
	// inAverage[f]: f's gain counts toward the average gain (numeric, or
	// fewer values than 0.3·N, or every nominal feature has that many).
	inAverage []bool
	measure   j48Measure
	path      j48PathMeasure // measure, when it depends on the path
	tested    []int          // per feature, tests of it on the path to the node
	testedB   []bool
	// Per-node scratch of selectModel, per feature.
	cand []j48Cand
	// xlogx[i] = j48LogFunc(i) for i = 0..N: the entropies' logarithms of
	// whole weights, looked up.
	xlogx []float64
	// presorted: the fit has no missing value, so every weight is 1 and
	// no sum depends on the order in which instances are added; a node
	// then holds its instances sorted by each numeric feature, in lists
	// split among its children in order, where J48 sorts them at every
	// node (the same sets of instances on each side of every cut, and so
	// the same trees, in O(n) a node and feature instead of O(n log n)).
	presorted bool
	// distinct[a]: numeric feature a's distinct values in the fit,
	// ascending (setSplitPoint's search).
	distinct [][]float64
	branch   []int32 // per instance, its branch at the node being split (presorted)
	// bufs are the presorted lists, two per numeric feature (nil for a
	// nominal one): a node's are bufs[side][a][lo:hi] (j48Seg), its
	// children's the same range of the other side.
	bufs   [2][]j48Sorted
	counts []int // scratch of numericSplitSorted: two bags' class counts, then the node's (classCounts)
	// sortKey, sortIndex and sortBackup are instancesSort's scratch, as
	// long as the largest node's instances; scan is numericSplit's
	// distribution while it moves the cut (its candidate's is its own).
	sortKey    []float64
	sortIndex  []int
	sortBackup []j48Inst
	scan       *j48Dist
	// candDist[a] is feature a's candidate distribution, reused from node
	// to node (candDistFor): the chosen candidate's is cloned into the
	// node, the others are overwritten at the next node.
	candDist []*j48Dist
}

// j48Cand is one feature's C45Split at a node.
type j48Cand struct {
	ok          bool // checkModel: a valid split
	infoGain    float64
	ratio       float64
	merit, gain float64
	split       float64 // numeric: m_splitPoint (before setSplitPoint)
	dist        *j48Dist
}

// j48Node is a node of J48's tree (one ClassifierTree and its local
// model).
type j48Node struct {
	leaf, empty bool
	att         int     // the split's feature; -1 at a leaf
	split       float64 // numeric split point: x ≤ split (within 1e-6) goes to branch 0
	dist        *j48Dist
	sons        []*j48Node
	train       []j48Inst // m_train, kept for subtree raising
}

// newJ48Fit prepares a fit on the instances rows (in order) of d.
func newJ48Fit(d *dataset.Dataset, rows []int, o C45Options, m j48Measure) *j48Fit {
	nf := d.NumFeatures()
	f := &j48Fit{
		vals: make([][]float64, nf), numeric: make([]bool, nf), domain: make([]int, nf),
		labels: make([]uint8, len(rows)), k: d.Classes(), minObj: float64(o.MinLeaf),
		all: make([]j48Inst, len(rows)), inAverage: make([]bool, nf), measure: m,
		tested: make([]int, nf), testedB: make([]bool, nf), cand: make([]j48Cand, nf), candDist: make([]*j48Dist, nf),
	}
	f.path, _ = m.(j48PathMeasure)
	for i, r := range rows {
		f.labels[i] = d.Label(r)
		f.all[i] = j48Inst{int32(i), 1}
	}
	limit := manyValues * float64(len(rows))
	multiVal := true
	for a := range nf {
		f.numeric[a] = d.IsNumeric(a)
		f.domain[a] = d.Domain(a)
		col := make([]float64, len(rows))
		if nums := d.Numbers(a); nums != nil {
			for i, r := range rows {
				col[i] = nums[r]
			}
		} else {
			codes := d.Column(a)
			for i, r := range rows {
				if c := codes[r]; c == dataset.MissingCode {
					col[i] = math.NaN()
				} else {
					col[i] = float64(c)
				}
			}
		}
		f.vals[a] = col
		if f.numeric[a] || j48Sm(float64(f.domain[a]), limit) {
			multiVal = false
		}
	}
	for a := range nf {
		f.inAverage[a] = f.numeric[a] || multiVal || j48Sm(float64(f.domain[a]), limit)
	}
	f.xlogx = make([]float64, len(rows)+1)
	for i := range f.xlogx {
		f.xlogx[i] = j48LogFunc(float64(i))
	}
	f.presorted = true
	f.distinct = make([][]float64, nf)
	for _, col := range f.vals {
		for _, v := range col {
			if math.IsNaN(v) {
				f.presorted = false
				break
			}
		}
	}
	if f.presorted {
		f.branch = make([]int32, len(rows))
		f.counts = make([]int, 3*f.k)
	}
	return f
}

// fitJ48Weka is fitJ48 on the port: J48 grown on the instances rows (in
// Weka's order), collapsed and pruned as the options say, as a model.
func fitJ48Weka(name string, d *dataset.Dataset, rows []int, o C45Options, crit criterion) (Model, error) {
	m, ok := crit.(j48Measure)
	if !ok {
		return nil, fmt.Errorf("%s: its criterion %T has no J48 measure for numeric or missing values", name, crit)
	}
	return newJ48WekaModel(d, j48Tree(d, rows, o, m, true)), nil
}

// j48Tree grows, collapses and prunes J48's tree on the instances rows of
// d, presorted where the fit allows it and presort is true (the tests
// turn it off to hold the two paths to the same trees).
func j48Tree(d *dataset.Dataset, rows []int, o C45Options, m j48Measure, presort bool) *j48Node {
	f := newJ48Fit(d, rows, o, m)
	f.presorted = f.presorted && presort
	prune := o.Pruning == PruningPessimistic
	raise := prune && o.SubtreeRaising
	data := append([]j48Inst(nil), f.all...)
	var seg j48Seg
	if f.presorted {
		seg = f.rootSorted()
	} else {
		f.setDistinct()
	}
	root := f.buildTree(data, seg, raise)
	if o.Collapse {
		root.collapse()
	}
	if prune {
		p := j48Pruner{f: f, cf: float32(o.Confidence), raise: raise}
		p.z = normalInverse(float64(float32(1) - p.cf))
		p.prune(root)
	}
	return root
}

// setDistinct sets the numeric features' distinct values (rootSorted
// does on a presorted fit).
func (f *j48Fit) setDistinct() {
	for a, col := range f.vals {
		if f.numeric[a] {
			ds := slices.DeleteFunc(slices.Clone(col), math.IsNaN)
			slices.Sort(ds)
			f.distinct[a] = slices.Compact(ds)
		}
	}
}

// buildTree is ClassifierTree.buildTree on the node's instances data
// (which selectModel reorders unless presorted; the node keeps them when
// keep), sorted by each numeric feature at seg when presorted.
func (f *j48Fit) buildTree(data []j48Inst, seg j48Seg, keep bool) *j48Node {
	n := &j48Node{att: -1}
	att := f.selectModel(data, seg, n)
	if keep {
		n.train = data
	}
	if att < 0 {
		n.leaf = true
		n.empty = j48Eq(sumWeights(data), 0)
		return n
	}
	parts := f.split(n, data)
	var kids []j48Seg
	if seg.ok {
		kids = f.splitSorted(parts, seg)
	}
	n.sons = make([]*j48Node, len(parts))
	f.tested[att]++
	for i, p := range parts {
		var ks j48Seg
		if kids != nil {
			ks = kids[i]
		}
		n.sons[i] = f.buildTree(p, ks, keep)
	}
	f.tested[att]--
	return n
}

// sumWeights is Instances.sumOfWeights.
func sumWeights(data []j48Inst) float64 {
	s := 0.0
	for _, in := range data {
		s += in.w
	}
	return s
}

// selectModel is C45ModelSelection.selectModel: it sets node n's local
// model (its distribution, and its feature and split point when it
// splits) and returns the feature, or -1 for no split.
func (f *j48Fit) selectModel(data []j48Inst, seg j48Seg, n *j48Node) int {
	check := newJ48Dist(1, f.k, f.xlogx)
	for _, in := range data {
		check.add(0, int(f.labels[in.i]), in.w)
	}
	n.dist = check.merged()
	if j48Sm(check.total, 2*f.minObj) || j48Eq(check.total, check.perClass[check.maxClass()]) {
		return -1
	}
	if f.path != nil {
		for a, t := range f.tested {
			f.testedB[a] = t > 0
		}
		f.path.atPath(f.testedB)
	}
	sumW := sumWeights(data)
	average, valid := 0.0, 0
	for a := range f.cand {
		c := &f.cand[a]
		*c = j48Cand{}
		switch {
		case f.numeric[a] && seg.ok:
			f.numericSplitSorted(a, f.bufs[seg.side][a][seg.lo:seg.hi], f.classCounts(check), sumW, c)
		case f.numeric[a]:
			f.numericSplit(a, data, f.instancesSort(data, f.vals[a]), sumW, c)
		default:
			f.nominalSplit(a, data, sumW, c)
		}
		if !c.ok {
			continue
		}
		c.merit, c.gain = f.measure.j48Merit(a, c.infoGain, c.ratio)
		if f.inAverage[a] {
			average += c.gain
			valid++
		}
	}
	if valid == 0 {
		return -1
	}
	average /= float64(valid)
	best, minResult := -1, 0.0
	for a := range f.cand {
		c := &f.cand[a]
		if c.ok && c.gain >= average-averageGainSlack && j48Gr(c.merit, minResult) {
			best, minResult = a, c.merit
		}
	}
	if j48Eq(minResult, 0) {
		return -1
	}
	c := &f.cand[best]
	c.dist = c.dist.clone()
	c.dist.addInstWithUnknown(f, data, best)
	n.att, n.dist = best, c.dist
	if f.numeric[best] {
		n.split = f.setSplitPoint(best, c.split)
	}
	return best
}

// classCounts returns the class weights of a presorted node's
// distribution d as the whole numbers they are.
func (f *j48Fit) classCounts(d *j48Dist) []int {
	cc := f.counts[2*f.k:]
	for c, w := range d.perClass {
		cc[c] = int(w)
	}
	return cc
}

// nominalSplit is C45Split.handleEnumeratedAttribute for feature a.
func (f *j48Fit) nominalSplit(a int, data []j48Inst, sumW float64, c *j48Cand) {
	dist := f.candDistFor(a, f.domain[a])
	vals := f.vals[a]
	for _, in := range data {
		if v := vals[in.i]; !math.IsNaN(v) {
			dist.add(int(v), int(f.labels[in.i]), in.w)
		}
	}
	c.dist = dist
	if !dist.check(f.minObj) {
		return
	}
	c.ok = true
	c.infoGain = dist.infoGain(sumW, dist.oldEnt())
	c.ratio = dist.gainRatio(sumW, c.infoGain)
}

// candDistFor returns feature a's candidate distribution (candDist) of
// bags bags, empty.
func (f *j48Fit) candDistFor(a, bags int) *j48Dist {
	d := f.candDist[a]
	if d == nil || d.bags() != bags {
		d = newJ48Dist(bags, f.k, f.xlogx)
		f.candDist[a] = d
		return d
	}
	d.reset()
	return d
}

// numericSplit is C45Split.handleNumericAttribute for feature a on the
// node's instances data sorted by a (Instances.sort, as J48 leaves them),
// the first firstMiss of which have a value.
func (f *j48Fit) numericSplit(a int, data []j48Inst, firstMiss int, sumW float64, c *j48Cand) {
	vals := f.vals[a]
	if f.scan == nil {
		f.scan = newJ48Dist(2, f.k, f.xlogx)
	}
	dist := f.scan
	dist.reset()
	for _, in := range data[:firstMiss] {
		dist.add(1, int(f.labels[in.i]), in.w)
	}
	minSplit := 0.1 * dist.total / float64(f.k)
	if j48SmOrEq(minSplit, f.minObj) {
		minSplit = f.minObj
	} else if j48Gr(minSplit, 25) {
		minSplit = 25
	}
	if j48Sm(float64(firstMiss), 2*minSplit) {
		return
	}
	defaultEnt := dist.oldEnt()
	best, splitIndex, index := 0.0, -1, 0
	last := 0
	for next := 1; next < firstMiss; next++ {
		if !(vals[data[next-1].i]+1e-5 < vals[data[next].i]) {
			continue
		}
		dist.shiftRange(1, 0, f, data[last:next])
		if j48GrOrEq(dist.perBag[0], minSplit) && j48GrOrEq(dist.perBag[1], minSplit) {
			if g := dist.infoGain(sumW, defaultEnt); j48Gr(g, best) {
				best, splitIndex = g, next-1
			}
			index++
		}
		last = next
	}
	if splitIndex < 0 { // no cut of gain above 0: the penalized gain is not either
		return
	}
	gain, sp, ok := numericCut(best, index, sumW, vals[data[splitIndex].i], vals[data[splitIndex+1].i])
	if !ok {
		return
	}
	dist = f.candDistFor(a, 2)
	dist.addRange(0, f, data[:splitIndex+1])
	dist.addRange(1, f, data[splitIndex+1:firstMiss])
	*c = j48Cand{ok: true, infoGain: gain, ratio: dist.gainRatio(sumW, gain), split: sp, dist: dist}
}

// numericCut is the end of handleNumericAttribute: the best cut's gain
// best less log2(index)/sumW for its index valid cuts, and its split
// point, the midpoint of the values lo < hi on either side (lo where the
// midpoint rounds to hi); not ok when no cut was valid or the gain is not
// above 0.
func numericCut(best float64, index int, sumW, lo, hi float64) (gain, sp float64, ok bool) {
	if index == 0 {
		return 0, 0, false
	}
	gain = best - math.Log(float64(index))/math.Ln2/sumW
	if j48SmOrEq(gain, 0) {
		return 0, 0, false
	}
	sp = (hi + lo) / 2
	if sp == hi {
		sp = lo
	}
	return gain, sp, true
}

// setSplitPoint is C45Split.setSplitPoint: the largest value of feature a
// in the whole training set at or below sp (within 1e-6). J48 scans the
// instances, keeping a value that beats the one kept by more than 1e-6;
// that is the largest such value, found by binary search, unless the
// value below it is within 1e-6, where the scan's order decides and so
// the scan is made.
func (f *j48Fit) setSplitPoint(a int, sp float64) float64 {
	ds := f.distinct[a]
	j := sort.Search(len(ds), func(j int) bool { return !j48SmOrEq(ds[j], sp) })
	switch {
	case j == 0:
		return -math.MaxFloat64
	case j == 1 || j48Gr(ds[j-1], ds[j-2]):
		return ds[j-1]
	}
	out := -math.MaxFloat64
	for _, v := range f.vals[a] {
		if !math.IsNaN(v) && j48Gr(v, out) && j48SmOrEq(v, sp) {
			out = v
		}
	}
	return out
}

// whichSubset is C45Split.whichSubset for node n's split: the branch of
// value v, or -1 where v is missing.
func (f *j48Fit) whichSubset(n *j48Node, v float64) int {
	switch {
	case math.IsNaN(v):
		return -1
	case !f.numeric[n.att]:
		return int(v)
	case j48SmOrEq(v, n.split):
		return 0
	}
	return 1
}

// split is ClassifierSplitModel.split: node n's instances data by branch,
// in data's order; an instance missing the value goes to every branch of
// share above 1e-6 in n's distribution, its weight times the share.
func (f *j48Fit) split(n *j48Node, data []j48Inst) [][]j48Inst {
	bags := n.dist.bags()
	parts := make([][]j48Inst, bags)
	for b := range parts { // room for the branch's weight in whole instances, which it holds without missing values
		parts[b] = make([]j48Inst, 0, int(max(n.dist.perBag[b], 0))+1)
	}
	vals := f.vals[n.att]
	var shares []float64
	for _, in := range data {
		b := f.whichSubset(n, vals[in.i])
		if b >= 0 {
			parts[b] = append(parts[b], in)
			continue
		}
		if shares == nil {
			shares = make([]float64, bags)
			for j := range shares {
				shares[j] = n.dist.perBag[j] / n.dist.total
			}
		}
		for j, s := range shares {
			if j48Gr(s, 0) {
				parts[j] = append(parts[j], j48Inst{in.i, s * in.w})
			}
		}
	}
	return parts
}

// resetDist is the local model's resetDistribution on data: a leaf's one
// bag of every instance; a split's branches of the instances with a
// value, then those without spread in the branches' shares.
func (f *j48Fit) resetDist(n *j48Node, data []j48Inst) *j48Dist {
	if n.leaf {
		d := newJ48Dist(1, f.k, f.xlogx)
		for _, in := range data {
			d.add(0, int(f.labels[in.i]), in.w)
		}
		return d
	}
	d := newJ48Dist(n.dist.bags(), f.k, f.xlogx)
	vals := f.vals[n.att]
	for _, in := range data {
		if b := f.whichSubset(n, vals[in.i]); b >= 0 {
			d.add(b, int(f.labels[in.i]), in.w)
		}
	}
	d.addInstWithUnknown(f, data, n.att)
	return d
}

// instancesSort is Weka 3.6.14's Instances.sort(attIndex) on data by
// vals: the instances reordered by Utils.sortWithNoMissingValues of their
// values, missing as Double.MAX_VALUE (wekasort.Sort: Weka's quicksort, not
// stable), so those missing the value come last; it returns how many
// come before the first of them.
func (f *j48Fit) instancesSort(data []j48Inst, vals []float64) int {
	if cap(f.sortKey) < len(data) {
		f.sortKey, f.sortIndex, f.sortBackup = make([]float64, len(data)), make([]int, len(data)), make([]j48Inst, len(data))
	}
	key := f.sortKey[:len(data)]
	for i, in := range data {
		key[i] = vals[in.i]
	}
	order := wekasort.SortKeys(key, f.sortIndex)
	backup := f.sortBackup[:len(data)]
	copy(backup, data)
	for i, o := range order {
		data[i] = backup[o]
	}
	for i, in := range data {
		if math.IsNaN(vals[in.i]) {
			return i
		}
	}
	return len(data)
}
