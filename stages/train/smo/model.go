package smo

import (
	"math/bits"
	"slices"

	"github.com/dtbench/dtbench/dataset"
)

// machine is one trained pairwise linear SVM: output(x) = Σ_c w[c] x[c] − b
// over the binary coordinates of x. Class ci of the pair is the negative
// side, cj the positive one.
type machine struct {
	trained bool      // false when the pair had no training rows: it never votes
	w       []float64 // weight per coordinate during Fit; nil when the pair had one class only, and in a Model
	bias    float64
	rows    int // training rows of the pair (Weka's m_sumOfWeights)
	platt   platt
}

// outputPacked is the machine's output for a packed row, summing the
// weights of its set coordinates in ascending order as Weka does.
func (mc *machine) outputPacked(row []uint64) float64 {
	sum := 0.0
	if mc.w != nil {
		for k, word := range row {
			for word != 0 {
				sum += mc.w[k<<6+bits.TrailingZeros64(word)]
				word &= word - 1
			}
		}
	}
	return sum - mc.bias
}

// Model is a fitted SMO classifier: K(K-1)/2 pairwise machines. It is
// read-only after Fit and safe for concurrent use.
type Model struct {
	classes int
	domains []int
	enc     encoding
	modes   []uint8 // training mode per feature, for codes outside the domain
	pairs   []machine
	// table[p*slots + enc.offset[f] + v] is the weight of the coordinate
	// that feature f = v sets in pair p's machine, or 0 when it sets none;
	// a prediction sums one entry per feature.
	table         []float64
	probabilities bool
	// coding, when set, is the filters of a model fitted on data with
	// numbers or missing values (or standardized): the machines then
	// read coded real rows, with weights weights[p] (nil for a pair that
	// had one class or no rows), and enc and table are unused.
	coding  *coding
	weights [][]float64
}

func newModel(d *dataset.Dataset, rows dataset.Bitset, enc encoding, probabilities bool) *Model {
	k := d.Classes()
	m := &Model{
		classes:       k,
		domains:       d.Domains(),
		enc:           enc,
		modes:         make([]uint8, d.NumFeatures()),
		pairs:         make([]machine, k*(k-1)/2),
		table:         make([]float64, k*(k-1)/2*len(enc.coord)),
		probabilities: probabilities,
	}
	// Weka's ReplaceMissingValues: the mode over the training rows, ties
	// to the first value.
	counts := make([]int, dataset.MaxValues)
	for f, z := range m.domains {
		for v := range z {
			counts[v] = dataset.AndCount(rows, d.ValueRows(f, v))
		}
		m.modes[f] = uint8(dataset.ArgMax(counts[:z]))
	}
	return m
}

// setMachine stores the machine of pair p, its weights going into the
// pair's row of the table (which is all Machine and prediction need).
func (m *Model) setMachine(p int, mc machine) {
	if m.coding != nil {
		if mc.w != nil {
			m.weights[p] = slices.Clone(mc.w)
		}
		mc.w = nil
		m.pairs[p] = mc
		return
	}
	if mc.w != nil {
		slots := len(m.enc.coord)
		row := m.table[p*slots : (p+1)*slots]
		for s, c := range m.enc.coord {
			if c >= 0 {
				row[s] = mc.w[c]
			}
		}
	}
	mc.w = nil
	m.pairs[p] = mc
}

// Classes returns the number of classes K.
func (m *Model) Classes() int { return m.classes }

// slots appends to dst the table slot of each feature's code of x and
// returns it. A code outside its feature's domain stands for a missing
// value and takes the training mode, as Weka's ReplaceMissingValues does.
func (m *Model) slots(x []uint8, dst []int32) []int32 {
	for f, z := range m.domains {
		v := x[f]
		if int(v) >= z {
			v = m.modes[f]
		}
		dst = append(dst, int32(m.enc.offset[f]+int(v)))
	}
	return dst
}

// output is pair p's machine output for the slots of a row: the weights
// summed in feature order (the zero entries of inactive features change no
// sum), minus the bias.
func (m *Model) output(p int, slots []int32) float64 {
	n := len(m.enc.coord)
	row := m.table[p*n : (p+1)*n]
	sum := 0.0
	for _, s := range slots {
		sum += row[s]
	}
	return sum - m.pairs[p].bias
}

