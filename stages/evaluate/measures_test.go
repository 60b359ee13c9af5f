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
