package exact

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// smallCase is one random small dataset and the rows to train on.
type smallCase struct {
	name string
	d    *dataset.Dataset
	rows []int
	bits dataset.Bitset
}

// smallCases draws n random datasets with m ≤ 6 binary or ternary
// features, 2–3 classes and up to 40 rows, training on a random subset of
// the rows half of the time.
func smallCases(t *testing.T, seed uint64, n int, consistent bool) []smallCase {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := make([]smallCase, n)
	for i := range out {
		m := 1 + rng.IntN(6)
		domains := make([]int, m)
		for f := range domains {
			domains[f] = 2 + rng.IntN(2)
		}
		k := 2 + rng.IntN(2)
		rows := 1 + rng.IntN(40)
		d := randomData(t, rng, domains, k, rows, consistent)
		c := smallCase{name: fmt.Sprintf("%d/m%d/k%d/n%d", i, m, k, rows), d: d, bits: dataset.NewBitset(rows)}
		for r := range rows {
			if rng.IntN(2) == 0 || i%2 == 0 {
				c.rows = append(c.rows, r)
				c.bits.Set(r)
			}
		}
		out[i] = c
	}
	return out
}

func fit(t *testing.T, o Options, d *dataset.Dataset, rows dataset.Bitset) *Model {
	t.Helper()
	m, err := Learner{Opts: o}.Fit(d, rows, nil)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}
	if err := m.Tree().Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return m
}

// bruteResult is the brute force's answer for a case: the least depth
// that reaches the least error, the score there and the canonical tree.
type bruteResult struct {
	depth int
	want  score
	tree  *tree.Tree
}

func bruteSolve(c smallCase) bruteResult {
	bf := &brute{d: c.d, used: make([]bool, c.d.NumFeatures())}
	depth, want := bf.minDepth(c.rows)
	return bruteResult{depth, want, bf.tree(c.rows, depth)}
}

// checkBrute compares a model with the brute force at the least depth that
// reaches the least error: depth, errors, leaves and the canonical tree.
func checkBrute(t *testing.T, c smallCase, br bruteResult, m *Model) {
	t.Helper()
	got := m.Tree()
	if got.Depth() != br.depth || got.Leaves() != br.want.leaves {
		t.Fatalf("depth %d, leaves %d; brute force %d, %d", got.Depth(), got.Leaves(), br.depth, br.want.leaves)
	}
	if e := trainingErrors(got, c.d, c.rows); e != br.want.errors || m.TrainingErrors() != e {
		t.Fatalf("training errors %d (reported %d); brute force %d", e, m.TrainingErrors(), br.want.errors)
	}
	if !m.Optimal() {
		t.Fatal("Optimal() = false without a time budget")
	}
	if diff := sameTree(got, br.tree); diff != "" {
		t.Fatalf("tree differs from the canonical brute-force tree %s", diff)
	}
}

func TestMinimumDepthMatchesBruteForce(t *testing.T) {
	for _, c := range smallCases(t, 1, 300, true) {
		t.Run(c.name, func(t *testing.T) {
			br := bruteSolve(c)
			forEngines(t, func(t *testing.T) {
				m := fit(t, opts(0, DepthThenLeaves), c.d, c.bits)
				if e := trainingErrors(m.Tree(), c.d, c.rows); e != 0 {
					t.Fatalf("consistent data: %d training errors", e)
				}
				checkBrute(t, c, br, m)
			})
		})
	}
}

func TestContradictoryDataMatchesBruteForce(t *testing.T) {
	for _, c := range smallCases(t, 2, 300, false) {
		t.Run(c.name, func(t *testing.T) {
			br := bruteSolve(c)
			forEngines(t, func(t *testing.T) {
				m := fit(t, opts(0, DepthThenLeaves), c.d, c.bits)
				if got, want := m.TrainingErrors(), leastErrors(c.d, c.rows); got != want {
					t.Fatalf("TrainingErrors() = %d; least possible %d", got, want)
				}
				checkBrute(t, c, br, m)
			})
		})
	}
}

