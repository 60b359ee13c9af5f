package train

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
)

// ICET's genetic algorithm is GENESIS's (Grefenstette 1986, version 5)
// with the settings Turney used, its defaults:
//
//   - Each gene is a real in its range, coded on geneBits bits as GENESIS
//     codes reals (2^geneBits evenly spaced values), and the operators
//     act on the string of all genes' bits: two-point crossover of a
//     pair of parents with probability Crossover, then each bit flipped
//     with probability Mutation. A gene no operator touches keeps its
//     value exactly, so the seeded individual's real costs survive.
//   - Selection is proportional, by stochastic universal sampling (Baker
//     1987), of the fitness scaled for minimisation as GENESIS scales it:
//     an individual's weight is the worst fitness of the last
//     scalingWindow generations less its own. The selected parents are
//     shuffled and paired in turn; the generation gap is 1 (each
//     generation replaces the last).
//   - Elitist: when no individual of the new generation is the best of
//     the last, it replaces the new generation's worst.
//   - A trial is a fitness evaluation. An offspring equal to a parent
//     inherits its fitness and costs none; the search stops after Trials
//     trials, or after maxIdle generations in a row needing none.
//
// The result is the best individual evaluated (the first found among
// equals). Genes: the n biases in [0, MaxBias], ω in [0, 1], CF in
// [minCF, 0.5] — J48's range of the confidence factor, which Turney's
// C4.5 took in per cent.
const (
	geneBits      = 12
	scalingWindow = 5
	maxIdle       = 2
	minCF         = 0.01
	maxCF         = 0.5
)

// genome is an individual: n biases, then ω, then CF.
type genome []float64

// search is one ICET fit's GA over the genomes of a dataset's n tests.
type search struct {
	d      *dataset.Dataset
	model  *costs.Model
	o      ICETOptions
	n      int
	lo, hi []float64 // per gene, its range
}

func newSearch(d *dataset.Dataset, m *costs.Model, o ICETOptions) *search {
	n := d.NumFeatures()
	s := &search{d: d, model: m, o: o, n: n, lo: make([]float64, n+2), hi: make([]float64, n+2)}
	for i := range n {
		s.hi[i] = o.MaxBias
	}
	s.hi[n] = 1
	s.lo[n+1], s.hi[n+1] = minCF, maxCF
	return s
}

// seed returns the individual of EG2 with the real costs: each test's
// full cost, ω and CF from the options.
func (s *search) seed() genome {
	g := make(genome, s.n+2)
	for f := range s.n {
		g[f] = s.model.Full(f)
	}
	g[s.n], g[s.n+1] = s.o.Omega, s.o.Confidence
	return g
}

// random returns an individual of random codes.
func (s *search) random(rng *rand.Rand) genome {
	g := make(genome, s.n+2)
	for i := range g {
		g[i] = s.decode(i, rng.Uint64N(1<<geneBits))
	}
	return g
}

// code returns the nearest code of gene i's value x (clamped to its range).
func (s *search) code(i int, x float64) uint64 {
	const top = 1<<geneBits - 1
	q := math.Round((x - s.lo[i]) / (s.hi[i] - s.lo[i]) * top)
	return uint64(min(max(q, 0), top))
}

// decode returns the value of gene i's code q.
func (s *search) decode(i int, q uint64) float64 {
	const top = 1<<geneBits - 1
	return s.lo[i] + float64(q)/top*(s.hi[i]-s.lo[i])
}

// fit grows EG2's tree of individual g on rows: its biases as the tests'
// costs, its ω, its CF as C4.5's confidence.
func (s *search) fit(g genome, rows dataset.Bitset) (TreeModel, error) {
	o := s.o.C45Options
	o.Confidence = g[s.n+1]
	m, err := fitJ48("icet", s.d, rows, o, newEG2Criterion(biasCosts(g[:s.n]), g[s.n]), nil)
	if err != nil {
		return nil, err
	}
	return m.(TreeModel), nil
}

// fitness returns g's average cost on held of the tree it grows on grow.
func (s *search) fitness(g genome, grow, held dataset.Bitset) (float64, error) {
	m, err := s.fit(g, grow)
	if err != nil {
		return 0, err
	}
	c, err := s.model.ForTree(m.Tree())
	if err != nil {
		return 0, fmt.Errorf("icet: %w", err)
	}
	return c.Mean(s.d, held).Total(), nil
}

