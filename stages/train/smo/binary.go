package smo

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// del is Weka's m_Del, 1000 * Double.MIN_VALUE: multipliers within del*C
// of a bound are moved onto it "to prevent precision problems".
const del = 1000 * math.SmallestNonzeroFloat64

// errNeverHappens is Weka's "This should never happen!": no index for bLow
// or bUp, which the algorithm rules out.
var errNeverHappens = errors.New("smo: internal error: no example for bLow or bUp")

// solver is Weka's SMO.BinarySMO for the linear kernel: Platt's SMO with
// the two thresholds bLow and bUp of Keerthi et al. (Modification 1),
// trained on one pair of classes. The examples are the pair's training
// rows in Weka's shuffled order; class cl1 is -1 and cl2 is +1.
//
// Every decision — which example is examined, which partner it takes,
// where a multiplier is clipped — is made with the same floating-point
// operations, in the same order, as Weka 3.6's BinarySMO, so the same
// steps are taken. Products that are added are wrapped in float64() so
// the compiler cannot fuse them into an FMA, which Java never does. Kernel
// values are exact integers (dot products of 0/1 rows), so whether they
// come from a cache or not changes nothing; Weka's LRU kernel cache is
// left out, as an AND and a popcount of packed rows cost less than a
// cache lookup. Outputs come from the weight vector, as Weka's linear
// machine computes them.
//
// The sets I1..I4 of Weka are functions of (y_i, α_i) — I1 = {y=+1, α=0},
// I2 = {y=-1, α=C}, I3 = {y=+1, α=C}, I4 = {y=-1, α=0} — and are computed
// from them; I0 = {0 < α < C} is an unboundSet, which reproduces the
// order of Weka's SMOset where it matters. Weka's support-vector set is
// not needed for a linear machine.
type solver struct {
	c, tol, eps float64

	n, words int
	x        []uint64 // packed rows, n*words
	// dense, when set, holds the examples as real coordinates instead
	// (n*len(w)), for data that is not all 0/1 (coding); x is then one
	// word of zeros and words is 0.
	dense []float64
	// krows[i], for dense examples, is row i of the kernel matrix while
	// cached (nil otherwise): at most maxKernelCache values are kept, the
	// oldest row evicted first (kfifo, from kfirst on). The values are the
	// ones kernel computes, so caching changes no result (Weka caches
	// too, in an LRU cache).
	krows  [][]float64
	kfifo  []int32
	kfirst int
	klast  int32     // the row kernelRow returned last, never evicted next
	kii    []float64 // kii[i] = k(i, i), the number of set coordinates
	y      []float64 // -1 (class cl1) or +1 (class cl2)
	alpha  []float64
	errs   []float64 // Weka's m_errors, the error cache F_i
	w      []float64 // the weight vector, one entry per coordinate

	b, bUp, bLow float64
	iUp, iLow    int32
	i0           unboundSet

	steps, maxSteps int
	t1, t2          [128]float64 // product tables of updateErrors1
	// For one-word rows: distinct holds the examples' distinct rows in
	// order of first appearance, rid[i] the index of example i's row in
	// it (rowID maps a row to it), and inc is updateErrors1's scratch of
	// one entry per distinct row (indexRows).
	distinct []uint64
	rid      []int32
	rowID    map[uint64]int32
	inc      []float64
}

// reset sizes the solver for n examples of words words and dims
// coordinates, reusing its storage, and zeroes the multipliers and weights.
func (s *solver) reset(n, words, dims int) {
	s.n, s.words = n, words
	s.x = grow(s.x, n*words)
	s.kii = grow(s.kii, n)
	s.y = grow(s.y, n)
	s.alpha = grow(s.alpha, n)
	clear(s.alpha)
	s.errs = grow(s.errs, n)
	clear(s.errs)
	s.w = grow(s.w, dims) // the model copies the weights out before the next pair
	clear(s.w)
	s.i0.reset(n)
	s.distinct = s.distinct[:0]
	s.dense = s.dense[:0]
	s.krows, s.kfifo, s.kfirst, s.klast = s.krows[:0], s.kfifo[:0], 0, -1
	s.steps = 0
	// Weka sets no bound. This one is far beyond any run seen (at most
	// 16 steps per example with C = 1 on the shared datasets, about 1000
	// on breast-cancer with C = 100) and only turns a cycle into an error.
	s.maxSteps = 100_000_000 + 10_000*n
}

// indexDistinctRows turns indexRows on; tests turn it off to compare
// updateErrors1's two ways.
var indexDistinctRows = true

