package train

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// handNode is a node of a hand-made binary tree: its (class 0, class 1)
// training counts and, for an inner node, its two children.
type handNode struct {
	counts [2]int
	kids   []handNode
}

// build turns a hand-made tree into a tree.Tree over one binary feature
// (every inner node tests it; the pruner only reads structure and counts).
func (h handNode) build() *tree.Tree {
	b := tree.NewBuilder([]int{2}, 2)
	var walk func(n int, h handNode)
	walk = func(n int, h handNode) {
		b.SetCounts(n, h.counts[:])
		if h.kids == nil {
			c := 0
			if h.counts[1] > h.counts[0] {
				c = 1
			}
			b.SetLeaf(n, c)
			return
		}
		kids := b.Split(n, 0, []int{0, 1})
		walk(kids[0], h.kids[0])
		walk(kids[1], h.kids[1])
	}
	walk(b.Root(), h)
	return b.Tree()
}

func leafOf(a, b int) handNode { return handNode{counts: [2]int{a, b}} }
func inner(a, b int, l, r handNode) handNode {
	return handNode{counts: [2]int{a, b}, kids: []handNode{l, r}}
}

// TestCARTAlphaSequence checks SimpleCart's weakest-link sequence on small
// trees against values computed by hand from
//
//	alpha(t) = ((R(t) − R(T_t)) / N) / (L(t) − 1),
//
// R(t) = rows misclassified at t as a leaf, R(T_t) = at the leaves below,
// L(t) = leaves below, N = the root's rows.
func TestCARTAlphaSequence(t *testing.T) {
	// plain, N = 24:
	//   root (14,10) R=10 ─ A (11,3) R=3 ─ A0 (9,0)
	//                    │              └ A1 (2,3) R=2 ─ A10 (2,0), A11 (0,3)
	//                    └ B (3,7) R=3 ─ B0 (3,1) R=1, B1 (0,6)
	// alphas: A1 (2/24)/1 = .0833, A (3/24)/2 = .0625, B (2/24)/1 = .0833,
	// root (9/24)/4 = .09375. Prune A (.0625; A1 goes with it, though its
	// own alpha is larger: weakest link, not bottom-up). Root becomes
	// ((10−4)/24)/2 = .125, so prune B (.0833); root ((10−6)/24)/1 = .1667.
	plain := inner(14, 10,
		inner(11, 3, leafOf(9, 0), inner(2, 3, leafOf(2, 0), leafOf(0, 3))),
		inner(3, 7, leafOf(3, 1), leafOf(0, 6)))
	// collapse: plain with B0 (3,1) split into (2,1) and (1,0), which
	// reduces no training error. The first pass computes B's alpha with
	// B0's leaves still counted, ((3−1)/24)/2 = .0417, then collapses B0 —
	// SimpleCart keeps that stale alpha until the next pass, so B goes
	// first at .0417 (its true alpha would be .0833). Root then
	// ((10−3)/24)/3 = .0972, so A (.0625), then root ((10−6)/24)/1 = .1667.
	collapse := inner(14, 10,
		inner(11, 3, leafOf(9, 0), inner(2, 3, leafOf(2, 0), leafOf(0, 3))),
		inner(3, 7, inner(3, 1, leafOf(2, 1), leafOf(1, 0)), leafOf(0, 6)))
	// ties, N = 20:
	//   root (12,8) R=8 ─ A (10,2) R=2 ─ A0 (9,0)
	//                  │              └ A1 (1,2) R=1 ─ A10 (1,0), A11 (0,2)
	//                  └ B (2,6) R=2 ─ B0 (2,1) R=1, B1 (0,5)
	// A1 (1/20)/1, A (2/20)/2 and B (1/20)/1 all .05: A goes first (most
	// leaves), B follows at the same alpha and joins that step; root
	// (4/20)/1 = .2.
	ties := inner(12, 8,
		inner(10, 2, leafOf(9, 0), inner(1, 2, leafOf(1, 0), leafOf(0, 2))),
		inner(2, 6, leafOf(2, 1), leafOf(0, 5)))
	tests := []struct {
		name   string
		tree   handNode
		alphas []float64
		leaves int // leaves after pruneTo(0): only collapses
	}{
		{"plain", plain, []float64{0, 0.0625, 0.0833333333, 0.1666666667, 1}, 5},
		{"collapse", collapse, []float64{0, 0.0416666667, 0.0625, 0.1666666667, 1}, 5},
		{"ties", ties, []float64{0, 0.05, 0.2, 1}, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p cartPruner
			if err := p.reset(tc.tree.build()); err != nil {
				t.Fatal(err)
			}
			if got, _ := p.sequence(nil, nil); !slices.Equal(got, tc.alphas) {
				t.Errorf("alphas = %v; want %v", got, tc.alphas)
			}
			p.pruneTo(0)
			if got := p.tree().Leaves(); got != tc.leaves {
				t.Errorf("pruneTo(0) has %d leaves; want %d", got, tc.leaves)
			}
			p.pruneTo(1e9)
			if got := p.tree(); got.Len() != 1 || got.Class[0] != 0 {
				t.Errorf("pruneTo(1e9) = %d nodes, class %d; want a single leaf of class 0", got.Len(), got.Class[0])
			}
		})
	}

	// Test errors with tied alphas: SimpleCart logs the error after the
	// first prune of a step (A), not after the tied one (B). Test rows
	// misclassified by each node as a leaf, 10 test rows: the full tree's
	// leaves err 0+0+0+1+1 = 2; after A: 1+1+1 = 3; after B (same step,
	// not logged): 1+3; after the root: 4.
	t.Run("ties test errors", func(t *testing.T) {
		var p cartPruner
		if err := p.reset(ties.build()); err != nil {
			t.Fatal(err)
		}
		// Node ids in build order: root 0, A 1, B 2, A0 3, A1 4, A10 5,
		// A11 6, B0 7, B1 8.
		copy(p.testErr, []int{4, 1, 3, 0, 1, 0, 0, 1, 1})
		p.nTest = 10
		_, errs := p.sequence(nil, nil)
		if want := []float64{0.2, 0.3, 0.4}; !slices.Equal(errs, want) {
			t.Errorf("errors = %v; want %v", errs, want)
		}
	})
}