// TestManyClassesMatchesBruteForce checks data of 9 to 12 classes, whose
// class sets no longer fit a byte, against the brute force.
func TestManyClassesMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 60 {
		m := 1 + rng.IntN(4)
		domains := make([]int, m)
		for f := range domains {
			domains[f] = 2 + rng.IntN(2)
		}
		k, n, consistent := 9+rng.IntN(4), 1+rng.IntN(30), i%2 == 0
		d := randomData(t, rng, domains, k, n, consistent)
		c := smallCase{name: fmt.Sprintf("%d/m%d/k%d/n%d/consistent=%v", i, m, k, n, consistent), d: d, bits: d.All(), rows: d.All().Rows(nil)}
		t.Run(c.name, func(t *testing.T) {
			br := bruteSolve(c)
			forEngines(t, func(t *testing.T) { checkBrute(t, c, br, fit(t, opts(0, DepthThenLeaves), c.d, c.bits)) })
		})
	}
}

func TestMaxDepthBoundMatchesBruteForce(t *testing.T) {
	for _, c := range smallCases(t, 3, 200, false) {
		t.Run(c.name, func(t *testing.T) {
			bf := &brute{d: c.d, used: make([]bool, c.d.NumFeatures())}
			depth, _ := bf.minDepth(c.rows)
			type bounded struct {
				want score
				tree *tree.Tree
			}
			var wants []bounded
			for bound := 1; bound < depth; bound++ {
				wants = append(wants, bounded{bf.best(c.rows, bound), bf.tree(c.rows, bound)})
			}
			forEngines(t, func(t *testing.T) {
				for i, w := range wants {
					bound := i + 1
					m := fit(t, opts(bound, DepthThenLeaves), c.d, c.bits)
					got := m.Tree()
					if got.Depth() > bound {
						t.Fatalf("MaxDepth %d: depth %d", bound, got.Depth())
					}
					if e := trainingErrors(got, c.d, c.rows); e != w.want.errors || m.TrainingErrors() != e || got.Leaves() != w.want.leaves {
						t.Fatalf("MaxDepth %d: errors %d (reported %d), leaves %d; brute force %d, %d",
							bound, e, m.TrainingErrors(), got.Leaves(), w.want.errors, w.want.leaves)
					}
					if diff := sameTree(got, w.tree); diff != "" {
						t.Fatalf("MaxDepth %d: tree differs from the canonical brute-force tree %s", bound, diff)
					}
					if !m.Optimal() {
						t.Fatalf("MaxDepth %d: Optimal() = false", bound)
					}
				}
				// A bound at or above the least depth changes nothing.
				free := fit(t, opts(0, DepthThenLeaves), c.d, c.bits)
				bounded := fit(t, opts(max(depth, 1), DepthThenLeaves), c.d, c.bits)
				if !reflect.DeepEqual(free.Tree(), bounded.Tree()) {
					t.Fatalf("MaxDepth %d changed the tree of depth %d", max(depth, 1), depth)
				}
			})
		})
	}
}

func TestOracleSamples(t *testing.T) {
	cases := []struct {
		m, depth, k, n int
	}{
		{6, 3, 2, 40}, {8, 4, 3, 200}, {10, 5, 2, 600}, {10, 6, 2, 1000}, {12, 6, 3, 1500},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("m%d/depth%d/k%d/n%d", tc.m, tc.depth, tc.k, tc.n)
		t.Run(name, func(t *testing.T) {
			d := oracleData(t, uint64(tc.n), tc.m, tc.depth, tc.k, tc.n)
			m := fit(t, opts(0, DepthThenLeaves), d, d.All())
			all := d.All().Rows(nil)
			if e := trainingErrors(m.Tree(), d, all); e != 0 || m.TrainingErrors() != 0 {
				t.Fatalf("training errors %d (reported %d) on noise-free data", e, m.TrainingErrors())
			}
			if got := m.Tree().Depth(); got > tc.depth {
				t.Fatalf("depth %d exceeds the oracle's %d", got, tc.depth)
			}
			checkCounts(t, m.Tree(), d, all)
		})
	}
}

