package evaluate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// TestConfusionMeasures checks the confusion-matrix measures on matrices
// worked by hand.
func TestConfusionMeasures(t *testing.T) {
	cases := []struct {
		name                               string
		k                                  int
		conf                               []int
		kappa, balanced, macroF1, weighted float64
	}{
		// 20 + 15 right of 50; rows 25, 25; columns 30, 20: chance 0.5,
		// observed 0.7, κ = 0.4. Recalls 0.8, 0.6. F1: class 0 P = 20/30,
		// R = 0.8 → 8/11; class 1 P = 0.75, R = 0.6 → 2/3.
		{"two classes", 2, []int{20, 5, 10, 15}, 0.4, 0.7, (8.0/11 + 2.0/3) / 2, (8.0/11 + 2.0/3) / 2},
		// Everything predicted as class 0: κ 0, recall 1 and 0, class 1's
		// F1 0; class 0 F1 = 2·0.75·1/1.75.
		{"one class predicted", 2, []int{30, 0, 10, 0}, 0, 0.5, 6.0 / 7 / 2, 6.0 / 7 * 0.75},
		// Class 2 never actual, predicted once: it counts in the macro F1
		// (scikit-learn: actual or predicted) with F1 0, not in the
		// balanced accuracy; weights by actual rows (5 and 5). Chance
		// agreement (5·4 + 5·5 + 0·1)/100.
		{"a class only predicted", 3, []int{4, 0, 1, 0, 5, 0, 0, 0, 0}, (0.9 - 0.45) / (1 - 0.45), (0.8 + 1) / 2, (8.0/9 + 1 + 0) / 3, (5*8.0/9 + 5*1) / 10},
		{"perfect", 2, []int{3, 0, 0, 7}, 1, 1, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			macro, weighted := F1(c.conf, c.k)
			for _, m := range []struct {
				name      string
				got, want float64
			}{{"kappa", Kappa(c.conf, c.k), c.kappa}, {"balanced", BalancedAccuracy(c.conf, c.k), c.balanced},
				{"macro F1", macro, c.macroF1}, {"weighted F1", weighted, c.weighted}} {
				if math.Abs(m.got-m.want) > 1e-12 {
					t.Errorf("%s = %v, want %v", m.name, m.got, m.want)
				}
			}
		})
	}
}

// TestWeightedAUCBruteForce holds WeightedAUC to the definition: for each
// class, the share of (positive, negative) pairs the probability orders
// right, a tie counting half, weighted by the class's rows.
func TestWeightedAUCBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		k := 2 + rng.IntN(3)
		n := 2 + rng.IntN(40)
		r := ROCRows{K: k}
		for range n {
			probs := make([]float64, k)
			sum := 0.0
			for c := range probs {
				probs[c] = float64(rng.IntN(5)) // few values: many ties
				sum += probs[c]
			}
			for c := range probs {
				if sum > 0 {
					probs[c] /= sum
				}
				if trial%10 == 9 { // scores that are not probabilities take the compared path
					probs[c] -= 0.5
				}
			}
			r.Add(rng.IntN(k), 0, probs)
		}
		want, present := 0.0, map[uint8]bool{}
		for _, a := range r.Actual {
			present[a] = true
		}
		for c := range k {
			var pairs, right float64
			pos := 0
			for i, a := range r.Actual {
				if int(a) != c {
					continue
				}
				pos++
				for j, b := range r.Actual {
					if int(b) == c {
						continue
					}
					pairs++
					pi, pj := r.Probs[i*k+c], r.Probs[j*k+c]
					switch {
					case pi > pj:
						right++
					case pi == pj:
						right += 0.5
					}
				}
			}
			if pairs > 0 {
				want += right / pairs * float64(pos)
			}
		}
		want /= float64(n)
		got := r.WeightedAUC()
		if len(present) < 2 {
			if !math.IsNaN(got) {
				t.Errorf("trial %d: one class present, AUC %v, want NaN", trial, got)
			}
			continue
		}
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("trial %d (k %d, n %d): AUC %v, want %v", trial, k, n, got, want)
		}
	}
}

