package train

import (
	"math"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// C4.5's pessimistic (error-based) pruning, as Weka's
// C45PruneableClassifierTree.prune does it.
//
// A leaf holding N training rows of which E are outside its majority class
// is charged E + addErrs(N, E, CF) errors: the upper limit of a CF
// confidence interval on its error count. A subtree is charged the sum
// over its leaves. Bottom-up, after pruning its children, an internal
// node compares three estimates:
//
//   - leaf: the node itself as a leaf;
//   - tree: its subtree as it stands;
//   - largest branch (subtree raising only): the subtree of its child with
//     the most rows, with all of the node's rows sent down it.
//
// When leaf ≤ tree + 0.1 and leaf ≤ largest branch + 0.1 the node becomes a
// leaf (subtree replacement). Otherwise, when largest branch ≤ tree + 0.1,
// that child's subtree takes the node's place, the node's rows are
// redistributed through it, and the node is pruned again (subtree
// raising). Comparisons allow J48's 1e-6, the largest branch is the last
// of those with the most rows, and the 0.1 is J48's.

// addErrs returns the extra errors C4.5 adds to e observed errors among n
// rows at confidence factor cf (Weka's Stats.addErrs): with e = 0 the
// exact binomial limit n·(1 − cf^(1/n)); for 0 < e < 1 a linear
// interpolation between e = 0 and e = 1; near e = n (e + 0.5 ≥ n) the
// remaining n − e; otherwise the upper limit of the normal approximation
// with continuity correction,
//
//	f = (e + 0.5)/n,   z = Φ⁻¹(1 − cf),
//	r = (f + z²/2n + z·√(f/n − f²/n + z²/4n²)) / (1 + z²/n),
//
// minus the observed e: r·n − e. cf is a float32 as J48's m_CF, and
// 1 − cf is rounded to float32 as Java's float arithmetic does, so the
// estimates match J48's for any confidence.
func addErrs(n, e float64, cf float32) float64 {
	if cf > 0.5 { // Weka warns and leaves the estimate unchanged
		return 0
	}
	return addErrsZ(n, e, cf, normalInverse(float64(float32(1)-cf)))
}

// addErrsZ is addErrs with z = Φ⁻¹(1 − cf) given, so a fit computes it
// once.
func addErrsZ(n, e float64, cf float32, z float64) float64 {
	if e < 1 {
		base := n * (1 - math.Pow(float64(cf), 1/n))
		if e == 0 {
			return base
		}
		return base + e*(addErrsZ(n, 1, cf, z)-base)
	}
	if e+0.5 >= n {
		return max(n-e, 0)
	}
	f := (e + 0.5) / n
	r := (f + z*z/(2*n) + z*math.Sqrt(f/n-f*f/n+z*z/(4*n*n))) / (1 + z*z/n)
	return r*n - e
}

// normalInverse returns Φ⁻¹(p), the standard normal quantile.
func normalInverse(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// j48SmOrEq is Weka's Utils.smOrEq: a ≤ b within 1e-6.
func j48SmOrEq(a, b float64) bool { return a-b < j48Small }

// estimate returns the pessimistic error estimate of a leaf with the given
// class counts (J48's getEstimatedErrorsForDistribution); 0 for no rows.
func (p *pruner) estimate(counts []int) float64 {
	n := 0
	for _, x := range counts {
		n += x
	}
	if n == 0 {
		return 0
	}
	e := majorityErrors(counts)
	if e == 0 && n < len(p.pure) { // the most frequent case: a pure leaf
		if b := p.pure[n]; b >= 0 {
			return b
		}
		p.pure[n] = addErrsZ(float64(n), 0, p.cf, p.z)
		return p.pure[n]
	}
	return float64(e) + addErrsZ(float64(n), float64(e), p.cf, p.z)
}

// setConfidence sets the confidence factor of the estimates and clears
// their caches.
func (p *pruner) setConfidence(cf float32, rows int) {
	p.cf = cf
	p.z = normalInverse(float64(float32(1) - cf))
	p.pure = resize(p.pure, rows+1)
	for i := range p.pure {
		p.pure[i] = -1
	}
}

// treeEstimate returns the estimate of node n's subtree: the sum of its
// leaves' estimates, in depth-first order as J48 sums them.
func (p *pruner) treeEstimate(n int32) float64 {
	if p.feature[n] == tree.Leaf {
		return p.estimate(p.nodeCounts(n))
	}
	s := 0.0
	for _, c := range p.children(n) {
		s += p.treeEstimate(c)
	}
	return s
}

// branchEstimate returns the estimate of node c's subtree when it receives
// all of node n's rows (J48's getEstimatedErrorsForBranch), c a child of
// n. The rows of c's own window already lie in its leaves' counts, so
// only the rest of n's window is sent down from c; each leaf is charged
// for all the rows that reach it.
func (p *pruner) branchEstimate(c, n int32) float64 {
	before := p.rows[p.lo[n]:p.lo[c]]
	after := p.rows[p.hi[c]:p.hi[n]]
	m := len(before) + len(after)
	src, dst := p.tmp[:m], p.tmp2[:m]
	copy(src, before)
	copy(src[len(before):], after)
	p.route(c, src, dst)
	return p.sumBranch(c)
}

// route sends rows down from node x, adding their class counts to
// p.branch at the leaves they reach. It partitions rows level by level
// (a counting sort by the node's feature value from src into dst, whose
// segments then serve the children with the buffers swapped), so a row
// costs a few independent loads per level rather than a chain of
// dependent ones.
func (p *pruner) route(x int32, src, dst []int32) {
	for len(src) > 0 {
		f := p.feature[x]
		if f == tree.Leaf {
			k, labels := p.k, p.d.Labels()
			counts := p.branch[int(x)*k : int(x+1)*k]
			for _, r := range src {
				counts[labels[r]]++
			}
			return
		}
		col := p.cols[f]
		kids := p.children(x)
		if len(kids) == 2 {
			// One pass: value 0 fills dst from the front, value 1 from
			// the back (in reverse order, which counting ignores).
			ends := [2]int{0, len(src) - 1}
			for _, r := range src {
				v := col[r]
				dst[ends[v]] = r
				ends[0] += int(1 - v)
				ends[1] -= int(v)
			}
			mid := ends[0]
			if mid > 0 {
				p.route(kids[0], dst[:mid], src[:mid])
			}
			x, src, dst = kids[1], dst[mid:], src[mid:]
			continue
		}
		var pos [dataset.MaxValues]int32
		for _, r := range src {
			pos[col[r]]++
		}
		o := int32(0)
		for v := range kids {
			o, pos[v] = o+pos[v], o
		}
		for _, r := range src {
			v := col[r]
			dst[pos[v]] = r
			pos[v]++
		}
		// pos[v] is now the end of value v's segment.
		start := int32(0)
		last := len(kids) - 1
		for v, c := range kids[:last] {
			if pos[v] > start {
				p.route(c, dst[start:pos[v]], src[start:pos[v]])
			}
			start = pos[v]
		}
		x, src, dst = kids[last], dst[start:], src[start:]
	}
}

// sumBranch sums the estimates of the leaves below x, each for its own
// rows plus those branchEstimate added in p.branch, which it clears.
func (p *pruner) sumBranch(x int32) float64 {
	if p.feature[x] == tree.Leaf {
		extra := p.branch[int(x)*p.k : int(x+1)*p.k]
		own := p.nodeCounts(x)
		for i, v := range own {
			extra[i] += v
		}
		e := p.estimate(extra)
		clear(extra)
		return e
	}
	s := 0.0
	for _, c := range p.children(x) {
		s += p.sumBranch(c)
	}
	return s
}

// pruneRoot prunes the whole tree and reports whether anything changed.
func (p *pruner) pruneRoot() bool {
	p.est = resize(p.est, len(p.feature))
	return p.prune(0)
}

// prune prunes node n's subtree (J48's prune), records the estimate of
// the subtree it leaves in p.est[n], and reports whether it changed
// anything. Children are pruned first, so a subtree's estimate is the sum
// of its children's recorded ones, summed as J48 sums them.
func (p *pruner) prune(n int32) bool {
	if p.feature[n] == tree.Leaf {
		p.est[n] = p.estimate(p.nodeCounts(n))
		return false
	}
	changed := false
	kids := p.children(n)
	errTree := 0.0
	for _, c := range kids {
		changed = p.prune(c) || changed
		errTree += p.est[c]
	}
	largest, size := int32(-1), -1
	for _, c := range kids {
		if s := countRows(p.nodeCounts(c)); s >= size {
			largest, size = c, s
		}
	}
	errLargest := math.MaxFloat64
	if p.rowsOn {
		errLargest = p.branchEstimate(largest, n)
	}
	errLeaf := p.estimate(p.nodeCounts(n))
	if j48SmOrEq(errLeaf, errTree+0.1) && j48SmOrEq(errLeaf, errLargest+0.1) {
		p.makeLeaf(n)
		p.est[n] = errLeaf
		return true
	}
	if j48SmOrEq(errLargest, errTree+0.1) {
		p.feature[n], p.first[n] = p.feature[largest], p.first[largest]
		p.distribute(n)
		p.prune(n)
		return true
	}
	p.est[n] = errTree
	return changed
}

// countRows returns the sum of counts.
func countRows(counts []int) int {
	n := 0
	for _, x := range counts {
		n += x
	}
	return n
}
