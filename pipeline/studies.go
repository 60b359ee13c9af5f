package pipeline

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/compare"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/trainset"
	"github.com/dtbench/dtbench/tree"
)

// studies are the studies dtbench runs, one descriptor each
// (oracle_study.go, benchmark_study.go, cost_study.go). The config layer
// (Load, Config, the keys and their defaults) and the executor loop over
// this table and know nothing else of a study: to add one, write its
// planner and nodes in the stages and its descriptor here.
var studies = newStudyTable(oracleStudy, benchmarkStudy, costStudy)

// defaultStudy is the study of a config that names none.
const defaultStudy = "oracle"

// Study describes one study to the config layer and the executor. S is
// its config section as written, a struct whose mapstructure tags are the
// keys below the study's name (oracle.depths), decoded by the config's
// value rules (internal/decode); C is the section resolved, which
// Config.Section holds and the manifest records as JSON under the study's
// name.
type Study[S, C any] struct {
	// Name is the config's study value and its section's key.
	Name string
	// Section returns the section's built-in defaults (the keys a config
	// may omit; zero for the keys it must give).
	Section func() S
	// Resolve turns the section as written into C, checking every key (an
	// *input.Error naming it); dir is the config file's directory, which
	// relative paths are relative to ("" for none).
	Resolve func(s S, dir string) (*C, error)
	// Validate checks a resolved section again (one read from a run
	// folder's record); nil when every check needs the section as written.
	Validate func(c *C) error
	// Learners returns the default learners (config learners), by their
	// registry names.
	Learners func() []string
	// Predictions is the default of outputs.predictions.
	Predictions bool
	// Datasets returns the place of the section's real datasets, nil for
	// a study without: the costs sections of its entries are compared
	// file by file when a cost file changed (costdiff.go).
	Datasets func(c *C) *[]generate.DatasetSpec
	// LearnerDatasets says a learner's datasets option may limit it to
	// some of the section's Datasets.
	LearnerDatasets bool
	// Build makes the flow.Study the executor runs: the plan and the
	// nodes of every stage.
	Build func(cfg *Config, c *C, env studyEnv) (*flow.Study, error)
	// TreeLabels names the trees of the run folder run for dtbench tree
	// (see TreeLabels); nil gives the codes of the datasets part beside
	// the tree's part.
	TreeLabels func(part, run, evals string, ti TreeInfo) (tree.Names, error)
	// Evaluations reads one part of the study's results/evaluations as
	// dtbench compare pairs them: a compare.Task per row, its cell named
	// by compare.CellName.
	Evaluations func(path string) ([]compare.Task, error)
	// CompareFolds, for a study that cross-validates, sets the Folds of
	// the tasks from the run folder dir's tables, each part checked with
	// check first; nil for a study without folds.
	CompareFolds func(dir string, check func(path string) error, tasks []compare.Task) error
	// SplitRatio, for a study whose repetitions are random train/test
	// splits of one dataset, is the ratio of a split's test rows to its
	// training rows (compare.Options.SplitRatio); nil for a study without.
	SplitRatio func(c *C) float64
}

// studyDescriptor is a Study of any section types, as the table holds it:
// sections are passed as any (*S as written, *C resolved).
type studyDescriptor interface {
	name() string
	check() error
	newSection() any // a *S holding the defaults
	resolve(raw any, dir string) (any, error)
	validate(section any) error
	decodeJSON(b []byte) (any, error)
	defaultLearners() []string
	predictions() bool
	datasets(section any) *[]generate.DatasetSpec
	learnerDatasets() bool
	copySection(section any) any
	build(cfg *Config, env studyEnv) (*flow.Study, error)
	treeLabels(part, run, evals string, ti TreeInfo) (tree.Names, error)
	evaluations(path string) ([]compare.Task, error)
	compareFolds(dir string, check func(path string) error, tasks []compare.Task) error
	splitRatio(section any) float64
}

func (s *Study[S, C]) name() string { return s.Name }

// check reports a descriptor that lacks what the config layer needs.
func (s *Study[S, C]) check() error {
	switch {
	case s.Section == nil || s.Resolve == nil || s.Learners == nil || s.Build == nil || s.Evaluations == nil:
		return fmt.Errorf("study %q needs Section, Resolve, Learners, Build and Evaluations", s.Name)
	case s.LearnerDatasets && s.Datasets == nil:
		return fmt.Errorf("study %q takes learners' datasets options but has no Datasets", s.Name)
	}
	return nil
}

func (s *Study[S, C]) newSection() any {
	x := s.Section()
	return &x
}

func (s *Study[S, C]) resolve(raw any, dir string) (any, error) {
	return s.Resolve(*raw.(*S), dir)
}

func (s *Study[S, C]) validate(section any) error {
	c, ok := section.(*C)
	if !ok || c == nil {
		return fmt.Errorf("pipeline: study %s has a section of type %T", s.Name, section)
	}
	if s.Validate == nil {
		return nil
	}
	return s.Validate(c)
}

func (s *Study[S, C]) decodeJSON(b []byte) (any, error) {
	c := new(C)
	if err := json.Unmarshal(b, c); err != nil {
		return nil, err
	}
	return c, nil
}

func (s *Study[S, C]) defaultLearners() []string { return s.Learners() }

func (s *Study[S, C]) predictions() bool { return s.Predictions }

func (s *Study[S, C]) datasets(section any) *[]generate.DatasetSpec {
	if s.Datasets == nil {
		return nil
	}
	return s.Datasets(section.(*C))
}

func (s *Study[S, C]) learnerDatasets() bool { return s.LearnerDatasets }

