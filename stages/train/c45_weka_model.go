package train

import (
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// j48WekaModel is the model of a fit by the J48 port (c45_weka.go): its
// tree, whose Weights are every node's class weights (J48's local model's
// distribution: at a split node, the instances missing its value
// included) and whose numeric nodes' Thresholds are J48's split points,
// and J48's getProbs over it.
//
// It differs from the tree's own walk (tree.Tree.DistributionValues) where
// J48's arithmetic does:
//   - J48 sends x to branch 0 when x − split < 1e-6 (Utils.smOrEq), where
//     the tree sends x ≤ Threshold: the two differ only for x within
//     1e-6 above a split point;
//   - where x misses the tested value, a branch's share is its weight in
//     the node's distribution over the node's total (C45Split.weights),
//     and a branch whose subtree is empty (ClassifierTree.m_isEmpty) is
//     skipped;
//   - where x enters an empty branch, the node's distribution of that
//     branch gives the probabilities (classProb), which is the node's
//     whole distribution as the branch has no weight.
type j48WekaModel struct {
	t     *tree.Tree
	nodes []j48Pred // per tree node
}

// j48Pred is what J48's walk reads at a node.
type j48Pred struct {
	dist     *j48Dist
	split    float64
	empty    bool
	numeric  bool
	children []int32 // the node's children by branch (nil at a leaf)
}

var (
	_ ValuesDistributor = (*j48WekaModel)(nil)
	_ TreeModel         = (*j48WekaModel)(nil)
)

// newJ48WekaModel converts the tree under root to a tree.Tree over d's
// features. An empty leaf predicts what J48 predicts there: its parent's
// majority class.
func newJ48WekaModel(d *dataset.Dataset, root *j48Node) *j48WekaModel {
	b := tree.NewBuilder(d.Domains(), d.Classes())
	m := &j48WekaModel{}
	type item struct {
		n      *j48Node
		id     int
		parent *j48Node
	}
	stack := []item{{root, b.Root(), nil}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		for len(m.nodes) <= it.id {
			m.nodes = append(m.nodes, j48Pred{})
		}
		b.SetWeights(it.id, n.dist.perClass)
		p := j48Pred{dist: n.dist, empty: n.empty}
		if n.leaf {
			c := n.dist.maxClass()
			if n.empty && it.parent != nil {
				c = it.parent.dist.maxClass()
			}
			b.SetLeaf(it.id, c)
			m.nodes[it.id] = p
			continue
		}
		var kids []int
		if d.IsNumeric(n.att) {
			lo, hi := b.SplitNumeric(it.id, n.att, n.split)
			kids = []int{lo, hi}
			p.numeric, p.split = true, n.split
		} else {
			kids = b.SplitMultiway(it.id, n.att)
		}
		p.children = make([]int32, len(kids))
		for i := len(kids) - 1; i >= 0; i-- {
			p.children[i] = int32(kids[i])
			stack = append(stack, item{n.sons[i], kids[i], n})
		}
		m.nodes[it.id] = p
	}
	m.t = b.Tree()
	return m
}

// Tree returns the model's tree.
func (m *j48WekaModel) Tree() *tree.Tree { return m.t }

// DistributionValues writes to dst J48's class probabilities for the
// instance x (dataset.Values): ClassifierTree.getProbs, class by class in
// its order of operations.
func (m *j48WekaModel) DistributionValues(x []float64, dst []float64) {
	clear(dst)
	m.probs(0, x, 1, dst)
}

// probs adds weight times the distribution of the subtree under node n
// for x to dst (getProbs with its weight).
func (m *j48WekaModel) probs(n int, x []float64, weight float64, dst []float64) {
	t := m.t
	for {
		p := &m.nodes[n]
		if t.IsLeaf(n) {
			for c := range dst {
				dst[c] += weight * p.dist.prob(c)
			}
			return
		}
		v := x[t.Feature[n]]
		b := -1
		switch {
		case v != v: // missing
		case !p.numeric:
			b = int(v)
		case j48SmOrEq(v, p.split):
			b = 0
		default:
			b = 1
		}
		if b < 0 {
			var buf [dataset.MaxValues]float64
			sum := buf[:len(dst)]
			for i, c := range p.children {
				if m.nodes[c].empty {
					continue
				}
				m.probs(int(c), x, p.dist.perBag[i]/p.dist.total*weight, sum)
			}
			for c, s := range sum {
				dst[c] += s
			}
			return
		}
		next := int(p.children[b])
		if m.nodes[next].empty {
			for c := range dst {
				dst[c] += weight * p.dist.probBag(c, b)
			}
			return
		}
		n = next
	}
}

// PredictValues returns the first class of largest probability.
func (m *j48WekaModel) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	p := buf[:m.t.Classes]
	m.DistributionValues(x, p)
	return dataset.ArgMax(p)
}

// Predict classifies a row of nominal codes (dataset.MissingCode where
// missing; a numeric feature has no code: use PredictValues).
func (m *j48WekaModel) Predict(x []uint8) int {
	return m.PredictValues(dataset.CodesAsValues(x))
}
