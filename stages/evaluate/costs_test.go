package evaluate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/tree"
)

// treeModel is a tree as a model, for these tests.
type treeModel struct{ t *tree.Tree }

func (m treeModel) Predict(x []uint8) int { return m.t.Predict(x) }

// TestCostSumMatchesTreeCosts: the charges made on the walk that predicts
// equal costs.TreeCosts.Mean's own walk, on random trees (features reused
// on a path, delayed and grouped tests), and the predictions and the
// confusion counts are Score's.
func TestCostSumMatchesTreeCosts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		domains := randomDomains(rng, 6, 2, 4)
		lt := randomLearned(rng, domains, 3, id3Like(5, 2, 0.8))
		m, err := costs.Draw(rng, len(domains), 3, costs.DrawOptions{MinCost: 1, MaxCost: 9, Delayed: 0.3, Groups: 2, Grouped: 0.5, MinCommon: 1, MaxCommon: 5})
		if err != nil {
			t.Fatal(err)
		}
		schema := dataset.Schema{Class: dataset.Attribute{Name: "c", Values: []string{"a", "b", "c"}}}
		for f, z := range domains {
			a := dataset.Attribute{Name: string(rune('p' + f))}
			for v := range z {
				a.Values = append(a.Values, string(rune('0'+v)))
			}
			schema.Features = append(schema.Features, a)
		}
		x := make([][]uint8, 200)
		y := make([]uint8, len(x))
		for r := range x {
			x[r] = make([]uint8, len(domains))
			for f, z := range domains {
				x[r][f] = uint8(rng.IntN(z))
			}
			y[r] = uint8(rng.IntN(3))
		}
		d, err := dataset.FromRows(schema, x, y)
		if err != nil {
			t.Fatal(err)
		}
		rows := NewRows(d, d.All())
		fit := flow.Fit{Learner: "t", Model: treeModel{lt}, Tree: lt}
		var sum CostSum
		confusion := make([]int, 9)
		got, err := sum.Score(m, &fit, rows, d, 3, confusion)
		if err != nil {
			t.Fatal(err)
		}
		want := rows.Score(fit.Model, 3, make([]int, 9))
		if got != want {
			t.Fatalf("trial %d: Score %+v; plain Score %+v", trial, got, want)
		}
		tc, err := m.ForTree(lt)
		if err != nil {
			t.Fatal(err)
		}
		mean := tc.Mean(d, d.All())
		if math.Abs(sum.Tests/float64(sum.Rows)-mean.Tests) > 1e-9 || math.Abs(sum.Errors/float64(sum.Rows)-mean.Errors) > 1e-9 {
			t.Fatalf("trial %d: tests %v errors %v; TreeCosts.Mean %+v", trial, sum.Tests/float64(sum.Rows), sum.Errors/float64(sum.Rows), mean)
		}
	}
}

// valuesTree is a tree as a model of Weka instances (J48's walk), for
// these tests; with reach set, its walk ends there (a Reacher).
type valuesTree struct {
	t     *tree.Tree
	reach []int
}

func (m valuesTree) Predict(x []uint8) int                         { return m.t.Predict(x) }
func (m valuesTree) PredictValues(x []float64) int                 { return m.t.PredictValues(x) }
func (m valuesTree) DistributionValues(x []float64, dst []float64) { m.t.DistributionValues(x, dst) }

type reachingTree struct{ valuesTree }

func (m reachingTree) ReachValues(_ []float64, dst []int) []int { return append(dst, m.reach...) }

// TestCostSumOnThresholdTrees: on rows with numeric features and missing
// values, a threshold tree's rows are charged as costs.TreeCosts charges
// Weka instances (Values: the union of the paths a missing value spreads
// a row over), row by row into the predictions, and a model that walks
// its tree otherwise (Reacher) is charged its own walk's ends.
func TestCostSumOnThresholdTrees(t *testing.T) {
	// x0 <= 5 ? (x1 ∈ {u} ? a : b) : (x0 <= 8 ? b : a), with weights.
	b := tree.NewBuilder([]int{tree.Numeric, 2}, 2)
	le, gt := b.SplitNumeric(b.Root(), 0, 5)
	kids := b.Split(le, 1, []int{0, 1})
	l, r := b.SplitNumeric(gt, 0, 8)
	for n, w := range map[int][]float64{kids[0]: {3, 0}, kids[1]: {0, 2}, l: {0, 4}, r: {1, 0}} {
		c := 0
		if w[1] > w[0] {
			c = 1
		}
		b.SetLeaf(n, c)
		b.SetWeights(n, w)
	}
	b.SetWeights(le, []float64{3, 2})
	b.SetWeights(gt, []float64{1, 4})
	b.SetWeights(0, []float64{4, 6})
	lt := b.Tree()
	if err := lt.Validate(); err != nil {
		t.Fatal(err)
	}
	m := &costs.Model{Tests: []costs.Test{{Name: "x0", Cost: 2, Group: costs.NoGroup}, {Name: "x1", Cost: 7, Group: costs.NoGroup}},
		Matrix: [][]float64{{0, 5}, {3, 0}}}
	schema := dataset.Schema{Features: []dataset.Attribute{{Name: "x0", Numeric: true}, {Name: "x1", Values: []string{"u", "v"}}},
		Class: dataset.Attribute{Name: "c", Values: []string{"a", "b"}}}
	nan := math.NaN()
	d, err := dataset.NewMixed(schema, [][]uint8{nil, {0, 1, dataset.MissingCode, 0, 1}}, [][]float64{{1, 3, 4, 6, nan}, nil}, []uint8{0, 0, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	// Tests per row: x0 and x1 (9); 9; x1 missing under x0 <= 5: both
	// leaves, 9; x0 6 <= 8, 2; x0 missing: every path, 9.
	wantTests := []float64{9, 9, 9, 2, 9}
	rows := NewRows(d, d.All())
	p := newPredictions(d, d.All(), nil, 0)
	var sum CostSum
	fit := flow.Fit{Learner: "t", Model: valuesTree{t: lt}, Tree: lt}
	_, out, err := scoreFit(&fit, rows, d, 2, m, &sum, nil, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for i, w := range wantTests {
		if out.TestCost[i] != w {
			t.Errorf("row %d: test cost %v; want %v", i, out.TestCost[i], w)
		}
		total += w
	}
	tc, err := m.ForTree(lt)
	if err != nil {
		t.Fatal(err)
	}
	mean := tc.Mean(d, d.All())
	if sum.Rows != 5 || math.Abs(sum.Tests-total) > 1e-12 || math.Abs(sum.Tests/5-mean.Tests) > 1e-12 || math.Abs(sum.Errors/5-mean.Errors) > 1e-12 {
		t.Errorf("sums %+v; want 5 rows, tests %v, and TreeCosts.Mean's %+v", sum, total, mean)
	}
	// A model whose walk ends at leaf r alone pays that leaf's path: 2.
	var own CostSum
	fit.Model = reachingTree{valuesTree{t: lt, reach: []int{r}}}
	if _, err := own.Score(m, &fit, rows, d, 2, nil); err != nil {
		t.Fatal(err)
	}
	if own.Tests != 5*2 {
		t.Errorf("a Reacher's rows charged %v in all; want 10, its walk's", own.Tests)
	}
}
