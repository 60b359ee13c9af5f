package costs

import (
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// Spec is a cost model by test name, before it meets a dataset: what the
// costs section of a config gives, or ReadUCI from Turney's files.
// Resolve turns it into the Model of one dataset.
type Spec struct {
	// Tests holds each test's Cost (beyond its group's common cost).
	Tests map[string]float64
	// Default, when set, is the cost of a feature Tests does not name;
	// without it such a feature is an error.
	Default *float64
	// Groups are the tests sharing a common cost, by group name.
	Groups map[string]GroupSpec
	// Delayed names the delayed tests.
	Delayed []string
	// Matrix is the K×K cost matrix, rows = predicted class, columns =
	// actual class; nil means DefaultMatrix.
	Matrix [][]float64
	// Rename maps a test name as Tests spells it to the dataset's feature
	// name, for files whose names differ from the data's beyond case and
	// separators (hepatitis.cost's "antviral" is the data's ANTIVIRALS).
	Rename map[string]string

	// src says where the tests read from files came from, for errors:
	// nil for none.
	src *source
	// key is where the spec sits in the config (costs,
	// cost.datasets[0].costs), for errors; "" means costs.
	key string
}

// GroupSpec is a group: its common cost and its members.
type GroupSpec struct {
	Common  float64
	Members []string
}

// source records the files and lines a Spec was read from.
type source struct {
	costFile  string
	costLine  map[string]int // test → line of its .cost entry
	groupFile string
	groupLine map[string]int // test → line of its .group entry
	delayFile string
	delayLine map[string]int
}

// where returns the *input.Error for a problem with test name: at its
// line of the file it came from, else (the config gave it) under key.
func (s *Spec) where(file string, lines map[string]int, name, key, format string, args ...any) error {
	if line, ok := lines[name]; ok && s.src != nil && file != "" {
		return input.Filef(file, line, format, args...)
	}
	return input.Keyf(key, format, args...)
}

// keyOf returns the config key of part of the spec (tests.b, matrix).
func (s *Spec) keyOf(part string) string {
	if s.key == "" {
		return "costs." + part
	}
	return s.key + "." + part
}

// Resolve returns the model of a dataset whose features are named
// features (in order) and that has the given number of classes. A test
// name matches the feature of that name, else the one that equals it
// ignoring case and treating ' ', '-' and '_' alike (Rename first maps
// names the data spells otherwise). It fails naming the test or feature:
// a test that is no feature, a feature with no cost and no Default, a
// negative or non-finite cost, a test in two groups, a matrix of the
// wrong shape or with a non-finite entry.
func (s *Spec) Resolve(features []string, classes int) (*Model, error) {
	src := s.src
	if src == nil {
		src = &source{}
	}
	match, err := s.matcher(features)
	if err != nil {
		return nil, err
	}
	m := &Model{Tests: make([]Test, len(features))}
	set := make([]bool, len(features))
	for _, name := range slices.Sorted(maps.Keys(s.Tests)) {
		c := s.Tests[name]
		f, ok := match(name)
		if !ok {
			return nil, s.where(src.costFile, src.costLine, name, s.keyOf("tests."+name), "test %s is not a feature of the data (features: %s)", input.Excerpt(name), input.Excerpts(features))
		}
		if set[f] {
			return nil, s.where(src.costFile, src.costLine, name, s.keyOf("tests."+name), "test %s names feature %s again", input.Excerpt(name), input.Excerpt(features[f]))
		}
		if !(c >= 0) || math.IsInf(c, 0) {
			return nil, s.where(src.costFile, src.costLine, name, s.keyOf("tests."+name), "cost of %s must be finite and >= 0, got %v", input.Excerpt(name), c)
		}
		set[f] = true
		m.Tests[f] = Test{Name: features[f], Cost: c, Group: NoGroup}
	}
	for f, ok := range set {
		if ok {
			continue
		}
		if s.Default == nil {
			file := ""
			if s.src != nil {
				file = s.src.costFile
			}
			if file != "" {
				return nil, input.Filef(file, 0, "no cost for feature %s (give it one, or a default, in %s)", input.Excerpt(features[f]), s.keyOf("tests"))
			}
			return nil, input.Keyf(s.keyOf("tests"), "no cost for feature %s (give it one, or a default)", input.Excerpt(features[f]))
		}
		d := *s.Default
		if !(d >= 0) || math.IsInf(d, 0) {
			return nil, input.Keyf(s.keyOf("tests.default"), "must be finite and >= 0, got %v", d)
		}
		m.Tests[f] = Test{Name: features[f], Cost: d, Group: NoGroup}
	}
	for _, g := range slices.Sorted(maps.Keys(s.Groups)) {
		gs := s.Groups[g]
		key := s.keyOf("groups." + g)
		if !(gs.Common >= 0) || math.IsInf(gs.Common, 0) {
			return nil, input.Keyf(key+".common", "must be finite and >= 0, got %v", gs.Common)
		}
		gi := len(m.Groups)
		m.Groups = append(m.Groups, Group{Name: g, Common: gs.Common})
		for _, name := range gs.Members {
			f, ok := match(name)
			if !ok {
				return nil, s.where(src.groupFile, src.groupLine, name, key+".members", "test %s of group %s is not a feature of the data", input.Excerpt(name), input.Excerpt(g))
			}
			if t := m.Tests[f]; t.Group != NoGroup {
				return nil, s.where(src.groupFile, src.groupLine, name, key+".members", "test %s is in groups %s and %s", input.Excerpt(name), input.Excerpt(m.Groups[t.Group].Name), input.Excerpt(g))
			}
			m.Tests[f].Group = gi
		}
	}
	for _, name := range s.Delayed {
		f, ok := match(name)
		if !ok {
			return nil, s.where(src.delayFile, src.delayLine, name, s.keyOf("delayed"), "delayed test %s is not a feature of the data", input.Excerpt(name))
		}
		m.Tests[f].Delayed = true
	}
	m.Matrix = s.Matrix
	if m.Matrix == nil {
		m.Matrix = DefaultMatrix(classes)
	}
	if err := checkMatrix(s.keyOf("matrix"), m.Matrix, classes); err != nil {
		return nil, err
	}
	m.Matrix = cloneMatrix(m.Matrix)
	return m, nil
}

func cloneMatrix(mat [][]float64) [][]float64 {
	out := make([][]float64, len(mat))
	for i, row := range mat {
		out[i] = slices.Clone(row)
	}
	return out
}

// matcher returns the function that finds the feature a test name (after
// Rename) denotes: the exact name, else the one equal under fold. A
// Rename to a name that is not a feature is an error.
func (s *Spec) matcher(features []string) (func(string) (int, bool), error) {
	for _, from := range slices.Sorted(maps.Keys(s.Rename)) {
		if to := s.Rename[from]; !slices.Contains(features, to) {
			return nil, input.Keyf(s.keyOf("rename."+from), "feature %q is not in the data", to)
		}
	}
	return s.match(features), nil
}

// match is matcher without the check of Rename's targets.
func (s *Spec) match(features []string) func(string) (int, bool) {
	exact := make(map[string]int, len(features))
	folded := make(map[string]int, len(features))
	for f, name := range features {
		exact[name] = f
		k := fold(name)
		if _, dup := folded[k]; dup {
			folded[k] = -1 // ambiguous: only exact names reach it
			continue
		}
		folded[k] = f
	}
	return func(name string) (int, bool) {
		if to, ok := s.renamed(name); ok {
			name = to
		}
		if f, ok := exact[name]; ok {
			return f, true
		}
		f, ok := folded[fold(name)]
		return f, ok && f >= 0
	}
}

// Without returns s without the tests of the named columns, which a
// dataset entry drops (drop: [PROTIME] on hepatitis, whose Turney file
// prices it): each test that names one of them as Resolve would match it
// (Rename, exact name, name under fold) leaves Tests, its group's members
// and Delayed, and a Rename to one of them goes. It returns the tests
// taken out, sorted, for the caller to say so; s itself is unchanged, and
// returned as it is when nothing names a column.
func (s *Spec) Without(columns []string) (*Spec, []string) {
	if len(columns) == 0 {
		return s, nil
	}
	match := s.match(columns)
	var gone []string
	for _, name := range s.testNames() {
		if _, ok := match(name); ok {
			gone = append(gone, name)
		}
	}
	if len(gone) == 0 {
		return s, nil
	}
	out := *s
	out.Tests = maps.Clone(s.Tests)
	for _, name := range gone {
		delete(out.Tests, name)
	}
	out.Groups = make(map[string]GroupSpec, len(s.Groups))
	for g, gs := range s.Groups {
		gs.Members = slices.DeleteFunc(slices.Clone(gs.Members), func(n string) bool { return slices.Contains(gone, n) })
		out.Groups[g] = gs
	}
	out.Delayed = slices.DeleteFunc(slices.Clone(s.Delayed), func(n string) bool { return slices.Contains(gone, n) })
	out.Rename = maps.Clone(s.Rename)
	maps.DeleteFunc(out.Rename, func(_, to string) bool { return slices.Contains(columns, to) })
	return &out, gone
}

// renamed returns the feature name Rename gives test name, matching its
// keys as test names match features: exactly, else under fold (a
// config's keys may come lower-cased).
func (s *Spec) renamed(name string) (string, bool) {
	if to, ok := s.Rename[name]; ok {
		return to, true
	}
	for _, from := range slices.Sorted(maps.Keys(s.Rename)) {
		if fold(from) == fold(name) {
			return s.Rename[from], true
		}
	}
	return "", false
}

// testNames returns every test the spec names, by its tests, its groups
// and its delayed list, sorted.
func (s *Spec) testNames() []string {
	names := slices.Collect(maps.Keys(s.Tests))
	for _, g := range s.Groups {
		names = append(names, g.Members...)
	}
	names = append(names, s.Delayed...)
	slices.Sort(names)
	return slices.Compact(names)
}

// fold returns name in lower case with ' ' and '-' turned into '_'.
func fold(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return '_'
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
}
