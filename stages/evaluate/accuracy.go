package evaluate

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// Predictor is anything that classifies an input (x[f] = code of feature
// f); train.Model satisfies it.
type Predictor interface {
	Predict(x []uint8) int
}

// Accuracy returns μ, the share of the rows of d in rows that m classifies
// correctly; NaN when rows is empty. To score several models on the same
// rows, build a Rows once with NewRows.
func Accuracy(m Predictor, d *dataset.Dataset, rows dataset.Bitset) float64 {
	return NewRows(d, rows).Accuracy(m)
}

// ValuesPredictor is a model that classifies an instance written as Weka
// writes one (dataset.Dataset.Values: codes, numbers, NaN where missing);
// train.ValuesModel satisfies it. Rows of a dataset with numeric features
// or missing values are scored through it.
type ValuesPredictor interface {
	PredictValues(x []float64) int
}

// ValuesDistributor is a model that gives class probabilities for such an
// instance; train.ValuesDistributor satisfies it.
type ValuesDistributor interface {
	DistributionValues(x []float64, dst []float64)
}

// Rows is a set of evaluation rows gathered row-major once, so scoring
// many models does not gather every row's codes from the columns again.
// Rows of a dataset with numeric features or missing values are gathered
// as Weka's instances (values) instead of codes.
type Rows struct {
	x      []uint8   // x[i*m : (i+1)*m] is row i's input, for nominal data
	v      []float64 // v[i*m : (i+1)*m] is row i's instance, for data with numbers or missing values
	labels []uint8
	m      int
	// On a small space of binary features (spaceFree of domains): index
	// is each row's input's index in it (bit f set when x[f] = 1), so that
	// a tree is scored by labelling the space with its leaves once
	// (labelSpace) instead of a walk per row; nil otherwise.
	index   []uint16
	domains []int
	free    uint32
}

// spaceInputsPerRow is how many inputs of a small binary space per row
// labelling the whole space with a tree's leaves may take and still be
// cheaper than a walk per row: a label is one store, a walk a chain of
// dependent loads.
const spaceInputsPerRow = 4

// NewRows gathers the rows of d in rows.
func NewRows(d *dataset.Dataset, rows dataset.Bitset) *Rows {
	m := d.NumFeatures()
	n := rows.Count()
	all := d.Labels()
	if d.HasNumeric() || d.HasMissing() {
		e := &Rows{v: make([]float64, 0, n*m), labels: make([]uint8, 0, n), m: m}
		var row []float64
		rows.Each(func(r int) {
			row = d.Values(r, row)
			e.v = append(e.v, row...)
			e.labels = append(e.labels, all[r])
		})
		return e
	}
	e := &Rows{x: make([]uint8, 0, n*m), labels: make([]uint8, 0, n), m: m}
	cols := make([][]uint8, m)
	for f := range cols {
		cols[f] = d.Column(f)
	}
	for i, w := range rows {
		for ; w != 0; w &= w - 1 {
			r := i<<6 + bits.TrailingZeros64(w)
			for _, col := range cols {
				e.x = append(e.x, col[r])
			}
			e.labels = append(e.labels, all[r])
		}
	}
	if free, ok := spaceFree(d.Domains()); ok {
		e.domains, e.free = d.Domains(), free
		e.index = make([]uint16, len(e.labels))
		for i := range e.index {
			ix := uint16(0)
			for f, v := range e.x[i*m : (i+1)*m] {
				ix |= uint16(v&1) << f
			}
			e.index[i] = ix
		}
	}
	return e
}

// spaceLeaves returns, for a tree over the rows' small binary space and
// rows enough to pay for it (spaceInputsPerRow), the leaf of every input
// of the space (labelSpace) in buf's memory; nil otherwise.
func (e *Rows) spaceLeaves(t *tree.Tree, buf []int32) []int32 {
	if e.index == nil || spaceInputsPerRow*len(e.labels) < 1<<e.m || !slices.Equal(t.Domains, e.domains) {
		return nil
	}
	leafOf := slices.Grow(buf[:0], 1<<e.m)[:1<<e.m]
	labelSpace(t, e.free, leafOf)
	return leafOf
}

// Len returns the number of rows.
func (e *Rows) Len() int { return len(e.labels) }

