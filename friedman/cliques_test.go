package friedman

import (
	"fmt"
	"testing"
)

// TestCliques holds Cliques to Demšar's worked example (JMLR 2006,
// section 3.2.4: C4.5, C4.5+m, C4.5+cf, C4.5+m+cf on 14 datasets) and to
// the edge cases by hand.
func TestCliques(t *testing.T) {
	demsar := []float64{3.143, 2.000, 2.893, 1.964} // C4.5, +m, +cf, +m+cf
	for _, c := range []struct {
		name  string
		ranks []float64
		cd    float64
		want  [][]int
	}{
		// CD at 0.05 is 1.25: even the best and the worst (3.143 − 1.964
		// = 1.179) are closer, so one bar joins all four.
		{"Demšar at 0.05", demsar, 1.25, [][]int{{3, 1, 2, 0}}},
		// At 0.10 CD is 1.12: +m+cf..+cf (0.929) is one run, +m..+cf lies
		// inside it, and +cf..C4.5 (0.250) is another; +m+cf and C4.5
		// (1.179) are separated.
		{"Demšar at 0.10", demsar, 1.12, [][]int{{3, 1, 2}, {2, 0}}},
		{"all tied", []float64{2.5, 2.5, 2.5, 2.5}, 0.1, [][]int{{0, 1, 2, 3}}},
		{"none joined", []float64{1, 2, 3}, 0.5, nil},
		{"k=2 joined", []float64{1.8, 1.2}, 1, [][]int{{1, 0}}},
		{"k=2 apart", []float64{1.8, 1.2}, 0.5, nil},
		// A difference of exactly cd is not less than cd.
		{"at cd", []float64{1, 2}, 1, nil},
		// Two runs that overlap in one learner, and a lone last one.
		{"chain", []float64{1, 1.4, 1.8, 3.5}, 0.5, [][]int{{0, 1}, {1, 2}}},
		{"one learner", []float64{1}, 1, nil},
		{"none", nil, 1, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Cliques(c.ranks, c.cd)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("Cliques(%v, %g) = %v; want %v", c.ranks, c.cd, got, c.want)
			}
		})
	}
}
