package train

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// cartWekaModel is the model of a CART fit by the SimpleCart port
// (cart_weka.go): its tree, with every node's class weights (tree.Weights,
// SimpleCart's m_Distribution) and its numeric nodes' split points, and
// SimpleCart's distributionForInstance over it.
//
// It differs from the tree's own walk (tree.Tree.DistributionValues,
// J48's getProbs) in two ways, both SimpleCart's:
//   - SimpleCart sends x < split to branch 0, where the tree sends
//     x <= Threshold: Threshold is the largest float64 below SimpleCart's
//     split point (math.Nextafter), so the two agree for every x, and
//     tree.Tree's Apply, Predict and printing route rows as SimpleCart
//     does (printed to Weka's 6 decimals, the threshold reads as the split
//     point);
//   - where x misses the tested value, the branches' distributions are
//     mixed in the proportions m_Props = the branches' total weights over
//     their sum, each branch's distribution computed first (J48 passes
//     the share down and multiplies at the leaf, and weighs by the node's
//     own total), and no branch is ever empty.
//
// SimpleCart's weights may come out a few ulps below 0 (a class's weight
// on a side of a numeric split is the node's less the other side's, and
// the missing values' fractions are added to it): the model keeps them
// exact (w) for its walk, and the tree, whose weights must not be
// negative (tree.Tree.Validate), gets them clamped at 0.
type cartWekaModel struct {
	t *tree.Tree
	w []float64 // per node, the tree's classes: SimpleCart's m_Distribution, exact
}

// weights returns node n's exact class weights.
func (m *cartWekaModel) weights(n int) []float64 { return m.w[n*m.t.Classes : (n+1)*m.t.Classes] }

var (
	_ ValuesDistributor = (*cartWekaModel)(nil)
	_ TreeModel         = (*cartWekaModel)(nil)
)

// newCARTWekaModel converts the grown or pruned SimpleCart tree under root
// to a tree.Tree over d's features.
func newCARTWekaModel(d *dataset.Dataset, root *scNode) *cartWekaModel {
	b := tree.NewBuilder(d.Domains(), d.Classes())
	type item struct {
		nd *scNode
		id int
	}
	group := make([]int, dataset.MaxValues)
	k := d.Classes()
	var exact []float64
	clamped := make([]float64, k)
	stack := []item{{root, b.Root()}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if need := (it.id + 1) * k; len(exact) < need {
			exact = append(exact, make([]float64, need-len(exact))...)
		}
		copy(exact[it.id*k:], it.nd.dist)
		for c, x := range it.nd.dist {
			clamped[c] = max(x, 0)
		}
		b.SetWeights(it.id, clamped)
		if it.nd.leaf {
			b.SetLeaf(it.id, dataset.ArgMax(it.nd.probs))
			continue
		}
		f := it.nd.feature
		var kids [2]int
		if d.IsNumeric(f) {
			kids[0], kids[1] = b.SplitNumeric(it.id, f, math.Nextafter(it.nd.split, math.Inf(-1)))
		} else {
			z := d.Domain(f)
			for v := range z {
				group[v] = 1 - int(it.nd.subset>>v&1)
			}
			k := b.Split(it.id, f, group[:z])
			kids[0], kids[1] = k[0], k[1]
		}
		stack = append(stack, item{it.nd.kids[1], kids[1]}, item{it.nd.kids[0], kids[0]})
	}
	t := b.Tree()
	return &cartWekaModel{t: t, w: append(exact, make([]float64, t.Len()*k-len(exact))...)}
}

// Tree returns the model's tree.
func (m *cartWekaModel) Tree() *tree.Tree { return m.t }

// DistributionValues writes to dst SimpleCart's class probabilities for
// the instance x (dataset.Values).
func (m *cartWekaModel) DistributionValues(x []float64, dst []float64) {
	clear(dst)
	m.probs(0, x, dst)
}

// probs adds SimpleCart's distribution of the subtree under node n for x
// to dst (zero on entry).
func (m *cartWekaModel) probs(n int, x []float64, dst []float64) {
	t := m.t
	for !t.IsLeaf(n) {
		next := t.NextValue(n, x[t.Feature[n]])
		if next >= 0 {
			n = next
			continue
		}
		// returnedDist[j] += m_Props[i] * help[j], branch by branch.
		kids := t.Children(n)
		first := int(kids[0])
		for _, c := range kids {
			first = min(first, int(c))
		}
		props := [2]float64{wekaSum(m.weights(first)), wekaSum(m.weights(first + 1))}
		if sum := props[0] + props[1]; sum != 0 {
			wekaNormalize(props[:], sum)
		}
		var buf [dataset.MaxValues]float64
		help := buf[:len(dst)]
		for b := range 2 {
			clear(help)
			m.probs(first+b, x, help)
			for j, p := range help {
				dst[j] += float64(props[b] * p)
			}
		}
		return
	}
	w := m.weights(n)
	sum := wekaSum(w)
	if sum == 0 {
		return
	}
	for j, v := range w {
		dst[j] = v / sum
	}
}

// ReachValues appends the leaves that DistributionValues' walk for x
// reaches: SimpleCart goes down both branches where x misses a value
// (tree.ReachAllValues), so that the cost evaluation charges x the tests
// of those paths (evaluate.Reacher).
func (m *cartWekaModel) ReachValues(x []float64, dst []int) []int { return m.t.ReachAllValues(x, dst) }

// PredictValues returns the first class of largest probability.
func (m *cartWekaModel) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	p := buf[:m.t.Classes]
	m.DistributionValues(x, p)
	return dataset.ArgMax(p)
}

// Predict classifies a row of nominal codes (dataset.MissingCode where
// missing; a numeric feature has no code: use PredictValues).
func (m *cartWekaModel) Predict(x []uint8) int {
	return m.PredictValues(dataset.CodesAsValues(x))
}
