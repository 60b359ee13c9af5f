package costs

import (
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// Section is the config section costs (of a config, or of one dataset
// entry) as written:
//
//	costs:
//	  uci: data/heart-disease            # Turney's NAME.cost/.delay/.group/.expense
//	  rename: {antviral: ANTIVIRALS}     # a test name → the data's feature name
//	  tests: {default: 1, f3: 10}        # per feature; default for the rest
//	  groups: {blood: {common: 2, members: [f2, f3]}}
//	  delayed: [f2, f3]
//	  matrix: [[0, 50], [50, 0]]         # rows = predicted, columns = actual class
//	  draw: {min_cost: 1, max_cost: 10}  # the oracle study: drawn per task instead
//
// Tests, groups and delayed add to (or replace entries of) what uci reads.
type Section struct {
	UCI     string         `mapstructure:"uci"`
	Rename  map[string]any `mapstructure:"rename"`
	Tests   map[string]any `mapstructure:"tests"`
	Groups  map[string]any `mapstructure:"groups"`
	Delayed []string       `mapstructure:"delayed"`
	Matrix  any            `mapstructure:"matrix"`
	Draw    map[string]any `mapstructure:"draw"`
}

// Config is a resolved costs section: a Spec to resolve against each
// dataset, or DrawOptions to draw a model per task (oracle study); nil
// when the section is empty.
type Config struct {
	Spec *Spec        `json:"spec,omitempty"`
	Draw *DrawOptions `json:"draw,omitempty"`
	// Files are the files the spec was read from (UCIFiles of the uci
	// key, resolved; none without it): inputs of the run, whose
	// fingerprints its records keep. They are not part of the config's
	// JSON, which holds the spec they gave.
	Files []string `json:"-"`
}

// Empty reports whether the section sets nothing.
func (s Section) Empty() bool {
	return s.UCI == "" && len(s.Rename) == 0 && len(s.Tests) == 0 && len(s.Groups) == 0 &&
		len(s.Delayed) == 0 && s.Matrix == nil && len(s.Draw) == 0
}

// Decode reads a costs section given as a map (a dataset entry's costs),
// keys named under key.
func Decode(key string, raw map[string]any) (Section, error) {
	var s Section
	err := decode.Map(key, raw, &s)
	return s, err
}

// Resolve checks the section and turns it into a Config; key is where it
// sits in the config ("costs", "benchmark.datasets[0].costs"), for errors,
// and dir the directory uci paths are relative to. It reads the UCI files
// (their errors name the file and line); a Spec is checked against the
// data only when it is resolved against a dataset. It returns nil for an
// empty section.
func (s Section) Resolve(key, dir string) (*Config, error) {
	if s.Empty() {
		return nil, nil
	}
	matrix, err := decodeMatrix(key+".matrix", s.Matrix)
	if err != nil {
		return nil, err
	}
	if matrix != nil {
		if err := checkMatrix(key+".matrix", matrix, len(matrix)); err != nil {
			return nil, err
		}
	}
	if len(s.Draw) > 0 {
		if s.UCI != "" || len(s.Tests) > 0 || len(s.Groups) > 0 || len(s.Delayed) > 0 || len(s.Rename) > 0 {
			return nil, input.Keyf(key+".draw", "draws every test's cost: give draw, or uci/tests/groups/delayed, not both")
		}
		o := DefaultDrawOptions()
		if err := decode.Map(key+".draw", s.Draw, &o); err != nil {
			return nil, err
		}
		if o.Matrix == nil {
			o.Matrix = matrix
		}
		if err := o.Validate(); err != nil {
			return nil, rekey(key+".draw", err)
		}
		return &Config{Draw: &o}, nil
	}
	spec := &Spec{}
	var files []string
	if s.UCI != "" {
		path := s.UCI
		if !filepath.IsAbs(path) && dir != "" {
			path = filepath.Join(dir, path)
		}
		if spec, err = ReadUCI(path); err != nil {
			return nil, err
		}
		files = UCIFiles(path)
	}
	if spec.Tests == nil {
		spec.Tests = map[string]float64{}
	}
	for _, name := range slices.Sorted(maps.Keys(s.Tests)) {
		c, ok := decode.Float(s.Tests[name])
		if !ok {
			return nil, input.Keyf(key+".tests."+name, "want a cost (a number), got %v", s.Tests[name])
		}
		if name == "default" {
			spec.Default = &c
			continue
		}
		spec.override(name)
		spec.Tests[name] = c
	}
	if len(s.Groups) > 0 && spec.Groups == nil {
		spec.Groups = map[string]GroupSpec{}
	}
	for _, name := range slices.Sorted(maps.Keys(s.Groups)) {
		raw, ok := s.Groups[name].(map[string]any)
		if !ok {
			return nil, input.Keyf(key+".groups."+name, "want {common: COST, members: [tests]}, got %v", s.Groups[name])
		}
		var g struct {
			Common  float64  `mapstructure:"common"`
			Members []string `mapstructure:"members"`
		}
		if err := decode.Map(key+".groups."+name, raw, &g); err != nil {
			return nil, err
		}
		if len(g.Members) == 0 {
			return nil, input.Keyf(key+".groups."+name+".members", "required: the tests that share the common cost")
		}
		spec.Groups[name] = GroupSpec{Common: g.Common, Members: g.Members}
	}
	spec.Delayed = append(spec.Delayed, s.Delayed...)
	if len(s.Rename) > 0 {
		spec.Rename = map[string]string{}
		for from, to := range s.Rename {
			name, ok := to.(string)
			if !ok {
				return nil, input.Keyf(key+".rename."+from, "want the data's feature name, got %v", to)
			}
			spec.Rename[from] = name
		}
	}
	spec.Matrix = matrix
	spec.key = key
	if err := spec.checkRenames(key, files); err != nil {
		return nil, err
	}
	return &Config{Spec: spec, Files: files}, nil
}

// override drops the test a config's tests entry name replaces: the cost
// files' entry of that name, exactly or under fold (the config's keys
// may come lower-cased), and its line, so that a problem with the new
// cost names the config, not the file.
func (s *Spec) override(name string) {
	for _, t := range slices.Sorted(maps.Keys(s.Tests)) {
		if fold(t) == fold(name) {
			delete(s.Tests, t)
			if s.src != nil {
				delete(s.src.costLine, t)
			}
		}
	}
}

// checkRenames refuses a rename from a test the spec does not name (by
// the cost files, files[0] being the .cost one, or the config's tests,
// groups and delayed): it would rename nothing. The key is the rename's.
func (s *Spec) checkRenames(key string, files []string) error {
	names := s.testNames()
	for _, from := range slices.Sorted(maps.Keys(s.Rename)) {
		if slices.ContainsFunc(names, func(t string) bool { return fold(t) == fold(from) }) {
			continue
		}
		where := key + ".tests"
		if len(files) > 0 {
			where = files[0]
		}
		return input.Keyf(key+".rename."+from, "renames test %q, which %s does not list (its tests: %s)", from, where, strings.Join(names, ", "))
	}
	return nil
}

// decodeMatrix reads a K×K matrix of numbers; nil stays nil (the default
// matrix). Its shape is checked against the data's classes later.
func decodeMatrix(key string, raw any) ([][]float64, error) {
	if raw == nil {
		return nil, nil
	}
	rows, ok := raw.([]any)
	if !ok || len(rows) == 0 {
		return nil, input.Keyf(key, "want a K×K list of rows, e.g. [[0, 50], [50, 0]], got %v", raw)
	}
	out := make([][]float64, len(rows))
	for i, r := range rows {
		cells, ok := r.([]any)
		if !ok {
			return nil, input.Keyf(key, "row %d: want a list of numbers, got %v", i, r)
		}
		for j, c := range cells {
			x, ok := decode.Float(c)
			if !ok {
				return nil, input.Keyf(key, "row %d, column %d: want a number, got %v", i, j, c)
			}
			out[i] = append(out[i], x)
		}
	}
	return out, nil
}

// rekey returns err with its key placed under prefix when it is an
// *input.Error keyed by an option name alone.
func rekey(prefix string, err error) error {
	var ie *input.Error
	if errors.As(err, &ie) && ie.Key != "" && ie.File == "" {
		e := *ie
		e.Key = prefix + "." + e.Key
		return &e
	}
	return err
}

// MayCredit reports whether a cost model of c can credit a right guess: a
// matrix (the spec's or the draw's) with a negative entry on its
// diagonal, a benefit, so that an average cost may fall below 0. The
// default matrix (0 right, 1 wrong) credits nothing; so does a nil c.
func (c *Config) MayCredit() bool {
	if c == nil {
		return false
	}
	var mats [][][]float64
	if c.Spec != nil {
		mats = append(mats, c.Spec.Matrix)
	}
	if c.Draw != nil {
		mats = append(mats, c.Draw.Matrix)
	}
	for _, m := range mats {
		for i := range m {
			if i < len(m[i]) && m[i][i] < 0 {
				return true
			}
		}
	}
	return false
}
