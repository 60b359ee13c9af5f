package train

import (
	"fmt"
	"math"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// This file is a reference J48 for the tests: a direct, slow transcription
// of Weka's C45ModelSelection, C45Split, ClassifierTree and
// C45PruneableClassifierTree (nominal features, no missing values) over
// pointer nodes and explicit row lists, sharing no code with c45*.go and
// prune*.go. Entropies use natural logarithms as Weka's
// EntropyBasedSplitCrit does. The optimized learner must give the same
// trees.

// refNode is a node of the reference tree.
type refNode struct {
	feature int // -1 at a leaf
	sons    []*refNode
	rows    []int // m_train: the node's training rows
	empty   bool  // m_isEmpty: built from no rows
}

type refJ48 struct {
	d        *dataset.Dataset
	minLeaf  int
	nAll     int
	cf       float32
	raising  bool
	multiVal bool
}

func refLnFunc(x float64) float64 {
	if x < 1e-6 {
		return 0
	}
	return x * math.Log(x)
}

// refDist is a class distribution per bag.
func (r *refJ48) refDist(rows []int, f int) (bags [][]float64) {
	z, k := 1, r.d.Classes()
	if f >= 0 {
		z = r.d.Domain(f)
	}
	bags = make([][]float64, z)
	for i := range bags {
		bags[i] = make([]float64, k)
	}
	for _, row := range rows {
		b := 0
		if f >= 0 {
			b = int(r.d.Value(f, row))
		}
		bags[b][r.d.Label(row)]++
	}
	return bags
}

func refTotals(bags [][]float64) (total float64, perBag, perClass []float64) {
	perClass = make([]float64, len(bags[0]))
	for _, b := range bags {
		s := 0.0
		for c, x := range b {
			s += x
			perClass[c] += x
		}
		perBag = append(perBag, s)
		total += s
	}
	return total, perBag, perClass
}

// refGainRatio is C45Split.handleEnumeratedAttribute: (valid, gain, ratio).
func (r *refJ48) refGainRatio(rows []int, f int) (bool, float64, float64) {
	bags := r.refDist(rows, f)
	total, perBag, perClass := refTotals(bags)
	big := 0
	for _, n := range perBag {
		if n-float64(r.minLeaf) > -1e-6 {
			big++
		}
	}
	if big < 2 {
		return false, 0, 0
	}
	oldEnt := refLnFunc(total)
	for _, x := range perClass {
		oldEnt -= refLnFunc(x)
	}
	oldEnt /= math.Ln2
	newEnt := 0.0
	for i, b := range bags {
		for _, x := range b {
			newEnt += refLnFunc(x)
		}
		newEnt -= refLnFunc(perBag[i])
	}
	newEnt = -newEnt / math.Ln2
	num := oldEnt - newEnt
	gain := 0.0
	if math.Abs(num) >= 1e-6 {
		gain = num / total
	}
	splitEnt := 0.0
	for _, n := range perBag {
		splitEnt -= refLnFunc(n)
	}
	splitEnt = (splitEnt + refLnFunc(total)) / math.Ln2
	if math.Abs(splitEnt) < 1e-6 {
		return true, gain, 0
	}
	return true, gain, gain / (splitEnt / total)
}

// selectModel returns the feature to split on, or -1.
func (r *refJ48) selectModel(rows []int) int {
	_, _, perClass := refTotals(r.refDist(rows, -1))
	total, maxC := 0.0, 0.0
	for _, x := range perClass {
		total += x
		maxC = math.Max(maxC, x)
	}
	if 2*float64(r.minLeaf)-total > 1e-6 || math.Abs(total-maxC) < 1e-6 {
		return -1
	}
	m := r.d.NumFeatures()
	valid := make([]bool, m)
	gain := make([]float64, m)
	ratio := make([]float64, m)
	avg, n := 0.0, 0
	for f := range m {
		valid[f], gain[f], ratio[f] = r.refGainRatio(rows, f)
		if valid[f] && (r.multiVal || 0.3*float64(r.nAll)-float64(r.d.Domain(f)) > 1e-6) {
			avg += gain[f]
			n++
		}
	}
	if n == 0 {
		return -1
	}
	avg /= float64(n)
	best, minResult := -1, 0.0
	for f := range m {
		if valid[f] && gain[f] >= avg-1e-3 && ratio[f]-minResult > 1e-6 {
			best, minResult = f, ratio[f]
		}
	}
	return best
}

func (r *refJ48) build(rows []int) *refNode {
	nd := &refNode{feature: r.selectModel(rows), rows: rows, empty: len(rows) == 0}
	if nd.feature < 0 {
		return nd
	}
	parts := make([][]int, r.d.Domain(nd.feature))
	for _, row := range rows {
		v := r.d.Value(nd.feature, row)
		parts[v] = append(parts[v], row)
	}
	for _, p := range parts {
		nd.sons = append(nd.sons, r.build(p))
	}
	return nd
}

// numIncorrect of the rows' class distribution.
func (r *refJ48) numIncorrect(rows []int) float64 {
	_, _, perClass := refTotals(r.refDist(rows, -1))
	total, maxC := 0.0, 0.0
	for _, x := range perClass {
		total += x
		maxC = math.Max(maxC, x)
	}
	return total - maxC
}

func (r *refJ48) trainingErrors(nd *refNode) float64 {
	if nd.feature < 0 {
		return r.numIncorrect(nd.rows)
	}
	s := 0.0
	for _, c := range nd.sons {
		s += r.trainingErrors(c)
	}
	return s
}

func (r *refJ48) collapse(nd *refNode) {
	if nd.feature < 0 {
		return
	}
	if r.trainingErrors(nd) >= r.numIncorrect(nd.rows)-1e-3 {
		nd.feature, nd.sons = -1, nil
		return
	}
	for _, c := range nd.sons {
		r.collapse(c)
	}
}

// refAddErrs is Stats.addErrs, transcribed independently of addErrs.
func refAddErrs(n, e float64, cf float32) float64 {
	if e < 1 {
		base := n * (1 - math.Pow(float64(cf), 1/n))
		if e == 0 {
			return base
		}
		return base + e*(refAddErrs(n, 1, cf)-base)
	}
	if e+0.5 >= n {
		return math.Max(n-e, 0)
	}
	z := math.Sqrt2 * math.Erfinv(2*float64(float32(1)-cf)-1)
	f := (e + 0.5) / n
	rr := (f + z*z/(2*n) + z*math.Sqrt(f/n-f*f/n+z*z/(4*n*n))) / (1 + z*z/n)
	return rr*n - e
}

func (r *refJ48) estimateRows(rows []int) float64 {
	if len(rows) == 0 {
		return 0
	}
	e := r.numIncorrect(rows)
	return e + refAddErrs(float64(len(rows)), e, r.cf)
}

func (r *refJ48) estimatedErrors(nd *refNode) float64 {
	if nd.feature < 0 {
		return r.estimateRows(nd.rows)
	}
	s := 0.0
	for _, c := range nd.sons {
		s += r.estimatedErrors(c)
	}
	return s
}

func (r *refJ48) estimatedErrorsForBranch(nd *refNode, rows []int) float64 {
	if nd.feature < 0 {
		return r.estimateRows(rows)
	}
	parts := make([][]int, len(nd.sons))
	for _, row := range rows {
		v := r.d.Value(nd.feature, row)
		parts[v] = append(parts[v], row)
	}
	s := 0.0
	for i, c := range nd.sons {
		s += r.estimatedErrorsForBranch(c, parts[i])
	}
	return s
}

func (r *refJ48) newDistribution(nd *refNode, rows []int) {
	nd.rows = rows
	if nd.feature < 0 {
		if len(rows) > 0 {
			nd.empty = false
		}
		return
	}
	parts := make([][]int, len(nd.sons))
	for _, row := range rows {
		v := r.d.Value(nd.feature, row)
		parts[v] = append(parts[v], row)
	}
	for i, c := range nd.sons {
		r.newDistribution(c, parts[i])
	}
}

func (r *refJ48) prune(nd *refNode) {
	if nd.feature < 0 {
		return
	}
	for _, c := range nd.sons {
		r.prune(c)
	}
	largest, size := -1, 0.0
	for i, c := range nd.sons {
		if float64(len(c.rows))-size > -1e-6 {
			largest, size = i, float64(len(c.rows))
		}
	}
	errLargest := math.MaxFloat64
	if r.raising {
		errLargest = r.estimatedErrorsForBranch(nd.sons[largest], nd.rows)
	}
	errLeaf := r.estimateRows(nd.rows)
	errTree := r.estimatedErrors(nd)
	if errLeaf-(errTree+0.1) < 1e-6 && errLeaf-(errLargest+0.1) < 1e-6 {
		nd.feature, nd.sons = -1, nil
		return
	}
	if errLargest-(errTree+0.1) < 1e-6 {
		lb := nd.sons[largest]
		nd.feature, nd.sons = lb.feature, lb.sons
		r.newDistribution(nd, nd.rows)
		r.prune(nd)
	}
}

// refC45 fits the reference J48 with options o on the given rows.
func refC45(d *dataset.Dataset, rows []int, o C45Options) *refNode {
	r := &refJ48{d: d, minLeaf: o.MinLeaf, nAll: len(rows), cf: float32(o.Confidence), raising: o.SubtreeRaising, multiVal: true}
	for f := range d.NumFeatures() {
		if 0.3*float64(len(rows))-float64(d.Domain(f)) > 1e-6 {
			r.multiVal = false
		}
	}
	root := r.build(rows)
	if o.Collapse {
		r.collapse(root)
	}
	if o.Pruning == PruningPessimistic {
		r.prune(root)
	}
	return root
}

// refText prints a reference tree as j48Text prints a tree.Tree.
func refText(d *dataset.Dataset, root *refNode) string {
	s := d.Schema()
	var sb strings.Builder
	majority := func(rows []int) (int, int, int) {
		counts := make([]int, d.Classes())
		for _, r := range rows {
			counts[d.Label(r)]++
		}
		c := dataset.ArgMax(counts)
		return c, len(rows), len(rows) - counts[c]
	}
	var walk func(nd *refNode, depth, parentClass int)
	walk = func(nd *refNode, depth, parentClass int) {
		pc, _, _ := majority(nd.rows)
		for v, son := range nd.sons {
			sb.WriteString("\n" + strings.Repeat("|   ", depth))
			sb.WriteString(s.Features[nd.feature].Name + " = " + s.Features[nd.feature].Values[v])
			if son.feature >= 0 {
				walk(son, depth+1, pc)
				continue
			}
			c, n, e := majority(son.rows)
			if n == 0 {
				c = pc
			}
			sb.WriteString(": " + leafLabel(s.Class.Values[c], n, e))
		}
	}
	if root.feature < 0 {
		c, n, e := majority(root.rows)
		return ": " + leafLabel(s.Class.Values[c], n, e)
	}
	walk(root, 0, 0)
	return strings.TrimPrefix(sb.String(), "\n")
}

// j48Text prints t as Weka's J48 prints its tree: one line per branch,
// "|   " per level, and at a leaf its class with (rows) or (rows/errors).
func j48Text(t *tree.Tree, s dataset.Schema) string {
	var sb strings.Builder
	var walk func(n, depth int)
	walk = func(n, depth int) {
		f := t.Feature[n]
		for v, c := range t.Children(n) {
			sb.WriteString("\n" + strings.Repeat("|   ", depth))
			sb.WriteString(s.Features[f].Name + " = " + s.Features[f].Values[v])
			if !t.IsLeaf(int(c)) {
				walk(int(c), depth+1)
				continue
			}
			sb.WriteString(": " + treeLeafLabel(t, int(c), s))
		}
	}
	if t.IsLeaf(0) {
		return ": " + treeLeafLabel(t, 0, s)
	}
	walk(0, 0)
	return strings.TrimPrefix(sb.String(), "\n")
}

func treeLeafLabel(t *tree.Tree, n int, s dataset.Schema) string {
	counts := t.NodeCounts(n)
	total, right := 0, int(counts[t.Class[n]])
	for _, x := range counts {
		total += int(x)
	}
	return leafLabel(s.Class.Values[t.Class[n]], total, total-right)
}

// leafLabel is J48's leaf label: "class (n)" or "class (n/errors)".
func leafLabel(class string, n, errors int) string {
	if errors == 0 {
		return fmt.Sprintf("%s (%.1f)", class, float64(n))
	}
	return fmt.Sprintf("%s (%.1f/%.1f)", class, float64(n), float64(errors))
}
