package generate

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// The benchmark study's choices, as the config spells them.
const (
	RankFull    = "full"     // gain ratio on the task's whole sample
	RankCV      = "cv"       // the mean rank over the folds' rankings, as Weka's cross-validated attribute selection orders them (the gain ratio averaged beside it)
	RankCVMerit = "cv-merit" // the gain ratio averaged over the folds' training rows
	// The ranking's scope (rank: {per: …}): each repetition ranks its own
	// sample and folds, or the first repetition's ranking names the
	// attributes of every repetition of its (dataset, scenario).
	RankPerRepetition = "repetition"
	RankPerScenario   = "scenario"
	SubsetsAll        = "all"  // every non-empty subset of the top `select` attributes
	SubsetsTop        = "top"  // the top `select` attributes only
	SchemeWeka        = "weka" // Weka 3.6's fold assignment (randomize with java.util.Random(seed + rep), stratify, blocks)
	SchemeStrat       = "stratified"
	// AllRows names the scenario of a study without scenarios: the whole
	// dataset.
	AllRows = "all"
)

// BenchmarkConfig is the benchmark study, resolved from the config
// section benchmark.* (BenchmarkSection).
type BenchmarkConfig struct {
	Datasets []DatasetSpec `json:"datasets"`
	Select   Selection     `json:"select"` // top attributes by gain ratio, or SelectAll
	Rank     string        `json:"rank"`   // RankFull | RankCV | RankCVMerit
	// RankPer is the ranking's scope: RankPerScenario, or "" for
	// RankPerRepetition (so that the JSON of a config without it stays
	// as it was).
	RankPer     string     `json:"rank_per,omitempty"`
	Subsets     string     `json:"subsets"`     // SubsetsAll | SubsetsTop
	Folds       FoldSpec   `json:"folds"`       // the cross-validation of every task
	Repetitions int        `json:"repetitions"` // tasks per cell
	Scenarios   []Scenario `json:"scenarios"`   // class quotas; none = the whole dataset
	Alpha       float64    `json:"alpha"`       // order of the Tsallis entropy
}

// FoldSpec is benchmark.folds: k, and the assignment scheme (stratified,
// from the task generator; or weka, with seed + repetition).
type FoldSpec struct {
	K      int    `json:"k"`
	Scheme string `json:"scheme"`
	Seed   int64  `json:"seed"`
	// AllowSmallClasses lets a class have fewer rows than there are folds
	// (some folds then test none of it), as Weka and scikit-learn do;
	// without it such a sample is refused, naming this key.
	AllowSmallClasses bool `json:"allow_small_classes,omitempty"`
}

// checkFolds checks k folds against a sample of n rows whose smallest
// class has smallest rows.
func (f FoldSpec) checkFolds(n, smallest int) error {
	if f.AllowSmallClasses {
		smallest = max(smallest, f.K)
	}
	if err := cv.Check(f.K, n, smallest); err != nil {
		if !f.AllowSmallClasses && f.K <= n {
			return fmt.Errorf("%w (allow_small_classes: true in benchmark.folds runs it anyway, as Weka does)", err)
		}
		return err
	}
	return nil
}

// Scenario is one entry of benchmark.scenarios: a name and, per class
// label, how many rows of that class each repetition's subsample draws
// (classes not listed are left out).
type Scenario struct {
	Name   string  `json:"name"`
	Quotas []Quota `json:"quotas"`
}

// Quota is one class's rows in a scenario's subsample.
type Quota struct {
	Class string `json:"class"`
	Rows  int    `json:"rows"`
}

// BenchmarkSection is the config section benchmark.* as written; its keys
// come from the mapstructure tags.
type BenchmarkSection struct {
	Datasets   []any                   `mapstructure:"datasets"`
	Discretize importer.Discretization `mapstructure:"discretize"`
	Missing    string                  `mapstructure:"missing"`
	// Select is a number of attributes or "all" (resolveSelect).
	Select any `mapstructure:"select"`
	// Rank is a mode (full, cv, cv-merit) or {mode, per}: per repetition
	// (the default) or scenario.
	Rank        any     `mapstructure:"rank"`
	Subsets     string  `mapstructure:"subsets"`
	Folds       any     `mapstructure:"folds"`
	Repetitions int     `mapstructure:"repetitions"`
	Scenarios   []any   `mapstructure:"scenarios"`
	Alpha       float64 `mapstructure:"alpha"`
}

// DefaultBenchmarkSection returns the defaults: 5 equal-frequency bins,
// missing values as a category, the top 5 attributes ranked on the whole
// sample, every subset of them, stratified 10-fold cross-validation, 10
// repetitions, Tsallis of order 2.
func DefaultBenchmarkSection() BenchmarkSection {
	return BenchmarkSection{Discretize: importer.Discretization{Method: importer.EqualFrequency, Bins: importer.DefaultBins},
		Missing: importer.MissingCategory, Select: 5, Rank: RankFull, Subsets: SubsetsAll, Folds: 10, Repetitions: 10, Alpha: 2}
}

