package exact

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// TestCostsBinary2MatchesTables checks the binary two-class solver
// against the general tables on random consistent data: random point
// sets, free features and leaf costs, at depth 2 and 3.
func TestCostsBinary2MatchesTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for i := range 300 {
		m := 2 + rng.IntN(14)
		domains := binaryDomains(m)
		d := randomData(t, rng, domains, 2, 1+rng.IntN(300), true)
		pr := newProblem(d, d.All())
		s := newSearcher(pr, i%3 == 0, pr.m, time.Time{}, false)
		if s.small.one == nil {
			continue // repeated rows under exact weights: not single points
		}
		pts := somePoints(rng, pr.n)
		if len(pts) == 0 {
			continue
		}
		free := someFeatures(rng, m)
		if len(free) == 0 {
			continue
		}
		leaf := s.leafCost(pts)
		if rng.IntN(2) == 0 {
			leaf = unit + 1
		}
		for depth := 2; depth <= min(3, len(free)); depth++ {
			got := s.small.costsBinary2(pts, free, leaf, depth)
			s.small.fill(pts, free, depth)
			want, _ := s.small.solve(leaf, depth)
			if got != want {
				t.Fatalf("case %d (m %d, %d points, free %v, depth %d): costsBinary2 = %v; tables %v", i, m, len(pts), free, depth, got, want)
			}
		}
	}
}

// BenchmarkCostsBinary2 times the depth-3 solver on the subproblems that
// dominate a 20-feature fit (bench/peers/exact's x20d8 cells): a few dozen
// points over 15 free binary features, and a few hundred over 17.
func BenchmarkCostsBinary2(b *testing.B) {
	for _, tc := range []struct {
		points, free int
		pureOnly     bool
	}{{30, 15, false}, {60, 15, false}, {300, 17, false}, {30, 15, true}, {60, 15, true}, {250, 17, true}} {
		pureOnly := tc.pureOnly
		name := "costs"
		if pureOnly {
			name = "purity"
		}
		b.Run(fmt.Sprintf("%s/p%d/q%d", name, tc.points, tc.free), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(5, uint64(tc.points)))
			domains := binaryDomains(20)
			d := randomData(b, rng, domains, 2, tc.points, true)
			pr, s := pureSearcher(d)
			pts := pr.allPoints()
			free := make([]int, tc.free)
			for f := range free {
				free[f] = f
			}
			leaf := s.leafCost(pts)
			for b.Loop() {
				if pureOnly {
					s.small.purity2(pts, free, leaf, 3)
				} else {
					s.small.costsBinary2(pts, free, leaf, 3)
				}
			}
		})
	}
}
