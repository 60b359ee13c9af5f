package friedman

import "math"

// Separated reports whether two average ranks differ by at least the
// critical difference cd, Demšar's (2006) rule for a significant
// difference in a post-hoc test of all pairs (Nemenyi's, with NemenyiCD).
// Learners it does not separate are joined by a bar of the CD diagram
// (Cliques).
func Separated(r1, r2, cd float64) bool { return math.Abs(r1-r2) >= cd }

// Cliques returns the groups of learners that a critical difference cd
// cannot separate, as the thick bars of a CD diagram join them (Demšar
// 2006, Fig. 1; scmamp's and Orange's rule): in ascending order of
// average rank, for each learner i the longest run i..j of learners that
// Separated does not set apart from i (their ranks differ by less than
// cd), leaving out a run contained in an earlier one and a run of one
// learner. Each clique lists learners' positions in avgRanks, best-ranked
// first (ties in position order, as Ascending); the cliques come in the
// order of their first learner. The diagram draws these cliques and the
// report names them.
func Cliques(avgRanks []float64, cd float64) [][]int {
	order := Ascending(avgRanks)
	var out [][]int
	end := -1 // the last position, in order, of the runs kept so far
	for i := range order {
		j := i
		for j+1 < len(order) && !Separated(avgRanks[order[i]], avgRanks[order[j+1]], cd) {
			j++
		}
		if j == i || j <= end {
			continue // a lone learner, or inside the previous run
		}
		out = append(out, append([]int(nil), order[i:j+1]...))
		end = j
	}
	return out
}
