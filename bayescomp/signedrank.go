// Package bayescomp is the Bayesian signed-rank test of Benavoli, Corani,
// Demšar and Zaffalon ("Time for a change: a tutorial for comparing
// multiple classifiers through Bayesian analysis", JMLR 18, 2017), as
// baycomp's SignedRankTest and scmamp's bSignedRankTest compute it: for
// two learners' scores on the same datasets, the posterior probabilities
// that the first is better, that they are practically equivalent (their
// difference within a region of practical equivalence, the rope), or that
// the second is better.
package bayescomp

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Options are the test's settings.
type Options struct {
	// Rope is the half-width of the region of practical equivalence: a
	// difference d with |d| ≤ Rope is no difference in practice (0.01 in
	// accuracy, the tutorial's choice).
	Rope float64
	// Prior is the strength s of the Dirichlet process prior, whose one
	// pseudo-observation sits at 0 (inside the rope): 0.5, as the paper,
	// baycomp and scmamp.
	Prior float64
	// Samples is the number of Monte Carlo draws of the posterior (baycomp:
	// 50,000): the probabilities are within about 1/√Samples of the exact
	// posterior's.
	Samples int
	// Seed seeds the draws, so that a report is the same every time.
	Seed uint64
}

// DefaultOptions are the tutorial's: rope 0.01, s = 0.5, 50,000 draws,
// seed 1.
func DefaultOptions() Options { return Options{Rope: 0.01, Prior: 0.5, Samples: 50000, Seed: 1} }

// Result is the posterior probability of each region for the differences
// d = a − b: A better (d > rope), equivalent, B better (d < −rope).
type Result struct {
	PA, PRope, PB float64
}

// SignedRank returns the test on the paired differences diffs = a − b
// (one per dataset). Each draw takes Dirichlet weights w over the
// differences and the prior's pseudo-observation (weights 1, …, 1 and s),
// and the posterior masses of the Walsh averages (z_i + z_j)/2 in each
// region, θ_region = Σ_i Σ_j w_i w_j [(z_i + z_j)/2 in region]; the
// region of largest mass wins the draw (a tie splits it), and a region's
// probability is the share of draws it wins.
func SignedRank(diffs []float64, o Options) (Result, error) {
	if len(diffs) == 0 {
		return Result{}, fmt.Errorf("bayescomp: no differences")
	}
	if !(o.Rope >= 0) || !(o.Prior > 0) || o.Samples < 1 {
		return Result{}, fmt.Errorf("bayescomp: rope %v, prior %v, samples %d: want rope ≥ 0, prior > 0, samples ≥ 1", o.Rope, o.Prior, o.Samples)
	}
	// z sorted ascending, the pseudo-observation 0 among them; alpha its
	// Dirichlet parameters in the same order.
	n := len(diffs) + 1
	idx := make([]int, n)
	z := append([]float64{0}, diffs...)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(z[a], z[b]) })
	zs, alpha := make([]float64, n), make([]float64, n)
	for k, i := range idx {
		zs[k], alpha[k] = z[i], 1
		if i == 0 {
			alpha[k] = o.Prior
		}
	}
	// above[i]: the first j with z_i + z_j > 2·rope, so that Σ_j w_j [z_i +
	// z_j > 2·rope] = 1 − prefix[above[i]]; notBelow[i]: the first j with
	// z_i + z_j ≥ −2·rope (not below the rope). They depend on z alone, so
	// they are found once, by two pointers (z ascending, the first j that
	// passes moves down as i moves up), not in every draw.
	above, notBelow := make([]int, n), make([]int, n)
	jr, jl := n, n
	for i := range n {
		for jr > 0 && zs[i]+zs[jr-1] > 2*o.Rope {
			jr--
		}
		for jl > 0 && zs[i]+zs[jl-1] >= -2*o.Rope {
			jl--
		}
		above[i], notBelow[i] = jr, jl
	}
	draw := newWeights(alpha, o.Seed)
	w, prefix := make([]float64, n), make([]float64, n+1)
	var wins [3]float64
	for range o.Samples {
		total := draw(w)
		for k := range w {
			w[k] /= total
			prefix[k+1] = prefix[k] + w[k]
		}
		right, notLeft := 0.0, 0.0
		for i, wi := range w {
			right += wi * (1 - prefix[above[i]])
			notLeft += wi * (1 - prefix[notBelow[i]])
		}
		masses := [3]float64{right, notLeft - right, 1 - notLeft}
		best := max(masses[0], masses[1], masses[2])
		winners := 0.0
		for _, m := range masses {
			if m == best {
				winners++
			}
		}
		for r, m := range masses {
			if m == best {
				wins[r] += 1 / winners
			}
		}
	}
	s := float64(o.Samples)
	return Result{PA: wins[0] / s, PRope: wins[1] / s, PB: wins[2] / s}, nil
}

// newWeights returns a function that fills w with unnormalized
// Dirichlet(alpha) weights, independent Gamma(alpha_k, 1) draws, and
// returns their sum, from a stream seeded by seed: Gamma(1, 1) as an
// exponential, Gamma(½, 1) as half a squared standard normal (exact
// identities, and much faster than a general Gamma sampler), any other
// shape by gonum's Gamma.
func newWeights(alpha []float64, seed uint64) func(w []float64) float64 {
	src := rand.NewPCG(seed, 0x6261796573)
	r := rand.New(src)
	gammas := make([]distuv.Gamma, len(alpha))
	for k, a := range alpha {
		gammas[k] = distuv.Gamma{Alpha: a, Beta: 1, Src: src}
	}
	return func(w []float64) float64 {
		total := 0.0
		for k, a := range alpha {
			switch a {
			case 1:
				w[k] = r.ExpFloat64()
			case 0.5:
				z := r.NormFloat64()
				w[k] = z * z / 2
			default:
				w[k] = gammas[k].Rand()
			}
			total += w[k]
		}
		return total
	}
}
