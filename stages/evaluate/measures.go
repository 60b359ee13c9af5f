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
// held-out row's actual class and class probabilities (k per row). Rows
// whose probabilities are a row of one tree's leaf table (AddLeaf) are
// kept as their leaf, and the area is then counted per leaf: a tree's
// rows take only as many distinct probabilities as it has leaves, so the
// oracle study's 1,000 test rows sort a few hundred leaves rather than
// every row.
type ROCRows struct {
	K      int
	Actual []uint8
	// Probs holds K probabilities per row, in the order of Actual, while
	// the rows are not leaves of one table.
	Probs []float64
	// table and leaves: while every row so far is a leaf of one tree's
	// leaf table, the table and each row's leaf, and Probs is empty.
	table  []float64
	leaves []int32
	// room is the rows Reserve made room for.
	room int
}

// Reserve makes room for n rows, so that recording them does not grow
// the slices row by row.
func (r *ROCRows) Reserve(n int) {
	r.room = n
	r.Actual = slices.Grow(r.Actual, n)
}

// Add records one row; probs nil puts probability 1 on predicted, as a
// model without a distribution counts for the mean absolute error.
func (r *ROCRows) Add(actual, predicted int, probs []float64) {
	r.spread()
	if r.Probs == nil {
		r.Probs = make([]float64, 0, r.room*r.K)
	}
	r.Actual = append(r.Actual, uint8(actual))
	if probs == nil {
		for c := range r.K {
			r.Probs = append(r.Probs, float64(b2i(c == predicted)))
		}
		return
	}
	r.Probs = append(r.Probs, probs...)
}

// addRow adds one scored row: by leaf when its probabilities are a row
// of a leaf table (from.Table not nil), else its probabilities.
func (r *ROCRows) addRow(actual, predicted int, probs []float64, from TableRow) {
	if from.Table != nil {
		r.AddLeaf(actual, from)
		return
	}
	r.Add(actual, predicted, probs)
}

// AddLeaf records one row whose probabilities are the row at of a tree's
// leaf table (K per leaf). Rows of another table, or after rows of their
// own, are recorded as Add records them.
func (r *ROCRows) AddLeaf(actual int, at TableRow) {
	switch {
	case len(r.Actual) == 0:
		r.table, r.leaves = at.Table, make([]int32, 0, r.room)
	case r.table == nil || !sameSlice(r.table, at.Table):
		r.Add(actual, -1, at.Table[at.Leaf*r.K:(at.Leaf+1)*r.K])
		return
	}
	r.Actual = append(r.Actual, uint8(actual))
	r.leaves = append(r.leaves, int32(at.Leaf))
}

// spread turns rows kept as leaves into rows of their own (Probs).
func (r *ROCRows) spread() {
	if r.table == nil {
		return
	}
	r.Probs = make([]float64, 0, max(r.room, len(r.leaves)+1)*r.K)
	for _, leaf := range r.leaves {
		r.Probs = append(r.Probs, r.table[int(leaf)*r.K:(int(leaf)+1)*r.K]...)
	}
	r.table, r.leaves = nil, nil
}

// sameSlice reports whether a and b are the same slice of one array.
func sameSlice(a, b []float64) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
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
//
// The rows are taken in groups of equal p(c), in ascending order, each
// group adding its positives times the negatives below it and half its
// own; the counts are whole numbers, so the area has the same bits
// whether the rows are counted one by one or by leaf.
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
	area := r.areas(counts)
	total := 0.0
	for c := range r.K {
		pos := counts[c]
		neg := n - pos
		if pos == 0 || neg == 0 {
			continue
		}
		total += area(c) / (float64(pos) * float64(neg)) * float64(pos)
	}
	return total / float64(n)
}

// areas returns each class's Mann–Whitney area (WeightedAUC) by the
// cheapest way the rows allow: by leaf (leafAreas); without a sort when
// every row has one distribution (a majority or a random classifier: one
// group, its positives times half its negatives); from one sort for two
// classes of exact complements (complementAreas); else a sort per class
// (rowAreas). counts are the rows of each class.
func (r *ROCRows) areas(counts []int) func(c int) float64 {
	switch {
	case r.table != nil:
		return r.leafAreas()
	case r.constant():
		n := len(r.Actual)
		return func(c int) float64 { return float64(counts[c]) * (float64(n-counts[c]) / 2) }
	case r.K == 2:
		if a0, a1, ok := r.complementAreas(counts[1]); ok {
			return func(c int) float64 { return [2]float64{a0, a1}[c] }
		}
	}
	return r.rowAreas()
}

// constant reports whether every row has the first row's probabilities
// (as cmp.Compare compares them), so that the rows are one group of
// every class's score.
func (r *ROCRows) constant() bool {
	first := r.Probs[:r.K]
	for i := r.K; i < len(r.Probs); i += r.K {
		for c, p := range r.Probs[i : i+r.K] {
			if cmp.Compare(p, first[c]) != 0 {
				return false
			}
		}
	}
	return true
}