// checkCounts checks the root's counts against the data and every internal
// node's against the sum of its children's.
func checkCounts(t *testing.T, tr *tree.Tree, d *dataset.Dataset, rows []int) {
	t.Helper()
	want := make([]int32, d.Classes())
	for _, r := range rows {
		want[d.Label(r)]++
	}
	if got := tr.NodeCounts(0); !reflect.DeepEqual(got, want) {
		t.Fatalf("root counts %v; want %v", got, want)
	}
	for n := range tr.Len() {
		if tr.IsLeaf(n) {
			continue
		}
		sum := make([]int32, d.Classes())
		for _, c := range tr.Children(n) {
			for j, v := range tr.NodeCounts(int(c)) {
				sum[j] += v
			}
		}
		if !reflect.DeepEqual(sum, tr.NodeCounts(n)) {
			t.Fatalf("node %d counts %v; children sum to %v", n, tr.NodeCounts(n), sum)
		}
	}
}

func TestDeterministic(t *testing.T) {
	d := oracleData(t, 5, 10, 6, 2, 800)
	a := fit(t, opts(0, DepthThenLeaves), d, d.All())
	b := fit(t, opts(0, DepthThenLeaves), d, d.All())
	if !reflect.DeepEqual(a.Tree(), b.Tree()) {
		t.Fatal("two fits on the same data differ")
	}
	// The tree depends on the rows, not their order.
	rng := rand.New(rand.NewPCG(9, 9))
	perm := rng.Perm(d.Len())
	x := make([][]uint8, d.Len())
	y := make([]uint8, d.Len())
	for i, r := range perm {
		x[i] = d.Row(r, nil)
		y[i] = d.Label(r)
	}
	shuffled := newData(t, d.Domains(), d.Classes(), x, y)
	c := fit(t, opts(0, DepthThenLeaves), shuffled, shuffled.All())
	if diff := sameTree(a.Tree(), c.Tree()); diff != "" {
		t.Fatalf("shuffled rows give another tree %s", diff)
	}
}

func TestTimeBudget(t *testing.T) {
	d := oracleData(t, 11, 16, 8, 2, 3000)
	all := d.All().Rows(nil)
	for _, maxDepth := range []int{0, 4} {
		t.Run(fmt.Sprintf("max_depth=%d", maxDepth), func(t *testing.T) {
			m := fit(t, Options{MaxDepth: maxDepth, TimeBudget: "1ns", Objective: DepthThenLeaves.String()}, d, d.All())
			if m.Optimal() {
				t.Fatal("Optimal() = true after a 1ns budget")
			}
			if e := trainingErrors(m.Tree(), d, all); e != m.TrainingErrors() {
				t.Fatalf("TrainingErrors() = %d; the tree misclassifies %d", m.TrainingErrors(), e)
			}
			if maxDepth > 0 && m.Tree().Depth() > maxDepth {
				t.Fatalf("depth %d exceeds MaxDepth %d", m.Tree().Depth(), maxDepth)
			}
			if maxDepth == 0 && m.TrainingErrors() != 0 {
				t.Fatalf("fallback tree has %d training errors on consistent data", m.TrainingErrors())
			}
			checkCounts(t, m.Tree(), d, all)
		})
	}
}

func TestEdgeCases(t *testing.T) {
	cases := []struct {
		name          string
		domains       []int
		k             int
		x             [][]uint8
		y             []uint8
		depth, leaves int
	}{
		{"no rows", []int{2}, 2, nil, nil, 0, 1},
		{"one class", []int{2, 2}, 3, [][]uint8{{0, 1}, {1, 0}}, []uint8{2, 2}, 0, 1},
		{"one input, two classes", []int{2}, 2, [][]uint8{{1}, {1}, {1}}, []uint8{1, 0, 1}, 0, 1},
		{"domain of one", []int{1, 2}, 2, [][]uint8{{0, 0}, {0, 1}}, []uint8{0, 1}, 1, 2},
		{"xor", []int{2, 2}, 2, [][]uint8{{0, 0}, {0, 1}, {1, 0}, {1, 1}}, []uint8{0, 1, 1, 0}, 2, 4},
		{"xor beside a copy", []int{2, 2, 2}, 2, [][]uint8{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {1, 1, 1}}, []uint8{0, 1, 1, 0}, 1, 2},
		{"empty branch", []int{3}, 2, [][]uint8{{0}, {2}, {2}}, []uint8{1, 0, 0}, 1, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newData(t, tc.domains, tc.k, tc.x, tc.y)
			forEngines(t, func(t *testing.T) {
				m := fit(t, opts(0, DepthThenLeaves), d, d.All())
				if got := m.Tree(); got.Depth() != tc.depth || got.Leaves() != tc.leaves {
					t.Fatalf("depth %d, leaves %d; want %d, %d", got.Depth(), got.Leaves(), tc.depth, tc.leaves)
				}
			})
		})
	}
}