func (s *Study[S, C]) copySection(section any) any {
	x := *section.(*C)
	return &x
}

func (s *Study[S, C]) build(cfg *Config, env studyEnv) (*flow.Study, error) {
	c, ok := cfg.Section.(*C)
	if !ok || c == nil {
		return nil, fmt.Errorf("pipeline: study %s has a section of type %T", s.Name, cfg.Section)
	}
	return s.Build(cfg, c, env)
}

func (s *Study[S, C]) treeLabels(part, run, evals string, ti TreeInfo) (tree.Names, error) {
	if s.TreeLabels == nil {
		return TreeNames(part)
	}
	return s.TreeLabels(part, run, evals, ti)
}

func (s *Study[S, C]) evaluations(path string) ([]compare.Task, error) { return s.Evaluations(path) }

func (s *Study[S, C]) compareFolds(dir string, check func(path string) error, tasks []compare.Task) error {
	if s.CompareFolds == nil {
		return nil
	}
	return s.CompareFolds(dir, check, tasks)
}

func (s *Study[S, C]) splitRatio(section any) float64 {
	if s.SplitRatio == nil {
		return 0
	}
	return s.SplitRatio(section.(*C))
}

// studyTable is the table of studies with what the config layer derives
// from it once: the config keys (the shared ones of rawConfig, then each
// study's section under its name) and their built-in defaults.
type studyTable struct {
	list     []studyDescriptor
	keys     []configKey    // every key, "oracle.depths"
	sections []string       // the keys that are sections of keys
	scalars  []string       // the sections that also take a scalar (decode.Scalar)
	defaults map[string]any // the keys with a built-in default, and it
}

// newStudyTable makes the table; an incomplete descriptor, or a study
// named like a shared key or twice, is a programmer's error.
func newStudyTable(list ...studyDescriptor) *studyTable {
	t := &studyTable{list: list, defaults: map[string]any{}}
	walkKeys(reflect.TypeFor[rawConfig](), "", t)
	walkDefaults(reflect.ValueOf(defaultRaw()), "", t.defaults)
	for i, d := range list {
		if err := d.check(); err != nil {
			panic("pipeline: " + err.Error())
		}
		n := d.name()
		if n == "" || slices.ContainsFunc(t.keys, func(k configKey) bool { return k.name == n }) || slices.Contains(t.sections, n) ||
			slices.ContainsFunc(list[:i], func(o studyDescriptor) bool { return o.name() == n }) {
			panic(fmt.Sprintf("pipeline: study %q is named like a config key or another study", n))
		}
		t.sections = append(t.sections, n)
		sec := reflect.ValueOf(d.newSection()).Elem()
		walkKeys(sec.Type(), n+".", t)
		walkDefaults(sec, n+".", t.defaults)
	}
	return t
}

// lookup returns the study named name.
func (t *studyTable) lookup(name string) (studyDescriptor, bool) {
	i := slices.IndexFunc(t.list, func(d studyDescriptor) bool { return d.name() == name })
	if i < 0 {
		return nil, false
	}
	return t.list[i], true
}

// names returns the study names, sorted.
func (t *studyTable) names() []string {
	out := make([]string, len(t.list))
	for i, d := range t.list {
		out[i] = d.name()
	}
	slices.Sort(out)
	return out
}

// StudyNames returns the known study names, sorted.
func StudyNames() []string { return studies.names() }

// studiesWith names the studies that pass ok, for a message: "the
// benchmark study", "the a and b studies".
func studiesWith(ok func(studyDescriptor) bool) string {
	var names []string
	for _, d := range studies.list {
		if ok(d) {
			names = append(names, d.name())
		}
	}
	if len(names) == 1 {
		return "the " + names[0] + " study"
	}
	return "the " + strings.Join(names, " and ") + " studies"
}

// studyEnv is what a study is built with besides the config.
type studyEnv struct {
	Version  string          // dtbench's, for the report
	Learners *train.Registry // the learners config may name; nil = train.Builtin
	Log      *slog.Logger    // what the study notes while it is built, and external adapters' stderr; nil = discard
}

// logger returns the log, a discarding one when there is none.
func (e studyEnv) logger() *slog.Logger {
	if e.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return e.Log
}

// learnerSet builds the config's learners, and makes the study release
// them (their processes) when it is done.
func (e studyEnv) learnerSet(cfg *Config) (*trainset.Set, error) {
	return trainset.New(cfg.Learners, trainset.Options{Registry: e.Learners, Log: e.Log})
}

// withLearners makes study own set: Close ends its processes, Adapters
// names them.
func withLearners(study *flow.Study, set *trainset.Set) *flow.Study {
	study.Close, study.Adapters = set.Close, set.Adapters
	return study
}

// defaultLearners returns study d's default learners as config entries,
// each checked against the registry reg (nil: train.Builtin): a default
// that is not registered is an error of the descriptor, not of the
// user's config.
func defaultLearners(d studyDescriptor, reg *train.Registry) ([]any, error) {
	known := reg.Names()
	var out []any
	for _, n := range d.defaultLearners() {
		if !slices.Contains(known, n) {
			return nil, fmt.Errorf("pipeline: study %s's default learner %q is not registered (registered: %s)", d.name(), n, strings.Join(known, ", "))
		}
		out = append(out, n)
	}
	return out, nil
}

// sectionOf returns cfg's study section as its descriptor resolved it,
// nil when it is of another type (another study's).
func sectionOf[C any](cfg *Config) *C {
	c, _ := cfg.Section.(*C)
	return c
}
