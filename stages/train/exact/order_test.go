package exact

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestConflictScoresMatchDefinition checks conflictScores against its
// definition, pair by pair: for every two points of one majority class
// each, the two different, that differ in c ≤ maxConflict free features,
// each feature they differ in gains 4^(maxConflict−c). The data have two
// and three classes, and inconsistent rows, whose points have several
// majority classes and conflict with none.
func TestConflictScoresMatchDefinition(t *testing.T) {
	forEachPath(t, testConflictScores)
}

func testConflictScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	scored := 0
	for i := range 200 {
		m := 4 + rng.IntN(12)
		domains := binaryDomains(m)
		k := 2 + rng.IntN(2)
		d := randomData(t, rng, domains, k, 1+rng.IntN(300), i%2 == 0)
		pr, s := pureSearcher(d)
		pts := somePoints(rng, pr.n)
		free := someFeatures(rng, m)
		got := make([]int64, len(free))
		s.conflictScores(pts, free, got)

		want := make([]int64, len(free))
		for a, p := range pts {
			for _, q := range pts[a+1:] {
				cp, cq := pr.maj[p], pr.maj[q]
				if bits.OnesCount64(cp) != 1 || bits.OnesCount64(cq) != 1 || cp == cq {
					continue
				}
				var differ []int
				for j, f := range free {
					if pr.x[int(p)*m+f] != pr.x[int(q)*m+f] {
						differ = append(differ, j)
					}
				}
				if c := len(differ); c > 0 && c <= maxConflict {
					for _, j := range differ {
						want[j] += int64(1) << (2 * (maxConflict - c))
					}
				}
			}
		}
		for j := range free {
			if got[j] != want[j] {
				t.Fatalf("case %d (m %d, k %d, %d points, free %v): conflictScores = %v; definition %v", i, m, k, len(pts), free, got, want)
			}
			if want[j] != 0 {
				scored++
			}
		}
	}
	if scored < 500 {
		t.Fatalf("only %d nonzero scores compared; want 500", scored)
	}
}