// wekaNode is a literal transcription of SimpleCart's pruning methods
// (modelErrors, treeErrors, calculateAlphas, nodeToPrune, prune) on a
// pointer tree, with full passes: the reference for cartPruner's
// incremental version.
type wekaNode struct {
	src      int
	feature  int
	next     []*wekaNode // value → child; nil at a grown leaf
	kids     []*wekaNode // successors 0 and 1
	majority int
	isLeaf   bool
	model    int // m_numIncorrectModel
	treeErr  int // m_numIncorrectTree
	alpha    float64
}

func newWekaTree(t *tree.Tree, kid []int32) *wekaNode {
	var build func(n int) *wekaNode
	build = func(n int) *wekaNode {
		counts := t.NodeCounts(n)
		w := &wekaNode{src: n, isLeaf: t.IsLeaf(n)}
		total := 0
		for c, x := range counts {
			total += int(x)
			if x > counts[w.majority] {
				w.majority = c
			}
		}
		w.model = total - int(counts[w.majority])
		if !w.isLeaf {
			w.feature = int(t.Feature[n])
			k0 := build(int(kid[n]))
			k1 := build(int(kid[n]) + 1)
			w.kids = []*wekaNode{k0, k1}
			for _, c := range t.Children(n) {
				w.next = append(w.next, w.kids[c-kid[n]])
			}
		}
		return w
	}
	return build(0)
}

func (w *wekaNode) unprune() {
	if w.kids != nil {
		w.isLeaf = false
		for _, k := range w.kids {
			k.unprune()
		}
	}
}

func (w *wekaNode) numLeaves() int {
	if w.isLeaf {
		return 1
	}
	return w.kids[0].numLeaves() + w.kids[1].numLeaves()
}

func (w *wekaNode) treeErrors() {
	if w.isLeaf {
		w.treeErr = w.model
		return
	}
	w.treeErr = 0
	for _, k := range w.kids {
		k.treeErrors()
		w.treeErr += k.treeErr
	}
}

func (w *wekaNode) calculateAlphas(total int) {
	if w.isLeaf {
		w.alpha = math.MaxFloat64
		return
	}
	diff := float64(w.model - w.treeErr)
	if diff <= 0 {
		w.isLeaf = true
		w.alpha = math.MaxFloat64
		return
	}
	diff /= float64(total)
	w.alpha = diff / float64(w.numLeaves()-1)
	w.alpha = float64(int64(math.Floor(w.alpha*1e10+0.5))) / 1e10
	for _, k := range w.kids {
		k.calculateAlphas(total)
	}
}

func (w *wekaNode) inner(list []*wekaNode) []*wekaNode {
	if !w.isLeaf {
		list = append(list, w)
		for _, k := range w.kids {
			list = k.inner(list)
		}
	}
	return list
}

func nodeToPrune(list []*wekaNode) *wekaNode {
	best := list[0]
	for _, n := range list[1:] {
		if n.alpha < best.alpha || (n.alpha == best.alpha && n.numLeaves() > best.numLeaves()) {
			best = n
		}
	}
	return best
}

