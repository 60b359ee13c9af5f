package exact

import (
	"testing"
	"time"
)

func TestDebugStats(t *testing.T) {
	for seed := 100; seed < 103; seed++ {
		d := oracleData(t, uint64(seed), 16, 8, 2, 5000)
		pr := newProblem(d, d.All())
		pts := make([]int32, pr.n)
		for i := range pts {
			pts[i] = int32(i)
		}
		s := newSearcher(pr, false, pr.m, time.Time{}, false)
		root := s.root(pts)
		start := time.Now()
		for k := 1; ; k++ {
			e0, s0, p0 := s.expanded, solves, solvedPts
			ok := s.feasible(root, pts, 0, k)
			t.Logf("seed %d k=%d ok=%v expanded=%d solves=%d avgpts=%.1f entries=%d t=%v", seed, k, ok, s.expanded-e0, solves-s0, float64(solvedPts-p0)/float64(max(1, solves-s0)), len(s.entries), time.Since(start))
			if k >= 6 {
				l := s.level(0)
				for _, f := range s.freeOf(root, l) {
					kids := s.split(root, pts, f, l)
					t.Logf("   f%2d: kid0 dlb %d dub %d work %6d | kid1 dlb %d dub %d work %6d", f, s.entries[kids[0].id].dlb, s.entries[kids[0].id].dub, s.entries[kids[0].id].work, s.entries[kids[1].id].dlb, s.entries[kids[1].id].dub, s.entries[kids[1].id].work)
				}
			}
			if ok {
				t.Logf("   root witness %d", s.entries[root].wf)
				e0, s0, p0 := s.expanded, solves, solvedPts
				c, _ := s.cost(root, pts, 0, k, unit)
				t.Logf("  phase2 leaves=%d expanded=%d solves=%d avgpts=%.1f entries=%d t=%v", c, s.expanded-e0, solves-s0, float64(solvedPts-p0)/float64(max(1, solves-s0)), len(s.entries), time.Since(start))
				break
			}
		}
	}
}