// Accuracy returns the share of the rows m classifies correctly; NaN when
// there are none.
func (e *Rows) Accuracy(m Predictor) float64 {
	if len(e.labels) == 0 {
		return math.NaN()
	}
	correct := 0
	if e.v != nil {
		vp := e.valuesPredictor(m)
		for i, y := range e.labels {
			if vp.PredictValues(e.v[i*e.m:(i+1)*e.m:(i+1)*e.m]) == int(y) {
				correct++
			}
		}
		return float64(correct) / float64(len(e.labels))
	}
	for i, y := range e.labels {
		if m.Predict(e.x[i*e.m:(i+1)*e.m:(i+1)*e.m]) == int(y) {
			correct++
		}
	}
	return float64(correct) / float64(len(e.labels))
}

// RandomAccuracy returns μ_X, the expected accuracy of the random benchmark
// classifier X, which draws each prediction from the training class priors
// p_j = N_j / N: on an evaluation set with class counts N'_j,
//
//	μ_X = Σ_j (N'_j / N') p_j,
//
// which is Σ_j p_j² when both sets have the same distribution. Counts are
// indexed by class code; a class beyond the end of a slice counts 0. NaN
// when either set is empty.
func RandomAccuracy(trainCounts, evalCounts []int) float64 {
	n, ne := sum(trainCounts), sum(evalCounts)
	if n == 0 || ne == 0 {
		return math.NaN()
	}
	mu := 0.0
	for j := range min(len(trainCounts), len(evalCounts)) {
		mu += float64(evalCounts[j]) * float64(trainCounts[j])
	}
	return mu / (float64(ne) * float64(n))
}