func (w *wekaNode) predict(x []uint8) int {
	for !w.isLeaf {
		w = w.next[x[w.feature]]
	}
	return w.majority
}

func (w *wekaNode) errorRate(d *dataset.Dataset, rows []int) float64 {
	wrong := 0
	for _, r := range rows {
		if w.predict(d.Row(r, nil)) != int(d.Label(r)) {
			wrong++
		}
	}
	return float64(wrong) / float64(len(rows))
}

// sequence is SimpleCart's prune(alphas, errors, test).
func (w *wekaNode) sequence(total int, d *dataset.Dataset, test []int) (alphas, errs []float64) {
	w.unprune()
	w.treeErrors()
	w.calculateAlphas(total)
	alphas = []float64{0}
	errs = []float64{w.errorRate(d, test)}
	pre := math.MaxFloat64
	for list := w.inner(nil); len(list) > 0; list = w.inner(nil) {
		n := nodeToPrune(list)
		n.isLeaf = true
		if n.alpha != pre {
			alphas = append(alphas, n.alpha)
			errs = append(errs, w.errorRate(d, test))
			pre = n.alpha
		}
		w.treeErrors()
		w.calculateAlphas(total)
	}
	return append(alphas, 1), errs
}

// pruneTo is SimpleCart's prune(alpha) after unprune().
func (w *wekaNode) pruneTo(total int, alpha float64) {
	w.unprune()
	w.treeErrors()
	w.calculateAlphas(total)
	for list := w.inner(nil); len(list) > 0; list = w.inner(nil) {
		n := nodeToPrune(list)
		if n.alpha > alpha {
			return
		}
		n.isLeaf = true
		w.treeErrors()
		w.calculateAlphas(total)
	}
}

