package train

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// RandomTreeOptions are RandomTree's options, named after Weka's
// RandomTree flags (-K, -M, -depth) with Weka's defaults.
type RandomTreeOptions struct {
	// K is the number of features drawn at each node; 0 means Weka's
	// default ⌊log2 m⌋ + 1 for m features, and K ≥ m examines every
	// feature (the tree is then ID3's).
	K int `mapstructure:"k"`
	// MinLeaf is Weka's -M: a node of fewer than 2·MinLeaf rows is a
	// leaf. Branches may still be smaller, as in Weka.
	MinLeaf int `mapstructure:"min_leaf"`
	// MaxDepth is the largest number of tests on a path; 0 = no limit.
	MaxDepth int `mapstructure:"max_depth"`
}

// DefaultRandomTreeOptions returns Weka's defaults: K from the number of
// features, one row per leaf, no depth limit.
func DefaultRandomTreeOptions() RandomTreeOptions {
	return RandomTreeOptions{K: 0, MinLeaf: 1, MaxDepth: 0}
}

// Validate checks every option's range.
func (o RandomTreeOptions) Validate() error {
	switch {
	case o.K < 0:
		return input.Keyf("k", "must be >= 0 (0 = floor(log2 m) + 1), got %d", o.K)
	case o.MinLeaf < 1:
		return input.Keyf("min_leaf", "must be >= 1, got %d", o.MinLeaf)
	case o.MaxDepth < 0:
		return input.Keyf("max_depth", "must be >= 0 (0 = no limit), got %d", o.MaxDepth)
	}
	return nil
}

// RandomTree is Weka's RandomTree on nominal data: at every node it draws
// K features at random without replacement and splits on the one of
// largest information gain among them, one branch per value; there is no
// pruning. As in Weka's source (RandomTree.Tree.buildTree), when none of
// the K drawn features has a positive gain it keeps drawing, one feature
// at a time, until one has or none is left, so a node becomes a leaf only
// when it is pure, has fewer than 2·min_leaf rows, reaches max_depth, or
// no feature has any gain — ID3's stopping rule. Ties between the drawn
// features go to the lowest feature index, as in Weka.
//
// Where we differ from Weka, and why:
//   - As in Weka, the draw is among all m features: a feature already
//     tested on the path (or with one possible value left) costs a draw
//     and has zero gain, so deep nodes see fewer real candidates.
//   - The default K is computed exactly, ⌊log2 m⌋ + 1 (Weka computes
//     int(log(m)/log(2)) + 1 in floating point).
//   - Gains within 1e-10 are ties and a gain at or below 1e-10 is none
//     (the package's tolerances; Weka uses 1e-6 for the latter).
//   - With K ≥ m every feature is examined in index order and nothing is
//     drawn from the generator, so K ≥ m gives ID3's tree exactly.
//
// Randomness comes only from the generator given to Fit, so equal seeds
// give equal trees.
type RandomTree struct {
	Options RandomTreeOptions
}

// Capabilities: numeric features and missing values, as Weka's
// RandomTree takes them (threshold splits; a missing value spread over
// the branches by their weights, randomtree_weka.go).
func (RandomTree) Capabilities() Capabilities { return Capabilities{Numeric: true, Missing: true} }

// Fit grows a random tree on the rows of d in rows, drawing features
// with rng, which must not be nil.
func (l RandomTree) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	if err := l.Options.Validate(); err != nil {
		return nil, fmt.Errorf("randomtree: %w", err)
	}
	if rng == nil {
		return nil, errors.New("randomtree: no random generator")
	}
	if d.HasNumeric() || d.HasMissing() {
		return fitRandomTreeWeka(d, dataset.And(make(dataset.Bitset, len(rows)), rows, d.All()).Rows(nil), l.Options, rng), nil
	}
	return growModel("randomtree", d, rows, l.splitter(d.NumFeatures()), l.growOptions(), rng)
}

// splitter returns the tree's strategy for m features.
func (l RandomTree) splitter(m int) *randomSplitter {
	sp := &randomSplitter{crit: &infoGain{}, k: l.Options.K, minLeaf: l.Options.MinLeaf}
	if sp.k == 0 {
		sp.k = randomTreeK(m)
	}
	return sp
}

// growOptions returns the builder's stopping rules for the tree.
func (l RandomTree) growOptions() grow.Options { return grow.Options{MaxDepth: l.Options.MaxDepth} }

// fitSample grows the random tree of a bootstrap sample of nominal data,
// the multiset of p's rows listed in rows (increasing, repeats adjacent),
// drawing features with rng: the tree Fit grows on the sample made a
// dataset (grow.TreeOfSample), with none made. sp is the tree's splitter
// (l.splitter), which serves one fit at a time.
func (l RandomTree) fitSample(p *grow.Packed, rows []int, sp *randomSplitter, rng *rand.Rand) (*tree.Tree, error) {
	t, err := grow.TreeOfSample(p, rows, sp, l.growOptions(), rng)
	if err != nil {
		return nil, fmt.Errorf("randomtree: %w", err)
	}
	return t, nil
}

