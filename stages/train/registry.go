package train

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/exact"
	"github.com/dtbench/dtbench/stages/train/external"
	"github.com/dtbench/dtbench/stages/train/naive"
	"github.com/dtbench/dtbench/stages/train/smo"
)

// Spec names a learner and its options as they come from config (one
// entry of learners). Options may be nil; options not given keep the
// learner's defaults. Repetitions, an option every learner takes, limits
// the learner to the first Repetitions repetitions of each cell (0 = all),
// on the same data as the other learners. Datasets, an option every
// learner takes in the benchmark study, limits it to those datasets.
type Spec struct {
	Name        string         `json:"name"`
	Options     map[string]any `json:"options,omitempty"`
	Repetitions int            `json:"repetitions,omitempty"`
	// Datasets, in the benchmark study, limits the learner to the tasks
	// of the datasets named (none = every dataset).
	Datasets []string `json:"datasets,omitempty"`
	// External, when set, makes the learner an external one (config
	// {external: {name, command, timeout, max_failures}}): a process
	// speaking the adapter protocol, not a registered learner; Options is
	// then empty.
	External *external.Spec `json:"external,omitempty"`
}

// Entry is one registered learner: its config name, a one-line
// description, and how to build it from config options (decoded over the
// defaults, then validated). Make one with NewEntry.
type Entry struct {
	name  string
	about string
	build func(opts map[string]any) (Learner, error)
}

// Registry is a table of learners by config name: the one New builds
// from. Builtin is dtbench's own; a program that adds learners of its own
// makes its registry with Builtin().With(…) and passes it to the pipeline
// (pipeline.LoadOptions.Learners, pipeline.Options.Learners), so no
// init() side effect is needed and two programs never share additions.
// A Registry is immutable.
type Registry struct {
	entries []Entry
}

// Builtin returns the registry of dtbench's own learners.
func Builtin() *Registry { return builtin }

var builtin = &Registry{entries: registry}

// With returns a registry holding r's learners and the given ones. A name
// already taken (by r's learners or twice among the new ones) is an error.
func (r *Registry) With(entries ...Entry) (*Registry, error) {
	out := &Registry{entries: slices.Clone(r.registry().entries)}
	for _, e := range entries {
		if e.name == "" || e.build == nil {
			return nil, errors.New("train: a registry entry needs a name and a constructor (use NewEntry)")
		}
		if out.entry(e.name) != nil {
			return nil, fmt.Errorf("train: learner %q is registered already", e.name)
		}
		out.entries = append(out.entries, e)
	}
	return out, nil
}

// registry returns r, or Builtin for a nil r.
func (r *Registry) registry() *Registry {
	if r == nil {
		return builtin
	}
	return r
}

func (r *Registry) entry(name string) *Entry {
	for i := range r.entries {
		if r.entries[i].name == name {
			return &r.entries[i]
		}
	}
	return nil
}

// NewEntry makes a registry entry for a learner with option struct O and
// the given defaults: config options are decoded over a copy of defaults
// (strictly: an unknown option or a value of the wrong type is an
// *input.Error keyed learners.<name>.<option>), checked with O's Validate,
// and handed to build. See options.go for the conventions O follows; a
// learner without options can use struct{ NoOptions }.
func NewEntry[O interface{ Validate() error }](name, about string, defaults O, build func(O) Learner) Entry {
	return register(name, about, defaults, build)
}

// NoOptions is the option struct of a learner that has none: any option
// given in config is unknown.
type NoOptions = noOptions

