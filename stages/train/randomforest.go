package train

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/freelist"
	"github.com/dtbench/dtbench/internal/parallel"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
	"github.com/dtbench/dtbench/tree"
)

// RandomForestOptions are RandomForest's options, named after Weka's
// RandomForest flags (-I, -K, -M, -depth, -P) with Weka 3.8's defaults,
// plus scikit-learn's bootstrap switch.
type RandomForestOptions struct {
	// Trees is Weka's -I, the number of trees: 100 as in Weka 3.8 (Weka
	// 3.6's default is 10).
	Trees int `mapstructure:"trees"`
	// K is the number of features each tree draws at a node; 0 means
	// ⌊log2 m⌋ + 1 for m features (RandomTreeOptions.K).
	K int `mapstructure:"k"`
	// MinLeaf is each tree's min_leaf (RandomTreeOptions.MinLeaf).
	MinLeaf int `mapstructure:"min_leaf"`
	// MaxDepth is each tree's max_depth; 0 = no limit.
	MaxDepth int `mapstructure:"max_depth"`
	// BagSize is Weka's -P: a tree's bootstrap sample has ⌊n·BagSize/100⌋
	// rows (at least one when n > 0) for n training rows.
	BagSize int `mapstructure:"bag_size"`
	// Bootstrap trains each tree on a bootstrap sample (Weka always
	// does); false trains every tree on the training rows themselves, as
	// scikit-learn's bootstrap=False, so only the feature draws differ.
	Bootstrap bool `mapstructure:"bootstrap"`
}

// DefaultRandomForestOptions returns Weka 3.8's defaults: 100 trees on
// bootstrap samples of the training set's size, each a default RandomTree.
func DefaultRandomForestOptions() RandomForestOptions {
	return RandomForestOptions{Trees: 100, K: 0, MinLeaf: 1, MaxDepth: 0, BagSize: 100, Bootstrap: true}
}

// Validate checks every option's range.
func (o RandomForestOptions) Validate() error {
	switch {
	case o.Trees < 1:
		return input.Keyf("trees", "must be >= 1, got %d", o.Trees)
	case o.BagSize < 1 || o.BagSize > 100:
		return input.Keyf("bag_size", "must be a percentage in 1..100, got %d", o.BagSize)
	case !o.Bootstrap && o.BagSize != 100:
		return input.Keyf("bag_size", "applies to bootstrap samples only: with bootstrap false it must be 100, got %d", o.BagSize)
	}
	return o.treeOptions().Validate()
}

// treeOptions returns the options every member tree is grown with.
func (o RandomForestOptions) treeOptions() RandomTreeOptions {
	return RandomTreeOptions{K: o.K, MinLeaf: o.MinLeaf, MaxDepth: o.MaxDepth}
}

// RandomForest is Breiman's random forest as Weka's RandomForest builds it
// on nominal data: Bagging of RandomTrees. Each tree is a RandomTree (K
// features drawn per node, information gain, no pruning; randomtree.go)
// grown on its own bootstrap sample of the training rows, and the model
// averages the trees' class distributions (ForestModel).
//
// A bootstrap sample is a multiset: n draws with replacement from the n
// training rows, so a row may be drawn several times, and a row drawn
// three times must weigh three times in the tree's class counts, gains,
// min_leaf test and leaf distributions. The growing engine counts rows,
// not weights, and a list node's rows are copies of packed rows, so on
// nominal data a tree grows on its sample in place: the training set is
// packed into lane words once per forest (grow.Pack), and each tree's
// root list copies the words of its drawn rows, a row drawn three times
// three times (grow.TreeOfSample). The tree is the one grown on the
// sample materialized as a dataset of its own (dataset.Project of the
// drawn rows, repeats included), which TestTreeOfSampleIsMaterialized
// holds bit for bit, with no dataset built and no rows packed per tree.
// (Weka's Bagging copies, with Instances.resampleWithWeights.) On data
// with numbers or missing values, the Weka port (randomtree_weka.go)
// grows on materialized samples. The drawn rows are laid out in
// increasing row order, counted per row rather than kept in draw order,
// so that a sample reads d sequentially; the tree depends only on the
// multiset.
//
// Randomness: tree i draws its bootstrap sample and then its features
// from a generator of its own, seeded by the 2i-th and (2i+1)-th values
// of the generator given to Fit. Equal seeds give equal forests, and a
// tree does not depend on how or in which order the others are grown.
// They are grown one after another on the caller's goroutine: the train
// stage already runs tasks in parallel, and a fit's time stays its own.
type RandomForest struct {
	Options RandomForestOptions
}

