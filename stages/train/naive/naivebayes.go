package naive

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// NaiveBayes is nominal naive Bayes as Weka's NaiveBayes computes it on
// nominal data without missing values. With N training rows, K classes, N_c
// rows of class c, N_{c,f,v} rows of class c with feature f = v and Z_f
// values of feature f, the Laplace-smoothed estimates are
//
//	P(c)         = (N_c + 1) / (N + K)
//	P(x_f=v | c) = (N_{c,f,v} + 1) / (N_c + Z_f)
//
// and the model predicts argmax_c P(c) Π_f P(x_f | c), ties to the lowest
// class code. Scores are summed in log space so that 64 features or more
// cannot underflow.
//
// On data with numeric features or missing values it is Weka 3.6's
// NaiveBayes on such data (naivebayes_values.go): a numeric feature gets
// a normal density per class with Weka's precision rounding, a kernel
// density with Options.Kernel (-K), or the bins of Weka's supervised
// discretization with Options.Discretize (-D); a missing value is left
// out of its feature's counts in training and of the product in
// prediction.
type NaiveBayes struct{ Options NaiveBayesOptions }

// NaiveBayesOptions are naive Bayes's knobs, spelt in config as
// learners.naivebayes.<tag>; both off by default, as in Weka. They change
// nothing on nominal features.
type NaiveBayesOptions struct {
	// Kernel estimates a numeric feature's density per class by Weka's
	// KernelEstimator, a normal kernel on every distinct value (-K).
	Kernel bool `mapstructure:"kernel"`
	// Discretize turns each numeric feature into the bins of Weka's
	// supervised discretization (info.MDLCutPoints) on the training rows,
	// estimated then as a nominal feature (-D).
	Discretize bool `mapstructure:"discretize"`
}

// Validate refuses both options at once, as Weka does ("Can't use both
// kernel density estimation and discretization!").
func (o NaiveBayesOptions) Validate() error {
	if o.Kernel && o.Discretize {
		return input.Keyf("kernel", "kernel: true and discretize: true exclude each other, as in Weka's NaiveBayes (-K, -D)")
	}
	return nil
}

// Capabilities: numeric features and missing values, as Weka's NaiveBayes
// takes them (a normal density per class, or a kernel estimate with -K,
// or supervised bins with -D; a missing value is skipped).
func (NaiveBayes) Capabilities() dataset.Capabilities {
	return dataset.Capabilities{Numeric: true, Missing: true}
}

// NaiveBayesModel is a fitted naive Bayes classifier: log priors and a flat
// table of log conditional probabilities.
type NaiveBayesModel struct {
	classes  int
	domains  []int     // Z_f
	offset   []int     // offset[f]: index of (f, 0) in logCond, in units of K entries
	logPrior []float64 // logPrior[c] = log P(c)
	logCond  []float64 // logCond[(offset[f]+v)*K + c] = log P(x_f=v | c)
	// values is the Weka path, fitted instead of the tables above on data
	// with a numeric feature or a missing value; nil on nominal data.
	values *valuesNB
}

// Fit counts classes and (feature, value, class) triples over rows with
// bitset AND + popcount and turns them into log probabilities; on data
// with a numeric feature or a missing value it fits Weka's estimators
// instead. rng is unused.
func (l NaiveBayes) Fit(d *dataset.Dataset, rows dataset.Bitset, _ *rand.Rand) (*NaiveBayesModel, error) {
	if err := checkFit("naivebayes", d, rows); err != nil {
		return nil, err
	}
	if err := l.Options.Validate(); err != nil {
		return nil, fmt.Errorf("naivebayes: fit: %w", err)
	}
	if d.HasNumeric() || d.HasMissing() {
		return &NaiveBayesModel{classes: d.Classes(), values: fitValues(l.Options, d, rows)}, nil
	}
	k, nf := d.Classes(), d.NumFeatures()
	m := &NaiveBayesModel{
		classes:  k,
		domains:  d.Domains(),
		offset:   make([]int, nf),
		logPrior: make([]float64, k),
	}
	total := 0
	for f, z := range m.domains {
		m.offset[f] = total
		total += z
	}
	m.logCond = make([]float64, total*k)

	inClass := dataset.NewBitset(d.Len())
	classCount := make([]int, k)
	n := 0
	for c := range k {
		dataset.And(inClass, rows, d.ClassRows(c))
		nc := inClass.Count()
		classCount[c] = nc
		n += nc
		for f, z := range m.domains {
			// The last value's count is what the others leave over.
			rest := nc
			for v := range z {
				cnt := rest
				if v < z-1 {
					cnt = dataset.AndCount(inClass, d.ValueRows(f, v))
					rest -= cnt
				}
				m.logCond[(m.offset[f]+v)*k+c] = math.Log(float64(cnt+1) / float64(nc+z))
			}
		}
	}
	for c, nc := range classCount {
		m.logPrior[c] = math.Log(float64(nc+1) / float64(n+k))
	}
	return m, nil
}

