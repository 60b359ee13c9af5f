package train

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/wekasort"
	"github.com/dtbench/dtbench/tree"
)

// RandomTree on numeric attributes and missing values: Weka 3.6.14's
// RandomTree.Tree (buildTree, distribution, splitData,
// distributionForInstance) ported on weighted instances, for a dataset
// with a numeric feature or a missing value (the nominal engine,
// randomtree.go, has no weights). As in Weka:
//   - A numeric attribute's split point is the midpoint of two consecutive
//     distinct values of the node's instances that have one (the value
//     itself where the midpoint rounds down to the lower), chosen for the
//     largest information gain over those instances; an instance goes to
//     branch 0 when its value is below it. A nominal attribute has one
//     branch per value.
//   - The attribute's merit is the gain over all the node's instances,
//     those missing it spread over the branches in the proportions of the
//     others' weights; the instances missing the chosen attribute go down
//     every branch of positive proportion, their weights times it.
//   - Attributes are drawn from a window that each draw permutes, the
//     permutation kept from node to node; at least K are drawn, and more,
//     one at a time, until one has a gain above 1e-6 (Utils.gr) or none is
//     left; the best gain wins, ties to the lowest index. A node is a
//     leaf when its weight is below 2·min_leaf, its majority holds all
//     of it but 1e-6 (Utils.eq), at max_depth, or when no gain is above
//     1e-6.
//   - A branch without instances is empty: an instance reaching it gets
//     its parent's distribution; where an instance misses the tested
//     value, the branches' distributions are mixed in the proportions.
//
// Sums are formed in Weka's order (the instances re-sorted in place by
// each numeric attribute examined, Instances.sort) and logarithms as
// fdlibm computes them (fdlibmLog), so that the gains compare as Weka's
// do. Fit draws the features from the generator it is given; FitOrdered,
// on rows in Weka's order, from Weka's own stream (randomforest_weka.go),
// and its trees are then Weka's node for node (TestRandomTreeNumericIsWekas,
// against Weka run with Math.log as fdlibm's: HotSpot's libm intrinsic
// may differ from it in the last bit, and a near-tie between two
// attributes may then go the other way).
type rtFit struct {
	d        *dataset.Dataset
	k        int
	kValue   int
	minNum   float64
	maxDepth int
	window   []int // Weka's attIndicesWindow, permuted by every draw
	rng      intN
}

// intN draws uniformly from [0, n): math/rand/v2's generator, or Weka's
// java.util.Random (javaIntN).
type intN interface{ IntN(n int) int }

// rtInst is an instance of a node: its dataset row and weight.
type rtInst struct {
	r int
	w float64
}

// rtNode is a RandomTree.Tree node.
type rtNode struct {
	feature int // m_Attribute, −1 at a leaf
	split   float64
	prop    []float64
	dist    []float64 // m_ClassDistribution, nil when dropped (an inner node with no empty child) or empty
	built   []float64 // the class weights the node was built with (nil when it had no instances)
	kids    []*rtNode
}

// value returns row r's value of feature f as Weka holds it (code or
// number, NaN where missing).
func (s *rtFit) value(f, r int) float64 {
	if nums := s.d.Numbers(f); nums != nil {
		return nums[r]
	}
	c := s.d.Column(f)[r]
	if c == dataset.MissingCode {
		return math.NaN()
	}
	return float64(c)
}