// wekaSeed is the seed of Weka's RandomTree and RandomForest (-S 1), with
// which FitOrdered draws on data with numbers or missing values.
const wekaSeed = 1

// FitOrdered grows a random tree on the rows of d listed in order. On data
// with a numeric feature or a missing value it draws as Weka's RandomTree
// does with its default seed, from java.util.Random seeded by
// Instances.getRandomNumberGenerator(1) over the rows in that order
// (randomforest_weka.go), so that on rows in Weka's order the tree is
// Weka's, and rng is not used. On nominal data it is Fit on the same rows
// (the nominal engine draws from rng, as before).
func (l RandomTree) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	if !d.HasNumeric() && !d.HasMissing() || len(order) == 0 {
		return l.Fit(d, rowSet(d.Len(), order), rng)
	}
	if err := l.Options.Validate(); err != nil {
		return nil, fmt.Errorf("randomtree: %w", err)
	}
	return fitRandomTreeWeka(d, order, l.Options, javaIntN{wekaRandomOf(d, order, wekaSeed)}), nil
}

// randomTreeK returns Weka's default number of features to draw, ⌊log2 m⌋ + 1
// (1 when m = 0).
func randomTreeK(m int) int {
	if m <= 0 {
		return 1
	}
	return bits.Len(uint(m))
}

// randomSplitter is RandomTree's strategy: the feature of largest merit
// under crit (information gain for RandomTree) among K drawn at random
// from all features (unusable ones have zero merit), drawing on past K
// while none has a positive merit.
type randomSplitter struct {
	crit    criterion
	k       int
	minLeaf int
	sums    nodeSums
	// pool lists the features, in order between nodes; a node's draws
	// swap each drawn feature behind those left, and are undone after.
	pool  []int
	drawn []int  // the pool positions drawn at the node, in order
	cands []int  // scratch: the candidates among the first K draws
	t2    [4]int // tableOf's buffer
}

func (sp *randomSplitter) Split(n *grow.Node, rng *rand.Rand) (grow.Split, bool) {
	s := &sp.sums
	s.set(n.Counts())
	if s.n < 2*sp.minLeaf {
		return grow.Split{}, false
	}
	m := n.Features()
	if len(sp.pool) != m {
		sp.pool = resize(sp.pool, m)
		for f := range sp.pool {
			sp.pool[f] = f
		}
		sp.drawn = resize(sp.drawn, m)
		sp.cands = resize(sp.cands, min(sp.k, m))
	}
	best, bestGain := -1, 0.0
	found := false // some drawn feature has a positive gain
	if m <= sp.k {
		for f := range m {
			if !n.Candidate(f) {
				continue
			}
			g, _ := sp.crit.score(s, f, tableOf(n, f, &sp.t2))
			found = found || g > zeroGain
			if best < 0 || g > bestGain+gainTie || (g >= bestGain-gainTie && f < best) {
				best, bestGain = f, g
			}
		}
	} else {
		// Weka's loop: while features are left and (fewer than K were
		// drawn or none had a gain), draw one uniformly from those left.
		// A drawn feature is swapped to the end of those left (left then
		// evolve as with Weka's removal), and the swaps are undone after.
		// The first K draws depend on no gain (the t-th is among m − t
		// features), so they are drawn first, in a loop that holds little
		// across the generator's calls, then applied, keeping their
		// candidates in draw order with no branch on whether a draw is a
		// candidate.
		pool, drawn, cands := sp.pool, sp.drawn, sp.cands
		for t := range sp.k {
			drawn[t] = rng.IntN(m - t)
		}
		nc := 0
		for t, i := range drawn[:sp.k] {
			f := pool[i]
			pool[i], pool[m-1-t] = pool[m-1-t], f
			cands[nc] = f
			if n.Candidate(f) {
				nc++
			}
		}
		for _, f := range cands[:nc] {
			g, _ := sp.crit.score(s, f, tableOf(n, f, &sp.t2))
			found = found || g > zeroGain
			if best < 0 || g > bestGain+gainTie || (g >= bestGain-gainTie && f < best) {
				best, bestGain = f, g
			}
		}
		t := sp.k
		for ; t < m && !found; t++ {
			i := rng.IntN(m - t)
			drawn[t] = i
			f := pool[i]
			pool[i], pool[m-1-t] = pool[m-1-t], f
			if !n.Candidate(f) {
				continue // tested on the path or constant here: a wasted draw, as in Weka
			}
			g, _ := sp.crit.score(s, f, tableOf(n, f, &sp.t2))
			found = g > zeroGain
			if best < 0 || g > bestGain+gainTie || (g >= bestGain-gainTie && f < best) {
				best, bestGain = f, g
			}
		}
		for t--; t >= 0; t-- {
			i, last := drawn[t], m-1-t
			pool[i], pool[last] = pool[last], pool[i]
		}
	}
	if best < 0 || bestGain <= zeroGain {
		return grow.Split{}, false
	}
	return grow.Split{Feature: best}, true
}