func TestEmptyBranchTakesParentMajority(t *testing.T) {
	// Value 1 of f0 has no rows; the root's majority is class 0.
	d := newData(t, []int{3}, 2, [][]uint8{{0}, {2}, {2}}, []uint8{1, 0, 0})
	m := fit(t, opts(0, DepthThenLeaves), d, d.All())
	if got := m.Predict([]uint8{1}); got != 0 {
		t.Fatalf("empty branch predicts %d; want the parent's majority 0", got)
	}
}

// TestRecursionWithoutSolver forces the search to recurse down to single
// leaves, as it does when a node's tables would be too big, and checks it
// against the brute force again.
func TestRecursionWithoutSolver(t *testing.T) {
	pairs, triples := maxPairCells, maxTripleCells
	maxPairCells, maxTripleCells = 0, 0
	defer func() { maxPairCells, maxTripleCells = pairs, triples }()
	defer engines[0].use()() // the search alone
	for _, consistent := range []bool{true, false} {
		for _, c := range smallCases(t, 4, 100, consistent) {
			t.Run(fmt.Sprintf("consistent=%v/%s", consistent, c.name), func(t *testing.T) {
				checkBrute(t, c, bruteSolve(c), fit(t, opts(0, DepthThenLeaves), c.d, c.bits))
			})
		}
	}
	// Beyond the brute force's reach, the solver and the recursion must
	// still agree on the one canonical tree.
	for _, tc := range []struct {
		m, z, depth, n int
		noise          float64
	}{{8, 2, 5, 200, 0}, {7, 3, 4, 300, 0}, {8, 2, 4, 300, 0.1}} {
		d := noisyOracleData(t, 7, tc.m, tc.z, tc.depth, 3, tc.n, tc.noise)
		t.Run(fmt.Sprintf("oracle/m%dz%d/depth%d/noise%g", tc.m, tc.z, tc.depth, tc.noise), func(t *testing.T) {
			recursive := fit(t, opts(0, DepthThenLeaves), d, d.All())
			maxPairCells, maxTripleCells = pairs, triples
			solved := fit(t, opts(0, DepthThenLeaves), d, d.All())
			maxPairCells, maxTripleCells = 0, 0
			if diff := sameTree(recursive.Tree(), solved.Tree()); diff != "" {
				t.Fatalf("recursion and solver disagree %s", diff)
			}
		})
	}
}

// TestWideDataset plants a depth-2 concept among 70 features, more than
// fit the per-point bit rows, with ternary features beside binary ones.
func TestWideDataset(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	domains := make([]int, 70)
	for f := range domains {
		domains[f] = 2 + f%2
	}
	x := make([][]uint8, 400)
	y := make([]uint8, len(x))
	for r := range x {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		if x[r][12] == 1 && x[r][61] == 2 {
			y[r] = 1
		}
	}
	d := newData(t, domains, 2, x, y)
	m := fit(t, opts(0, DepthThenLeaves), d, d.All())
	if got := m.Tree(); got.Depth() != 2 || got.Leaves() != 4 || m.TrainingErrors() != 0 {
		t.Fatalf("depth %d, leaves %d, errors %d; want 2, 4, 0", got.Depth(), got.Leaves(), m.TrainingErrors())
	}
	if f := m.Tree().Feature[0]; f != 12 {
		t.Fatalf("root tests f%d; want f12: f61 first also needs 4 leaves, and ties go to the lowest index", f)
	}
}