// TestWeightedAUCByLeaf: rows kept as the leaves of one tree's table give
// the bits the same rows give one by one; rows of a second table, or a
// row of its own, turn the leaves into rows, with the same result.
func TestWeightedAUCByLeaf(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	table := func(k, leaves int) []float64 {
		tab := make([]float64, k*leaves)
		for l := range leaves {
			sum := 0.0
			for c := range k {
				tab[l*k+c] = float64(1 + rng.IntN(4)) // ties between leaves
				sum += tab[l*k+c]
			}
			for c := range k {
				tab[l*k+c] /= sum
			}
		}
		return tab
	}
	for trial := range 300 {
		k, n := 2+rng.IntN(3), 1+rng.IntN(300)
		a, b := table(k, 1+rng.IntN(40)), table(k, 1+rng.IntN(40))
		var byLeaf, byRow ROCRows
		byLeaf.K, byRow.K = k, k
		mixed := trial%3 == 0
		for i := range n {
			actual, tab := rng.IntN(k), a
			if mixed && i > n/2 {
				tab = b
			}
			leaf := rng.IntN(len(tab) / k)
			if mixed && i == n/3 {
				byLeaf.Add(actual, 0, tab[leaf*k:(leaf+1)*k])
			} else {
				byLeaf.AddLeaf(actual, TableRow{tab, leaf})
			}
			byRow.Add(actual, 0, tab[leaf*k:(leaf+1)*k])
		}
		got, want := byLeaf.WeightedAUC(), byRow.WeightedAUC()
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("trial %d (k %d, n %d, mixed %v): by leaf %v, by row %v", trial, k, n, mixed, got, want)
		}
		if !mixed && n > 1 && byLeaf.Probs != nil {
			t.Errorf("trial %d: rows of one table were spread into rows", trial)
		}
	}
}

// TestWeightedAUCComplement: with two classes whose probabilities are
// exact complements (eighths), one sort gives both classes' areas
// (complementAreas), with the bits that a sort per class gives (the
// leaves' count, leafAreas).
func TestWeightedAUCComplement(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	table := make([]float64, 2*9) // leaf j: (1 − j/8, j/8)
	for j := range 9 {
		table[2*j], table[2*j+1] = 1-float64(j)/8, float64(j)/8
	}
	for trial := range 100 {
		var byRow, byLeaf ROCRows
		byRow.K, byLeaf.K = 2, 2
		for range 2 + rng.IntN(200) {
			actual, leaf := rng.IntN(2), rng.IntN(9)
			byRow.Add(actual, 0, table[2*leaf:2*leaf+2])
			byLeaf.AddLeaf(actual, TableRow{table, leaf})
		}
		ones := 0
		for _, a := range byRow.Actual {
			ones += int(a)
		}
		if _, _, ok := byRow.complementAreas(ones); !ok {
			t.Fatalf("trial %d: eighths are complements, yet complementAreas declined", trial)
		}
		if got, want := byRow.WeightedAUC(), byLeaf.WeightedAUC(); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("trial %d: one sort %v, a sort per class %v", trial, got, want)
		}
	}
	var r ROCRows // 0.1 + 0.2 ≠ 0.3: not complements, a sort per class
	r.K = 2
	r.Add(0, 0, []float64{0.7, 0.1 + 0.2})
	r.Add(1, 0, []float64{0.3, 0.7})
	if _, _, ok := r.complementAreas(1); ok {
		t.Error("complementAreas took probabilities that are not complements")
	}
	if got := r.WeightedAUC(); got != 1 {
		t.Errorf("AUC %v, want 1", got)
	}
}

// TestClassMeasuresRMSE: a row with probabilities (0.7, 0.3) of actual
// class 0 and one predicted wrongly without probabilities (as 1 on the
// prediction) give squared errors (0.09 + 0.09)/2 and (1 + 1)/2: RMSE =
// √((0.09 + 1)/2).
func TestClassMeasuresRMSE(t *testing.T) {
	abs, sq := rowErrors([]float64{0.7, 0.3}, 0)
	s := Score{Total: 2, Correct: 1, AbsErr: abs/2 + 1, SqErr: sq/2 + 1}
	var e schemas.Measures
	ClassMeasures([]int{1, 1, 0, 0}, 2, s, &e)
	if e.RMSE == nil || math.Abs(*e.RMSE-math.Sqrt((0.09+1)/2)) > 1e-12 {
		t.Errorf("rmse %v, want %v", e.RMSE, math.Sqrt((0.09+1)/2))
	}
	var none schemas.Measures
	ClassMeasures(make([]int, 4), 2, Score{}, &none)
	if none.Kappa != nil || none.RMSE != nil {
		t.Error("measures set without rows")
	}
}