// registry is every learner dtbench knows, by config name. To add one,
// add a line: register(name, about, defaults, constructor). A learner from
// a subpackage whose Fit returns its own model type is wrapped with
// adapt, as the naive learners below are; a learner without options
// takes noOptions.
var registry = []Entry{
	register("id3", "Quinlan's ID3: information gain, one branch per value, no pruning",
		ID3Options{}, func(o ID3Options) Learner { return ID3{Options: o} }),
	register("c45", "Quinlan's C4.5 as Weka's J48: gain ratio among splits of at least average gain, one branch per value, pessimistic pruning",
		DefaultC45Options(), func(o C45Options) Learner { return C45{Options: o} }),
	register("cart", "Breiman et al.'s CART as Weka's SimpleCart: Gini, binary value-subset splits, cost-complexity pruning by internal cross-validation",
		DefaultCARTOptions(), func(o CARTOptions) Learner { return CART{Options: o} }),
	register("randomtree", "Weka's RandomTree: information gain among K features drawn at random per node, one branch per value, no pruning",
		DefaultRandomTreeOptions(), func(o RandomTreeOptions) Learner { return RandomTree{Options: o} }),
	register("randomforest", "Breiman's random forest as Weka's RandomForest: randomtrees on bootstrap samples, class distributions averaged; 100 trees by default, as Weka 3.8 (Weka 3.6's default is 10)",
		DefaultRandomForestOptions(), func(o RandomForestOptions) Learner { return RandomForest{Options: o} }),
	register("idx", "Norton's IDX as Turney ran it: C4.5 (J48) selecting by information gain per unit of test cost, ΔI/C; unit costs without a cost model",
		DefaultC45Options(), func(o C45Options) Learner { return IDX{Options: o} }),
	register("csid3", "Tan's CS-ID3 as Turney ran it: C4.5 (J48) selecting by ΔI²/C; unit costs without a cost model",
		DefaultC45Options(), func(o C45Options) Learner { return CSID3{Options: o} }),
	register("eg2", "Núñez's EG2 as Turney ran it: C4.5 (J48) selecting by the information cost function (2^ΔI − 1)/(C + 1)^ω; unit costs without a cost model",
		DefaultEG2Options(), func(o EG2Options) Learner { return EG2{Options: o} }),
	register("icet", "Turney's ICET: a genetic algorithm (GENESIS's, population 50, 1000 trials) searching EG2's test biases, ω and C4.5's pruning confidence for the least average cost of tests and errors on held-out training rows",
		DefaultICETOptions(), func(o ICETOptions) Learner { return ICET{Options: o} }),
	register("exact", "the minimum-depth decision tree that fits the training rows (least error when they contradict), then the fewest leaves; MurTree-style exact search",
		exact.DefaultOptions(), func(o exact.Options) Learner { return adapt[*exact.Model](exact.Learner{Opts: o}) }),
	register("smo", "Platt's SMO as Weka 3.6's SMO: a linear SVM, C = 1, one-vs-one, on one-hot nominal features and numeric ones normalized to [0, 1] (standardize: true, -N 1: to mean 0, sd 1), missing values replaced by the training mean or mode; probabilities from the pairwise votes or, with probabilities: true, Platt scaling",
		smo.DefaultOptions(), func(o smo.Options) Learner { return adapt[*smo.Model](smo.Learner{Options: o}) }),
	register("naivebayes", "naive Bayes as Weka's NaiveBayes: Laplace-smoothed counts for a nominal feature, a normal density per class for a numeric one (kernel: true, Weka's -K: kernel densities; discretize: true, -D: supervised discretization), missing values skipped",
		naive.NaiveBayesOptions{}, func(o naive.NaiveBayesOptions) Learner {
			return adapt[*naive.NaiveBayesModel](naive.NaiveBayes{Options: o})
		}),
	register(Intuitive, "the intuitive classifier I: the best-matching rule of the training rows (numeric features cut by MDL on the training rows, a missing value a value of its own)",
		noOptions{}, func(noOptions) Learner { return NominalView(adapt[*naive.IntuitiveModel](naive.Intuitive{})) }),
	register(Majority, "the majority classifier V: always the training majority class",
		noOptions{}, func(noOptions) Learner { return adapt[*naive.MajorityModel](naive.Majority{}) }),
	register("random", "the random classifier X: draws classes with the training priors",
		noOptions{}, func(noOptions) Learner { return adapt[*naive.RandomModel](naive.Random{}) }),
}