// Capabilities: those of its trees (RandomTree.Capabilities).
func (l RandomForest) Capabilities() Capabilities { return RandomTree{}.Capabilities() }

// Fit grows the forest on the rows of d in rows, seeding its trees from
// rng, which must not be nil.
func (l RandomForest) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	o := l.Options
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("randomforest: %w", err)
	}
	if rng == nil {
		return nil, errors.New("randomforest: no random generator")
	}
	if len(rows) != len(d.All()) {
		return nil, fmt.Errorf("randomforest: row set of %d words for a dataset of %d rows (%d words)", len(rows), d.Len(), len(d.All()))
	}
	learner := RandomTree{Options: o.treeOptions()}
	trees := make([]*tree.Tree, o.Trees)
	var weka []*randomTreeWekaModel // the port's trees, on data with numbers or missing values
	if d.HasNumeric() || d.HasMissing() {
		weka = make([]*randomTreeWekaModel, o.Trees)
	}
	// Each tree draws from its own stream, seeded in tree order from rng,
	// so the trees grow side by side and the forest is the same.
	seeds := make([][2]uint64, o.Trees)
	for i := range seeds {
		seeds[i] = [2]uint64{rng.Uint64(), rng.Uint64()}
	}
	// On nominal data the trees grow on their samples in place, from the
	// training set packed once (grow.TreeOfSample); the port takes
	// materialized samples.
	var packed *grow.Packed
	if weka == nil && o.Bootstrap {
		packed = grow.Pack(d)
	}
	// A bagger's buffers and splitter serve one tree at a time: the trees
	// growing side by side take them from a free list of one per
	// goroutine (a sync.Pool, emptied at every collection, bound a new
	// bagger about every tenth tree).
	bags := freelist.New(runtime.GOMAXPROCS(0), func() *bagger {
		b := new(bagger)
		b.bind(d, rows, o.BagSize)
		b.splitter = learner.splitter(d.NumFeatures())
		return b
	})
	err := parallel.For(o.Trees, func(i int) error {
		r := rand.New(rand.NewPCG(seeds[i][0], seeds[i][1]))
		if packed != nil {
			bag := bags.Get()
			defer bags.Put(bag)
			t, err := learner.fitSample(packed, bag.draw(r), bag.splitter, r)
			if err != nil {
				return fmt.Errorf("randomforest: tree %d: %w", i, err)
			}
			trees[i] = t
			return nil
		}
		td, tr := d, rows
		if o.Bootstrap {
			bag := bags.Get()
			var err error
			td, err = bag.sample(r)
			bags.Put(bag)
			if err != nil {
				return fmt.Errorf("randomforest: tree %d: bootstrap sample: %w", i, err)
			}
			tr = td.All()
		}
		if weka != nil {
			// The port whatever the sample holds: a bag may miss every
			// row with a missing value.
			weka[i] = fitRandomTreeWeka(td, tr.Rows(nil), learner.Options, r)
			trees[i] = weka[i].Tree()
			return nil
		}
		m, err := learner.Fit(td, tr, r)
		if err != nil {
			return fmt.Errorf("randomforest: tree %d: %w", i, err)
		}
		trees[i] = m.(TreeModel).Tree()
		return nil
	})
	if err != nil {
		return nil, err
	}
	f := newForestModel(trees, d.Classes())
	f.weka = weka
	return f, nil
}

