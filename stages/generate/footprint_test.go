package generate

import (
	"testing"
)

// TestFootprintHoldsTheOracle: the bytes a task's estimate holds for its
// oracle cover the slices of oracles really drawn (their capacity, what
// the heap holds), for equal and mixed domains.
func TestFootprintHoldsTheOracle(t *testing.T) {
	for _, tc := range oracleSpecs {
		spec := tc.spec
		o := &OracleConfig{Features: len(spec.Domains), Domains: spec.Domains, Classes: spec.Classes, Depths: []int{spec.Depth},
			Modes: []Mode{ModeComplete}, Sizes: map[Mode][]int{ModeComplete: {1}}, Repetitions: 1}
		est := o.Footprint(0, Predictions{}).Cell(0)
		for seed := range uint64(20) {
			tr := mustOracle(t, spec, newRNG(seed))
			held := 4 * float64(cap(tr.Feature)+cap(tr.Class)+cap(tr.Offset)+cap(tr.Child))
			if held > est.Held || float64(tr.Len())*layoutNodeBytes > est.Write {
				t.Errorf("%s seed %d: the oracle holds %.0f bytes (%d nodes); the estimate %.0f held, %.0f to write", tc.name, seed, held, tr.Len(), est.Held, est.Write)
			}
		}
	}
}

// TestLearnedNodes checks the bound on a learned tree's nodes against
// hand counts: the cells of the input space, or the rows.
func TestLearnedNodes(t *testing.T) {
	for _, tc := range []struct {
		rows    float64
		domains []int
		want    float64
	}{
		{1e6, []int{2, 2, 2}, 16},        // 8 cells, a leaf each, doubled for the internal nodes
		{3, []int{2, 2, 2, 2, 2, 2}, 14}, // fewer than 3 splits of 2 children: 3·2+1 = 7 leaves, doubled
		{10, []int{3, 5}, 30},            // 15 cells
	} {
		if got := learnedNodes(tc.rows, tc.domains); got != tc.want {
			t.Errorf("learnedNodes(%v, %v) = %v; want %v", tc.rows, tc.domains, got, tc.want)
		}
	}
}