// buildTree is RandomTree.Tree.buildTree.
func (s *rtFit) buildTree(data []rtInst, classProbs []float64, depth int) *rtNode {
	nd := &rtNode{feature: -1}
	if len(data) == 0 {
		return nd
	}
	nd.dist = append([]float64(nil), classProbs...)
	nd.built = nd.dist
	sum := wekaSum(nd.dist)
	if sum < 2*s.minNum || wekaEq(nd.dist[dataset.ArgMax(nd.dist)], sum) || (s.maxDepth > 0 && depth >= s.maxDepth) {
		return nd
	}
	val, split := -math.MaxFloat64, -math.MaxFloat64
	var bestDists [][]float64
	var bestProps []float64
	best := 0
	window := len(s.window)
	k := s.kValue
	gainFound := false
	for window > 0 && (k > 0 || !gainFound) {
		k--
		chosen := s.rng.IntN(window)
		att := s.window[chosen]
		s.window[chosen], s.window[window-1] = s.window[window-1], att
		window--
		currSplit, props, dists := s.distribution(att, data)
		currVal := entropyOverColumns(dists) - entropyConditionedOnRows(dists)
		if currVal-0 > 1e-6 {
			gainFound = true
		}
		if currVal > val || (currVal == val && att < best) {
			val, best, split, bestProps, bestDists = currVal, att, currSplit, props, dists
		}
	}
	if !(val-0 > 1e-6) {
		return nd
	}
	nd.feature, nd.split, nd.prop = best, split, bestProps
	subsets := s.splitData(nd, data)
	nd.kids = make([]*rtNode, len(bestDists))
	empty := false
	for i := range bestDists {
		nd.kids[i] = s.buildTree(subsets[i], bestDists[i], depth+1)
		empty = empty || nd.kids[i].dist == nil
	}
	if !empty {
		nd.dist = nil
	}
	return nd
}

// wekaEq is Utils.eq: equal within 1e-6.
func wekaEq(a, b float64) bool { return a == b || (a-b < 1e-6 && b-a < 1e-6) }

// distribution is RandomTree.Tree.distribution for feature att on data
// (re-sorted in place by a numeric att): the split point (numeric), the
// branches' proportions and their class weights, the instances missing
// att spread in those proportions.
func (s *rtFit) distribution(att int, data []rtInst) (float64, []float64, [][]float64) {
	splitPoint := math.NaN()
	k := s.k
	firstMissing := len(data)
	var dist [][]float64
	numeric := s.d.IsNumeric(att)
	if !numeric {
		dist = make([][]float64, s.d.Domain(att))
		for v := range dist {
			dist[v] = make([]float64, k)
		}
		for i, in := range data {
			x := s.value(att, in.r)
			if math.IsNaN(x) {
				if firstMissing == len(data) {
					firstMissing = i
				}
				continue
			}
			dist[int(x)][s.d.Label(in.r)] += in.w
		}
	} else {
		s.sortBy(att, data)
		curr := [][]float64{make([]float64, k), make([]float64, k)}
		dist = [][]float64{make([]float64, k), make([]float64, k)}
		for j, in := range data {
			if math.IsNaN(s.value(att, in.r)) {
				firstMissing = j
				break
			}
			curr[1][s.d.Label(in.r)] += in.w
		}
		prior := entropyOverColumns(curr)
		copy(dist[0], curr[0])
		copy(dist[1], curr[1])
		currSplit := s.value(att, data[0].r)
		bestVal := -math.MaxFloat64
		for _, in := range data[:firstMissing] {
			x := s.value(att, in.r)
			if x > currSplit {
				if currVal := prior - entropyConditionedOnRows(curr); currVal > bestVal {
					bestVal = currVal
					splitPoint = (x + currSplit) / 2
					if splitPoint <= currSplit {
						splitPoint = x
					}
					copy(dist[0], curr[0])
					copy(dist[1], curr[1])
				}
				currSplit = x
			}
			c := s.d.Label(in.r)
			curr[0][c] += in.w
			curr[1][c] -= in.w
		}
	}
	props := make([]float64, len(dist))
	for v := range dist {
		props[v] = wekaSum(dist[v])
	}
	if sum := wekaSum(props); wekaEq(sum, 0) {
		for v := range props {
			props[v] = 1 / float64(len(props))
		}
	} else {
		wekaNormalize(props, sum)
	}
	for _, in := range data[firstMissing:] {
		if !numeric && !math.IsNaN(s.value(att, in.r)) {
			continue
		}
		c := s.d.Label(in.r)
		for v := range dist {
			dist[v][c] += float64(props[v] * in.w)
		}
	}
	return splitPoint, props, dist
}