// noOptions is the option struct of a learner that has none: any option
// given in config is unknown.
type noOptions struct{}

// Validate accepts the empty option set.
func (noOptions) Validate() error { return nil }

// register makes a registry entry for a learner with option struct O (see
// options.go for the conventions O follows) and the given defaults.
func register[O interface{ Validate() error }](name, about string, defaults O, build func(O) Learner) Entry {
	return Entry{
		name:  name,
		about: about,
		build: func(opts map[string]any) (Learner, error) {
			o := defaults
			if err := decodeOptions(name, opts, &o); err != nil {
				return nil, err
			}
			if err := validateOptions(name, o); err != nil {
				return nil, err
			}
			return build(o), nil
		},
	}
}

// New builds the learner spec names, from the built-in registry, with its
// options; see Registry.New.
func New(spec Spec) (Learner, error) { return builtin.New(spec) }

// New builds the registered learner spec names with its options. An
// unknown name, an unknown option or a bad option value is an
// *input.Error keyed by "learners" or "learners.<name>.<option>". An
// external spec is not registered: trainset.New builds those.
func (r *Registry) New(spec Spec) (Learner, error) {
	r = r.registry()
	if e := r.entry(spec.Name); e != nil {
		return e.build(spec.Options)
	}
	return nil, input.Keyf("learners", "unknown learner %q (known: %s; or {external: {name, command}})", spec.Name, strings.Join(r.Names(), ", "))
}

// The registered names of the benchmark classifiers of the Γ and γ^V
// measures: I, which evaluate scores on the held-out rows of every task,
// configured or not, and V.
const (
	Intuitive = "intuitive"
	Majority  = "majority"
)

// Has reports whether a learner is registered under name (a nil Registry
// is Builtin).
func (r *Registry) Has(name string) bool { return r.registry().entry(name) != nil }

// Names returns the built-in learner names, sorted.
func Names() []string { return builtin.Names() }

// Names returns the registered learner names, sorted.
func (r *Registry) Names() []string {
	r = r.registry()
	names := make([]string, len(r.entries))
	for i, e := range r.entries {
		names[i] = e.name
	}
	slices.Sort(names)
	return names
}

// About returns the one-line description of built-in learner name, or ""
// when no learner has that name.
func About(name string) string { return builtin.About(name) }

// About returns the one-line description of learner name, or "" when no
// learner has that name.
func (r *Registry) About(name string) string {
	if e := r.registry().entry(name); e != nil {
		return e.about
	}
	return ""
}

// fitter is a learner whose Fit returns its own model type M, as the
// learners of the subpackages do (they do not import train).
type fitter[M Model] interface {
	Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (M, error)
}

// adapt makes a Learner of a fitter. When M also has a Tree() method, the
// model it returns is a TreeModel, as the interface value keeps M's
// methods.
func adapt[M Model](l fitter[M]) Learner { return adapted[M]{l} }

type adapted[M Model] struct{ l fitter[M] }

// Capabilities are the fitter's own (it may implement Capable), or none.
func (a adapted[M]) Capabilities() Capabilities {
	if c, ok := any(a.l).(Capable); ok {
		return c.Capabilities()
	}
	return Capabilities{}
}

// FitOrdered trains on the rows in order when the fitter's result depends
// on it (it has FitOrdered), and as Fit on the same rows otherwise.
func (a adapted[M]) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	o, ok := any(a.l).(interface {
		FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (M, error)
	})
	if !ok {
		return a.Fit(d, rowSet(d.Len(), order), rng)
	}
	m, err := o.FitOrdered(d, order, rng)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// rowSet is the bitset of the listed rows of an n-row dataset.
func rowSet(n int, rows []int) dataset.Bitset {
	b := dataset.NewBitset(n)
	for _, r := range rows {
		b.Set(r)
	}
	return b
}

func (a adapted[M]) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	m, err := a.l.Fit(d, rows, rng)
	if err != nil {
		return nil, err // not m: a typed nil would make a non-nil Model
	}
	return m, nil
}