// votes counts, for each class, the pairwise machines that vote for it:
// pair (i, j) votes j when its output is > 0 and i otherwise (an output
// of exactly 0 goes to i), and a pair without training rows does not vote.
func (m *Model) votes(x []uint8, v []int) int {
	var buf [256]int32
	slots := m.slots(x, buf[:0])
	clear(v)
	total := 0
	p := 0
	for i := range m.classes {
		for j := i + 1; j < m.classes; j++ {
			if m.pairs[p].trained {
				if m.output(p, slots) > 0 {
					v[j]++
				} else {
					v[i]++
				}
				total++
			}
			p++
		}
	}
	return total
}

// Predict returns the class of x (x[f] = code of feature f): the class of
// most pairwise votes, ties to the lowest code, or with probabilities the
// class of largest probability, ties to the lowest code — Weka's
// classifyInstance on the distribution. It does not allocate when Options
// had Probabilities false (and x has at most 256 features).
func (m *Model) Predict(x []uint8) int {
	if m.coding != nil {
		return m.PredictValues(dataset.CodesAsValues(x))
	}
	if m.probabilities {
		var buf [dataset.MaxValues]float64
		dist := buf[:m.classes]
		m.Distribution(x, dist)
		return dataset.ArgMax(dist)
	}
	var buf [dataset.MaxValues]int
	v := buf[:m.classes]
	m.votes(x, v)
	return dataset.ArgMax(v)
}

// Distribution writes the class probabilities of x into dst, which must
// have length Classes(). Without probabilities it is Weka's
// distributionForInstance for SMO: each class's pairwise votes divided by
// the number of voting pairs. With probabilities it is the Platt-scaled
// probability of the pair for two classes, and the pairwise coupling of
// Hastie and Tibshirani of all pairs' probabilities for more. When no pair
// can vote (no training rows) it is uniform.
func (m *Model) Distribution(x []uint8, dst []float64) {
	if len(dst) != m.classes {
		panic("smo: Distribution: dst must have one entry per class")
	}
	if m.coding != nil {
		m.DistributionValues(dataset.CodesAsValues(x), dst)
		return
	}
	if m.probabilities {
		m.probabilityDistribution(x, dst)
		return
	}
	var buf [dataset.MaxValues]int
	v := buf[:m.classes]
	if m.votes(x, v) == 0 {
		uniform(dst)
		return
	}
	sum := 0.0
	for c, n := range v {
		dst[c] = float64(n)
		sum += dst[c]
	}
	for c := range dst {
		dst[c] /= sum // Weka's Utils.normalize
	}
}

// uniform sets every entry of dst to 1/len(dst).
func uniform(dst []float64) {
	for c := range dst {
		dst[c] = 1 / float64(len(dst))
	}
}

// Machine returns the machine of classes i < j: its weight per binary
// coordinate (see doc.go for the coding; all zero when the pair had rows
// of one class only) and its bias b, so that the output is Σ w·x − b.
// ok is false when the pair had no training rows, or i, j are not a pair.
func (m *Model) Machine(i, j int) (w []float64, b float64, ok bool) {
	if i < 0 || j <= i || j >= m.classes {
		return nil, 0, false
	}
	p := i*(2*m.classes-i-1)/2 + (j - i - 1)
	mc := m.pairs[p]
	if !mc.trained {
		return nil, 0, false
	}
	if m.coding != nil {
		w = make([]float64, m.coding.dims)
		copy(w, m.weights[p])
		return w, mc.bias, true
	}
	// Every coordinate but that of a one-valued feature (always 0, with
	// weight 0) is set by some (feature, value) slot.
	w = make([]float64, m.enc.dims)
	slots := len(m.enc.coord)
	for s, c := range m.enc.coord {
		if c >= 0 {
			w[c] = m.table[p*slots+s]
		}
	}
	return w, mc.bias, true
}

// Dims returns the number of coordinates the machines work on.
func (m *Model) Dims() int {
	if m.coding != nil {
		return m.coding.dims
	}
	return m.enc.dims
}