// TestCARTPrunerMatchesWeka grows unpruned trees on noisy samples of
// random oracles and checks the incremental pruner against the literal
// transcription of SimpleCart: the same alpha sequence, the same test
// error after every step (with test rows walked down the tree), and the
// same predictions after pruning at every midpoint alpha.
func TestCARTPrunerMatchesWeka(t *testing.T) {
	cases := []struct {
		name    string
		domains []int
		k       int
	}{
		{"binary", repeat(2, 8), 2},
		{"mixed, three classes", []int{2, 3, 4, 2, 5, 3}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			steps := 0
			for seed := range uint64(15) {
				d := noisyOracleData(t, seed, tc.domains, tc.k, 5, 600, 0.2)
				rng := rand.New(rand.NewPCG(seed, 9))
				train := dataset.NewBitset(d.Len())
				var test []int
				for r := range d.Len() {
					if rng.IntN(4) == 0 {
						test = append(test, r)
					} else {
						train.Set(r)
					}
				}
				o := DefaultCARTOptions()
				o.MinLeaf = 1 + int(seed%3)
				full, err := grow.Tree(d, train, newCARTSplitter(o), grow.Options{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				var p cartPruner
				if err := p.reset(full); err != nil {
					t.Fatal(err)
				}
				p.setTest(d, test)
				alphas, errs := p.sequence(nil, nil)
				w := newWekaTree(full, p.kid)
				wantAlphas, wantErrs := w.sequence(train.Count(), d, test)
				if !slices.Equal(alphas, wantAlphas) {
					t.Fatalf("seed %d: alphas\n%v\nSimpleCart's\n%v", seed, alphas, wantAlphas)
				}
				if !slices.Equal(errs, wantErrs) {
					t.Fatalf("seed %d: errors\n%v\nSimpleCart's\n%v", seed, errs, wantErrs)
				}
				steps += len(alphas) - 2
				for i := range len(alphas) - 1 {
					beta := math.Sqrt(alphas[i] * alphas[i+1])
					p.pruneTo(beta)
					got := p.tree()
					if err := got.Validate(); err != nil {
						t.Fatalf("seed %d: pruned tree: %v", seed, err)
					}
					w.pruneTo(train.Count(), beta)
					if got.Leaves() != w.numLeaves() {
						t.Fatalf("seed %d, beta %g: %d leaves; SimpleCart's %d", seed, beta, got.Leaves(), w.numLeaves())
					}
					for r := range d.Len() {
						x := d.Row(r, nil)
						if got.Predict(x) != w.predict(x) {
							t.Fatalf("seed %d, beta %g: row %d predicted %d; SimpleCart's %d", seed, beta, r, got.Predict(x), w.predict(x))
						}
					}
				}
			}
			if steps < 50 {
				t.Errorf("only %d pruning steps over all seeds; the test needs bushier trees", steps)
			}
		})
	}
}

// TestCARTPrunedMatchesWeka checks the whole pruned fit against a literal
// transcription of SimpleCart's buildClassifier on the same folds: fold
// trees' sequences and errors from the reference pruner, midpoint
// scoring, the choice of step (least error, most pruned on ties, or the
// one-SE rule) and the final prune. Fit's folds come from the same
// generator state as fitTree's, every row in one; FitOrdered's, from rows
// in a random order, are SimpleCart's own: that order randomized with
// java.util.Random(seed), its last row left out, stratified.
func TestCARTPrunedMatchesWeka(t *testing.T) {
	for seed := range uint64(12) {
		for _, oneSE := range []bool{false, true} {
			d := noisyOracleData(t, seed, []int{2, 3, 2, 4, 2, 2, 3}, 2+int(seed%2), 5, 400+50*int(seed), 0.15)
			o := DefaultCARTOptions()
			o.OneSE = oneSE
			o.Folds = 3 + int(seed%4)
			o.Seed = int(seed) - 3

			got := fitTree(t, CART{Options: o}, d, d.All(), seed)
			folded := d.All().Rows(nil)
			rng := rand.New(rand.NewPCG(seed, 1))
			rng.Shuffle(len(folded), func(i, j int) { folded[i], folded[j] = folded[j], folded[i] })
			checkCARTPrunedWeka(t, "Fit", d, o, folded, got)

			order := rand.New(rand.NewPCG(seed, 7)).Perm(d.Len())
			m, err := CART{Options: o}.FitOrdered(d, order, nil)
			if err != nil {
				t.Fatal(err)
			}
			folded = slices.Clone(order)
			cv.WekaRandomize(folded, cv.NewJavaRandom(int64(o.Seed)))
			checkCARTPrunedWeka(t, "FitOrdered", d, o, folded[:len(folded)-1], m.(TreeModel).Tree())
		}
	}
}

// checkCARTPrunedWeka checks a pruned CART tree on all rows of d against
// SimpleCart's buildClassifier transcribed, on folds stratified from the
// rows folded in their order.
func checkCARTPrunedWeka(t *testing.T, how string, d *dataset.Dataset, o CARTOptions, folded []int, got *tree.Tree) {
	t.Helper()
	rows := cv.WekaStratify(slices.Clone(folded), d.Labels(), o.Folds)
	n, m := d.Len(), len(rows)
	sp := newCARTSplitter(o)
	var alphas, errs [][]float64
	for i := range o.Folds {
		first, size := cv.TestBlock(m, o.Folds, i)
		train := dataset.NewBitset(n)
		for _, r := range rows[:first] {
			train.Set(r)
		}
		for _, r := range rows[first+size:] {
			train.Set(r)
		}
		ft, err := grow.Tree(d, train, sp, grow.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var p cartPruner
		if err := p.reset(ft); err != nil {
			t.Fatal(err)
		}
		a, e := newWekaTree(ft, p.kid).sequence(train.Count(), d, rows[first:first+size])
		alphas, errs = append(alphas, a), append(errs, e)
	}
	full, err := grow.Tree(d, d.All(), sp, grow.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var p cartPruner
	if err := p.reset(full); err != nil {
		t.Fatal(err)
	}
	w := newWekaTree(full, p.kid)
	treeAlphas, _ := w.sequence(n, d, rows)
	iterations := len(treeAlphas) - 2
	treeErrors := make([]float64, iterations+1)
	for i := 0; i <= iterations; i++ {
		alpha := math.Sqrt(treeAlphas[i] * treeAlphas[i+1])
		e := 0.0
		for k := range o.Folds {
			l := 0
			for alphas[k][l] <= alpha {
				l++
			}
			e += errs[k][l-1]
		}
		treeErrors[i] = e / float64(o.Folds)
	}
	best, bestError := -1, math.MaxFloat64
	for i := iterations; i >= 0; i-- {
		if treeErrors[i] < bestError {
			best, bestError = i, treeErrors[i]
		}
	}
	if o.OneSE {
		se := math.Sqrt(bestError * (1 - bestError) / float64(n))
		for i := iterations; i >= 0; i-- {
			if treeErrors[i] <= bestError+se {
				best = i
				break
			}
		}
	}
	w.pruneTo(n, math.Sqrt(treeAlphas[best]*treeAlphas[best+1]))

	if got.Leaves() != w.numLeaves() {
		t.Fatalf("%s, seed %d, one_se %v: %d leaves; SimpleCart's %d", how, o.Seed, o.OneSE, got.Leaves(), w.numLeaves())
	}
	for r := range n {
		x := d.Row(r, nil)
		if got.Predict(x) != w.predict(x) {
			t.Fatalf("%s, seed %d, one_se %v: row %d predicted %d; SimpleCart's %d", how, o.Seed, o.OneSE, r, got.Predict(x), w.predict(x))
		}
	}
}