// BenchmarkLearners returns the benchmark study's default learners (config
// learners), as the paper's: J48 (c45), naive Bayes, SMO and random
// forest, and the benchmark classifiers I (intuitive), V (majority) and
// X (random). The names are the learner registry's; the pipeline checks
// them against it.
func BenchmarkLearners() []string {
	return []string{"c45", "naivebayes", "smo", "randomforest", "intuitive", "majority", "random"}
}

// Resolve turns the section into a validated BenchmarkConfig; relative
// paths are relative to dir (the config file's directory; "" for none).
// It reads no data file, only a dataset's cost files: the datasets are
// checked against the data when they are imported.
func (r BenchmarkSection) Resolve(dir string) (*BenchmarkConfig, error) {
	c := &BenchmarkConfig{Subsets: r.Subsets, Repetitions: r.Repetitions, Alpha: r.Alpha}
	var err error
	if c.Select, err = resolveSelect("benchmark.select", r.Select); err != nil {
		return nil, err
	}
	if c.Rank, c.RankPer, err = resolveRank(r.Rank); err != nil {
		return nil, err
	}
	if err := importer.CheckBins("benchmark.discretize.bins", r.Discretize.Bins); err != nil {
		return nil, err
	}
	if c.Scenarios, err = resolveScenarios("benchmark.scenarios", r.Scenarios); err != nil {
		return nil, err
	}
	specs, entries, err := resolveDatasets("benchmark.datasets", r.Datasets, importer.Options{Discretize: r.Discretize, Missing: r.Missing}, dir)
	if err != nil {
		return nil, err
	}
	for i, spec := range specs {
		key, e := fmt.Sprintf("benchmark.datasets[%d]", i), entries[i]
		spec.Scenarios, spec.ScenariosKey, spec.Subsets = c.Scenarios, "benchmark.scenarios", c.Subsets
		if e.Scenarios != nil {
			spec.ScenariosKey = key + ".scenarios"
			if spec.Scenarios, err = resolveScenarios(spec.ScenariosKey, e.Scenarios); err != nil {
				return nil, err
			}
		}
		sel := c.Select
		if e.Select != nil {
			own, err := resolveSelect(key+".select", e.Select)
			if err != nil {
				return nil, err
			}
			spec.Select, spec.SelectKey, sel = &own, key+".select", own
		}
		if e.Subsets != "" || e.Select != nil {
			if e.Subsets != "" {
				spec.Subsets = e.Subsets
			}
			if err := checkSubsets(key+".subsets", spec.Subsets, selectKey(spec), sel); err != nil {
				return nil, err
			}
		}
		c.Datasets = append(c.Datasets, spec)
	}
	if c.Folds, err = resolveFolds(r.Folds); err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// resolveRank reads benchmark.rank: a mode, or {mode, per}. The scope is
// "" for per: repetition (the default).
func resolveRank(raw any) (mode, per string, err error) {
	switch v := raw.(type) {
	case string:
		return v, "", nil
	case map[string]any:
		r := struct {
			Mode string `mapstructure:"mode"`
			Per  string `mapstructure:"per"`
		}{Mode: RankFull, Per: RankPerRepetition}
		if err := decode.Map("benchmark.rank", v, &r); err != nil {
			return "", "", err
		}
		switch r.Per {
		case RankPerRepetition:
			return r.Mode, "", nil
		case RankPerScenario:
			return r.Mode, r.Per, nil
		}
		return "", "", input.Keyf("benchmark.rank.per", "want %s or %s, got %q", RankPerRepetition, RankPerScenario, r.Per)
	}
	return "", "", input.Keyf("benchmark.rank", "want a mode (%s, %s, %s) or {mode: …, per: %s | %s}, got %v",
		RankFull, RankCV, RankCVMerit, RankPerRepetition, RankPerScenario, raw)
}

// Validate checks the keys that need no data.
func (c *BenchmarkConfig) Validate() error {
	switch {
	case len(c.Datasets) == 0:
		return input.Keyf("benchmark.datasets", "must list at least one dataset")
	case c.Select < 0:
		return input.Keyf("benchmark.select", "must be >= 1 or all, got %d", c.Select)
	case c.Rank != RankFull && c.Rank != RankCV && c.Rank != RankCVMerit:
		return input.Keyf("benchmark.rank", "want %s, %s or %s, got %q", RankFull, RankCV, RankCVMerit, c.Rank)
	case c.Folds.K < 2:
		return input.Keyf("benchmark.folds", "want at least 2 folds, got %d", c.Folds.K)
	case c.Folds.Scheme != SchemeStrat && c.Folds.Scheme != SchemeWeka:
		return input.Keyf("benchmark.folds.scheme", "want %s or %s, got %q", SchemeStrat, SchemeWeka, c.Folds.Scheme)
	case c.Repetitions < 1:
		return input.Keyf("benchmark.repetitions", "must be >= 1, got %d", c.Repetitions)
	case !(c.Alpha > 0):
		return input.Keyf("benchmark.alpha", "must be > 0, got %v", c.Alpha)
	}
	return checkSubsets("benchmark.subsets", c.Subsets, "benchmark.select", c.Select)
}

// maxAllSubsets is the most attributes subsets: all takes (2^10 − 1
// subsets per scenario).
const maxAllSubsets = 10

// checkSubsets checks a subsets value (key names where it came from)
// against select (selKey names where that came from); SelectAll is
// checked once the dataset is read (checkSubsetCount).
func checkSubsets(key, subsets, selKey string, sel Selection) error {
	if subsets != SubsetsAll && subsets != SubsetsTop {
		return input.Keyf(key, "want %s or %s, got %q", SubsetsAll, SubsetsTop, subsets)
	}
	if sel == SelectAll {
		return nil
	}
	return checkSubsetCount(selKey, fmt.Sprintf("%d attributes", sel), subsets, int(sel))
}

// checkSubsetCount refuses subsets: all over more than maxAllSubsets
// attributes (what names them).
func checkSubsetCount(selKey, what, subsets string, sel int) error {
	if sel > maxAllSubsets && subsets == SubsetsAll {
		return input.Keyf(selKey, "%s make %d subsets; at most %d attributes with subsets: all (or subsets: top)", what, 1<<min(sel, 62)-1, maxAllSubsets)
	}
	return nil
}

// resolveScenarios reads a scenarios list (benchmark.scenarios, or a
// dataset's own): names distinct.
func resolveScenarios(key string, raws []any) ([]Scenario, error) {
	var out []Scenario
	for i, raw := range raws {
		s, err := resolveScenario(fmt.Sprintf("%s[%d]", key, i), raw)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(out, func(o Scenario) bool { return o.Name == s.Name }) {
			return nil, input.Keyf(fmt.Sprintf("%s[%d].name", key, i), "scenario %q listed twice", s.Name)
		}
		out = append(out, s)
	}
	return out, nil
}

// resolveFolds reads benchmark.folds: k, or {k, scheme, seed}.
func resolveFolds(raw any) (FoldSpec, error) {
	f := FoldSpec{K: 10, Scheme: SchemeStrat, Seed: 1}
	switch x := raw.(type) {
	case map[string]any:
		var w struct {
			K      int    `mapstructure:"k"`
			Scheme string `mapstructure:"scheme"`
			Seed   int64  `mapstructure:"seed"`
			Allow  bool   `mapstructure:"allow_small_classes"`
		}
		w.K, w.Scheme, w.Seed = f.K, f.Scheme, f.Seed
		if err := decode.Map("benchmark.folds", x, &w); err != nil {
			return f, err
		}
		f = FoldSpec{K: w.K, Scheme: w.Scheme, Seed: w.Seed, AllowSmallClasses: w.Allow}
	default:
		n, ok := decode.Int(raw)
		if !ok {
			return f, input.Keyf("benchmark.folds", "want a number of folds or {k, scheme, seed}, got %v", raw)
		}
		f.K = n
	}
	return f, nil
}

// resolveScenario reads one scenario: {name, quotas: {class: rows}}.
func resolveScenario(key string, raw any) (Scenario, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return Scenario{}, input.Keyf(key, "want {name: S1, quotas: {class: rows, …}}, got %v", raw)
	}
	var w struct {
		Name   string         `mapstructure:"name"`
		Quotas map[string]any `mapstructure:"quotas"`
	}
	if err := decode.Map(key, m, &w); err != nil {
		return Scenario{}, err
	}
	if !datasetName.MatchString(w.Name) || w.Name == AllRows {
		return Scenario{}, input.Keyf(key+".name", "%q: want letters, digits, '.', '_' and '-', not %q", w.Name, AllRows)
	}
	if len(w.Quotas) == 0 {
		return Scenario{}, input.Keyf(key+".quotas", "want rows per class, e.g. {positive: 2400, negative: 800}")
	}
	s := Scenario{Name: w.Name}
	for _, class := range slices.Sorted(mapKeysOf(w.Quotas)) {
		n, ok := decode.Int(w.Quotas[class])
		if !ok || n < 1 {
			return Scenario{}, input.Keyf(key+".quotas."+class, "want a positive number of rows, got %v", w.Quotas[class])
		}
		s.Quotas = append(s.Quotas, Quota{Class: class, Rows: n})
	}
	return s, nil
}

func mapKeysOf[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
