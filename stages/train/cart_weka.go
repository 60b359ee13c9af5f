package train

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/wekasort"
)

// The CART of numeric attributes and missing values: Weka 3.6.14's
// SimpleCart (revision 10491) ported method for method, on instances in
// Weka's order with fractional weights. The nominal engine (cart.go,
// cart_split.go and the grow package) counts rows through bitsets and has
// no weights; this one keeps, as SimpleCart does, per node and attribute
// the instances in sorted order with their weights, and sums the weights
// in SimpleCart's order, so that every Gini gain, split point and branch
// proportion is SimpleCart's to the bit. It serves every fit on a dataset
// with a numeric feature or a missing value; on nominal data without
// missing values it grows the nominal engine's trees (TestCARTWekaPathAgrees).
//
// What SimpleCart does, and so this port:
//   - A numeric attribute is split at the midpoint (a+b)/2 of two
//     consecutive distinct values a < b of the node's instances with the
//     value, sorted (Utils.sort: missing last); an instance goes to
//     branch 0 when its value is below the split point. The split of
//     largest Gini gain wins, the first (lowest) on ties.
//   - The gain of a candidate split counts the instances missing the
//     attribute in both branches, in the branch proportions of those that
//     have it (computeGiniGain on the distributed counts); a nominal
//     attribute's candidates are SimpleCart's subsets (cart_split.go).
//   - The split attribute's instances missing the value go down both
//     branches, their weights times the branch proportions (m_Props) of
//     the chosen split, so lower nodes hold fractional weights.
//   - A node is a leaf when its weight is below 2·min_leaf, its best gain
//     is not above 0, a branch would get no weight, or a branch would get
//     fewer than min_leaf instances (counted, fractional copies included).
//   - Pruning (cart_weka_prune.go) counts errors in weights; prediction
//     (cartWekaModel) mixes the two branches' distributions in the branch
//     proportions where the instance misses the tested value.

// scFit is one SimpleCart fit: the instances it grows on, in Weka's
// order (instance i is dataset row rows[i]), and its options.
type scFit struct {
	d       *dataset.Dataset
	rows    []int
	labels  []uint8 // class of each instance
	k       int     // classes
	minObj  float64 // m_minNumObj
	exhMax  int     // multi-class subsets tried exhaustively up to this many values (cart_split.go)
	pca     cartPCA
	fitTab  [][]int // per nominal feature: its table over every instance of the fit (missing as code 0)
	fitCnt  []int   // class counts of every instance of the fit
	present []int   // scratch
	// classPos is where the class sits among Weka's attributes (m, last,
	// as dtbench writes ARFF files): SimpleCart picks the split attribute
	// with Utils.maxIndex over all of them, the class's gain 0 included,
	// so a node whose features' best gain is not above 0 is a leaf either
	// way, but with the class first a gain of exactly 0 loses to it, and
	// then the leaf's m_train is empty (no errors counted in pruning).
	classPos int
}

// scNode is a SimpleCart node (one SimpleCart object of the tree).
type scNode struct {
	feature int     // m_Attribute's index; -1 at a grown leaf
	split   float64 // m_SplitValue: a numeric split sends x < split to branch 0
	subset  uint64  // nominal split: the values of branch 0
	props   [2]float64
	dist    []float64 // m_Distribution: the node's class weights
	probs   []float64 // m_ClassProbs: dist normalized
	kids    [2]*scNode
	leaf    bool     // m_isLeaf
	train   []scInst // m_train: the node's instances and weights, in the split attribute's order
	// Pruning state.
	alpha, incModel, incTree float64
}

// scInst is an instance of a node and its weight there.
type scInst struct {
	i int32
	w float64
}

// scLists are a node's instances per feature: idx[f] in feature f's order
// (numeric: ascending, missing last; nominal: the fit's order, missing
// last), w[f] their weights.
type scLists struct {
	idx [][]int32
	w   [][]float64
}