// sortBy sorts data by feature f in place as Weka's Instances.sort does
// (Utils.sortWithNoMissingValues, missing values as Double.MAX_VALUE).
func (s *rtFit) sortBy(f int, data []rtInst) {
	vals := make([]float64, len(data))
	for i, in := range data {
		vals[i] = s.value(f, in.r)
	}
	order := wekasort.Sort(vals)
	backup := append([]rtInst(nil), data...)
	for j, i := range order {
		data[j] = backup[i]
	}
}

// splitData is RandomTree.Tree.splitData: the instances of each branch
// in data's order, one missing the attribute going to every branch of
// positive proportion with its weight times it.
func (s *rtFit) splitData(nd *rtNode, data []rtInst) [][]rtInst {
	subsets := make([][]rtInst, len(nd.prop))
	numeric := s.d.IsNumeric(nd.feature)
	for _, in := range data {
		x := s.value(nd.feature, in.r)
		switch {
		case math.IsNaN(x):
			for b, p := range nd.prop {
				if p > 0 {
					subsets[b] = append(subsets[b], rtInst{in.r, float64(p * in.w)})
				}
			}
		case numeric:
			b := 0
			if x >= nd.split {
				b = 1
			}
			subsets[b] = append(subsets[b], in)
		default:
			subsets[int(x)] = append(subsets[int(x)], in)
		}
	}
	return subsets
}

// lnFunc is ContingencyTables.lnFunc: x·ln x, 0 for x <= 0, the
// logarithm fdlibm's (StrictMath.log).
func lnFunc(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return float64(x * fdlibmLog(x))
}

// entropyOverColumns is ContingencyTables.entropyOverColumns of the
// table m (rows × classes): the class entropy of its total, in bits.
func entropyOverColumns(m [][]float64) float64 {
	ret, total := 0.0, 0.0
	for j := range m[0] {
		col := 0.0
		for i := range m {
			col += m[i][j]
		}
		ret -= lnFunc(col)
		total += col
	}
	if wekaEq(total, 0) {
		return 0
	}
	return (ret + lnFunc(total)) / float64(total*math.Ln2)
}

// entropyConditionedOnRows is ContingencyTables.entropyConditionedOnRows:
// the class entropy given the row, in bits.
func entropyConditionedOnRows(m [][]float64) float64 {
	ret, total := 0.0, 0.0
	for i := range m {
		row := 0.0
		for j := range m[0] {
			ret += lnFunc(m[i][j])
			row += m[i][j]
		}
		ret -= lnFunc(row)
		total += row
	}
	if wekaEq(total, 0) {
		return 0
	}
	return -ret / float64(total*math.Ln2)
}

// fitRandomTreeWeka grows a RandomTree with the port on the dataset rows
// listed (in that order, a row listed twice counting twice: a bootstrap
// sample), each of weight 1, drawing features with rng.
func fitRandomTreeWeka(d *dataset.Dataset, rows []int, o RandomTreeOptions, rng intN) *randomTreeWekaModel {
	m := d.NumFeatures()
	s := &rtFit{d: d, k: d.Classes(), kValue: o.K, minNum: float64(o.MinLeaf), maxDepth: o.MaxDepth, rng: rng}
	if s.kValue > m {
		s.kValue = m
	}
	if s.kValue < 1 {
		s.kValue = randomTreeK(m)
	}
	s.window = make([]int, m)
	for f := range s.window {
		s.window[f] = f
	}
	data := make([]rtInst, len(rows))
	probs := make([]float64, s.k)
	for i, r := range rows {
		data[i] = rtInst{r, 1}
		probs[d.Label(r)]++
	}
	return newRandomTreeWekaModel(d, s.buildTree(data, probs, 0))
}

// randomTreeWekaModel is a RandomTree of the port as a tree.Tree, with
// Weka's distributionForInstance over it (RandomTree's proportions and
// its empty branches, which J48's walk, tree.Tree.DistributionValues,
// does not follow; numeric thresholds as CART's, cartWekaModel).
type randomTreeWekaModel struct {
	t    *tree.Tree
	prop [][]float64 // per node: m_Prop (nil at a leaf)
	dist [][]float64 // per node: m_ClassDistribution (nil where Weka has none)
}

