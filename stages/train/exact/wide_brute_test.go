package exact

import (
	"fmt"
	"testing"
)

// TestTwentyFeaturesMatchBruteForce checks the learner at 20 binary
// features, the width the peers comparison reaches, against the brute
// force on row counts where it still finishes: samples of random oracles
// of depth 2–4, so the least depth is at most the oracle's, with both
// objectives and every engine.
func TestTwentyFeaturesMatchBruteForce(t *testing.T) {
	for _, tc := range []struct{ depth, rows, seeds int }{
		{2, 64, 4},
		{3, 16, 4},
		{3, 48, 4},
		{4, 12, 3},
		{4, 40, 3},
		{5, 20, 2},
	} {
		for seed := range tc.seeds {
			d := oracleData(t, uint64(1000*tc.depth+tc.rows+seed), 20, tc.depth, 2, tc.rows)
			c := smallCase{name: fmt.Sprintf("oracle-depth%d/n%d/seed%d", tc.depth, tc.rows, seed), d: d, bits: d.All()}
			for r := range d.Len() {
				c.rows = append(c.rows, r)
			}
			t.Run(c.name, func(t *testing.T) {
				br := bruteConsistent(c)
				if br.depth > tc.depth {
					t.Fatalf("brute force depth %d above the oracle's %d", br.depth, tc.depth)
				}
				forEngines(t, func(t *testing.T) {
					checkBrute(t, c, br, fit(t, opts(0, DepthThenLeaves), c.d, c.bits))
					checkDepthObjective(t, c, br, fit(t, opts(0, Depth), c.d, c.bits))
				})
			})
		}
	}
}

// bruteConsistent is bruteSolve for rows some tree fits without error
// (an oracle's sample): it searches depths 0, 1, … up to the first with
// an error-free tree, so it never explores the deeper trees that
// bruteSolve's floor of the least error costs at 20 features.
func bruteConsistent(c smallCase) bruteResult {
	bf := &brute{d: c.d, used: make([]bool, c.d.NumFeatures())}
	for depth := 0; ; depth++ {
		if s := bf.best(c.rows, depth); s.errors == 0 {
			return bruteResult{depth, s, bf.tree(c.rows, depth)}
		}
	}
}