// newSCFit prepares a fit on the instances rows (in order) of d.
func newSCFit(d *dataset.Dataset, rows []int, o CARTOptions) *scFit {
	f := &scFit{d: d, rows: rows, k: d.Classes(), minObj: float64(o.MinLeaf), exhMax: cartExhaustiveWeka, classPos: d.Schema().ClassPosition()}
	if !o.Heuristic {
		f.exhMax = cartExhaustiveMax
	}
	f.labels = make([]uint8, len(rows))
	for i, r := range rows {
		f.labels[i] = d.Label(r)
	}
	return f
}

// value returns instance i's value of feature f as Weka holds it: the
// code (as float64) or number, NaN where missing.
func (s *scFit) value(f int, i int32) float64 {
	r := s.rows[i]
	if nums := s.d.Numbers(f); nums != nil {
		return nums[r]
	}
	c := s.d.Column(f)[r]
	if c == dataset.MissingCode {
		return math.NaN()
	}
	return float64(c)
}

// code returns instance i's code of nominal feature f (MissingCode where
// missing).
func (s *scFit) code(f int, i int32) uint8 { return s.d.Column(f)[s.rows[i]] }

// grow grows the unpruned tree of the fit (computeSortedInfo, then
// makeTree).
func (s *scFit) grow() *scNode {
	m := s.d.NumFeatures()
	n := len(s.rows)
	ls := scLists{idx: make([][]int32, m), w: make([][]float64, m)}
	vals := make([]float64, n)
	s.fitTab = resize(s.fitTab, m)
	s.fitCnt = make([]int, s.k)
	for _, c := range s.labels {
		s.fitCnt[c]++
	}
	for f := range m {
		idx := make([]int32, 0, n)
		if s.d.IsNumeric(f) {
			for i := range n {
				vals[i] = s.value(f, int32(i))
			}
			for _, i := range wekasort.Sort(vals) {
				idx = append(idx, int32(i))
			}
			s.fitTab[f] = nil
		} else {
			for i := range n {
				if s.code(f, int32(i)) != dataset.MissingCode {
					idx = append(idx, int32(i))
				}
			}
			for i := range n {
				if s.code(f, int32(i)) == dataset.MissingCode {
					idx = append(idx, int32(i))
				}
			}
			z := s.d.Domain(f)
			tab := make([]int, z*s.k)
			for i := range n {
				c := s.code(f, int32(i))
				if c == dataset.MissingCode {
					c = 0 // (int) NaN in SimpleCart's heuristic: value 0
				}
				tab[int(c)*s.k+int(s.labels[i])]++
			}
			s.fitTab[f] = tab
		}
		w := make([]float64, n)
		for i := range w {
			w[i] = 1
		}
		ls.idx[f], ls.w[f] = idx, w
	}
	probs := make([]float64, s.k)
	total := 0.0
	for _, c := range s.labels {
		probs[c]++
		total++
	}
	root := &scNode{}
	s.makeTree(root, ls, probs, total)
	return root
}

// scSplit is one attribute's best split at a node (the entries of
// SimpleCart's props, dists, totalSubsetWeights, splits or splitString and
// giniGains arrays for it).
type scSplit struct {
	gain   float64
	split  float64
	subset uint64
	props  []float64 // nil where SimpleCart leaves double[0]
	dist   [2][]float64
	totals [2]float64
}

