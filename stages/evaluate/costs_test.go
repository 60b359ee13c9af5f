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
