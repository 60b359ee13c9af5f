package train

import (
	"math"

	"github.com/dtbench/dtbench/cv"
)

// Minimal cost-complexity pruning in the SimpleCart port (cart_weka.go),
// SimpleCart's buildClassifier, prune, modelErrors, treeErrors,
// calculateAlphas and nodeToPrune ported as they are, full passes over
// the tree included: with fractional weights a node's errors are sums of
// weights, and a test instance that misses a tested value is classified
// by mixing branches, which the nominal pruner's per-node counts
// (cart_prune.go) cannot follow. The trees it prunes have tens to
// hundreds of inner nodes, so the quadratic passes cost little.

// scPruned grows the tree of the instances rows (in order) and prunes it
// as SimpleCart's buildClassifier does, the internal folds stratified from
// the rows folded returns, in that order.
func scPruned(s *scFit, o CARTOptions, folded func() []int) *scNode {
	idx := folded()
	m := len(idx)
	folds := min(o.Folds, m)
	full := func() *scNode { return s.grow() }
	if folds < 2 {
		return full()
	}
	idx = cv.WekaStratify(idx, s.d.Labels(), folds)
	alphas := make([][]float64, folds)
	errs := make([][]float64, folds)
	for i := range folds {
		first, size := cv.TestBlock(m, folds, i)
		train := make([]int, 0, m-size)
		train = append(append(train, idx[:first]...), idx[first+size:]...)
		f := newSCFitLike(s, train)
		t := f.grow()
		alphas[i], errs[i] = t.pruneSequence(f, idx[first:first+size])
	}
	t := full()
	treeAlphas, _ := t.pruneSequence(s, nil)
	iterations := len(treeAlphas) - 2
	treeErrors := make([]float64, iterations+1)
	for i := 0; i <= iterations; i++ {
		alpha := math.Sqrt(treeAlphas[i] * treeAlphas[i+1])
		e := 0.0
		for k := range folds {
			l := 0
			for l < len(alphas[k])-1 && alphas[k][l] <= alpha {
				l++
			}
			e += errs[k][max(l-1, 0)]
		}
		treeErrors[i] = e / float64(folds)
	}
	best, bestError := -1, math.MaxFloat64
	for i := iterations; i >= 0; i-- {
		if treeErrors[i] < bestError {
			best, bestError = i, treeErrors[i]
		}
	}
	if o.OneSE {
		se := math.Sqrt(bestError * (1 - bestError) / float64(len(s.rows)))
		for i := iterations; i >= 0; i-- {
			if treeErrors[i] <= bestError+se {
				best = i
				break
			}
		}
	}
	t.unprune()
	t.pruneTo(math.Sqrt(treeAlphas[best]*treeAlphas[best+1]), s)
	return t
}

// newSCFitLike returns a fit of s's dataset and options on other rows.
func newSCFitLike(s *scFit, rows []int) *scFit {
	f := *s
	f.rows = rows
	f.labels = make([]uint8, len(rows))
	for i, r := range rows {
		f.labels[i] = s.d.Label(r)
	}
	f.fitTab, f.fitCnt, f.present, f.pca = nil, nil, nil, cartPCA{}
	return &f
}

// pruneSequence is SimpleCart's prune(alphas, errors, test) on the tree
// grown by fit s: the alphas of its weakest-link steps, 0 first and the
// end mark 1 last, and with test rows (dataset rows; none: nil) the error
// rate on them after each step.
func (nd *scNode) pruneSequence(s *scFit, test []int) (alphas, errs []float64) {
	total := len(s.rows)
	nd.modelErrors(s.labels)
	nd.treeErrors()
	nd.calculateAlphas(total)
	alphas = append(alphas, 0)
	if test != nil {
		errs = append(errs, nd.testError(s, test))
	}
	pre := math.MaxFloat64
	for {
		u := nd.nodeToPrune()
		if u == nil {
			break
		}
		u.leaf = true
		if u.alpha != pre {
			alphas = append(alphas, u.alpha)
			if test != nil {
				errs = append(errs, nd.testError(s, test))
			}
			pre = u.alpha
		}
		nd.treeErrors()
		nd.calculateAlphas(total)
	}
	return append(alphas, 1), errs
}

// pruneTo is SimpleCart's prune(alpha): weakest links while their alpha
// is at most alpha.
func (nd *scNode) pruneTo(alpha float64, s *scFit) {
	total := len(s.rows)
	nd.modelErrors(s.labels)
	nd.treeErrors()
	nd.calculateAlphas(total)
	for {
		u := nd.nodeToPrune()
		if u == nil || u.alpha > alpha {
			return
		}
		u.leaf = true
		nd.treeErrors()
		nd.calculateAlphas(total)
	}
}

// unprune makes every node that has children inner again.
func (nd *scNode) unprune() {
	if nd.kids[0] != nil {
		nd.leaf = false
		nd.kids[0].unprune()
		nd.kids[1].unprune()
	}
}