// indexRows numbers the distinct one-word rows of the n examples loaded
// (distinct, rid), for updateErrors1.
func (s *solver) indexRows() {
	if !indexDistinctRows {
		s.distinct = s.distinct[:0]
		return
	}
	if s.rowID == nil {
		s.rowID = map[uint64]int32{}
	}
	clear(s.rowID)
	s.distinct = s.distinct[:0]
	s.rid = grow(s.rid, s.n)
	for i, r := range s.x[:s.n] {
		id, ok := s.rowID[r]
		if !ok {
			id = int32(len(s.distinct))
			s.rowID[r] = id
			s.distinct = append(s.distinct, r)
		}
		s.rid[i] = id
	}
	s.inc = grow(s.inc, len(s.distinct))
}

func (s *solver) row(i int32) []uint64 {
	return s.x[int(i)*s.words : (int(i)+1)*s.words]
}

// resetDense sizes the solver for n examples of dims real coordinates,
// to be written into s.dense, as reset does for packed rows.
func (s *solver) resetDense(n, dims int) {
	s.reset(n, 0, dims)
	s.x = grow(s.x, 1)
	s.x[0] = 0
	s.dense = grow(s.dense, n*dims)
	s.krows = grow(s.krows, n)
	clear(s.krows)
}

// maxKernelCache is the most kernel values a dense solver keeps: 2048²,
// 32 MiB (every row for up to 2048 examples).
var maxKernelCache = 2048 * 2048 // a variable so that a test can make rows evicted

// kernelRow returns row i of the kernel matrix, kept while the cache has
// room, the oldest row making room; its entries are NaN until kernelAt
// computes them (a kernel value is never NaN: the coded values are
// finite).
func (s *solver) kernelRow(i int32) []float64 {
	if r := s.krows[i]; r != nil {
		s.klast = i
		return r
	}
	var r []float64
	if len(s.kfifo)-s.kfirst >= max(2, maxKernelCache/s.n) {
		if s.kfifo[s.kfirst] == s.klast { // still in use by the caller: keep it, as the newest
			s.kfifo = append(s.kfifo, s.klast)
			s.kfirst++
		}
		old := s.kfifo[s.kfirst]
		s.kfirst++
		r, s.krows[old] = s.krows[old], nil
		if s.kfirst > len(s.kfifo)/2 {
			s.kfifo = append(s.kfifo[:0], s.kfifo[s.kfirst:]...)
			s.kfirst = 0
		}
	} else {
		r = make([]float64, s.n)
	}
	for j := range r {
		r[j] = math.NaN() // not computed yet: kernelAt fills entries as they are read
	}
	s.krows[i] = r
	s.kfifo = append(s.kfifo, i)
	s.klast = i
	return r
}

// kernelAt returns k(i, j) from row r = kernelRow(i), computing it into
// the row when not there yet.
func (s *solver) kernelAt(r []float64, i, j int32) float64 {
	v := r[j]
	if math.IsNaN(v) {
		v = denseDot(s.denseRow(i), s.denseRow(j))
		r[j] = v
	}
	return v
}

func (s *solver) denseRow(i int32) []float64 {
	d := len(s.w)
	return s.dense[int(i)*d : (int(i)+1)*d]
}

// denseDot is PolyKernel.dotProd of two coded rows: Σ_p a[p]·b[p] in
// coordinate order.
func denseDot(a, b []float64) float64 {
	sum := 0.0
	b = b[:len(a)]
	for p, v := range a {
		sum += float64(v * b[p])
	}
	return sum
}

// kernel is the linear kernel k(i, j) = <x_i, x_j>.
func (s *solver) kernel(i, j int32) float64 {
	if s.words == 1 {
		return float64(bits.OnesCount64(s.x[i] & s.x[j]))
	}
	if s.words == 0 {
		return denseDot(s.denseRow(i), s.denseRow(j))
	}
	return float64(dot(s.row(i), s.row(j)))
}

// output is BinarySMO.SVMOutput for training example i: the weights of
// its set coordinates summed in ascending order, minus b. Weka sums
// w[p]*x[p] over every coordinate; the terms with x[p] = 0 are zeros that
// change no sum (no weight is ever -0), so the result is the same double.
func (s *solver) output(i int32) float64 {
	if s.words == 0 {
		return denseDot(s.w, s.denseRow(i)) - s.b // SVMOutput's Σ_p w[p]·x[p], dense
	}
	sum := 0.0
	for k, word := range s.row(i) {
		for word != 0 {
			sum += s.w[k<<6+bits.TrailingZeros64(word)]
			word &= word - 1
		}
	}
	return sum - s.b
}