var (
	_ ValuesDistributor = (*randomTreeWekaModel)(nil)
	_ TreeModel         = (*randomTreeWekaModel)(nil)
)

func newRandomTreeWekaModel(d *dataset.Dataset, root *rtNode) *randomTreeWekaModel {
	b := tree.NewBuilder(d.Domains(), d.Classes())
	m := &randomTreeWekaModel{}
	k := d.Classes()
	w := make([]float64, k)
	type item struct {
		nd        *rtNode
		id, major int
	}
	stack := []item{{root, b.Root(), 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for len(m.prop) <= it.id {
			m.prop, m.dist = append(m.prop, nil), append(m.dist, nil)
		}
		m.dist[it.id] = it.nd.dist
		clear(w)
		for c, x := range it.nd.built {
			w[c] = max(x, 0)
		}
		b.SetWeights(it.id, w)
		major := it.major // an empty node takes its parent's majority
		if it.nd.built != nil {
			major = dataset.ArgMax(it.nd.built)
		}
		if it.nd.feature < 0 {
			b.SetLeaf(it.id, major)
			continue
		}
		m.prop[it.id] = it.nd.prop
		var kids []int
		if d.IsNumeric(it.nd.feature) {
			le, gt := b.SplitNumeric(it.id, it.nd.feature, math.Nextafter(it.nd.split, math.Inf(-1)))
			kids = []int{le, gt}
		} else {
			kids = b.SplitMultiway(it.id, it.nd.feature)
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, item{it.nd.kids[i], kids[i], major})
		}
	}
	m.t = b.Tree()
	for len(m.prop) < m.t.Len() {
		m.prop, m.dist = append(m.prop, nil), append(m.dist, nil)
	}
	return m
}

// Tree returns the model's tree.
func (m *randomTreeWekaModel) Tree() *tree.Tree { return m.t }

// DistributionValues writes Weka's RandomTree class probabilities for
// x; all zero where Weka's would be null (never at the root of a tree
// grown on rows).
func (m *randomTreeWekaModel) DistributionValues(x []float64, dst []float64) {
	clear(dst)
	if p := m.probs(0, x); p != nil {
		copy(dst, p)
	}
}

// probs is Tree.distributionForInstance at node n; nil for Weka's null.
func (m *randomTreeWekaModel) probs(n int, x []float64) []float64 {
	t := m.t
	var ret []float64
	if !t.IsLeaf(n) {
		next := t.NextValue(n, x[t.Feature[n]])
		if next < 0 {
			ret = make([]float64, t.Classes)
			for i, c := range t.Children(n) {
				if help := m.probs(int(c), x); help != nil {
					for j, p := range help {
						ret[j] += float64(m.prop[n][i] * p)
					}
				}
			}
		} else {
			ret = m.probs(next, x)
		}
		if ret != nil {
			return ret
		}
	}
	if d := m.dist[n]; d != nil {
		out := append([]float64(nil), d...)
		wekaNormalize(out, wekaSum(out))
		return out
	}
	return nil
}

// ReachValues appends the leaves that DistributionValues' walk for x
// reaches: RandomTree goes down every branch where x misses a value
// (tree.ReachAllValues), so that the cost evaluation charges x the tests
// of those paths (evaluate.Reacher).
func (m *randomTreeWekaModel) ReachValues(x []float64, dst []int) []int {
	return m.t.ReachAllValues(x, dst)
}

// PredictValues returns the first class of largest probability.
func (m *randomTreeWekaModel) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	p := buf[:m.t.Classes]
	m.DistributionValues(x, p)
	return dataset.ArgMax(p)
}

// Predict classifies a row of nominal codes (dataset.MissingCode where
// missing).
func (m *randomTreeWekaModel) Predict(x []uint8) int {
	return m.PredictValues(dataset.CodesAsValues(x))
}