// scores writes log P(c) + Σ_f log P(x_f | c) into s (len K). A feature whose
// code is outside its domain is skipped, as Weka skips a missing value.
func (m *NaiveBayesModel) scores(x []uint8, s []float64) {
	k := m.classes
	copy(s, m.logPrior)
	for f, z := range m.domains {
		v := int(x[f])
		if v >= z {
			continue
		}
		row := m.logCond[(m.offset[f]+v)*k : (m.offset[f]+v+1)*k]
		for c, l := range row {
			s[c] += l
		}
	}
}

// Predict returns the class of largest posterior, ties to the lowest code.
// x holds codes: a model fitted on numeric data needs PredictValues.
func (m *NaiveBayesModel) Predict(x []uint8) int {
	if m.values != nil {
		panic("naive: Predict on a naive Bayes model of numeric or missing data: use PredictValues")
	}
	if m.classes == 2 {
		return m.predict2(x)
	}
	var buf [dataset.MaxValues]float64
	s := buf[:m.classes]
	m.scores(x, s)
	return dataset.ArgMax(s)
}

// predict2 is Predict for two classes with both scores in registers.
func (m *NaiveBayesModel) predict2(x []uint8) int {
	if s0, s1 := m.scores2(x); s1 > s0 {
		return 1
	}
	return 0
}

// scores2 is scores for two classes, both in registers: the same sums in
// the same order, so the same bits.
func (m *NaiveBayesModel) scores2(x []uint8) (s0, s1 float64) {
	s0, s1 = m.logPrior[0], m.logPrior[1]
	for f, z := range m.domains {
		v := int(x[f])
		if v >= z {
			continue
		}
		i := 2 * (m.offset[f] + v)
		s0 += m.logCond[i]
		s1 += m.logCond[i+1]
	}
	return s0, s1
}

// Posterior returns the normalised class posteriors P(c | x), one per class.
func (m *NaiveBayesModel) Posterior(x []uint8) []float64 {
	s := make([]float64, m.classes)
	m.Distribution(x, s)
	return s
}

// Distribution writes the normalised class posteriors P(c | x) into dst
// (one entry per class), as Weka's NaiveBayes.distributionForInstance
// gives them.
func (m *NaiveBayesModel) Distribution(x []uint8, dst []float64) {
	if m.values != nil {
		panic("naive: Distribution on a naive Bayes model of numeric or missing data: use DistributionValues")
	}
	m.PredictDistribution(x, dst)
}

// normalize turns log scores into probabilities in place: exp(s_c − max)
// over their sum.
func normalize(dst []float64) {
	hi := math.Inf(-1)
	for _, v := range dst {
		hi = max(hi, v)
	}
	sum := 0.0
	for c, v := range dst {
		dst[c] = math.Exp(v - hi)
		sum += dst[c]
	}
	for c := range dst {
		dst[c] /= sum
	}
}

// PredictDistribution returns Predict's class and writes the normalised
// posteriors (Distribution's) to dst from one pass over the features:
// normalize of the scores, bit for bit. With two classes the scores stay
// in registers (scores2) and only the smaller score needs an exp: the
// larger one's is exp(0) = 1.
func (m *NaiveBayesModel) PredictDistribution(x []uint8, dst []float64) int {
	if m.values != nil {
		panic("naive: PredictDistribution on a naive Bayes model of numeric or missing data: use DistributionValues")
	}
	if m.classes != 2 {
		m.scores(x, dst)
		p := dataset.ArgMax(dst) // Predict's, on the same scores
		normalize(dst)
		return p
	}
	s0, s1 := m.scores2(x)
	e0, e1 := 1.0, 1.0
	p := 0
	if s1 > s0 {
		e0, p = math.Exp(s0-s1), 1
	} else {
		e1 = math.Exp(s1 - s0)
	}
	sum := e0 + e1
	dst[0], dst[1] = e0/sum, e1/sum
	return p
}

// Classes returns the number of classes the model predicts among.
func (m *NaiveBayesModel) Classes() int { return m.classes }

// PredictValues returns the class of largest posterior for an instance
// written as Weka writes one (dataset.Dataset.Values), ties to the lowest
// code.
func (m *NaiveBayesModel) PredictValues(x []float64) int {
	var buf [dataset.MaxValues]float64
	s := buf[:m.classes]
	m.DistributionValues(x, s)
	return dataset.ArgMax(s)
}

// DistributionValues writes P(c | x) into dst for an instance written as
// Weka writes one: NaN is a missing value, left out. A model of nominal
// data reads the codes through the log tables.
func (m *NaiveBayesModel) DistributionValues(x []float64, dst []float64) {
	if m.values != nil {
		m.values.distribution(x, dst)
		return
	}
	var buf [256]uint8
	codes := buf[:0]
	if len(x) > len(buf) {
		codes = make([]uint8, 0, len(x))
	}
	for _, v := range x {
		c := dataset.MissingCode
		if !math.IsNaN(v) {
			c = uint8(v)
		}
		codes = append(codes, c)
	}
	m.Distribution(codes, dst)
}
