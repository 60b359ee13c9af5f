package costs

import (
	"math/bits"
	"sync"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// TreeCosts is a model applied to one tree: the test cost of a case at
// each leaf, computed once (a case's tests depend only on its path, so on
// its leaf), and the matrix. A case then costs the walk to its leaf and two
// lookups; Mean walks the dataset's columns directly.
type TreeCosts struct {
	t      *tree.Tree
	m      *Model
	tests  []float64 // per node: the test cost of a case ending there (0 inside)
	matrix []float64 // k×k, matrix[p*k+a]
	k      int
	w      int // words of a set of features
	valueSets
}

// Breakdown is an average cost per case, split into its two parts.
type Breakdown struct {
	Cases  int     // evaluated cases
	Tests  float64 // mean cost of the tests performed
	Errors float64 // mean matrix entry (predicted, actual): errors, and benefits
}

// Total returns the mean cost per case, tests and matrix.
func (b Breakdown) Total() float64 { return b.Tests + b.Errors }

// ForTree applies the model to t, which must be valid and over as many
// features and classes as the model has tests and matrix rows. The work
// is one pass over the nodes (two when a delayed test is in the tree),
// each with a set of features of len(Tests)/64 words.
func (m *Model) ForTree(t *tree.Tree) (*TreeCosts, error) {
	if err := m.Fits(len(t.Domains), t.Classes); err != nil {
		return nil, err
	}
	k := t.Classes
	c := &TreeCosts{t: t, m: m, tests: make([]float64, t.Len()), matrix: make([]float64, k*k), k: k, w: max(1, (len(m.Tests)+63)/64)}
	for p, row := range m.Matrix {
		copy(c.matrix[p*k:], row)
	}
	leafTests(m, t, c.tests)
	return c, nil
}

// leafTests fills out[n] with the test cost of a case that reaches leaf n
// (see the package doc), in one pass over the nodes in id order, parents
// first: each node's charged tests, cost so far and whether a delayed test
// above it has settled every charge are handed to its children.
func leafTests(m *Model, t *tree.Tree, out []float64) {
	n := t.Len()
	w := (len(m.Tests) + 63) / 64
	if w <= 1 {
		leafTests1(m, t, out)
		return
	}
	var sub []uint64 // sub[i*w:(i+1)*w]: the features tested in node i's subtree
	for i := range n {
		if f := t.Feature[i]; f != tree.Leaf && m.Tests[f].Delayed {
			sub = subtreeFeatures(t, w, nil)
			break
		}
	}
	members := make([]uint64, len(m.Groups)*w)
	for f, ts := range m.Tests {
		if ts.Group != NoGroup {
			members[ts.Group*w+f/64] |= 1 << (f % 64)
		}
	}
	charged := make([]uint64, n*w) // per node: the tests charged on the path above it
	cost := make([]float64, n)
	settled := make([]bool, n)
	next := make([]uint64, w)
	for i := range n {
		f := t.Feature[i]
		if f == tree.Leaf {
			out[i] = cost[i]
			continue
		}
		out[i] = 0
		have := charged[i*w : (i+1)*w]
		copy(next, have)
		c, done := cost[i], settled[i]
		switch {
		case done:
		case m.Tests[f].Delayed:
			for j, x := range sub[i*w : (i+1)*w] {
				next[j] |= x
			}
			c += added(m, members, have, next, w)
			done = true
		case have[f/64]&(1<<(f%64)) == 0:
			next[f/64] |= 1 << (f % 64)
			c += added(m, members, have, next, w)
		}
		for _, ch := range t.Children(i) {
			copy(charged[int(ch)*w:(int(ch)+1)*w], next)
			cost[ch], settled[ch] = c, done
		}
	}
}

// leafState is what leafTests1 hands a node's children: the tests
// charged on the path so far, their cost, and whether a delayed test
// above settled every charge.
type leafState struct {
	charged uint64
	cost    float64
	settled bool
}

// leafScratch is leafTests1's scratch memory, pooled: ForTree runs once
// per evaluated tree, and its scratch would otherwise be most of what it
// allocates.
type leafScratch struct {
	st      []leafState
	sub     []uint64
	members []uint64
}

var leafScratches = sync.Pool{New: func() any { return new(leafScratch) }}

// leafTests1 is leafTests for at most 64 features, each set one word.
func leafTests1(m *Model, t *tree.Tree, out []float64) {
	n := t.Len()
	sc := leafScratches.Get().(*leafScratch)
	defer leafScratches.Put(sc)
	delayed, anyDelayed := uint64(0), false
	for f, ts := range m.Tests {
		if ts.Delayed {
			delayed |= 1 << f
		}
	}
	for _, f := range t.Feature {
		if f != tree.Leaf && delayed&(1<<f) != 0 {
			anyDelayed = true
			break
		}
	}
	var sub []uint64
	if anyDelayed {
		sc.sub = subtreeFeatures(t, 1, sc.sub)
		sub = sc.sub
	}
	sc.members = resize(sc.members, len(m.Groups))
	members := sc.members
	clear(members)
	for f, ts := range m.Tests {
		if ts.Group != NoGroup {
			members[ts.Group] |= 1 << f
		}
	}
	sc.st = resize(sc.st, n)
	st := sc.st
	st[0] = leafState{}
	for i := range n {
		f := t.Feature[i]
		if f == tree.Leaf {
			out[i] = st[i].cost
			continue
		}
		out[i] = 0
		s := st[i]
		bit := uint64(1) << f
		switch {
		case s.settled:
		case delayed&bit != 0:
			next := s.charged | sub[i]
			s.cost += added1(m, members, s.charged, next)
			s.charged, s.settled = next, true
		case s.charged&bit == 0:
			s.cost += added1(m, members, s.charged, s.charged|bit)
			s.charged |= bit
		}
		for _, ch := range t.Children(i) {
			st[ch] = s
		}
	}
}

// resize returns s with length n, reusing its memory when it can; the
// content is unspecified.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// added1 is added for sets of one word.
func added1(m *Model, members []uint64, have, next uint64) float64 {
	s := 0.0
	for x := next &^ have; x != 0; x &= x - 1 {
		s += m.Tests[bits.TrailingZeros64(x)].Cost
	}
	for g, mg := range members {
		if next&mg != 0 && have&mg == 0 {
			s += m.Groups[g].Common
		}
	}
	return s
}

// added returns the cost of going from the charged set have to next ⊇
// have: each new test's Cost, and the common cost of each group with a
// member in next and none in have.
func added(m *Model, members, have, next []uint64, w int) float64 {
	s := 0.0
	for j := range w {
		for x := next[j] &^ have[j]; x != 0; x &= x - 1 {
			s += m.Tests[j*64+bits.TrailingZeros64(x)].Cost
		}
	}
	for g := range m.Groups {
		mg := members[g*w : (g+1)*w]
		was, now := false, false
		for j := range w {
			was = was || have[j]&mg[j] != 0
			now = now || next[j]&mg[j] != 0
		}
		if now && !was {
			s += m.Groups[g].Common
		}
	}
	return s
}

// subtreeFeatures returns, for every node, the set of features its
// subtree tests (w words per node), children being after their parents;
// it reuses buf's memory when it can.
func subtreeFeatures(t *tree.Tree, w int, buf []uint64) []uint64 {
	sub := resize(buf, t.Len()*w)
	clear(sub)
	for i := t.Len() - 1; i >= 0; i-- {
		f := t.Feature[i]
		if f == tree.Leaf {
			continue
		}
		s := sub[i*w : (i+1)*w]
		s[f/64] |= 1 << (f % 64)
		for _, ch := range t.Children(i) {
			for j, x := range sub[int(ch)*w : (int(ch)+1)*w] {
				s[j] |= x
			}
		}
	}
	return sub
}

// Tree returns the tree the costs are for.
func (c *TreeCosts) Tree() *tree.Tree { return c.t }

// Tests returns the test cost of a case that reaches leaf n.
func (c *TreeCosts) Tests(leaf int) float64 { return c.tests[leaf] }

// AtLeaf returns the cost of a case of class actual that reaches leaf n:
// its tests and the matrix entry of the leaf's class, for a caller that
// has already found the leaf.
func (c *TreeCosts) AtLeaf(leaf, actual int) float64 {
	return c.tests[leaf] + c.matrix[int(c.t.Class[leaf])*c.k+actual]
}

// Case returns the cost of classifying input x, of class actual.
func (c *TreeCosts) Case(x []uint8, actual int) float64 {
	return c.AtLeaf(c.t.Apply(x), actual)
}

// Mean returns the average cost of the rows of d in rows, which must have
// the tree's features; rows past the dataset's end are ignored. It walks
// each row down the tree from d's columns; a dataset with numeric
// features or missing values row by row as Weka instances (Values, the
// tree's prediction being J48's, tree.PredictValues). With no rows it
// returns a zero Breakdown.
func (c *TreeCosts) Mean(d *dataset.Dataset, rows dataset.Bitset) Breakdown {
	if d.HasNumeric() || d.HasMissing() {
		return c.meanValues(d, rows)
	}
	t := c.t
	feature, child, offset, class := t.Feature, t.Child, t.Offset, t.Class
	cols := make([][]uint8, d.NumFeatures())
	for f := range cols {
		cols[f] = d.Column(f)
	}
	labels := d.Labels()
	var b Breakdown
	all := d.All()
	for wi := range min(len(rows), len(all)) {
		for word := rows[wi] & all[wi]; word != 0; word &= word - 1 {
			r := wi*64 + bits.TrailingZeros64(word)
			n := int32(0)
			for f := feature[n]; f != tree.Leaf; f = feature[n] {
				n = child[offset[n]+int32(cols[f][r])]
			}
			b.Tests += c.tests[n]
			b.Errors += c.matrix[int(class[n])*c.k+int(labels[r])]
			b.Cases++
		}
	}
	if b.Cases > 0 {
		b.Tests /= float64(b.Cases)
		b.Errors /= float64(b.Cases)
	}
	return b
}

// meanValues is Mean on Weka instances.
func (c *TreeCosts) meanValues(d *dataset.Dataset, rows dataset.Bitset) Breakdown {
	var b Breakdown
	var x []float64
	var reached []int
	labels := d.Labels()
	all := d.All()
	for wi := range min(len(rows), len(all)) {
		for word := rows[wi] & all[wi]; word != 0; word &= word - 1 {
			r := wi*64 + bits.TrailingZeros64(word)
			x = d.Values(r, x)
			reached = c.t.ReachValues(x, reached[:0])
			b.Tests += c.Values(x, reached)
			b.Errors += c.matrix[c.t.PredictValues(x)*c.k+int(labels[r])]
			b.Cases++
		}
	}
	if b.Cases > 0 {
		b.Tests /= float64(b.Cases)
		b.Errors /= float64(b.Cases)
	}
	return b
}