// run is the GA: it returns the best individual, its fitness and the
// trials made.
func (s *search) run(grow, held dataset.Bitset, rng *rand.Rand) (genome, float64, int, error) {
	o := s.o
	pop := make([]genome, o.Population)
	fit := make([]float64, o.Population)
	first := 0
	if o.Seeded {
		pop[0], first = s.seed(), 1
	}
	for i := first; i < len(pop); i++ {
		pop[i] = s.random(rng)
	}
	var best genome
	bestFit := math.Inf(1)
	trials := 0
	eval := func(g genome) (float64, error) {
		f, err := s.fitness(g, grow, held)
		if err != nil {
			return 0, err
		}
		trials++
		if f < bestFit {
			best, bestFit = g, f
		}
		return f, nil
	}
	for i, g := range pop {
		f, err := eval(g)
		if err != nil {
			return nil, 0, 0, err
		}
		fit[i] = f
	}
	worst := []float64{slices.Max(fit)} // the last generations' worst fitness
	weights := make([]float64, o.Population)
	parents := make([]int, o.Population)
	next := make([]genome, o.Population)
	nextFit := make([]float64, o.Population)
	from := make([][2]int, o.Population) // the parents of each offspring
	idle := 0
	for trials < o.Trials && idle < maxIdle {
		base := slices.Max(worst)
		for i, f := range fit {
			weights[i] = base - f
		}
		sus(weights, parents, rng)
		rng.Shuffle(len(parents), func(i, j int) { parents[i], parents[j] = parents[j], parents[i] })
		for i := 0; i < len(parents); i += 2 {
			a := parents[i]
			if i+1 == len(parents) {
				next[i], from[i] = s.mutate(slices.Clone(pop[a]), rng), [2]int{a, a}
				continue
			}
			b := parents[i+1]
			x, y := slices.Clone(pop[a]), slices.Clone(pop[b])
			if rng.Float64() < o.Crossover {
				s.crossover(x, y, pop[a], pop[b], rng)
			}
			next[i], next[i+1] = s.mutate(x, rng), s.mutate(y, rng)
			from[i], from[i+1] = [2]int{a, b}, [2]int{b, a}
		}
		evaluated := 0
		for i, g := range next {
			switch p := from[i]; {
			case slices.Equal(g, pop[p[0]]):
				nextFit[i] = fit[p[0]]
			case slices.Equal(g, pop[p[1]]):
				nextFit[i] = fit[p[1]]
			case trials >= o.Trials:
				// Out of trials mid-generation: the search ends with the
				// best evaluated so far.
				return best, bestFit, trials, nil
			default:
				f, err := eval(g)
				if err != nil {
					return nil, 0, 0, err
				}
				nextFit[i] = f
				evaluated++
			}
		}
		// Elitism: the last generation's best survives.
		eb := argMin(fit)
		if !slices.ContainsFunc(next, func(g genome) bool { return slices.Equal(g, pop[eb]) }) {
			w := dataset.ArgMax(nextFit)
			next[w], nextFit[w] = pop[eb], fit[eb]
		}
		pop, next = next, pop
		fit, nextFit = nextFit, fit
		worst = append(worst, slices.Max(fit))
		if len(worst) > scalingWindow {
			worst = worst[1:]
		}
		if evaluated == 0 {
			idle++
		} else {
			idle = 0
		}
	}
	return best, bestFit, trials, nil
}

// sus fills parents with len(parents) indices drawn by stochastic
// universal sampling: one random offset, then evenly spaced pointers over
// the weights' cumulative sum, so index i is drawn ⌊e_i⌋ or ⌈e_i⌉ times,
// e_i its expected count. All weights 0 draws uniformly.
func sus(weights []float64, parents []int, rng *rand.Rand) {
	total := 0.0
	for _, w := range weights {
		total += w
	}
	n := len(parents)
	if !(total > 0) {
		for i := range weights {
			weights[i] = 1
		}
		total = float64(len(weights))
	}
	step := total / float64(n)
	ptr := rng.Float64() * step
	i, cum := 0, weights[0]
	for k := range n {
		for cum <= ptr && i < len(weights)-1 {
			i++
			cum += weights[i]
		}
		parents[k] = i
		ptr += step
	}
}

// crossover makes x and y (copies of parents a and b) the two children of
// a two-point crossover of a and b's bit strings: the bits in [c1, c2)
// are exchanged. A gene wholly inside or outside keeps its parents'
// values exactly; a gene the cut crosses is recoded.
func (s *search) crossover(x, y, a, b genome, rng *rand.Rand) {
	l := len(a) * geneBits
	c1, c2 := 1+rng.IntN(l-1), 1+rng.IntN(l-1)
	if c1 > c2 {
		c1, c2 = c2, c1
	}
	for i := range a {
		lo, hi := i*geneBits, (i+1)*geneBits
		switch {
		case hi <= c1 || lo >= c2: // outside: kept
		case lo >= c1 && hi <= c2: // inside: exchanged
			x[i], y[i] = b[i], a[i]
		default:
			var mask uint64 // code bits from the other parent (bit geneBits−1 is the gene's first)
			for j := range geneBits {
				if p := lo + j; p >= c1 && p < c2 {
					mask |= 1 << (geneBits - 1 - j)
				}
			}
			qa, qb := s.code(i, a[i]), s.code(i, b[i])
			x[i] = s.decode(i, qa&^mask|qb&mask)
			y[i] = s.decode(i, qb&^mask|qa&mask)
		}
	}
}

// mutate flips each bit of g's string with probability Mutation (the
// positions drawn as geometric gaps) and returns g.
func (s *search) mutate(g genome, rng *rand.Rand) genome {
	p := s.o.Mutation
	if p <= 0 {
		return g
	}
	l := len(g) * geneBits
	logq := math.Log1p(-p)
	for pos := -1; ; {
		if p >= 1 {
			pos++
		} else {
			// The gap to the next flipped bit: ⌊ln U / ln(1 − p)⌋, U in (0, 1].
			gap := math.Floor(math.Log(1-rng.Float64()) / logq)
			if gap >= float64(l) {
				return g
			}
			pos += 1 + int(gap)
		}
		if pos >= l {
			return g
		}
		i, j := pos/geneBits, pos%geneBits
		g[i] = s.decode(i, s.code(i, g[i])^1<<(geneBits-1-j))
	}
}

// argMin returns the index of the smallest value, the first among equals.
func argMin(x []float64) int {
	best := 0
	for i, v := range x {
		if v < x[best] {
			best = i
		}
	}
	return best
}