// i12 reports membership of I1 ∪ I2, i34 of I3 ∪ I4.
func (s *solver) i12(i int32) bool {
	a, y := s.alpha[i], s.y[i]
	return (y == 1 && a == 0) || (y == -1 && a == s.c)
}

func (s *solver) i34(i int32) bool {
	a, y := s.alpha[i], s.y[i]
	return (y == 1 && a == s.c) || (y == -1 && a == 0)
}

// train runs BinarySMO.buildClassifier's main loop on examples that
// include both classes, leaving the weights in s.w and the threshold in
// s.b.
func (s *solver) train() error {
	s.bUp, s.bLow, s.b = -1, 1, 0
	s.iUp, s.iLow = -1, -1
	for i, y := range s.y[:s.n] {
		if y == -1 {
			s.iLow = int32(i)
		} else {
			s.iUp = int32(i)
		}
	}
	if s.iUp == -1 || s.iLow == -1 {
		panic("smo: train needs examples of both classes")
	}
	s.errs[s.iLow], s.errs[s.iUp] = 1, -1

	numChanged, examineAll := 0, true
	for numChanged > 0 || examineAll {
		numChanged = 0
		if examineAll {
			for i := range int32(s.n) {
				ok, err := s.examine(i)
				if err != nil {
					return err
				}
				if ok {
					numChanged++
				}
			}
		} else {
			// Modification 1 of Keerthi et al.: loop over the unbound
			// examples until optimality on them is reached.
			for i := range int32(s.n) {
				if s.alpha[i] > 0 && s.alpha[i] < s.c {
					ok, err := s.examine(i)
					if err != nil {
						return err
					}
					if ok {
						numChanged++
					}
					if s.bUp > s.bLow-float64(2*s.tol) {
						numChanged = 0
						break
					}
				}
			}
		}
		if examineAll {
			examineAll = false
		} else if numChanged == 0 {
			examineAll = true
		}
	}
	s.b = (s.bLow + s.bUp) / 2.0
	return nil
}

// examine is BinarySMO.examineExample: it checks example i2 against the
// current thresholds and, when it violates optimality, optimises it
// jointly with iLow or iUp.
func (s *solver) examine(i2 int32) (bool, error) {
	y2 := s.y[i2]
	var f2 float64
	inI0 := s.i0.contains(i2)
	if inI0 {
		f2 = s.errs[i2]
	} else {
		f2 = s.output(i2) + s.b - y2
		s.errs[i2] = f2
		if s.i12(i2) && f2 < s.bUp {
			s.bUp, s.iUp = f2, i2
		} else if s.i34(i2) && f2 > s.bLow {
			s.bLow, s.iLow = f2, i2
		}
	}

	optimal := true
	i1 := int32(-1)
	if inI0 || s.i12(i2) {
		if s.bLow-f2 > 2*s.tol {
			optimal, i1 = false, s.iLow
		}
	}
	if inI0 || s.i34(i2) {
		if f2-s.bUp > 2*s.tol {
			optimal, i1 = false, s.iUp
		}
	}
	if optimal {
		return false, nil
	}
	if inI0 { // for i2 unbound choose the better i1
		if s.bLow-f2 > f2-s.bUp {
			i1 = s.iLow
		} else {
			i1 = s.iUp
		}
	}
	if i1 == -1 {
		return false, errNeverHappens
	}
	return s.takeStep(i1, i2, f2)
}