// leafClass is the class Weka's Evaluation reads off the node's class
// probabilities as a leaf: the first largest, −1 when none is above 0.
func (nd *scNode) leafClass() int {
	c, best := -1, 0.0
	for j, p := range nd.probs {
		if p > best {
			c, best = j, p
		}
	}
	return c
}

// incorrect is Evaluation.incorrect() of the node as a leaf on its
// training instances: the weights of those it misclassifies, summed in
// order.
func (nd *scNode) incorrect(labels []uint8) float64 {
	c := nd.leafClass()
	if c < 0 {
		return 0
	}
	e := 0.0
	for _, in := range nd.train {
		if int(labels[in.i]) != c {
			e += in.w
		}
	}
	return e
}

// modelErrors is SimpleCart.modelErrors, labels the classes of the fit's
// instances.
func (nd *scNode) modelErrors(labels []uint8) {
	nd.incModel = nd.incorrect(labels)
	if !nd.leaf {
		nd.kids[0].modelErrors(labels)
		nd.kids[1].modelErrors(labels)
	}
}

// testError is Evaluation.errorRate() of the tree as it stands on the
// dataset rows test (weight 1 each): the share it misclassifies, a row
// whose distribution is all zero unclassified (counted in the total, not
// as an error).
func (nd *scNode) testError(s *scFit, test []int) float64 {
	dist := make([]float64, s.k)
	var x []float64
	wrong := 0.0
	for _, r := range test {
		x = s.d.Values(r, x)
		clear(dist)
		nd.distribution(s.d, x, 1, dist)
		c, best := -1, 0.0
		for j, p := range dist {
			if p > best {
				c, best = j, p
			}
		}
		if c >= 0 && c != int(s.d.Label(r)) {
			wrong++
		}
	}
	return wrong / float64(len(test))
}

// distribution adds to dst SimpleCart's distributionForInstance of the
// instance x (dataset.Values) under the tree as it stands, times weight:
// at a leaf its class probabilities; where x misses the tested value, the
// branches' distributions in the proportions m_Props, branch 0 first;
// else the branch x takes (x < split, or its value in the subset).
func (nd *scNode) distribution(d interface{ IsNumeric(int) bool }, x []float64, weight float64, dst []float64) {
	for !nd.leaf {
		v := x[nd.feature]
		if math.IsNaN(v) {
			// returnedDist[j] += m_Props[i] * help[j], branch by branch.
			help := make([]float64, len(dst))
			sum := make([]float64, len(dst))
			for b, kid := range nd.kids {
				clear(help)
				kid.distribution(d, x, 1, help)
				for j, p := range help {
					sum[j] += float64(nd.props[b] * p)
				}
			}
			for j, p := range sum {
				dst[j] += float64(weight * p)
			}
			return
		}
		left := false
		if d.IsNumeric(nd.feature) {
			left = v < nd.split
		} else {
			left = nd.subset>>uint(v)&1 != 0
		}
		if left {
			nd = nd.kids[0]
		} else {
			nd = nd.kids[1]
		}
	}
	for j, p := range nd.probs {
		dst[j] += float64(weight * p)
	}
}

func (nd *scNode) treeErrors() {
	if nd.leaf {
		nd.incTree = nd.incModel
		return
	}
	nd.incTree = 0
	for _, kid := range nd.kids {
		kid.treeErrors()
		nd.incTree += kid.incTree
	}
}

// calculateAlphas is SimpleCart.calculateAlphas: a node whose subtree does
// not lower the training error becomes a leaf (makeLeaf), the others get
// alpha = (R(t) − R(T_t)) / N / (L(t) − 1) rounded to 10 decimals.
func (nd *scNode) calculateAlphas(total int) {
	if nd.leaf {
		nd.alpha = math.MaxFloat64
		return
	}
	diff := nd.incModel - nd.incTree
	if diff <= 0 {
		nd.leaf = true
		nd.alpha = math.MaxFloat64
		return
	}
	diff /= float64(total)
	nd.alpha = diff / float64(nd.numLeaves()-1)
	nd.alpha = math.Floor(nd.alpha*1e10+0.5) / 1e10 // Math.round(alpha·10^10) / 10^10
	nd.kids[0].calculateAlphas(total)
	nd.kids[1].calculateAlphas(total)
}

func (nd *scNode) numLeaves() int {
	if nd.leaf {
		return 1
	}
	return nd.kids[0].numLeaves() + nd.kids[1].numLeaves()
}

// nodeToPrune is SimpleCart.nodeToPrune over the inner nodes in preorder:
// the first of least alpha, a later one of equal alpha when it has more
// leaves; nil when the tree is a leaf.
func (nd *scNode) nodeToPrune() *scNode {
	var best *scNode
	var walk func(n *scNode)
	walk = func(n *scNode) {
		if n.leaf {
			return
		}
		switch {
		case best == nil, n.alpha < best.alpha:
			best = n
		case n.alpha == best.alpha && n.numLeaves() > best.numLeaves():
			best = n
		}
		walk(n.kids[0])
		walk(n.kids[1])
	}
	walk(nd)
	return best
}