// makeTree is SimpleCart.makeTree on the instances ls with class weights
// classProbs of total weight totalWeight.
func (s *scFit) makeTree(nd *scNode, ls scLists, classProbs []float64, totalWeight float64) {
	nd.feature = -1
	nd.dist = classProbs
	nd.probs = append([]float64(nil), classProbs...)
	nd.leaf = true
	if totalWeight == 0 {
		return // no instance reached it (SimpleCart: "normally won't happen")
	}
	if sum := wekaSum(nd.probs); sum != 0 {
		wekaNormalize(nd.probs, sum)
	}
	m := s.d.NumFeatures()
	splits := make([]scSplit, m)
	for f := range m {
		if s.d.IsNumeric(f) {
			s.numericDistribution(&splits[f], f, ls.idx[f], ls.w[f])
		} else {
			s.nominalDistribution(&splits[f], f, ls.idx[f], ls.w[f])
		}
	}
	// Utils.maxIndex over Weka's attributes, the class (gain 0) at
	// position classPos: att = m when the class wins.
	att, best := m, 0.0
	for p := 0; p <= m; p++ {
		f, g := m, 0.0
		if p != s.classPos {
			f = p
			if p > s.classPos {
				f = p - 1
			}
			g = splits[f].gain
		}
		if p == 0 || g > best {
			att, best = f, g
		}
	}
	if att < m {
		nd.train = make([]scInst, len(ls.idx[att]))
		for j, i := range ls.idx[att] {
			nd.train[j] = scInst{i, ls.w[att][j]}
		}
	}
	if totalWeight < 2*s.minObj || best == 0 || splits[att].props[0] == 0 || splits[att].props[1] == 0 {
		return
	}
	sp := &splits[att]
	nd.props = [2]float64(sp.props)
	nd.split, nd.subset = sp.split, sp.subset
	sub := s.splitData(nd, att, ls)
	if float64(len(sub[0].idx[att])) < s.minObj || float64(len(sub[1].idx[att])) < s.minObj {
		return
	}
	nd.feature = att
	nd.leaf = false
	for b := range 2 {
		nd.kids[b] = &scNode{}
		s.makeTree(nd.kids[b], sub[b], sp.dist[b], sp.totals[b])
	}
}

// goesLeft reports whether an instance with value x (not missing) of the
// node's split feature f goes to branch 0.
func (s *scFit) goesLeft(nd *scNode, f int, x float64) bool {
	if s.d.IsNumeric(f) {
		return x < nd.split
	}
	return nd.subset>>uint(x)&1 != 0
}

// splitData is SimpleCart.splitData: every feature's instances divided
// between the branches in order, an instance missing feature att going to
// both with its weight times the branch's proportion.
func (s *scFit) splitData(nd *scNode, att int, ls scLists) [2]scLists {
	m := len(ls.idx)
	var out [2]scLists
	for b := range 2 {
		out[b] = scLists{idx: make([][]int32, m), w: make([][]float64, m)}
	}
	for f := range m {
		for j, i := range ls.idx[f] {
			x := s.value(att, i)
			w := ls.w[f][j]
			if math.IsNaN(x) {
				for b := range 2 {
					if nd.props[b] > 0 {
						out[b].idx[f] = append(out[b].idx[f], i)
						out[b].w[f] = append(out[b].w[f], nd.props[b]*w)
					}
				}
				continue
			}
			b := 1
			if s.goesLeft(nd, att, x) {
				b = 0
			}
			out[b].idx[f] = append(out[b].idx[f], i)
			out[b].w[f] = append(out[b].w[f], w)
		}
	}
	return out
}

// wekaSum is Utils.sum: the sum in index order.
func wekaSum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// wekaNormalize is Utils.normalize(x, sum): every entry divided by sum.
func wekaNormalize(x []float64, sum float64) {
	for i := range x {
		x[i] /= sum
	}
}

// wekaGini is SimpleCart.computeGini: 1 − Σ_c (d_c/t)·(d_c/t), 0 when t = 0.
func wekaGini(dist []float64, total float64) float64 {
	if total == 0 {
		return 0
	}
	val := 0.0
	for _, x := range dist {
		val += float64(float64(x/total) * float64(x/total))
	}
	return 1 - val
}

// wekaGiniGain is SimpleCart.computeGiniGain of the split of a node with
// class weights parent into branches left and right.
func wekaGiniGain(parent, left, right []float64) float64 {
	total := wekaSum(parent)
	if total == 0 {
		return 0
	}
	lw, rw := wekaSum(left), wekaSum(right)
	g := wekaGini(parent, total)
	g -= float64(lw / total * wekaGini(left, lw))
	g -= float64(rw / total * wekaGini(right, rw))
	return g
}

// fitWeka fits CART with the SimpleCart port on the dataset rows order,
// in that order, the pruning folds stratified from the rows folded
// returns.
func (l CART) fitWeka(d *dataset.Dataset, order []int, folded func() []int) Model {
	s := newSCFit(d, order, l.Options)
	var root *scNode
	if l.Options.Pruning == CARTPruneNone {
		root = s.grow()
	} else {
		root = scPruned(s, l.Options, folded)
	}
	return newCARTWekaModel(d, root)
}
