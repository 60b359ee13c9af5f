package evaluate

import (
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/tree"
)

// BenchmarkCompare times DOE + agreement (one Compare) of a perfect oracle
// against a random learned tree of a fixed size, over 10 features. The
// issue's target is the first tier: a depth-8 oracle on binary features
// against an ID3-like tree of about 300 leaves and depth 10, under 50 µs.
func BenchmarkCompare(b *testing.B) {
	tiers := []struct {
		name        string
		domain      int
		depth       int   // oracle depth
		learned     shape // learned tree shape
		leavesLo    int
		leavesHi    int
		seedOffsets uint64
	}{
		{"binary/oracle-d8/id3like-300", 2, 8, id3Like(10, 5, 0.72), 280, 320, 1},
		{"binary/oracle-d8/repeated-300", 2, 8,
			shape{maxDepth: 12, split: bushy(5, 0.72), repeat: true}, 280, 320, 2},
		{"domain3/oracle-d5/id3like-300", 3, 5, id3Like(8, 3, 0.47), 280, 320, 3},
		{"domain3/oracle-d5/subsets-300", 3, 5,
			shape{maxDepth: 12, split: bushy(4, 0.7), subsets: true, repeat: true}, 280, 320, 4},
		{"domain3/oracle-d8/id3like-7000", 3, 8, id3Like(10, 7, 0.35), 6000, 8000, 5},
	}
	for _, tc := range tiers {
		rng := rand.New(rand.NewPCG(42, tc.seedOffsets))
		domains := randomDomains(rng, 10, tc.domain, tc.domain)
		oracle := randomOracle(rng, domains, 2, tc.depth)
		learned := sizedLearned(rng, domains, 2, tc.learned, tc.leavesLo, tc.leavesHi)
		b.Run(tc.name, func(b *testing.B) {
			benchCompare(b, oracle, learned)
		})
	}
}

func benchCompare(b *testing.B, oracle, learned *tree.Tree) {
	var e Equivalence
	var err error
	for b.Loop() {
		e, err = Compare(oracle, learned)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(e.Compatible), "pairs")
	b.ReportMetric(float64(learned.Leaves()), "leaves")
	b.ReportMetric(float64(learned.Depth()), "depth")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(e.Compatible), "ns/pair")
}
