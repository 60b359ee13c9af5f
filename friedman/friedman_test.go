package friedman

import (
	"math"
	"testing"
)

// TestNemenyiQIsDemsarsTable: the computed q_α equal Demšar's Table 5a
// (JMLR 7, 2006: the studentized range at df = ∞ divided by √2), for k =
// 2 … 10 at α = 0.05 and 0.10, within the table's two roundings: its
// entries are 3-decimal studentized range quantiles divided by √2 and
// rounded again (k = 7: 4.16955 is printed 4.170, and 4.170/√2 = 2.9486
// as 2.949, where 4.16955/√2 = 2.9483), so within 0.0008.
func TestNemenyiQIsDemsarsTable(t *testing.T) {
	table := map[float64][]float64{
		0.05: {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164},
		0.10: {1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920},
	}
	for alpha, qs := range table {
		for i, want := range qs {
			k := i + 2
			if got := NemenyiQ(alpha, k); math.Abs(got-want) > 0.0008 {
				t.Errorf("q_%.2f for k = %d: %.4f; Demšar's table %.3f", alpha, k, got, want)
			}
		}
	}
}

// TestStudentizedRangeIsTheTable: the studentized range's upper 5% points
// at df = ∞ as the tables print them (Harter 1960; the last row of every
// Tukey HSD table).
func TestStudentizedRangeIsTheTable(t *testing.T) {
	for k, want := range map[int]float64{2: 2.772, 3: 3.314, 4: 3.633, 5: 3.858, 6: 4.030, 8: 4.286, 10: 4.474} {
		if got := StudentizedRangeQuantile(0.95, k); math.Abs(got-want) > 0.0006 {
			t.Errorf("q(0.95, %d, ∞) = %.4f; the table's %.3f", k, got, want)
		}
	}
	// k = 2: the range of two normals is |X − Y| ~ √2·|N(0,1)|.
	for _, q := range []float64{0.5, 1, 2.772, 4} {
		want := 2*distNormalCDF(q/math.Sqrt2) - 1
		if got := StudentizedRangeCDF(q, 2); math.Abs(got-want) > 1e-9 {
			t.Errorf("P(Q ≤ %v) for k = 2: %.12f; exactly %.12f", q, got, want)
		}
	}
}

func distNormalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// TestBonferroniDunnQIsDemsarsTable: Table 5b (the normal quantile at
// α/(k−1), two-sided), as Siegel and Castellan print it.
func TestBonferroniDunnQIsDemsarsTable(t *testing.T) {
	for k, want := range map[int]float64{2: 1.960, 3: 2.241, 4: 2.394, 5: 2.498, 6: 2.576, 10: 2.773} {
		if got := BonferroniDunnQ(0.05, k); math.Abs(got-want) > 0.0005 {
			t.Errorf("Bonferroni–Dunn q_0.05 for k = %d: %.4f; the table's %.3f", k, got, want)
		}
	}
}

// TestFriedmanDemsarsExample: Demšar's section 3.2.2, four variants of
// C4.5 on fourteen datasets, average ranks 3.143, 2.000, 2.893, 1.964:
// χ²_F = 9.28, F_F = 3.69 (critical F(3, 39) at 5%: 2.85, so the null
// hypothesis is rejected), Nemenyi's CD at 5% 2.569·√(4·5/(6·14)) = 1.25,
// Bonferroni–Dunn's 2.394·√(…) = 1.17.
func TestFriedmanDemsarsExample(t *testing.T) {
	ft, err := Friedman([]float64{3.143, 2.000, 2.893, 1.964}, 14)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ft.ChiSquare-9.28) > 0.01 || math.Abs(ft.F-3.69) > 0.01 || ft.PF >= 0.05 {
		t.Errorf("χ²_F %.3f, F_F %.3f (p %.4f); Demšar: 9.28, 3.69, below 0.05", ft.ChiSquare, ft.F, ft.PF)
	}
	if cd := NemenyiCD(0.05, 4, 14); math.Abs(cd-1.25) > 0.005 {
		t.Errorf("Nemenyi CD %.4f; Demšar's 1.25", cd)
	}
	if cd := BonferroniDunnCD(0.05, 4, 14); math.Abs(cd-1.168) > 0.001 {
		t.Errorf("Bonferroni–Dunn CD %.4f; 2.394·0.488 = 1.168", cd)
	}
}

