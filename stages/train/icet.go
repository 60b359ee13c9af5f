package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// ICET is Turney's ICET (1995): a genetic algorithm searching EG2's bias.
// An individual is n+2 reals: one bias per test, which EG2 uses in place
// of the test's cost (a pseudo-cost, with no group: Turney's biases
// "have no direct connection to the actual costs"), EG2's ω and C4.5's
// pruning confidence CF. Its fitness is the average cost (tests and
// matrix, with the real cost model) on one part of the training rows of
// the tree EG2 grows with that bias on the other part; the lower the
// better. The final tree is EG2's with the best individual found, grown
// on all the training rows. The GA is GENESIS's, with its defaults as
// Turney ran it (icet_ga.go).
//
// The initial population is 49 random individuals and one seeded with
// the real costs: biases = each test's full cost (Turney's "no-discount"
// cost, Model.Full), ω = Options.Omega, CF = Options.Confidence — EG2
// with its default bias, as in Turney's seeded-population experiment
// (section 4.3.3). So ICET is never worse on its own fitness than that
// EG2. With Options.Seeded false the first generation is 50 random
// individuals, Turney's baseline ICET, which can end worse than EG2.
type ICET struct {
	Options ICETOptions
	Costs   *costs.Model
}

// ICETOptions are ICET's: the GA's (Turney's GENESIS settings as
// defaults), the split of the training rows, the bias range, and EG2's
// C4.5 options. The seeded individual's ω and CF are Omega and
// Confidence; with Pruning "none" the CF gene is unused.
type ICETOptions struct {
	C45Options `mapstructure:",squash"`
	// Omega is the seeded individual's ω, in [0, 1].
	Omega float64 `mapstructure:"omega"`
	// Population is the number of individuals per generation (50).
	Population int `mapstructure:"population"`
	// Trials is the number of fitness evaluations, the seeded and random
	// individuals of the first generation included (1000).
	Trials int `mapstructure:"trials"`
	// Crossover is the probability that a pair of parents is crossed
	// (two-point crossover; 0.6).
	Crossover float64 `mapstructure:"crossover"`
	// Mutation is the probability that a bit of an individual is flipped
	// (0.001).
	Mutation float64 `mapstructure:"mutation"`
	// Split is the share of the training rows EG2 grows on; the rest
	// measure the fitness (0.5: two halves, drawn at random).
	Split float64 `mapstructure:"split"`
	// MaxBias bounds the biases, drawn and searched in [0, MaxBias]
	// (10000).
	MaxBias float64 `mapstructure:"max_bias"`
	// Seeded puts EG2's individual with the real costs in the first
	// generation (true, the default: Turney's seeded variant); false draws
	// every individual at random, as Turney's baseline ICET.
	Seeded bool `mapstructure:"seeded"`
}

// DefaultICETOptions returns Turney's settings: GENESIS's population of
// 50, 1000 trials, crossover 0.6, mutation 0.001; the training rows
// split in two halves; biases in [0, 10000]; a seeded first generation,
// the seeded individual EG2's ω = 1 and J48's CF = 0.25 with J48's other
// defaults.
func DefaultICETOptions() ICETOptions {
	return ICETOptions{
		C45Options: DefaultC45Options(), Omega: 1,
		Population: 50, Trials: 1000, Crossover: 0.6, Mutation: 0.001, Split: 0.5, MaxBias: 10000, Seeded: true,
	}
}

// Validate checks every option's range.
func (o ICETOptions) Validate() error {
	if err := o.C45Options.Validate(); err != nil {
		return err
	}
	if err := checkOmega(o.Omega); err != nil {
		return err
	}
	switch {
	case o.Population < 2:
		return input.Keyf("population", "must be >= 2, got %d", o.Population)
	case o.Trials < o.Population:
		return input.Keyf("trials", "must be >= population (%d), got %d", o.Population, o.Trials)
	case !(o.Crossover >= 0 && o.Crossover <= 1):
		return input.Keyf("crossover", "must be in [0, 1], got %v", o.Crossover)
	case !(o.Mutation >= 0 && o.Mutation <= 1):
		return input.Keyf("mutation", "must be in [0, 1], got %v", o.Mutation)
	case !(o.Split > 0 && o.Split < 1):
		return input.Keyf("split", "must be in (0, 1), got %v", o.Split)
	case !(o.MaxBias > 0) || math.IsInf(o.MaxBias, 0):
		return input.Keyf("max_bias", "must be finite and > 0, got %v", o.MaxBias)
	}
	return nil
}

