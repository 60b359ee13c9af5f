package train

import (
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/parallel"
	"github.com/dtbench/dtbench/tree"
)

// ForestModel is a forest's model: its trees, whose class distributions
// it averages. It is a Model with a Distribution, not a TreeModel: no one
// tree stands for it, so none is stored in models/ (the train stage's
// reload grows it again from the same generator).
type ForestModel struct {
	trees   []*tree.Tree
	classes int
	// counted holds each tree's tree.CountedPaths, so that a row walks a
	// tree with AddDistribution, which divides one leaf's counts, instead
	// of ApplyDistribution's sum of counts at every node of the path.
	counted []bool
	weka    []*randomTreeWekaModel // on data with numbers or missing values: the trees' models (DistributionValues)
}

// newForestModel returns the model of trees (at least one) over classes
// classes; it keeps the slice.
func newForestModel(trees []*tree.Tree, classes int) *ForestModel {
	counted := make([]bool, len(trees))
	for i, t := range trees {
		counted[i] = t.CountedPaths()
	}
	return &ForestModel{trees: trees, classes: classes, counted: counted}
}

// Trees returns the member trees, in the order they were grown. Callers
// must not modify them.
func (m *ForestModel) Trees() []*tree.Tree { return m.trees }

// Distribution writes to dst (len classes) the mean of the trees' class
// distributions for x, each J48-style (tree.Tree.Distribution), as Weka's
// Bagging.distributionForInstance averages its members'. It sums to 1 up
// to rounding.
func (m *ForestModel) Distribution(x []uint8, dst []float64) {
	var buf [dataset.MaxValues]float64
	one := buf[:m.classes]
	dst = dst[:m.classes]
	clear(dst)
	for i := range m.trees {
		m.addTree(i, x, dst, one)
	}
	n := float64(len(m.trees))
	for c := range dst {
		dst[c] /= n
	}
}

// addTree adds tree i's class distribution for x to acc: by
// AddDistribution, or its Distribution (one is scratch of one entry per
// class).
func (m *ForestModel) addTree(i int, x []uint8, acc, one []float64) {
	t := m.trees[i]
	if m.counted[i] {
		t.AddDistribution(x, acc)
		return
	}
	t.Distribution(x, one)
	for c, p := range one {
		acc[c] += p
	}
}

// forestBlock is the rows Distributions scores per tree at a time: a
// block's probabilities stay in the first-level cache while each tree's
// nodes, walked by every row of the block, stay in the second.
const forestBlock = 256

// PredictDistributions writes to pred (rows) and dst (rows × classes)
// the PredictDistribution of each of the rows of x (rows × features
// codes), bit for bit: each row's sum runs over the trees in the same
// order (evaluate.BatchDistributor). It walks tree-major, every tree over
// a block of rows before the next tree, rather than every tree for each
// row, whose walks of 100 trees too large for the cache together miss it
// at nearly every node; blocks are scored side by side.
func (m *ForestModel) PredictDistributions(x []uint8, features int, pred []int, dst []float64) {
	k := m.classes
	rows := len(pred)
	blocks := (rows + forestBlock - 1) / forestBlock
	_ = parallel.For(blocks, func(b int) error {
		lo, hi := b*forestBlock, min(rows, (b+1)*forestBlock)
		out := dst[lo*k : hi*k]
		clear(out)
		var buf [dataset.MaxValues]float64
		one := buf[:k]
		for i := range m.trees {
			for r := lo; r < hi; r++ {
				m.addTree(i, x[r*features:(r+1)*features:(r+1)*features], dst[r*k:(r+1)*k], one)
			}
		}
		n := float64(len(m.trees))
		for i := range out {
			out[i] /= n
		}
		for r := lo; r < hi; r++ {
			pred[r] = dataset.ArgMax(dst[r*k : (r+1)*k])
		}
		return nil
	})
}

// Predict returns the class of largest mean probability (Distribution),
// ties to the lowest class code, as Weka's Utils.maxIndex breaks them.
func (m *ForestModel) Predict(x []uint8) int {
	var buf [dataset.MaxValues]float64
	p := buf[:m.classes]
	m.Distribution(x, p)
	return dataset.ArgMax(p)
}

// PredictDistribution is Predict and Distribution from one pass over the
// trees (evaluate.PredictDistributor): scoring needs both for every row.
func (m *ForestModel) PredictDistribution(x []uint8, dst []float64) int {
	m.Distribution(x, dst)
	return dataset.ArgMax(dst[:m.classes])
}

// TestsRead reports the features some tree of the forest tests: what
// classifying a row costs in tests (evaluate.TestReader).
func (m *ForestModel) TestsRead(features int) []bool {
	used := make([]bool, features)
	for _, t := range m.trees {
		for _, f := range t.Feature {
			if f != tree.Leaf && int(f) < features {
				used[f] = true
			}
		}
	}
	return used
}

// DistributionValues writes to dst the forest's class probabilities for
// the instance x (dataset.Values), as Weka's Bagging.distributionForInstance
// forms them: the members' distributions (RandomTree's, on data with
// numbers or missing values) summed in order and normalized by their sum
// (left as they are when it is 0).
func (m *ForestModel) DistributionValues(x []float64, dst []float64) {
	var buf [dataset.MaxValues]float64
	one := buf[:m.classes]
	dst = dst[:m.classes]
	clear(dst)
	for i, t := range m.trees {
		if m.weka != nil {
			m.weka[i].DistributionValues(x, one)
		} else {
			t.DistributionValues(x, one)
		}
		for c, p := range one {
			dst[c] += p
		}
	}
	if sum := wekaSum(dst); !wekaEq(sum, 0) {
		wekaNormalize(dst, sum)
	}
}

// PredictValues returns the class of largest probability
// (DistributionValues), ties to the lowest class code.
func (m *ForestModel) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	p := buf[:m.classes]
	m.DistributionValues(x, p)
	return dataset.ArgMax(p)
}
