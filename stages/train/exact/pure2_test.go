package exact

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestPurity2MatchesTables checks the purity solver against the general
// tables on random consistent data of up to maxPurePoints points, with
// pure trees as likely as not: it must give the same cost wherever a pure
// tree exists, and elsewhere a cost of at least unit that is at most the
// tables' (a lower bound).
func TestPurity2MatchesTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	pure, pure3, impure := 0, 0, 0
	for i := range 1500 {
		m := 2 + rng.IntN(20)
		domains := binaryDomains(m)
		d := randomData(t, rng, domains, 2, 1+rng.IntN(400), true)
		pr := newProblem(d, d.All())
		s := newSearcher(pr, false, pr.m, time.Time{}, false)
		// Sparse point sets are the ones with pure trees of depth ≤ 3.
		keep := 1 + rng.IntN(24)
		var pts []int32
		for p := range pr.n {
			if rng.IntN(keep) == 0 && len(pts) < maxPurePoints {
				pts = append(pts, int32(p))
			}
		}
		if len(pts) == 0 {
			continue
		}
		free := someFeatures(rng, m)
		if len(free) == 0 {
			continue
		}
		leaf := s.leafCost(pts)
		for depth := 2; depth <= min(3, len(free)); depth++ {
			got := s.small.purity2(pts, free, leaf, depth)
			s.small.fill(pts, free, depth)
			want, _ := s.small.solve(leaf, depth)
			for k := range depth + 1 {
				switch {
				case want[k] < unit:
					pure++
					if k == 3 {
						pure3++
					}
					if got[k] != want[k] {
						t.Fatalf("case %d (m %d, %d points, free %v, depth %d): purity2 = %v; tables %v", i, m, len(pts), free, depth, got, want)
					}
				default:
					impure++
					if got[k] < unit || got[k] > want[k] {
						t.Fatalf("case %d (m %d, %d points, free %v, depth %d): purity2 = %v, not a lower bound ≥ unit of the tables' %v", i, m, len(pts), free, depth, got, want)
					}
				}
			}
		}
	}
	// Both kinds must be well represented, pure trees of depth 3 too, or
	// the test checks little.
	if pure < 1000 || pure3 < 200 || impure < 1000 {
		t.Fatalf("%d pure (%d at depth 3) and %d impure costs compared; want 1000, 200 and 1000", pure, pure3, impure)
	}
}
