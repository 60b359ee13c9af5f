package train

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/info"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// costHandData is the two-attribute hand example: 8 rows, class c = f0
// exactly, and f1 = c on 6 of them. At the root f0's table is [4 0; 0 4],
// ΔI = 1 bit; f1's is [3 1; 1 3], ΔI = 1 − H(3/4, 1/4) = 0.188722 bits.
func costHandData(t *testing.T) *dataset.Dataset {
	t.Helper()
	x := [][]uint8{{0, 0}, {0, 0}, {0, 0}, {0, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0}}
	y := []uint8{0, 0, 0, 0, 1, 1, 1, 1}
	d, err := dataset.FromRows(schemaFor([]int{2, 2}, 2), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// flatModel is a model of the given test costs, no group, the 0/1 matrix.
func flatModel(cost ...float64) *costs.Model {
	m := costs.Unit(len(cost), 2, nil)
	for f, c := range cost {
		m.Tests[f].Cost = c
	}
	return m
}

// TestCostCriteriaHandExample checks the three measures on the hand
// example, by hand, and the root each learner then picks:
//
//	costs (f0, f1)   IDX ΔI/C          CS-ID3 ΔI²/C       EG2 (2^ΔI−1)/(C+1)
//	1, 1             1     / 0.1887    1     / 0.03562    0.5    / 0.06988  → f0 f0 f0
//	10, 1            0.1   / 0.1887    0.1   / 0.03562    0.0909 / 0.06988  → f1 f0 f0
//	20, 1            0.05  / 0.1887    0.05  / 0.03562    0.0476 / 0.06988  → f1 f0 f1
//
// so cost changes IDX's choice at 10 and EG2's at 20, and CS-ID3, whose
// squared gain favours f0 more, keeps f0.
func TestCostCriteriaHandExample(t *testing.T) {
	d := costHandData(t)
	const g1 = 1 - 0.8112781244591328 // 1 − H(3/4, 1/4)
	eg := func(g, c float64) float64 { return (math.Exp2(g) - 1) / (c + 1) }
	var s nodeSums
	s.set(d.ClassCounts(d.All()))
	tables := [2][]int{{4, 0, 0, 4}, {3, 1, 1, 3}}
	for _, tc := range []struct {
		cost []float64
		want map[string]int // learner → root feature
	}{
		{[]float64{1, 1}, map[string]int{"idx": 0, "csid3": 0, "eg2": 0}},
		{[]float64{10, 1}, map[string]int{"idx": 1, "csid3": 0, "eg2": 0}},
		{[]float64{20, 1}, map[string]int{"idx": 1, "csid3": 0, "eg2": 1}},
	} {
		m := flatModel(tc.cost...)
		crits := map[string]criterion{
			"idx":   idxCriterion{newTestCosts(m)},
			"csid3": csid3Criterion{newTestCosts(m)},
			"eg2":   newEG2Criterion(newTestCosts(m), 1),
		}
		want := map[string][2]float64{
			"idx":   {1 / tc.cost[0], g1 / tc.cost[1]},
			"csid3": {1 / tc.cost[0], g1 * g1 / tc.cost[1]},
			"eg2":   {eg(1, tc.cost[0]), eg(g1, tc.cost[1])},
		}
		for name, c := range crits {
			for f, table := range tables {
				if got, _ := c.score(&s, f, table); math.Abs(got-want[name][f]) > 1e-12 {
					t.Errorf("costs %v: %s merit of f%d = %.15g; want %.15g", tc.cost, name, f, got, want[name][f])
				}
			}
		}
		learners := map[string]Learner{
			"idx":   IDX{Options: DefaultC45Options(), Costs: m},
			"csid3": CSID3{Options: DefaultC45Options(), Costs: m},
			"eg2":   EG2{Options: DefaultEG2Options(), Costs: m},
		}
		for name, l := range learners {
			tr := fitTree(t, l, d, d.All(), 0)
			if got := int(tr.Feature[0]); got != tc.want[name] {
				t.Errorf("costs %v: %s tests f%d at the root; want f%d", tc.cost, name, got, tc.want[name])
			}
		}
	}
}

// groupModel draws a cost model with groups for the features of d: costs
// in [1, 20], about half the tests in two or three groups with common
// costs in [5, 60], so that paying a group changes rankings.
func groupModel(t testing.TB, rng *rand.Rand, d *dataset.Dataset) *costs.Model {
	m, err := costs.Draw(rng, d.NumFeatures(), d.Classes(), costs.DrawOptions{
		MinCost: 1, MaxCost: 20, Groups: 2 + rng.IntN(2), Grouped: 0.5, MinCommon: 5, MaxCommon: 60,
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// pathCost is C_f at a node whose path tests the features in tested:
// f's Cost, plus its group's common cost unless a member is tested.
func pathCost(m *costs.Model, f int, tested []bool) float64 {
	ts := m.Tests[f]
	if ts.Group == costs.NoGroup {
		return ts.Cost
	}
	for g, x := range tested {
		if x && m.Tests[g].Group == ts.Group {
			return ts.Cost
		}
	}
	return ts.Cost + m.Groups[ts.Group].Common
}

// TestCostSelectionByPath checks, node by node of unpruned trees grown on
// random data with grouped costs, that each learner tests the feature of
// largest measure among J48's valid splits, with C computed from the
// node's path: a group's common cost counted only until a member is
// tested above. It also checks that charging the common cost at every
// node instead (ignoring the path) contradicts some of the choices, so
// the check sees the path.
func TestCostSelectionByPath(t *testing.T) {
	measure := map[string]func(g, c float64) float64{
		"idx":   func(g, c float64) float64 { return g / max(c, minCost) },
		"csid3": func(g, c float64) float64 { return g * g / max(c, minCost) },
		"eg2":   func(g, c float64) float64 { return (math.Exp2(g) - 1) / (c + 1) },
	}
	o := C45Options{MinLeaf: 2, Pruning: PruningNone, Confidence: 0.25}
	contradicted := map[string]int{}
	nodes := 0
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 77))
		domains := []int{2, 3, 2, 4, 2, 3, 2, 2}
		d := costNoisyData(t, rng, domains, 2+int(seed%2), 5, 600)
		m := groupModel(t, rng, d)
		learners := map[string]Learner{
			"idx":   IDX{Options: o, Costs: m},
			"csid3": CSID3{Options: o, Costs: m},
			"eg2":   EG2{Options: EG2Options{C45Options: o, Omega: 1}, Costs: m},
		}
		for name, l := range learners {
			tr := fitTree(t, l, d, d.All(), seed)
			walkNodes(tr, d, func(n int, rows []int, tested []bool) {
				f := int(tr.Feature[n])
				best, bestFlat := math.Inf(-1), math.Inf(-1)
				var chosen, chosenFlat float64
				for g := range d.NumFeatures() {
					if tested[g] {
						continue
					}
					table := contingency(d, rows, g)
					if !bigBranches(table, d.Classes(), o.MinLeaf) {
						continue
					}
					gain := info.InfoGain(table, d.Classes())
					mp := measure[name](gain, pathCost(m, g, tested))
					mf := measure[name](gain, m.Full(g))
					best, bestFlat = max(best, mp), max(bestFlat, mf)
					if g == f {
						chosen, chosenFlat = mp, mf
					}
				}
				nodes++
				if chosen < best-1e-6 {
					t.Errorf("seed %d %s node %d: tests f%d of measure %.9g; f%d's path costs give a best of %.9g", seed, name, n, f, chosen, f, best)
				}
				if chosenFlat < bestFlat-1e-6 {
					contradicted[name]++
				}
			})
		}
	}
	if nodes < 100 {
		t.Fatalf("only %d internal nodes checked", nodes)
	}
	for _, name := range []string{"idx", "csid3", "eg2"} {
		if contradicted[name] == 0 {
			t.Errorf("%s: no choice depends on the path's group costs; the check would not see a learner that ignores them", name)
		}
	}
}

// costNoisyData is a sample of a random oracle with 10% of the labels
// redrawn, so trees have nodes of several informative tests.
func costNoisyData(t testing.TB, rng *rand.Rand, domains []int, k, depth, n int) *dataset.Dataset {
	t.Helper()
	oracle := randomOracle(rng, domains, k, depth)
	x := make([][]uint8, n)
	y := make([]uint8, n)
	for r := range x {
		x[r] = make([]uint8, len(domains))
		for f, z := range domains {
			x[r][f] = uint8(rng.IntN(z))
		}
		y[r] = uint8(oracle.Predict(x[r]))
		if rng.IntN(10) == 0 {
			y[r] = uint8(rng.IntN(k))
		}
	}
	d, err := dataset.FromRows(schemaFor(domains, k), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// walkNodes calls fn for every internal node of tr with the rows of d
// that reach it and the features tested on its path.
func walkNodes(tr *tree.Tree, d *dataset.Dataset, fn func(n int, rows []int, tested []bool)) {
	var walk func(n int, rows []int, tested []bool)
	walk = func(n int, rows []int, tested []bool) {
		if tr.IsLeaf(n) {
			return
		}
		fn(n, rows, tested)
		f := tr.Feature[n]
		next := append([]bool(nil), tested...)
		next[f] = true
		byChild := map[int][]int{}
		for _, r := range rows {
			c := tr.Next(n, d.Value(int(f), r))
			byChild[c] = append(byChild[c], r)
		}
		for _, br := range tr.Branches(n) {
			walk(br.Child, byChild[br.Child], next)
		}
	}
	walk(0, d.All().Rows(nil), make([]bool, d.NumFeatures()))
}

// contingency returns feature f's table over rows: [v*K+c].
func contingency(d *dataset.Dataset, rows []int, f int) []int {
	k := d.Classes()
	t := make([]int, d.Domain(f)*k)
	for _, r := range rows {
		t[int(d.Value(f, r))*k+int(d.Label(r))]++
	}
	return t
}

// TestCostRowModes checks that the cost criteria's trees, path state
// included, do not depend on how nodes hold their rows: bitsets only,
// lists only and the automatic mix (with the tiny path in the oracle
// study's case) grow the same trees.
func TestCostRowModes(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(3) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				m := groupModel(t, rand.New(rand.NewPCG(seed, 3)), d)
				crits := map[string]func() criterion{
					"idx":   func() criterion { return idxCriterion{newTestCosts(m)} },
					"csid3": func() criterion { return csid3Criterion{newTestCosts(m)} },
					"eg2":   func() criterion { return newEG2Criterion(newTestCosts(m), 0.7) },
				}
				for name, crit := range crits {
					var trees []*tree.Tree
					for _, below := range []int{0, -1, d.Len() + 1} {
						c := crit()
						sp := &multiway{crit: c, path: c.(pathCriterion), j48: newJ48Rule(d, d.All(), 1)}
						tr, err := grow.Tree(d, d.All(), sp, grow.Options{ListBelow: below}, nil)
						if err != nil {
							t.Fatal(err)
						}
						trees = append(trees, tr)
					}
					for i, tr := range trees[1:] {
						if diff := sameTree(trees[0], tr); diff != "" {
							t.Fatalf("%s seed %d: mode %d differs from automatic: %s", name, seed, i+1, diff)
						}
					}
				}
			}
		})
	}
}