// complementAreas gives both classes' areas of two classes from one sort,
// when every row's p(0) is 1 − p(1) and p(1) is 1 − p(0), as rounded:
// then 1 − x is one to one on the p(1) that occur, and p(0) orders the
// rows exactly against p(1), ties alike, so class 0's groups are class
// 1's in reverse. Its area, Σ over them of the group's class-0 rows times
// (the class-0 negatives above, class-1 rows, plus half its own), is a
// sum of halves of whole numbers, exact in any order, so it has the bits
// of its own sort. pos1 counts the class-1 rows; ok is false when a row
// breaks the condition (or a score is not a plain probability).
func (r *ROCRows) complementAreas(pos1 int) (a0, a1 float64, ok bool) {
	n := len(r.Actual)
	keys := make([]uint64, n)
	for i, a := range r.Actual {
		p0, p1 := r.Probs[2*i], r.Probs[2*i+1]+0
		if p0 != 1-p1 || p1 != 1-p0 || !(p1 >= 0) {
			return 0, 0, false
		}
		keys[i] = math.Float64bits(p1)<<1 | uint64(a)
	}
	var g groupArea
	above := float64(pos1) // class-1 rows at or above the group
	keyGroups(keys, func(gPos, gNeg float64) {
		g.add(gPos, gNeg)
		above -= gPos
		a0 += gNeg * (above + gPos/2)
	})
	return a0, g.area, true
}

// keyGroups sorts keys (a score's bits above a bit that says positive)
// and tells each group of equal score, in ascending order, its positives
// and negatives.
func keyGroups(keys []uint64, each func(pos, neg float64)) {
	slices.Sort(keys)
	for i := 0; i < len(keys); {
		score := keys[i] >> 1
		var pos, neg float64
		for ; i < len(keys) && keys[i]>>1 == score; i++ {
			if keys[i]&1 == 1 {
				pos++
			} else {
				neg++
			}
		}
		each(pos, neg)
	}
}

// groupArea is the Mann–Whitney sum over groups of equal score in
// ascending order: each adds its positives times (the negatives below
// it plus half its own).
type groupArea struct{ area, negBelow float64 }

func (g *groupArea) add(pos, neg float64) {
	g.area += pos * (g.negBelow + neg/2)
	g.negBelow += neg
}

// rowAreas returns the area of class c over the rows one by one: each
// row's key is its p(c)'s bits above a bit that says positive, so that
// one sort of plain integers orders the rows by p(c) (probabilities are
// not negative; −0 counts as 0). A probability that is negative or NaN,
// which no model should give, is ordered by cmp.Compare instead.
func (r *ROCRows) rowAreas() func(c int) float64 {
	n := len(r.Actual)
	keys := make([]uint64, n)
	return func(c int) float64 {
		plain := true
		for i, a := range r.Actual {
			p := r.Probs[i*r.K+c] + 0 // −0 + 0 is 0
			if !(p >= 0) {
				plain = false
				break
			}
			keys[i] = math.Float64bits(p)<<1 | uint64(b2i(int(a) == c))
		}
		if !plain {
			return r.comparedArea(c)
		}
		var g groupArea
		keyGroups(keys, g.add)
		return g.area
	}
}

// comparedArea is rowAreas' area for probabilities that are not all
// plain numbers, ordered by cmp.Compare (NaN first).
func (r *ROCRows) comparedArea(c int) float64 {
	order := make([]int, len(r.Actual))
	for i := range order {
		order[i] = i
	}
	return scoreArea(order, func(i int) float64 { return r.Probs[i*r.K+c] }, func(i int) (pos, neg float64) {
		if int(r.Actual[i]) == c {
			return 1, 0
		}
		return 0, 1
	})
}

// leafAreas returns the area of class c over the leaves the rows reach:
// each leaf's rows of each class counted once, then the leaves sorted by
// their p(c).
func (r *ROCRows) leafAreas() func(c int) float64 {
	k := r.K
	perLeaf := make([]int32, len(r.table)) // rows of each class at each leaf, k per leaf
	var hit []int32                        // the leaves reached, once each
	rows := make([]int32, len(r.table)/k)  // rows at each leaf
	for i, leaf := range r.leaves {
		if rows[leaf] == 0 {
			hit = append(hit, leaf)
		}
		rows[leaf]++
		perLeaf[int(leaf)*k+int(r.Actual[i])]++
	}
	return func(c int) float64 {
		return scoreArea(hit, func(leaf int32) float64 { return r.table[int(leaf)*k+c] }, func(leaf int32) (pos, neg float64) {
			pos = float64(perLeaf[int(leaf)*k+c])
			return pos, float64(rows[leaf]) - pos
		})
	}
}

// scoreArea is the area over items (rows or leaves) sorted by score, as
// cmp.Compare orders them (−0 with 0, NaN first), each group of equal
// score counting the positives and negatives its items hold (count).
func scoreArea[T any](items []T, score func(T) float64, count func(T) (pos, neg float64)) float64 {
	slices.SortFunc(items, func(a, b T) int { return cmp.Compare(score(a), score(b)) })
	var g groupArea
	for i := 0; i < len(items); {
		at := score(items[i])
		var pos, neg float64
		for ; i < len(items) && cmp.Compare(score(items[i]), at) == 0; i++ {
			p, q := count(items[i])
			pos += p
			neg += q
		}
		g.add(pos, neg)
	}
	return g.area
}