// MajorityAccuracy returns μ_V, the accuracy of the majority benchmark
// classifier V, which always predicts the training majority class (ties to
// the lowest code; class 0 with no training rows, as dataset.Majority): the
// share of evaluation rows in that class. NaN when evalCounts sums to 0.
func MajorityAccuracy(trainCounts, evalCounts []int) float64 {
	ne := sum(evalCounts)
	if ne == 0 {
		return math.NaN()
	}
	j := 0
	if len(trainCounts) > 0 {
		j = dataset.ArgMax(trainCounts)
	}
	if j >= len(evalCounts) {
		return 0
	}
	return float64(evalCounts[j]) / float64(ne)
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// Distributor is a model that gives class probabilities (a tree's leaf
// distribution, naive Bayes' posterior): dst[c] = p(c | x), summing to 1.
// A model without it counts as putting probability 1 on its prediction.
type Distributor interface {
	Distribution(x []uint8, dst []float64)
}

// LeafTabler is a tree model whose PredictDistribution is its tree's
// class at the leaf Apply reaches and that leaf's row of the table it
// returns (tree.LeafDistributions; nil when the tree has none), so that
// scoring many rows reads each row's probabilities from the table.
type LeafTabler interface {
	LeafTable() (*tree.Tree, []float64)
}

// PredictDistributor is a Distributor that gives its prediction and its
// class probabilities from one pass over the input (a tree's one walk),
// as Predict and Distribution would give them.
type PredictDistributor interface {
	Distributor
	PredictDistribution(x []uint8, dst []float64) int
}

// BatchDistributor is a PredictDistributor that also gives the
// predictions and probabilities of many rows at once, each row's as
// PredictDistribution gives them, bit for bit (a forest walks each tree
// over a block of rows instead of every tree for each row).
type BatchDistributor interface {
	PredictDistributor
	// PredictDistributions writes to pred (rows) and dst (rows × classes)
	// the predictions and distributions of the rows of x (rows ×
	// features codes).
	PredictDistributions(x []uint8, features int, pred []int, dst []float64)
}

// Score is a model's result on a set of rows: how many it classified
// correctly, of how many, and its mean absolute error.
type Score struct {
	Correct, Total int
	// AbsErr is Σ over rows of (1/K)·Σ_c |p(c) − [c = actual]|, so that
	// MAE = AbsErr/Total as Weka's Evaluation computes it.
	AbsErr float64
	// SqErr is Σ over rows of (1/K)·Σ_c (p(c) − [c = actual])², so that
	// RMSE = √(SqErr/Total), as Weka's root mean squared error.
	SqErr float64
}

// MAE returns the mean absolute error, NaN with no rows.
func (s Score) MAE() float64 {
	if s.Total == 0 {
		return math.NaN()
	}
	return s.AbsErr / float64(s.Total)
}

// RMSE returns the root mean squared error of the class probabilities,
// NaN with no rows.
func (s Score) RMSE() float64 {
	if s.Total == 0 {
		return math.NaN()
	}
	return math.Sqrt(s.SqErr / float64(s.Total))
}

// Accuracy returns Correct/Total, NaN with no rows.
func (s Score) Accuracy() float64 {
	if s.Total == 0 {
		return math.NaN()
	}
	return float64(s.Correct) / float64(s.Total)
}

// Add returns the sum of two scores (folds of one cross-validation).
func (s Score) Add(o Score) Score {
	return Score{Correct: s.Correct + o.Correct, Total: s.Total + o.Total, AbsErr: s.AbsErr + o.AbsErr, SqErr: s.SqErr + o.SqErr}
}

// Score scores m on the rows: predictions, and class probabilities for the
// mean absolute error over k classes. confusion, when not nil, gets
// confusion[actual*k+predicted]++ per row.
func (e *Rows) Score(m Predictor, k int, confusion []int) Score {
	s, _ := e.score(m, nil, k, confusion, nil, nil)
	return s
}

// ScoreCharged is Score for a model that is the tree of tc, each row also
// charged its tests (tc.Tests of the leaf it reaches; on Weka instances
// tc.Values, the union of the paths a missing value spreads it over): it
// returns the sum of those charges too, in row order.
func (e *Rows) ScoreCharged(m Predictor, tc *costs.TreeCosts, k int, confusion []int) (Score, float64) {
	return e.score(m, tc, k, confusion, nil, nil)
}

// Label returns the class code of row i.
func (e *Rows) Label(i int) int { return int(e.labels[i]) }

// RowFunc hears how a model did on evaluation row i: its prediction, its
// class probabilities (nil when the model gives none; the slice is reused
// for the next row), where they come from when they are a row of the
// model's leaf table (TableRow; its Table nil otherwise) and, for a tree
// scored with charges, the row's test charge (0 otherwise).
type RowFunc func(i, predicted int, probs []float64, from TableRow, charged float64)

// TableRow is row Leaf of Table, a tree model's leaf table (LeafTabler):
// the probabilities of every evaluation row that reaches that leaf.
type TableRow struct {
	Table []float64
	Leaf  int
}

// ScoreRows is Score (ScoreCharged when tc is not nil) that also tells
// each row's outcome to each, in row order.
func (e *Rows) ScoreRows(m Predictor, tc *costs.TreeCosts, k int, confusion []int, each RowFunc) (Score, float64) {
	return e.score(m, tc, k, confusion, each, nil)
}

// Reacher is a tree model whose prediction on a Weka instance walks its
// tree otherwise than J48's getProbs (tree.ReachValues): it says where
// the walk for x ends, so that x is charged the tests of the paths it
// takes (costs.TreeCosts.Values). A tree model without it is charged
// tree.ReachValues' paths.
type Reacher interface {
	ReachValues(x []float64, dst []int) []int
}

// Mixed reports whether the rows are Weka instances (a dataset with
// numeric features or missing values) rather than codes: only a model
// that takes such instances (ValuesPredictor) scores them, and a tree
// charges such a row the union of the paths it reaches (where a value is
// missing, several).
func (e *Rows) Mixed() bool { return e.v != nil }

// valuesPredictor returns m as a ValuesPredictor. The pipeline gives rows
// with numbers or missing values only to learners whose Capabilities say
// they take them (train.CheckData), so a model without PredictValues here
// is a programmer's error.
func (e *Rows) valuesPredictor(m Predictor) ValuesPredictor {
	vp, ok := m.(ValuesPredictor)
	if !ok {
		panic(fmt.Sprintf("evaluate: model %T cannot read numeric or missing values, and its learner was not refused them", m))
	}
	return vp
}

// scoreValues is score on Weka instances: predictions and class
// probabilities through the model's values walks, and with tc each row
// charged tc.Values on the ends of the model's walk (Reacher) or the
// tree's.
func (e *Rows) scoreValues(m Predictor, tc *costs.TreeCosts, k int, confusion []int, each RowFunc, roc *ROCRows) (Score, float64) {
	vp := e.valuesPredictor(m)
	vd, _ := m.(ValuesDistributor)
	reacher, _ := m.(Reacher)
	var reached []int
	probs := make([]float64, k)
	s := Score{Total: len(e.labels)}
	charged := 0.0
	for i, y := range e.labels {
		x := e.v[i*e.m : (i+1)*e.m : (i+1)*e.m]
		charge := 0.0
		if tc != nil {
			if reacher != nil {
				reached = reacher.ReachValues(x, reached[:0])
			} else {
				reached = tc.Tree().ReachValues(x, reached[:0])
			}
			charge = tc.Values(x, reached)
			charged += charge
		}
		p := vp.PredictValues(x)
		if p == int(y) {
			s.Correct++
		}
		if confusion != nil {
			confusion[int(y)*k+p]++
		}
		if vd == nil {
			if roc != nil {
				roc.Add(int(y), p, nil)
			}
			if each != nil {
				each(i, p, nil, TableRow{}, charge)
			}
			if p != int(y) {
				s.AbsErr += 2 / float64(k)
				s.SqErr += 2 / float64(k)
			}
			continue
		}
		vd.DistributionValues(x, probs)
		if roc != nil {
			roc.Add(int(y), p, probs)
		}
		if each != nil {
			each(i, p, probs, TableRow{}, charge)
		}
		abs, sq := rowErrors(probs, int(y))
		s.AbsErr += abs / float64(k)
		s.SqErr += sq / float64(k)
	}
	return s, charged
}

// rowErrors are Σ_c |p(c) − [c = actual]| and Σ_c (p(c) − [c =
// actual])², a row's shares of the mean absolute and the mean squared
// error before the division by the number of classes (the sums in class
// order, as Weka's updateNumericScores makes them).
func rowErrors(probs []float64, actual int) (abs, sq float64) {
	for c, pc := range probs {
		d := pc
		if c == actual {
			d = pc - 1
		}
		abs += math.Abs(d)
		sq += d * d
	}
	return abs, sq
}

// score is Score, predicting with the leaves of tc's tree (charging
// tests) when tc is not nil, telling each (when not nil) every row's
// outcome, and adding every row's actual class and probabilities to roc
// (when not nil; a tree model's rows by leaf), in row order. A tree model
// read through its leaf table with nothing to charge or tell is scored by
// leaf (scoreLeaves).
func (e *Rows) score(m Predictor, tc *costs.TreeCosts, k int, confusion []int, each RowFunc, roc *ROCRows) (Score, float64) {
	if e.v != nil {
		return e.scoreValues(m, tc, k, confusion, each, roc)
	}
	var t *tree.Tree
	var tests func(leaf int) float64
	if tc != nil {
		t, tests = tc.Tree(), tc.Tests
	}
	d, _ := m.(Distributor)
	pd, _ := m.(PredictDistributor)
	// table, when m is a LeafTabler of t (or t is nil): each row's
	// probabilities are its leaf's row, after an Apply walk of t.
	var table []float64
	if tabler, ok := m.(LeafTabler); ok {
		if lt, tab := tabler.LeafTable(); tab != nil && (t == nil || lt == t) {
			t, table = lt, tab
		}
	}
	if table != nil && tests == nil && each == nil && d != nil {
		return e.scoreLeaves(t, table, k, confusion, roc), 0
	}
	// batch, when m is a BatchDistributor with no tree to charge: every
	// row's distribution, formed at once.
	var batch []float64
	var batchPred []int
	if bd, ok := m.(BatchDistributor); ok && t == nil {
		batch, batchPred = make([]float64, len(e.labels)*k), make([]int, len(e.labels))
		bd.PredictDistributions(e.x, e.m, batchPred, batch)
	}
	probs := make([]float64, k)
	s := Score{Total: len(e.labels)}
	charged := 0.0
	for i, y := range e.labels {
		x := e.x[i*e.m : (i+1)*e.m : (i+1)*e.m]
		var p int
		ready := false // probs hold x's distribution
		charge := 0.0
		var from TableRow // the row of table probs is
		switch {
		case batch != nil:
			copy(probs, batch[i*k:(i+1)*k])
			p, ready = batchPred[i], true
		case table != nil: // m is t's model: its leaf's row of the table
			leaf := t.Apply(x)
			copy(probs, table[leaf*k:(leaf+1)*k])
			p, ready, from = int(t.Class[leaf]), true, TableRow{table, leaf}
			if tests != nil {
				charge = tests(leaf)
			}
		case t != nil && pd != nil: // m is t's model: one walk for leaf and distribution
			leaf := t.ApplyDistribution(x, probs)
			p, ready = int(t.Class[leaf]), true
			charge = tests(leaf)
		case t != nil:
			leaf := t.Apply(x)
			p = int(t.Class[leaf])
			charge = tests(leaf)
		case pd != nil:
			p, ready = pd.PredictDistribution(x, probs), true
		default:
			p = m.Predict(x)
		}
		charged += charge
		if p == int(y) {
			s.Correct++
		}
		if confusion != nil {
			confusion[int(y)*k+p]++
		}
		if d == nil {
			if roc != nil {
				roc.Add(int(y), p, nil)
			}
			if each != nil {
				each(i, p, nil, TableRow{}, charge)
			}
			if p == int(y) {
				continue
			}
			s.AbsErr += 2 / float64(k) // |1 − 0| on the prediction, |0 − 1| on the actual class
			s.SqErr += 2 / float64(k)  // and their squares
			continue
		}
		if !ready {
			d.Distribution(x, probs)
		}
		if roc != nil {
			roc.addRow(int(y), p, probs, from)
		}
		if each != nil {
			each(i, p, probs, from, charge)
		}
		abs, sq := rowErrors(probs, int(y))
		s.AbsErr += abs / float64(k)
		s.SqErr += sq / float64(k)
	}
	return s, charged
}

// leafScratch is scoreLeaves' scratch: the rows' errors and the rows
// counted per leaf and class.
type leafScratch struct {
	errs   []float64
	counts []int32
	leafOf []int32
}

var leafScratchPool = sync.Pool{New: func() any { return new(leafScratch) }}

// scoreLeaves is score for t's model read through its leaf table
// (LeafTabler), with nothing to charge or tell per row. A row's shares of
// the absolute and squared errors depend only on its leaf and its class,
// so they are worked out once per (leaf, class), as rowErrors gives them
// and divided by k as score divides them: the same addends, added in row
// order, so the same sums bit for bit. With roc not nil, each row also
// goes to roc by its leaf (ROCRows.AddLeaf), in row order.
func (e *Rows) scoreLeaves(t *tree.Tree, table []float64, k int, confusion []int, roc *ROCRows) Score {
	buf := leafScratchPool.Get().(*leafScratch)
	defer leafScratchPool.Put(buf)
	errs := slices.Grow(buf.errs[:0], 2*len(table))[:2*len(table)] // errs[2(leaf·k+y)], errs[2(leaf·k+y)+1]: abs/k, sq/k
	buf.errs = errs
	kf := float64(k)
	for n, f := range t.Feature {
		if f != tree.Leaf {
			continue
		}
		probs := table[n*k : (n+1)*k]
		for y := range k {
			abs, sq := rowErrors(probs, y)
			errs[2*(n*k+y)], errs[2*(n*k+y)+1] = abs/kf, sq/kf
		}
	}
	// The rows are counted per (leaf, class) as they go, and turned into
	// the correct count and the confusion matrix after: no branch on a
	// row's outcome, and no run of increments of one confusion cell.
	counts := slices.Grow(buf.counts[:0], len(table))[:len(table)]
	buf.counts = counts
	clear(counts)
	s := Score{Total: len(e.labels)}
	leafOf := e.spaceLeaves(t, buf.leafOf)
	if leafOf != nil {
		buf.leafOf = leafOf
	}
	for i, y := range e.labels {
		var leaf int
		if leafOf != nil {
			leaf = int(leafOf[e.index[i]])
		} else {
			leaf = t.Apply(e.x[i*e.m : (i+1)*e.m : (i+1)*e.m])
		}
		if roc != nil {
			roc.AddLeaf(int(y), TableRow{table, leaf})
		}
		j := leaf*k + int(y)
		counts[j]++
		s.AbsErr += errs[2*j]
		s.SqErr += errs[2*j+1]
	}
	for n, f := range t.Feature {
		if f != tree.Leaf {
			continue
		}
		p := int(t.Class[n])
		for y, c := range counts[n*k : (n+1)*k] {
			if y == p {
				s.Correct += int(c)
			}
			if confusion != nil {
				confusion[y*k+p] += int(c)
			}
		}
	}
	return s
}
