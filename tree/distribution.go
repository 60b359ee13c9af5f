package tree

// Distribution writes to dst (len Classes) the class probabilities the
// tree gives input x, as Weka's J48 computes them: the class counts of
// the leaf x reaches, normalized; where x would enter a branch that no
// training row took (zero counts), the counts of the node above it — the
// parent's distribution. A tree without counts puts probability 1 on its
// prediction.
func (t *Tree) Distribution(x []uint8, dst []float64) { t.PredictDistribution(x, dst) }

// PredictDistribution returns the class the tree gives x (Predict) and
// writes its class probabilities to dst (Distribution), from one walk
// down the tree: scoring a model's accuracy and mean absolute error needs
// both for every row.
func (t *Tree) PredictDistribution(x []uint8, dst []float64) int {
	return int(t.Class[t.ApplyDistribution(x, dst)])
}

// ApplyDistribution returns the leaf x reaches (Apply) and writes x's
// class probabilities to dst (Distribution), from one walk: the cost
// study charges the leaf's path as it scores the prediction. A tree with
// Weights is walked as DistributionValues walks it.
func (t *Tree) ApplyDistribution(x []uint8, dst []float64) int {
	clear(dst)
	if len(t.Weights) != 0 {
		return t.applyDistributionWeights(x, dst)
	}
	if len(t.Counts) == 0 {
		leaf := t.Apply(x)
		dst[t.Class[leaf]] = 1
		return leaf
	}
	// n walks to the leaf; at is the deepest node on the way whose path
	// from the root has counts on every node, the one that gives the
	// distribution.
	n, at, counted := 0, 0, true
	for t.Feature[n] != Leaf {
		n = int(t.Child[int(t.Offset[n])+int(x[t.Feature[n]])])
		if counted {
			if countsTotal(t.NodeCounts(n)) == 0 {
				counted = false
			} else {
				at = n
			}
		}
	}
	counts := t.NodeCounts(at)
	total := countsTotal(counts)
	if total == 0 {
		dst[t.Class[n]] = 1
		return n
	}
	for c, k := range counts {
		dst[c] = float64(k) / float64(total)
	}
	return n
}

func countsTotal(counts []int32) int64 {
	var n int64
	for _, c := range counts {
		n += int64(c)
	}
	return n
}

// applyDistributionWeights is ApplyDistribution on a tree with Weights:
// the walk of DistributionValues on an instance without missing values.
func (t *Tree) applyDistributionWeights(x []uint8, dst []float64) int {
	n, at := 0, 0
	for t.Feature[n] != Leaf {
		n = int(t.Child[int(t.Offset[n])+int(x[t.Feature[n]])])
		if at >= 0 && t.nodeTotal(n) < emptyWeight {
			t.addNodeProbs(at, 1, dst)
			at = -1
		} else if at >= 0 {
			at = n
		}
	}
	if at >= 0 {
		t.addNodeProbs(at, 1, dst)
	}
	return n
}
