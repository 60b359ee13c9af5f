// Package friedman compares k learners over N datasets as Demšar (JMLR 7,
// 2006) recommends and mlr3benchmark, scmamp, Orange and autorank do: the
// learners' average ranks (ties averaged), the Friedman test with Iman and
// Davenport's F correction, and the post-hoc tests: Nemenyi's critical
// difference for all pairs, and tests against a control learner with
// Holm's step-down correction (Bonferroni–Dunn's critical difference as
// the simpler option). It owns these formulas; the report calls them.
package friedman

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Ranks returns, for each dataset (a row of scores, one per learner), the
// learners' ranks: 1 for the best (the largest score when higherBetter,
// else the smallest), tied scores sharing the mean of their ranks.
func Ranks(scores [][]float64, higherBetter bool) [][]float64 {
	out := make([][]float64, len(scores))
	for d, row := range scores {
		order := make([]int, len(row))
		for i := range order {
			order[i] = i
		}
		better := func(a, b float64) bool {
			if higherBetter {
				return a > b
			}
			return a < b
		}
		sort.SliceStable(order, func(i, j int) bool { return better(row[order[i]], row[order[j]]) })
		ranks := make([]float64, len(row))
		for i := 0; i < len(order); {
			j := i
			for j+1 < len(order) && row[order[j+1]] == row[order[i]] {
				j++
			}
			mean := float64(i+j)/2 + 1 // ranks i+1 … j+1
			for t := i; t <= j; t++ {
				ranks[order[t]] = mean
			}
			i = j + 1
		}
		out[d] = ranks
	}
	return out
}

// AverageRanks returns each learner's mean rank over the datasets.
func AverageRanks(ranks [][]float64) []float64 {
	if len(ranks) == 0 {
		return nil
	}
	avg := make([]float64, len(ranks[0]))
	for _, row := range ranks {
		for j, r := range row {
			avg[j] += r
		}
	}
	for j := range avg {
		avg[j] /= float64(len(ranks))
	}
	return avg
}

// Test is the Friedman test on k learners' average ranks over N
// datasets: χ²_F = 12N/(k(k+1)) [Σ R_j² − k(k+1)²/4], χ² with k−1 degrees
// of freedom, and Iman and Davenport's F_F = (N−1)χ²_F / (N(k−1) − χ²_F),
// F with k−1 and (k−1)(N−1) degrees of freedom, which Demšar recommends
// (the χ² approximation is conservative).
type Test struct {
	K, N       int
	ChiSquare  float64
	PChiSquare float64
	F          float64
	PF         float64
}

// Friedman returns the Friedman test of the average ranks of k learners
// over n datasets. It needs k ≥ 2 and n ≥ 2.
func Friedman(avgRanks []float64, n int) (Test, error) {
	k := len(avgRanks)
	if k < 2 || n < 2 {
		return Test{}, fmt.Errorf("friedman: %d learners over %d datasets; the test needs at least 2 of each", k, n)
	}
	kf, nf := float64(k), float64(n)
	sum := 0.0
	for _, r := range avgRanks {
		sum += r * r
	}
	chi := 12 * nf / (kf * (kf + 1)) * (sum - kf*(kf+1)*(kf+1)/4)
	chi = math.Max(chi, 0) // rounding below 0 when every rank ties
	t := Test{K: k, N: n, ChiSquare: chi, PChiSquare: distuv.ChiSquared{K: kf - 1}.Survival(chi)}
	if den := nf*(kf-1) - chi; den > 0 {
		t.F = (nf - 1) * chi / den
		t.PF = distuv.F{D1: kf - 1, D2: (kf - 1) * (nf - 1)}.Survival(t.F)
	} else { // every dataset ranks the learners alike: F is infinite
		t.F, t.PF = math.Inf(1), 0
	}
	return t, nil
}

// RankSE is the standard error of the difference of two average ranks,
// √(k(k+1)/(6N)), which the post-hoc tests divide by.
func RankSE(k, n int) float64 { return math.Sqrt(float64(k*(k+1)) / (6 * float64(n))) }

// NemenyiQ is Nemenyi's critical value q_α for k learners: the upper α
// quantile of the studentized range of k standard normals (infinite
// degrees of freedom) divided by √2, so that two learners differ when
// their average ranks differ by more than q_α·RankSE (the critical
// difference). Demšar's Table 5a prints it for α = 0.05 and 0.10.
func NemenyiQ(alpha float64, k int) float64 {
	return StudentizedRangeQuantile(1-alpha, k) / math.Sqrt2
}

// NemenyiCD is Nemenyi's critical difference q_α √(k(k+1)/(6N)).
func NemenyiCD(alpha float64, k, n int) float64 { return NemenyiQ(alpha, k) * RankSE(k, n) }

// BonferroniDunnQ is the Bonferroni–Dunn critical value for k learners
// compared with a control: the two-sided normal quantile at α/(k−1)
// (Demšar's Table 5b).
func BonferroniDunnQ(alpha float64, k int) float64 {
	return distuv.UnitNormal.Quantile(1 - alpha/(2*float64(k-1)))
}

// BonferroniDunnCD is the Bonferroni–Dunn critical difference against a
// control learner.
func BonferroniDunnCD(alpha float64, k, n int) float64 {
	return BonferroniDunnQ(alpha, k) * RankSE(k, n)
}

// Comparison is one learner against the control: z = (R_i − R_control) /
// RankSE, its two-sided normal p, and Holm's adjusted p over the k−1
// comparisons.
type Comparison struct {
	Learner  int
	Z, P     float64
	HolmP    float64
	Rejected bool // at the α given to Control
}

// Control compares every learner with learner control by their average
// ranks over n datasets, with Holm's step-down correction at level alpha,
// in the learners' order.
func Control(avgRanks []float64, n, control int, alpha float64) []Comparison {
	k := len(avgRanks)
	se := RankSE(k, n)
	var out []Comparison
	var ps []float64
	for i, r := range avgRanks {
		if i == control {
			continue
		}
		z := (r - avgRanks[control]) / se
		p := 2 * distuv.UnitNormal.Survival(math.Abs(z))
		out = append(out, Comparison{Learner: i, Z: z, P: p})
		ps = append(ps, p)
	}
	for i, h := range Holm(ps) {
		out[i].HolmP, out[i].Rejected = h, h <= alpha
	}
	return out
}

// Holm returns Holm's step-down adjusted p-values of ps, in ps's order:
// the i-th smallest p times (m − i + 1), made non-decreasing, at most 1.
func Holm(ps []float64) []float64 {
	m := len(ps)
	order := Ascending(ps)
	out := make([]float64, m)
	prev := 0.0
	for i, o := range order {
		adj := math.Min(1, ps[o]*float64(m-i))
		prev = math.Max(prev, adj)
		out[o] = prev
	}
	return out
}

// Ascending returns the positions of xs in ascending order of their
// values, ties in position order.
func Ascending(xs []float64) []int {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	return order
}
