package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// IDX is Norton's IDX (1989) as a test learner, to show what a learner
// that is only a criterion costs: ID3's multiway splitter and rule, the
// shared builder, and the criterion ΔI/C, a split's information gain per
// unit of its test's cost.
type IDX struct {
	Cost     []float64 // Cost[f] > 0 is the cost of testing feature f
	MaxDepth int
}

// idx is IDX's criterion: merit ΔI/C_f, gain ΔI.
type idx struct{ cost []float64 }

func (c *idx) score(s *nodeSums, f int, t []int) (float64, float64) {
	g := s.gain(s.terms(t))
	return g / c.cost[f], g
}

// Fit grows an IDX tree on the rows of d in rows.
func (l IDX) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	if len(l.Cost) != d.NumFeatures() {
		return nil, fmt.Errorf("idx: %d costs for %d features", len(l.Cost), d.NumFeatures())
	}
	sp := &multiway{crit: &idx{cost: l.Cost}}
	return growModel("idx", d, rows, sp, grow.Options{MaxDepth: l.MaxDepth}, rng)
}

// idxData is the hand example: 8 rows, class c = f0 exactly, and f1 = c
// on 6 of them (f1 = 1 on one row of class 0 and f1 = 0 on one of class
// 1). At the root, f0's table is [4 0; 0 4], gain 1 bit; f1's is [3 1;
// 1 3], gain 1 − H(3/4, 1/4) = 1 − 0.811278 = 0.188722 bits.
func idxData(t *testing.T) *dataset.Dataset {
	t.Helper()
	x := [][]uint8{{0, 0}, {0, 0}, {0, 0}, {0, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0}}
	y := []uint8{0, 0, 0, 0, 1, 1, 1, 1}
	d, err := dataset.FromRows(schemaFor([]int{2, 2}, 2), x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestIDXCost checks the hand example: with equal costs IDX splits on f0
// (merits 1 and 0.188722), as ID3 does, and the leaves are pure; when f0
// costs 10 and f1 costs 1 the merits are 0.1 and 0.188722, so IDX tests
// the cheap f1 first and needs f0 below it on both branches.
func TestIDXCost(t *testing.T) {
	d := idxData(t)
	const gainF1 = 1 - 0.8112781244591328 // 1 − H(3/4, 1/4)
	var s nodeSums
	s.set(d.ClassCounts(d.All()))
	for _, tc := range []struct {
		name  string
		cost  []float64
		merit [2]float64
		want  string
	}{
		{"equal costs", []float64{1, 1}, [2]float64{1, gainF1}, "f0\n  v0: c0\n  v1: c1\n"},
		{"f0 costly", []float64{10, 1}, [2]float64{0.1, gainF1},
			"f1\n  v0: f0\n    v0: c0\n    v1: c1\n  v1: f0\n    v0: c0\n    v1: c1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &idx{cost: tc.cost}
			tables := [2][]int{{4, 0, 0, 4}, {3, 1, 1, 3}}
			for f, table := range tables {
				if m, _ := c.score(&s, f, table); math.Abs(m-tc.merit[f]) > 1e-12 {
					t.Errorf("merit of f%d = %.15g; want %.15g", f, m, tc.merit[f])
				}
			}
			tr := fitTree(t, IDX{Cost: tc.cost}, d, d.All(), 0)
			if got := render(tr, d.Schema()); got != tc.want {
				t.Errorf("IDX tree:\n%swant:\n%s", got, tc.want)
			}
		})
	}
}

// TestIDXSharedBuilder checks that IDX is the shared builder with only
// its criterion changed: with unit costs ΔI/1 = ΔI, so IDX grows ID3's
// tree array for array (and with a depth limit too), on binary and
// multi-valued oracle samples; and with random costs its trees do not
// depend on how nodes hold their rows.
func TestIDXSharedBuilder(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(3) {
				d := oracleData(t, seed, tc.domains, tc.classes, tc.depth, tc.rows)
				unit := make([]float64, d.NumFeatures())
				for f := range unit {
					unit[f] = 1
				}
				for _, depth := range []int{0, 3} {
					a := fitTree(t, IDX{Cost: unit, MaxDepth: depth}, d, d.All(), seed)
					b := fitTree(t, ID3{Options: ID3Options{MaxDepth: depth}}, d, d.All(), seed)
					if diff := sameTree(a, b); diff != "" {
						t.Fatalf("seed %d, depth %d: IDX with unit costs differs from ID3: %s", seed, depth, diff)
					}
				}
				rng := rand.New(rand.NewPCG(seed, 3))
				cost := make([]float64, d.NumFeatures())
				for f := range cost {
					cost[f] = 1 + 9*rng.Float64()
				}
				var trees []*tree.Tree
				for _, below := range []int{0, -1, d.Len() + 1} { // automatic, bitsets only, lists only
					tr, err := grow.Tree(d, d.All(), &multiway{crit: &idx{cost: cost}}, grow.Options{ListBelow: below}, nil)
					if err != nil {
						t.Fatal(err)
					}
					trees = append(trees, tr)
				}
				for i, tr := range trees[1:] {
					if diff := sameTree(trees[0], tr); diff != "" {
						t.Fatalf("seed %d: mode %d differs from automatic: %s", seed, i+1, diff)
					}
				}
			}
		})
	}
}