// FitOrdered grows the forest on the rows of d listed in order. On data
// with a numeric feature or a missing value, with bootstrap samples of
// 100%, it draws as Weka's RandomForest does with its default seed (-S 1):
// Bagging's java.util.Random(1) draws each bag
// (Instances.resampleWithWeights, in draw order) and then the tree's seed
// (nextInt), and each tree draws its features from
// Instances.getRandomNumberGenerator(seed) over its bag
// (randomforest_weka.go), so that on rows in Weka's order the forest is
// Weka's; rng is not used. Otherwise it is Fit on the same rows.
func (l RandomForest) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	o := l.Options
	if !d.HasNumeric() && !d.HasMissing() || !o.Bootstrap || o.BagSize != 100 || len(order) == 0 {
		return l.Fit(d, rowSet(d.Len(), order), rng)
	}
	if err := o.Validate(); err != nil {
		return nil, fmt.Errorf("randomforest: %w", err)
	}
	random := cv.NewJavaRandom(wekaSeed)
	trees := make([]*tree.Tree, o.Trees)
	weka := make([]*randomTreeWekaModel, o.Trees)
	// Bagging draws every bag and seed from one stream, in tree order;
	// the trees then grow side by side, each from its own.
	bags, seeds := make([][]int, o.Trees), make([]int64, o.Trees)
	for i := range trees {
		bags[i] = wekaBag(order, random)
		seeds[i] = int64(random.Int())
	}
	_ = parallel.For(o.Trees, func(i int) error {
		weka[i] = fitRandomTreeWeka(d, bags[i], o.treeOptions(), javaIntN{wekaRandomOf(d, bags[i], seeds[i])})
		trees[i] = weka[i].Tree()
		return nil
	})
	f := newForestModel(trees, d.Classes())
	f.weka = weka
	return f, nil
}

// bagSize returns the rows of a bootstrap sample of n rows at percent
// percent: Weka's ⌊n·percent/100⌋, but at least one row when n > 0, so
// that no tree of a non-empty training set is grown on nothing.
func bagSize(n, percent int) int {
	s := n * percent / 100
	if n > 0 && s == 0 {
		s = 1
	}
	return s
}

// bagger draws bootstrap samples of one training set, reusing its
// buffers from one tree to the next, and holds the splitter of the tree
// it serves.
type bagger struct {
	d        *dataset.Dataset
	rows     []int   // the training rows, in increasing order
	size     int     // rows of a sample
	times    []int32 // times[j]: how often rows[j] was drawn
	drawn    []int   // the sample's rows, repeats included, in increasing order
	features []int   // every feature, in order
	splitter *randomSplitter
}

// bind prepares b for samples of the rows of d in rows at bag size
// percent.
func (b *bagger) bind(d *dataset.Dataset, rows dataset.Bitset, percent int) {
	b.d = d
	b.rows = rows.Rows(nil)
	b.size = bagSize(len(b.rows), percent)
	b.times = make([]int32, len(b.rows))
	b.drawn = make([]int, b.size+drawSlack)
	b.features = make([]int, d.NumFeatures())
	for f := range b.features {
		b.features[f] = f
	}
}

// draw draws a bootstrap sample with r (size draws, each uniform over the
// training rows, with replacement) and returns its rows, repeats
// included, in increasing order: counted per row rather than kept in draw
// order, so that reading the sample reads the data sequentially (the tree
// depends only on the multiset). The slice is b's, valid until the next
// draw.
func (b *bagger) draw(r *rand.Rand) []int {
	n := len(b.rows)
	clear(b.times)
	for range b.size {
		b.times[r.IntN(n)]++
	}
	// Each row is written drawSlack times and the cursor advances by the
	// times it was drawn: a row's count, 0 to 3 nearly always (Poisson(1)
	// for a full bag), would otherwise steer an inner loop whose branches
	// no predictor learns. The slack past the sample absorbs the last
	// row's extra copies.
	out := b.drawn[:b.size+drawSlack]
	w := 0
	for j, t := range b.times {
		r := b.rows[j]
		d := out[w : w+drawSlack : w+drawSlack]
		d[0], d[1], d[2], d[3] = r, r, r, r
		for i := drawSlack; i < int(t); i++ {
			out[w+i] = r
		}
		w += int(t)
	}
	return out[:b.size]
}

// drawSlack is the copies of a row draw writes before looking at its
// count.
const drawSlack = 4

// sample draws a bootstrap sample with r, as draw does, and returns it as
// a dataset of its own.
func (b *bagger) sample(r *rand.Rand) (*dataset.Dataset, error) {
	return b.d.Project(b.draw(r), b.features)
}