// Capabilities: C4.5's (C45.Capabilities), whose J48 port grows every
// individual's EG2 tree.
func (ICET) Capabilities() Capabilities { return C45{}.Capabilities() }

// WithCosts returns l with cost model m.
func (l ICET) WithCosts(m *costs.Model) Learner { l.Costs = m; return l }

// ICETModel is ICET's tree with the individual that grew it.
type ICETModel struct {
	// TreeModel is the EG2 tree the best individual grows on all the
	// training rows: the J48 port's model, which reads numbers and missing
	// values as J48 does (PredictValues, DistributionValues).
	TreeModel
	// Biases, Omega and Confidence are the best individual's genes.
	Biases            []float64
	Omega, Confidence float64
	// Fitness is its average cost on the held-out part of the training
	// rows (NaN when no search ran); Trials counts the fitness evaluations
	// made.
	Fitness float64
	Trials  int
	// Seeded is Options.Seeded.
	Seeded bool
}

// Fit searches EG2's bias on the rows of d in rows and returns EG2's tree
// with the best one, grown on all of them. The split of the rows and the
// GA draw from rng, so a seed fixes the result. With fewer than two rows
// there is nothing to hold out, and the seeded individual grows the tree
// (seeded or not).
func (l ICET) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	o := l.Options
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("icet: %w", err)
	}
	m, err := modelFor("icet", l.Costs, d)
	if err != nil {
		return nil, err
	}
	if len(rows) != len(d.All()) {
		return nil, fmt.Errorf("icet: row set of %d words for a dataset of %d rows", len(rows), d.Len())
	}
	s := newSearch(d, m, o)
	best, fitness, trials := s.seed(), math.NaN(), 0
	if grow, held, ok := splitRows(d, rows, o.Split, rng); ok {
		best, fitness, trials, err = s.run(grow, held, rng)
		if err != nil {
			return nil, err
		}
	}
	t, err := s.fit(best, rows)
	if err != nil {
		return nil, err
	}
	return &ICETModel{
		TreeModel: t, Biases: append([]float64(nil), best[:s.n]...),
		Omega: best[s.n], Confidence: best[s.n+1], Fitness: fitness, Trials: trials, Seeded: o.Seeded,
	}, nil
}

var _ ValuesDistributor = (*ICETModel)(nil)

// Distribution gives the tree's class probabilities for x, as J48 does.
func (m *ICETModel) Distribution(x []uint8, dst []float64) { m.Tree().Distribution(x, dst) }

// PredictDistribution is Predict and Distribution from one walk.
func (m *ICETModel) PredictDistribution(x []uint8, dst []float64) int {
	return m.Tree().PredictDistribution(x, dst)
}

// PredictValues is the J48 port's prediction for instance x
// (dataset.Values), or the tree's (tree.Tree.PredictValues, the same
// getProbs walk) for a model grown on nominal data.
func (m *ICETModel) PredictValues(x []float64) int {
	if v, ok := m.TreeModel.(ValuesModel); ok {
		return v.PredictValues(x)
	}
	return m.Tree().PredictValues(x)
}

// DistributionValues is the J48 port's class probabilities for instance
// x, or the tree's (tree.Tree.DistributionValues) for a model grown on
// nominal data.
func (m *ICETModel) DistributionValues(x []float64, dst []float64) {
	if v, ok := m.TreeModel.(ValuesDistributor); ok {
		v.DistributionValues(x, dst)
		return
	}
	m.Tree().DistributionValues(x, dst)
}

// splitRows draws the part of rows EG2 grows on (a share split of them,
// at least one) and the rest, which measure the fitness (at least one),
// from a permutation of the rows. It reports false with fewer than two
// rows.
func splitRows(d *dataset.Dataset, rows dataset.Bitset, split float64, rng *rand.Rand) (grow, held dataset.Bitset, ok bool) {
	list := dataset.And(dataset.NewBitset(d.Len()), rows, d.All()).Rows(nil)
	if len(list) < 2 {
		return nil, nil, false
	}
	rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	k := min(max(1, int(math.Round(split*float64(len(list))))), len(list)-1)
	grow, held = dataset.NewBitset(d.Len()), dataset.NewBitset(d.Len())
	for i, r := range list {
		if i < k {
			grow.Set(r)
		} else {
			held.Set(r)
		}
	}
	return grow, held, true
}