// TestCostLearnersDefaults checks that a learner given no model uses unit
// costs, that WithCosts hands one over, and that a model of the wrong
// shape for the data is bad input.
func TestCostLearnersDefaults(t *testing.T) {
	d := oracleData(t, 4, repeat(3, 6), 3, 4, 400)
	unit := costs.Unit(d.NumFeatures(), d.Classes(), nil)
	for _, l := range []CostSensitive{IDX{Options: DefaultC45Options()}, CSID3{Options: DefaultC45Options()}, EG2{Options: DefaultEG2Options()}} {
		a := fitTree(t, l, d, d.All(), 1)
		b := fitTree(t, l.WithCosts(unit), d, d.All(), 1)
		if diff := sameTree(a, b); diff != "" {
			t.Errorf("%T: no model differs from unit costs: %s", l, diff)
		}
		_, err := l.WithCosts(costs.Unit(2, d.Classes(), nil)).Fit(d, d.All(), nil)
		if !input.Is(err) {
			t.Errorf("%T with 2 tests for 6 features: %v; want an input error", l, err)
		}
	}
}

// TestCostLearnersRegistry checks the registry's cost learners: options
// decoded over J48's defaults, ω checked, and each a CostSensitive.
func TestCostLearnersRegistry(t *testing.T) {
	l, err := New(Spec{Name: "eg2", Options: map[string]any{"omega": 0.5, "min_leaf": 3}})
	if err != nil {
		t.Fatal(err)
	}
	if o := l.(EG2).Options; o.Omega != 0.5 || o.MinLeaf != 3 || o.Confidence != 0.25 {
		t.Errorf("eg2 options = %+v; want omega 0.5, min_leaf 3, confidence 0.25", o)
	}
	for _, bad := range []float64{-0.1, 1.5, math.NaN()} {
		_, err := New(Spec{Name: "eg2", Options: map[string]any{"omega": bad}})
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Key != "learners.eg2.omega" {
			t.Errorf("omega %v: %v; want an error keyed learners.eg2.omega", bad, err)
		}
	}
	for _, name := range []string{"idx", "csid3", "eg2", "icet"} {
		l, err := New(Spec{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := l.(CostSensitive); !ok {
			t.Errorf("%s (%T) is not CostSensitive", name, l)
		}
	}
}
