package train

import "math"

// J48's collapse and pessimistic pruning on the port's trees
// (C45PruneableClassifierTree), on weights: the nominal engine's rules
// (prune_pessimistic.go) with every count a weight. Subtree raising sends
// the node's instances (m_train) down its largest branch, spreading those
// that miss a tested value over its branches in the shares of the
// instances that reach each node (resetDistribution, then split), and when
// the branch is raised its distributions are recomputed so.

// j48Pruner prunes one fit's tree at confidence cf (z = Φ⁻¹(1 − cf)).
type j48Pruner struct {
	f       *j48Fit
	cf      float32
	z       float64
	raise   bool
	scratch *j48Dist // branchErrorsWhole's leaf distribution
}

// toLeaf makes n a leaf of its distribution's classes (NoSplit on the
// local model's distribution).
func (n *j48Node) toLeaf() {
	n.sons, n.leaf, n.att = nil, true, -1
	n.dist = n.dist.merged()
}

// collapse is C45PruneableClassifierTree.collapse: a subtree whose
// training errors are not below its root's as a leaf (less 1e-3) becomes
// that leaf.
func (n *j48Node) collapse() {
	if n.leaf {
		return
	}
	if n.trainingErrors() >= n.dist.numIncorrect()-1e-3 {
		n.toLeaf()
		return
	}
	for _, s := range n.sons {
		s.collapse()
	}
}

// trainingErrors is getTrainingErrors: the leaves' weight outside their
// majority classes.
func (n *j48Node) trainingErrors() float64 {
	if n.leaf {
		return n.dist.numIncorrect()
	}
	e := 0.0
	for _, s := range n.sons {
		e += s.trainingErrors()
	}
	return e
}

// prune is C45PruneableClassifierTree.prune.
func (p *j48Pruner) prune(n *j48Node) {
	if n.leaf {
		return
	}
	for _, s := range n.sons {
		p.prune(s)
	}
	largest := n.dist.maxBag()
	errBranch := math.MaxFloat64
	if p.raise {
		errBranch = p.branchErrors(n.sons[largest], n.train)
	}
	errLeaf := p.estimate(n.dist)
	errTree := p.treeErrors(n)
	if j48SmOrEq(errLeaf, errTree+0.1) && j48SmOrEq(errLeaf, errBranch+0.1) {
		n.toLeaf()
		return
	}
	if j48SmOrEq(errBranch, errTree+0.1) {
		b := n.sons[largest]
		n.sons, n.att, n.split, n.dist, n.leaf = b.sons, b.att, b.split, b.dist, b.leaf
		p.newDistribution(n, n.train)
		p.prune(n)
	}
}

// estimate is getEstimatedErrorsForDistribution: a leaf's errors plus
// C4.5's pessimistic allowance, 0 for no weight.
func (p *j48Pruner) estimate(d *j48Dist) float64 {
	if j48Eq(d.total, 0) {
		return 0
	}
	e := d.numIncorrect()
	return e + addErrsZ(d.total, e, p.cf, p.z)
}

// treeErrors is getEstimatedErrors: the sum of the leaves' estimates.
func (p *j48Pruner) treeErrors(n *j48Node) float64 {
	if n.leaf {
		return p.estimate(n.dist)
	}
	e := 0.0
	for _, s := range n.sons {
		e += p.treeErrors(s)
	}
	return e
}

// branchErrors is getEstimatedErrorsForBranch: the estimate of n's
// subtree when the instances data reach n.
func (p *j48Pruner) branchErrors(n *j48Node, data []j48Inst) float64 {
	if p.f.presorted {
		return p.branchErrorsWhole(n, data)
	}
	if n.leaf {
		return p.estimate(p.f.resetDist(n, data))
	}
	saved := n.dist
	n.dist = p.f.resetDist(n, data)
	parts := p.f.split(n, data)
	n.dist = saved
	e := 0.0
	for i, s := range n.sons {
		e += p.branchErrors(s, parts[i])
	}
	return e
}

// branchErrorsWhole is branchErrors on a presorted fit, where every
// weight is 1 and no instance misses a value: the distributions J48
// builds are whole counts, whatever the order of the instances, so data
// (a node's m_train, whose order is of no matter there either) is
// partitioned in place among the branches instead of copied, and a
// leaf's estimate is of its counts.
func (p *j48Pruner) branchErrorsWhole(n *j48Node, data []j48Inst) float64 {
	f := p.f
	if n.leaf {
		d := p.scratch
		if d == nil {
			d = newJ48Dist(1, f.k, f.xlogx)
			p.scratch = d
		}
		clear(d.perClass)
		for _, in := range data {
			d.perClass[f.labels[in.i]]++
		}
		d.total = float64(len(data))
		copy(d.pcb, d.perClass)
		d.perBag[0] = d.total
		return p.estimate(d)
	}
	vals := f.vals[n.att]
	e, lo := 0.0, 0
	for b, s := range n.sons {
		j := lo
		for i := lo; i < len(data); i++ {
			if f.whichSubset(n, vals[data[i].i]) == b {
				data[i], data[j] = data[j], data[i]
				j++
			}
		}
		e += p.branchErrorsWhole(s, data[lo:j])
		lo = j
	}
	return e
}

// newDistribution is newDistribution: n's subtree's distributions and
// instances recomputed from the instances data reaching n.
func (p *j48Pruner) newDistribution(n *j48Node, data []j48Inst) {
	n.dist = p.f.resetDist(n, data)
	n.train = data
	if !n.leaf {
		parts := p.f.split(n, data)
		for i, s := range n.sons {
			p.newDistribution(s, parts[i])
		}
	} else if !j48Eq(sumWeights(data), 0) {
		n.empty = false
	}
}
