package naive

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
)

// Random is the benchmark classifier X of the entropy paper (equation 5): it
// ignores the input and draws a class with the training class frequencies
// p_j. On an evaluation set with class shares q_j its expected accuracy is
// μ_X = Σ_j p_j q_j (equations 9–11), which Priors lets evaluation compute
// exactly instead of sampling.
type Random struct{}

// RandomModel is a fitted random classifier X. It draws from the generator
// given to Fit, so it is not safe for concurrent use, and its predictions
// depend on the order of Predict calls.
type RandomModel struct {
	cum    []int // cum[j] = Σ_{i≤j} weight_i
	priors []float64
	rng    *rand.Rand
}

// Fit counts the classes of rows and keeps rng for Predict. With no rows
// every class gets the same weight, so X draws uniformly.
func (Random) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (*RandomModel, error) {
	if err := checkFit("random", d, rows); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, fmt.Errorf("random: fit: %w", errors.New("nil random generator"))
	}
	counts := d.ClassCounts(rows)
	total := 0
	for _, n := range counts {
		total += n
	}
	if total == 0 {
		for c := range counts {
			counts[c] = 1
		}
		total = len(counts)
	}
	m := &RandomModel{cum: make([]int, len(counts)), priors: make([]float64, len(counts)), rng: rng}
	run := 0
	for c, n := range counts {
		run += n
		m.cum[c] = run
		m.priors[c] = float64(n) / float64(total)
	}
	return m, nil
}

// Capabilities: X reads no feature, so it takes numeric features and
// missing values as they are.
func (Random) Capabilities() dataset.Capabilities {
	return dataset.Capabilities{Numeric: true, Missing: true}
}

// PredictValues is Predict: a class drawn with the training priors,
// whatever the instance.
func (m *RandomModel) PredictValues([]float64) int { return m.Predict(nil) }

// Predict draws class j with probability p_j, whatever x is: one integer in
// [0, N) from the generator, mapped through the cumulative class counts, so
// the draw is exact (no floating-point rounding of the priors).
func (m *RandomModel) Predict([]uint8) int {
	r := m.rng.IntN(m.cum[len(m.cum)-1])
	for c, hi := range m.cum {
		if r < hi {
			return c
		}
	}
	panic("naive: random draw past the last class") // unreachable: r < cum[last]
}

// Priors returns a copy of the training class frequencies p_j.
func (m *RandomModel) Priors() []float64 { return append([]float64(nil), m.priors...) }

// ExpectedAccuracy returns μ_X = Σ_j p_j q_j on an evaluation set with class
// counts counts (q_j = counts[j] / Σ counts), or 0 for an empty set.
func (m *RandomModel) ExpectedAccuracy(counts []int) float64 {
	n, s := 0, 0.0
	for j, c := range counts {
		n += c
		if j < len(m.priors) {
			s += float64(c) * m.priors[j]
		}
	}
	if n == 0 {
		return 0
	}
	return s / float64(n)
}

// TestsRead reports that the random classifier reads no feature: it
// performs no test (evaluate.TestReader).
func (m *RandomModel) TestsRead(features int) []bool { return make([]bool, features) }