// takeStep is BinarySMO.takeStep: it optimises the multipliers of i1 and
// i2 jointly and updates the weights, the error cache and the thresholds.
func (s *solver) takeStep(i1, i2 int32, f2 float64) (bool, error) {
	c1, c2 := s.c, s.c // m_C times the instance weight, which is 1
	if i1 == i2 {
		return false, nil
	}
	alph1, alph2 := s.alpha[i1], s.alpha[i2]
	y1, y2 := s.y[i1], s.y[i2]
	f1 := s.errs[i1]
	sgn := y1 * y2

	var lo, hi float64
	if y1 != y2 {
		lo = max(0, alph2-alph1)
		hi = min(c2, c1+alph2-alph1)
	} else {
		lo = max(0, alph1+alph2-c1)
		hi = min(c2, alph1+alph2)
	}
	if lo >= hi {
		return false, nil
	}

	k11, k12, k22 := s.kii[i1], s.kernel(i1, i2), s.kii[i2]
	eta := float64(2*k12) - k11 - k22

	var a2 float64
	if eta < 0 {
		a2 = alph2 - y2*(f1-f2)/eta // unconstrained maximum
		if a2 < lo {
			a2 = lo
		} else if a2 > hi {
			a2 = hi
		}
	} else {
		a2 = s.endpoint(i1, i2, alph1, alph2, lo, hi, k11, k12, k22)
	}
	if math.Abs(a2-alph2) < s.eps*(a2+alph2+s.eps) {
		return false, nil
	}
	if a2 > c2-float64(del*c2) {
		a2 = c2
	} else if a2 <= del*c2 {
		a2 = 0
	}
	a1 := alph1 + float64(sgn*(alph2-a2))
	if a1 > c1-float64(del*c1) {
		a1 = c1
	} else if a1 <= del*c1 {
		a1 = 0
	}

	if a1 > 0 && a1 < c1 {
		s.i0.insert(i1, s.x[int(i1)*s.words])
	} else {
		s.i0.delete(i1)
	}
	if a2 > 0 && a2 < c2 {
		s.i0.insert(i2, s.x[int(i2)*s.words])
	} else {
		s.i0.delete(i2)
	}

	// Weight vector: w += y (a_new - a_old) x, for i1 then i2.
	d1, d2 := y1*(a1-alph1), y2*(a2-alph2)
	s.addRow(i1, d1)
	s.addRow(i2, d2)

	// Error cache and thresholds. Weka updates the errors of the unbound
	// examples other than i1 and i2, then those of i1 and i2, then scans
	// the unbound examples for bLow and bUp. The updates are independent
	// of each other, so updating i1 and i2 first and then each unbound
	// example just before it is scanned gives the same doubles, and the
	// scan makes Weka's choice among equal errors.
	s.errs[i1] += float64(d1*k11) + float64(d2*k12)
	s.errs[i2] += float64(d1*k12) + float64(d2*k22)
	s.alpha[i1], s.alpha[i2] = a1, a2
	s.bLow, s.bUp = -math.MaxFloat64, math.MaxFloat64
	s.iLow, s.iUp = -1, -1
	switch s.words {
	case 1:
		s.updateErrors1(i1, i2, d1, d2)
	case 0:
		s.updateErrorsDense(i1, i2, d1, d2)
	default:
		s.updateErrors(i1, i2, d1, d2)
	}
	for _, i := range [2]int32{i1, i2} {
		if s.i0.contains(i) {
			continue
		}
		if s.i34(i) {
			if s.errs[i] > s.bLow {
				s.bLow, s.iLow = s.errs[i], i
			}
		} else if s.errs[i] < s.bUp {
			s.bUp, s.iUp = s.errs[i], i
		}
	}
	if s.iLow == -1 || s.iUp == -1 {
		return false, errNeverHappens
	}
	s.steps++
	if s.steps > s.maxSteps {
		return false, fmt.Errorf("smo: no convergence after %d steps on %d examples", s.steps, s.n)
	}
	return true, nil
}

// updateErrors1 is the error-cache update and threshold scan of takeStep
// for rows of one word. A tie between equal errors goes to the member
// inserted last, as Weka's list order has it (see unboundSet).
//
// When the examples have few distinct rows (at most half as many as the
// unbound examples: a benchmark dataset cut to its top few attributes
// repeats its rows), the sum of an example's two kernel products depends
// only on its row, so it is formed once per distinct row (inc) and every
// example adds its row's: the same double as forming it per example.
func (s *solver) updateErrors1(i1, i2 int32, d1, d2 float64) {
	x1, x2 := s.x[i1], s.x[i2]
	// d·k for every kernel value k a pair of rows can have: the same
	// products as Weka's, looked up instead of recomputed.
	// Only entries up to the number of ones of x1 (x2) are ever read.
	t1, t2 := &s.t1, &s.t2
	for c := range bits.OnesCount64(x1) + 1 {
		t1[c] = float64(d1 * float64(c))
	}
	for c := range bits.OnesCount64(x2) + 1 {
		t2[c] = float64(d2 * float64(c))
	}
	byRow := len(s.distinct) > 0 && 2*len(s.distinct) <= len(s.i0.members)
	var inc []float64
	var rid []int32
	if byRow {
		inc, rid = s.inc[:len(s.distinct)], s.rid[:s.n]
		for d, xd := range s.distinct {
			inc[d] = t1[bits.OnesCount64(x1&xd)&127] + t2[bits.OnesCount64(x2&xd)&127]
		}
	}
	errs, stamp := s.errs[:s.n], s.i0.stamp[:s.n]
	rows := s.i0.rows[:len(s.i0.members)]
	bLow, bUp, iLow, iUp := s.bLow, s.bUp, s.iLow, s.iUp
	var lowStamp, upStamp uint64
	for k, j := range s.i0.members {
		e := errs[j]
		if j != i1 && j != i2 {
			if byRow {
				e += inc[rid[j]]
			} else {
				xj := rows[k]
				e += t1[bits.OnesCount64(x1&xj)&127] + t2[bits.OnesCount64(x2&xj)&127]
			}
			errs[j] = e
		}
		if e <= bUp && (e < bUp || stamp[j] > upStamp) {
			bUp, iUp, upStamp = e, j, stamp[j]
		}
		if e >= bLow && (e > bLow || stamp[j] > lowStamp) {
			bLow, iLow, lowStamp = e, j, stamp[j]
		}
	}
	s.bLow, s.bUp, s.iLow, s.iUp = bLow, bUp, iLow, iUp
}

