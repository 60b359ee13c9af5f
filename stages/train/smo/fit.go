package smo

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
)

// Learner is the SMO learner: one linear support vector machine per pair
// of classes, trained as Weka 3.6's weka.classifiers.functions.SMO with
// the PolyKernel of exponent 1 trains it. It has the shape of
// train.Learner, returning the concrete *Model.
type Learner struct{ Options Options }

// wekaSeed is Weka's -W 1, the seed of the generator that shuffles each
// pair's training rows.
const wekaSeed = 1

// Fit trains on the rows of d whose bit is set in rows, in row order, as
// Weka's SMO.buildClassifier does on the same instances: the rows of
// class i then those of class j (each in row order) form the training set
// of pair (i, j); pairs are trained in the order (0,1), (0,2), …, (1,2), …,
// and each pair's rows are first shuffled by Instances.randomize with one
// java.util.Random(1) shared by all pairs. Fit is deterministic; rng is
// unused.
func (l Learner) Fit(d *dataset.Dataset, rows dataset.Bitset, _ *rand.Rand) (*Model, error) {
	if d == nil {
		return nil, fmt.Errorf("smo: fit: %w", errors.New("nil dataset"))
	}
	if want := len(d.All()); len(rows) != want {
		return nil, fmt.Errorf("smo: fit: row set has %d words, dataset of %d rows needs %d",
			len(rows), d.Len(), want)
	}
	return l.fit(d, rows, rows.Rows(nil))
}

// FitOrdered trains on the rows of d listed in order, in that order, as
// Weka's SMO does on instances in that order (the training set of one
// fold of Weka's cross-validation is in the order Instances.trainCV
// leaves it). With the rows in ascending order it is Fit.
func (l Learner) FitOrdered(d *dataset.Dataset, order []int, _ *rand.Rand) (*Model, error) {
	if d == nil {
		return nil, fmt.Errorf("smo: fit: %w", errors.New("nil dataset"))
	}
	rows := dataset.NewBitset(d.Len())
	for _, r := range order {
		if r < 0 || r >= d.Len() {
			return nil, fmt.Errorf("smo: fit: row %d of a dataset of %d rows", r, d.Len())
		}
		if rows.Has(r) {
			return nil, fmt.Errorf("smo: fit: row %d listed twice", r)
		}
		rows.Set(r)
	}
	return l.fit(d, rows, order)
}

// fit trains on the rows idx (in that order) of d; rows holds the same
// rows as a bitset. Nominal data without missing values trains on packed
// 0/1 rows (encoding); data with a numeric feature or a missing value,
// or any data with Options.Standardize, goes through Weka's filters
// first (coding) and trains on real rows.
func (l Learner) fit(d *dataset.Dataset, rows dataset.Bitset, idx []int) (*Model, error) {
	if err := l.Options.Validate(); err != nil {
		return nil, err
	}
	o := l.Options
	k := d.Classes()
	var ex examples
	var m *Model
	if d.HasNumeric() || d.HasMissing() || o.Standardize {
		ex.coding, ex.z = newCoding(d, idx, o.Standardize)
		m = newCodedModel(d, ex.coding, o.Probabilities)
	} else {
		ex.enc = newEncoding(d.Domains())
		ex.x = ex.enc.pack(d, idx)
		m = newModel(d, rows, ex.enc, o.Probabilities)
	}
	byClass := make([][]int32, k)
	labels := d.Labels()
	for i, r := range idx {
		c := labels[r]
		byClass[c] = append(byClass[c], int32(i))
	}

	rnd := cv.NewJavaRandom(wekaSeed)
	s := solver{c: o.Complexity, tol: o.Tolerance, eps: o.Epsilon}
	order := make([]int32, 0, len(idx))
	p := 0
	for ci := range k {
		for cj := ci + 1; cj < k; cj++ {
			order = append(append(order[:0], byClass[ci]...), byClass[cj]...)
			cv.WekaRandomize(order, rnd) // Weka shuffles every pair, even an empty one
			mc, err := trainPair(&s, &ex, labels, idx, order, ci, o)
			if err != nil {
				return nil, fmt.Errorf("smo: fit classes %d and %d: %w", ci, cj, err)
			}
			m.setMachine(p, mc)
			p++
		}
	}
	return m, nil
}

// examples are the training rows as the solver reads them: packed 0/1
// rows of an encoding (x), or real rows of a coding (z), in idx order.
type examples struct {
	enc    encoding
	x      []uint64
	coding *coding
	z      []float64
}

// load resets s for the examples listed in order and copies their rows.
func (ex *examples) load(s *solver, order []int32) {
	if ex.coding != nil {
		dims := ex.coding.dims
		s.resetDense(len(order), dims)
		for t, e := range order {
			row := s.dense[t*dims : (t+1)*dims]
			copy(row, ex.z[int(e)*dims:(int(e)+1)*dims])
			s.kii[t] = denseDot(row, row)
		}
		return
	}
	w := ex.enc.words
	s.reset(len(order), w, ex.enc.dims)
	for t, e := range order {
		copy(s.x[t*w:(t+1)*w], ex.x[int(e)*w:(int(e)+1)*w])
		s.kii[t] = float64(ones(s.x[t*w : (t+1)*w]))
	}
	if w == 1 {
		s.indexRows()
	}
}

// output is machine mc's output for training example e.
func (ex *examples) output(mc *machine, e int32) float64 {
	if ex.coding != nil {
		dims := ex.coding.dims
		return mc.outputDense(ex.z[int(e)*dims : (int(e)+1)*dims])
	}
	w := ex.enc.words
	return mc.outputPacked(ex.x[int(e)*w : (int(e)+1)*w])
}

// trainPair trains the machine of classes ci (-1) and cj (+1) on the
// training examples listed in order (indices into idx and the examples).
func trainPair(s *solver, ex *examples, labels []uint8, idx []int, order []int32, ci int, o Options) (machine, error) {
	mc := machine{rows: len(order)}
	if len(order) == 0 {
		return mc, nil // Weka builds no model: the pair never votes
	}
	mc.trained = true
	nLow := 0
	for _, e := range order {
		if int(labels[idx[e]]) == ci {
			nLow++
		}
	}
	switch {
	case nLow == 0: // only class cj: Weka's b = -1, so the output is +1
		mc.bias = -1
	case nLow == len(order): // only class ci: b = 1, output -1
		mc.bias = 1
	default:
		ex.load(s, order)
		for t, e := range order {
			s.y[t] = 1
			if int(labels[idx[e]]) == ci {
				s.y[t] = -1
			}
		}
		if err := s.train(); err != nil {
			return mc, err
		}
		mc.w, mc.bias = s.w, s.b
	}
	if o.Probabilities {
		outputs := make([]float64, len(order))
		first := make([]bool, len(order))
		for t, e := range order {
			outputs[t] = ex.output(&mc, e)
			first[t] = int(labels[idx[e]]) == ci
		}
		var err error
		if mc.platt, err = fitPlatt(outputs, first); err != nil {
			return mc, err
		}
	}
	return mc, nil
}

// Capabilities: numeric features and missing values, as Weka's SMO takes
// them through ReplaceMissingValues (a missing value becomes its
// attribute's mean or mode on the training rows), NominalToBinary and
// Normalize (or Standardize).
func (Learner) Capabilities() dataset.Capabilities {
	return dataset.Capabilities{Numeric: true, Missing: true}
}