// TestFriedmanFromRanks: a published run of R's friedman.test and the
// Iman–Davenport correction on nine algorithms over two datasets (the
// ranks given): χ² = 11.733 on 8 df, p = 0.1635; F = 2.75 on 8 and 8 df,
// p = 0.08697.
func TestFriedmanFromRanks(t *testing.T) {
	ranks := [][]float64{{1, 8, 6, 4, 7, 2, 5, 3, 9}, {1, 6, 3, 9, 7, 2, 8, 4, 5}}
	ft, err := Friedman(AverageRanks(ranks), 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"χ²", ft.ChiSquare, 11.733, 0.0005}, {"p(χ²)", ft.PChiSquare, 0.1635, 0.00005},
		{"F", ft.F, 2.75, 0.0005}, {"p(F)", ft.PF, 0.08697, 0.000005},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.6f; R's %v", c.name, c.got, c.want)
		}
	}
}

// TestRanksAverageTies: the best score ranks 1; ties share the mean of
// their ranks; lower-is-better reverses the order. Checked against the
// rank sums of a worked Friedman example (five blocks, four groups:
// rank sums 6, 17, 16, 11, χ² = 9.24).
func TestRanksAverageTies(t *testing.T) {
	got := Ranks([][]float64{{0.9, 0.8, 0.9, 0.7}}, true)[0]
	if want := []float64{1.5, 3, 1.5, 4}; !equal(got, want) {
		t.Errorf("ranks %v; want %v", got, want)
	}
	if got := Ranks([][]float64{{3, 1, 2}}, false)[0]; !equal(got, []float64{3, 1, 2}) {
		t.Errorf("lower is better: ranks %v; want [3 1 2]", got)
	}
	scores := [][]float64{ // ascending ranks = the published ones (rank 1 the smallest)
		{7.34, 10.6, 9.48, 9.15}, {7, 9.59, 9, 6.17}, {6.5, 12.81, 10.7, 11.35}, {4.73, 12.55, 13.24, 5.7}, {6.51, 10.1, 15.7, 14.22},
	}
	r := Ranks(scores, false)
	sums := make([]float64, 4)
	for _, row := range r {
		for j, x := range row {
			sums[j] += x
		}
	}
	if !equal(sums, []float64{6, 17, 16, 11}) {
		t.Errorf("rank sums %v; want [6 17 16 11]", sums)
	}
	ft, _ := Friedman(AverageRanks(r), 5)
	if math.Abs(ft.ChiSquare-9.24) > 1e-9 {
		t.Errorf("χ² %.6f; want 9.24", ft.ChiSquare)
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12 {
			return false
		}
	}
	return true
}

// TestHolm: Holm's adjusted p-values on a textbook case (p = 0.01, 0.04,
// 0.03, 0.005 over four tests: 0.03, 0.06, 0.06, 0.02), and a control
// comparison rejecting only what the step-down rejects.
func TestHolm(t *testing.T) {
	got := Holm([]float64{0.01, 0.04, 0.03, 0.005})
	if want := []float64{0.03, 0.06, 0.06, 0.02}; !equal(got, want) {
		t.Errorf("Holm %v; want %v", got, want)
	}
	// Demšar's example against C4.5 (average rank 3.143) as the control
	// (his section 3.2.2): C4.5+m+cf (1.964) is z = −2.42 away, p = 0.016,
	// and C4.5+m (2.000) z = −2.34, p = 0.019; Holm rejects both at 5%
	// (0.016·3 = 0.047, then 0.019·2 = 0.038), and not C4.5+cf (z = −0.51).
	cs := Control([]float64{3.143, 2.000, 2.893, 1.964}, 14, 0, 0.05)
	if len(cs) != 3 || cs[0].Learner != 1 || cs[2].Learner != 3 {
		t.Fatalf("comparisons %+v", cs)
	}
	if !cs[0].Rejected || !cs[2].Rejected || cs[1].Rejected {
		t.Errorf("Holm against C4.5 rejects %v, %v, %v; want C4.5+m and C4.5+m+cf, not C4.5+cf", cs[0].Rejected, cs[1].Rejected, cs[2].Rejected)
	}
}