// updateErrors is updateErrors1 for rows of any number of words.
func (s *solver) updateErrors(i1, i2 int32, d1, d2 float64) {
	var lowStamp, upStamp uint64
	for _, j := range s.i0.members {
		e := s.errs[j]
		if j != i1 && j != i2 {
			e += float64(d1*s.kernel(i1, j)) + float64(d2*s.kernel(i2, j))
			s.errs[j] = e
		}
		st := s.i0.stamp[j]
		if e <= s.bUp && (e < s.bUp || st > upStamp) {
			s.bUp, s.iUp, upStamp = e, j, st
		}
		if e >= s.bLow && (e > s.bLow || st > lowStamp) {
			s.bLow, s.iLow, lowStamp = e, j, st
		}
	}
}

// updateErrorsDense is updateErrors for dense examples, reading the
// kernel values of i1 and i2 from their cached rows.
func (s *solver) updateErrorsDense(i1, i2 int32, d1, d2 float64) {
	r1, r2 := s.kernelRow(i1), s.kernelRow(i2)
	var lowStamp, upStamp uint64
	for _, j := range s.i0.members {
		e := s.errs[j]
		if j != i1 && j != i2 {
			e += float64(d1*s.kernelAt(r1, i1, j)) + float64(d2*s.kernelAt(r2, i2, j))
			s.errs[j] = e
		}
		st := s.i0.stamp[j]
		if e <= s.bUp && (e < s.bUp || st > upStamp) {
			s.bUp, s.iUp, upStamp = e, j, st
		}
		if e >= s.bLow && (e > s.bLow || st > lowStamp) {
			s.bLow, s.iLow, lowStamp = e, j, st
		}
	}
}

// endpoint is takeStep's branch for eta >= 0 (two identical rows, for a
// linear kernel): the objective at both ends of the feasible segment, and
// the end that is better by more than eps, else no move.
func (s *solver) endpoint(i1, i2 int32, alph1, alph2, lo, hi, k11, k12, k22 float64) float64 {
	y1, y2 := s.y[i1], s.y[i2]
	sgn := y1 * y2
	f1 := s.output(i1)
	f2 := s.output(i2)
	v1 := f1 + s.b - float64(y1*alph1*k11) - float64(y2*alph2*k12)
	v2 := f2 + s.b - float64(y1*alph1*k12) - float64(y2*alph2*k22)
	gamma := alph1 + float64(sgn*alph2)
	obj := func(t float64) float64 {
		g := gamma - float64(sgn*t)
		return g + t - float64(0.5*k11*g*g) - float64(0.5*k22*t*t) -
			float64(sgn*k12*g*t) - float64(y1*g*v1) - float64(y2*t*v2)
	}
	lobj, hobj := obj(lo), obj(hi)
	switch {
	case lobj > hobj+s.eps:
		return lo
	case lobj < hobj-s.eps:
		return hi
	default:
		return alph2
	}
}

// addRow adds d to the weight of every set coordinate of example i
// (Weka: w[p] += y (a_new - a_old) x[p], with x[p] = 1; the zero terms
// change nothing).
func (s *solver) addRow(i int32, d float64) {
	if s.words == 0 {
		for p, v := range s.denseRow(i) {
			s.w[p] += float64(d * v)
		}
		return
	}
	for k, word := range s.row(i) {
		for word != 0 {
			s.w[k<<6+bits.TrailingZeros64(word)] += d
			word &= word - 1
		}
	}
}
