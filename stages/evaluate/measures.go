package evaluate

import (
	"cmp"
	"math"
	"slices"

	"github.com/dtbench/dtbench/schemas"
)

// The measures of Weka's Evaluation that come from a fit's confusion
// matrix and class probabilities on its held-out rows (all folds' rows
// pooled in the benchmark study, as Weka's cross-validation pools them),
// computed as Weka 3.6 computes them: kappa, weighted F-measure, root
// mean squared error, weighted area under ROC; and balanced accuracy and
// macro F1 as scikit-learn computes them (Weka 3.6 prints neither).

// ClassMeasures sets the confusion-matrix measures of e (kappa, balanced
// accuracy, macro and weighted F1) from conf, the k×k matrix (row actual,
// column predicted) of the held-out rows, and the RMSE of s; none when
// there are no rows.
func ClassMeasures(conf []int, k int, s Score, e *schemas.Measures) {
	m := marginsOf(conf, k)
	if m.n == 0 || s.Total == 0 {
		return
	}
	kappa, balanced := m.kappa(), m.balancedAccuracy()
	macro, weighted := m.f1()
	rmse := s.RMSE()
	e.Kappa, e.BalancedAccuracy, e.F1Macro, e.F1Weighted, e.RMSE = &kappa, &balanced, &macro, &weighted, &rmse
}

// margins are a confusion matrix's diagonal and its row (actual) and
// column (predicted) sums, which every measure of it reads.
type margins struct {
	diag, rows, cols []float64
	n, correct       float64
}

func marginsOf(conf []int, k int) margins {
	m := margins{diag: make([]float64, k), rows: make([]float64, k), cols: make([]float64, k)}
	for a := range k {
		for p := range k {
			c := float64(conf[a*k+p])
			m.rows[a] += c
			m.cols[p] += c
			m.n += c
		}
		m.diag[a] = float64(conf[a*k+a])
		m.correct += m.diag[a]
	}
	return m
}

// Kappa is Cohen's kappa of the confusion matrix conf (k×k, row actual),
// as Weka's Evaluation.kappa: (observed − chance)/(1 − chance), with the
// chance agreement Σ_c rows_c·columns_c / N²; 1 when chance is 1 (one
// class, always predicted).
func Kappa(conf []int, k int) float64 { return marginsOf(conf, k).kappa() }

func (m margins) kappa() float64 {
	chance := 0.0
	for c := range m.rows {
		chance += m.rows[c] * m.cols[c]
	}
	chance /= m.n * m.n
	observed := m.correct / m.n
	if chance < 1 {
		return (observed - chance) / (1 - chance)
	}
	return 1
}

// BalancedAccuracy is the mean recall over the classes with actual rows,
// as scikit-learn's balanced_accuracy_score.
func BalancedAccuracy(conf []int, k int) float64 { return marginsOf(conf, k).balancedAccuracy() }

func (m margins) balancedAccuracy() float64 {
	sum, classes := 0.0, 0
	for c, row := range m.rows {
		if row > 0 {
			sum += m.diag[c] / row
			classes++
		}
	}
	return sum / float64(classes)
}

// F1 returns the macro F1, the mean over the classes that are actual or
// predicted in some row (scikit-learn's f1_score, average="macro"), and
// the weighted F1, Σ_c rows_c·F1_c / N (Weka's weightedFMeasure), where
// F1_c = 2·P·R/(P + R) with P and R the class's precision and recall (0
// when undefined, as in both).
func F1(conf []int, k int) (macro, weighted float64) { return marginsOf(conf, k).f1() }

func (m margins) f1() (macro, weighted float64) {
	classes := 0
	for c, row := range m.rows {
		col, tp := m.cols[c], m.diag[c]
		var precision, recall, f float64
		if col > 0 {
			precision = tp / col
		}
		if row > 0 {
			recall = tp / row
		}
		if precision+recall > 0 {
			f = 2 * precision * recall / (precision + recall)
		}
		if row > 0 || col > 0 {
			macro += f
			classes++
		}
		weighted += f * row
	}
	return macro / float64(classes), weighted / m.n
}

// ROCRows collects what the area under the ROC curve needs: each
// held-out row's actual class and class probabilities (k per row).
type ROCRows struct {
	K      int
	Actual []uint8
	Probs  []float64
}

// Add records one row; probs nil puts probability 1 on predicted, as a
// model without a distribution counts for the mean absolute error.
func (r *ROCRows) Add(actual, predicted int, probs []float64) {
	r.Actual = append(r.Actual, uint8(actual))
	if probs == nil {
		for c := range r.K {
			r.Probs = append(r.Probs, float64(b2i(c == predicted)))
		}
		return
	}
	r.Probs = append(r.Probs, probs...)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// WeightedAUC is Weka's weightedAreaUnderROC: for each class c with
// actual rows, the area under the ROC curve of p(c) against c-or-not
// (the Mann–Whitney statistic, a tie between a positive and a negative
// counting half, which is the trapezoid area Weka's ThresholdCurve gives
// over its distinct thresholds), weighted by c's actual rows; a class
// without negative rows adds nothing but keeps its weight, as in Weka.
// NaN when fewer than two classes have actual rows.
func (r *ROCRows) WeightedAUC() float64 {
	n := len(r.Actual)
	counts := make([]int, r.K)
	for _, a := range r.Actual {
		counts[a]++
	}
	present := 0
	for _, c := range counts {
		if c > 0 {
			present++
		}
	}
	if present < 2 {
		return math.NaN()
	}
	order := make([]int, n)
	total := 0.0
	for c := range r.K {
		pos := counts[c]
		neg := n - pos
		if pos == 0 || neg == 0 {
			continue
		}
		for i := range order {
			order[i] = i
		}
		p := func(i int) float64 { return r.Probs[i*r.K+c] }
		slices.SortFunc(order, func(a, b int) int { return cmp.Compare(p(a), p(b)) })
		area, negBelow := 0.0, 0.0
		for i := 0; i < n; {
			j := i
			var gPos, gNeg float64
			for ; j < n && p(order[j]) == p(order[i]); j++ {
				if int(r.Actual[order[j]]) == c {
					gPos++
				} else {
					gNeg++
				}
			}
			area += gPos * (negBelow + gNeg/2)
			negBelow += gNeg
			i = j
		}
		total += area / (float64(pos) * float64(neg)) * float64(pos)
	}
	return total / float64(n)
}
