package costs

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

func ptr(x float64) *float64 { return &x }

// TestResolve checks the match of test names to features (exact, then
// ignoring case and separators, after Rename), defaults, groups, delayed
// tests and the default matrix.
func TestResolve(t *testing.T) {
	features := []string{"AGE", "LIVER BIG", "chol", "fbs"}
	s := &Spec{
		Tests:   map[string]float64{"age": 1, "liver_big": 2, "cholesterol": 5.17},
		Default: ptr(3),
		Groups:  map[string]GroupSpec{"blood": {Common: 2.1, Members: []string{"cholesterol", "fbs"}}},
		Delayed: []string{"Chol", "fbs"},
		Rename:  map[string]string{"cholesterol": "chol"},
	}
	m, err := s.Resolve(features, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []Test{
		{Name: "AGE", Cost: 1, Group: NoGroup},
		{Name: "LIVER BIG", Cost: 2, Group: NoGroup},
		{Name: "chol", Cost: 5.17, Group: 0, Delayed: true},
		{Name: "fbs", Cost: 3, Group: 0, Delayed: true},
	}
	for f, w := range want {
		if m.Tests[f] != w {
			t.Errorf("test %d = %+v; want %+v", f, m.Tests[f], w)
		}
	}
	if len(m.Groups) != 1 || m.Groups[0] != (Group{Name: "blood", Common: 2.1}) {
		t.Errorf("groups = %+v; want blood 2.1", m.Groups)
	}
	if m.Full(2) != 5.17+2.1 {
		t.Errorf("Full(chol) = %v; want 7.27", m.Full(2))
	}
	if got := m.Matrix; len(got) != 2 || got[0][0] != 0 || got[0][1] != 1 || got[1][0] != 1 || got[1][1] != 0 {
		t.Errorf("matrix = %v; want the default [[0 1] [1 0]]", got)
	}
	if err := m.Fits(4, 2); err != nil {
		t.Errorf("Fits: %v", err)
	}
}

// TestResolveErrors checks that every bad spec fails with an *input.Error
// under the config key naming the culprit.
func TestResolveErrors(t *testing.T) {
	features := []string{"a", "b", "c"}
	base := func() *Spec {
		return &Spec{Tests: map[string]float64{"a": 1, "b": 2, "c": 3}}
	}
	cases := []struct {
		name    string
		edit    func(s *Spec)
		classes int
		key     string
		msg     string
	}{
		{"unknown feature", func(s *Spec) { s.Tests["zeta"] = 1 }, 2, "costs.tests.zeta", `test "zeta" is not a feature`},
		{"negative cost", func(s *Spec) { s.Tests["b"] = -1 }, 2, "costs.tests.b", "must be finite and >= 0, got -1"},
		{"NaN cost", func(s *Spec) { s.Tests["b"] = math.NaN() }, 2, "costs.tests.b", "got NaN"},
		{"infinite cost", func(s *Spec) { s.Tests["b"] = math.Inf(1) }, 2, "costs.tests.b", "got +Inf"},
		{"missing cost", func(s *Spec) { delete(s.Tests, "c") }, 2, "costs.tests", `no cost for feature "c"`},
		{"negative default", func(s *Spec) { delete(s.Tests, "c"); s.Default = ptr(-2) }, 2, "costs.tests.default", "got -2"},
		{"two names, one feature", func(s *Spec) { s.Tests["A"] = 4 }, 2, "costs.tests.a", `names feature "a" again`},
		{"unknown member", func(s *Spec) { s.Groups = map[string]GroupSpec{"g": {Common: 1, Members: []string{"q"}}} }, 2, "costs.groups.g.members", `"q" of group "g"`},
		{"two groups", func(s *Spec) {
			s.Groups = map[string]GroupSpec{"g": {Common: 1, Members: []string{"a"}}, "h": {Common: 1, Members: []string{"a"}}}
		}, 2, "costs.groups.h.members", `"a" is in groups "g" and "h"`},
		{"negative common", func(s *Spec) { s.Groups = map[string]GroupSpec{"g": {Common: -1, Members: []string{"a"}}} }, 2, "costs.groups.g.common", "got -1"},
		{"unknown delayed", func(s *Spec) { s.Delayed = []string{"x"} }, 2, "costs.delayed", `"x" is not a feature`},
		{"matrix rows", func(s *Spec) { s.Matrix = [][]float64{{0, 1}, {1, 0}} }, 3, "costs.matrix", "must be 3×3"},
		{"matrix row length", func(s *Spec) { s.Matrix = [][]float64{{0, 1}, {1}} }, 2, "costs.matrix", "row 1 has 1 entries"},
		{"matrix NaN", func(s *Spec) { s.Matrix = [][]float64{{0, math.NaN()}, {1, 0}} }, 2, "costs.matrix", "entry [0][1] must be finite"},
		{"matrix Inf", func(s *Spec) { s.Matrix = [][]float64{{0, 1}, {math.Inf(-1), 0}} }, 2, "costs.matrix", "entry [1][0] must be finite"},
		{"rename to nothing", func(s *Spec) { s.Rename = map[string]string{"a": "nope"} }, 2, "costs.rename.a", `"nope" is not in the data`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			tc.edit(s)
			_, err := s.Resolve(features, tc.classes)
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("Resolve error = %v (%T); want *input.Error", err, err)
			}
			if ie.Key != tc.key || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Resolve error = %q (key %q); want key %q and %q", err, ie.Key, tc.key, tc.msg)
			}
		})
	}
}

// TestNegativeMatrixAllowed checks that benefits (negative entries) pass.
func TestNegativeMatrixAllowed(t *testing.T) {
	s := &Spec{Default: ptr(1), Matrix: [][]float64{{-10, 50}, {5, -1}}}
	m, err := s.Resolve([]string{"a"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if m.Misclassification(0, 0) != -10 {
		t.Errorf("M[0][0] = %v; want -10", m.Misclassification(0, 0))
	}
}

// TestValidate checks Model.Validate on bad models, and Performing, the
// cost of a classifier that reads a set of tests.
func TestValidate(t *testing.T) {
	good := func() *Model {
		return &Model{
			Tests:  []Test{{Name: "a", Cost: 1, Group: 0}, {Name: "b", Cost: 2, Group: 0}, {Name: "c", Cost: 4, Group: NoGroup}},
			Groups: []Group{{Name: "g", Common: 10}},
			Matrix: DefaultMatrix(2),
		}
	}
	if err := good().Validate(); err != nil {
		t.Fatal(err)
	}
	m := good()
	for _, tc := range []struct {
		used []bool
		want float64
	}{
		{[]bool{true, false, false}, 11},
		{[]bool{true, true, false}, 13},
		{[]bool{false, false, true}, 4},
		{[]bool{true, true, true}, 17},
	} {
		if got := m.Performing(tc.used); got != tc.want {
			t.Errorf("Performing(%v) = %v; want %v", tc.used, got, tc.want)
		}
	}
	if m.All() != 17 {
		t.Errorf("All() = %v; want 17", m.All())
	}
	for _, tc := range []struct {
		name string
		edit func(m *Model)
		key  string
	}{
		{"negative cost", func(m *Model) { m.Tests[1].Cost = -0.5 }, "costs.tests.b"},
		{"NaN cost", func(m *Model) { m.Tests[2].Cost = math.NaN() }, "costs.tests.c"},
		{"unnamed test", func(m *Model) { m.Tests[2].Name = ""; m.Tests[2].Cost = -1 }, "costs.tests.f2"},
		{"bad group", func(m *Model) { m.Tests[0].Group = 3 }, "costs.tests.a"},
		{"negative common", func(m *Model) { m.Groups[0].Common = -1 }, "costs.groups.g"},
		{"ragged matrix", func(m *Model) { m.Matrix[1] = []float64{1} }, "costs.matrix"},
		{"no classes", func(m *Model) { m.Matrix = nil }, "costs.matrix"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := good()
			tc.edit(m)
			var ie *input.Error
			if err := m.Validate(); !errors.As(err, &ie) || ie.Key != tc.key {
				t.Errorf("Validate = %v; want an *input.Error keyed %q", err, tc.key)
			}
		})
	}
}

// TestProject keeps the chosen tests, their groups (renumbered) and the
// matrix; a test outside the subset takes its group along only when a kept
// member is in it.
func TestProject(t *testing.T) {
	m := &Model{
		Tests: []Test{
			{Name: "a", Cost: 1, Group: NoGroup},
			{Name: "b", Cost: 2, Group: 1},
			{Name: "c", Cost: 3, Group: 0},
			{Name: "d", Cost: 4, Group: 1, Delayed: true},
		},
		Groups: []Group{{Name: "g0", Common: 10}, {Name: "g1", Common: 20}},
		Matrix: DefaultMatrix(2),
	}
	p := m.Project([]int{1, 3, 0})
	if len(p.Tests) != 3 || p.Tests[0].Name != "b" || p.Tests[1].Name != "d" || !p.Tests[1].Delayed || p.Tests[2].Name != "a" {
		t.Fatalf("tests %+v", p.Tests)
	}
	if len(p.Groups) != 1 || p.Groups[0].Name != "g1" || p.Tests[0].Group != 0 || p.Tests[1].Group != 0 || p.Tests[2].Group != NoGroup {
		t.Errorf("groups %+v, tests %+v; want g1 alone as group 0 of b and d", p.Groups, p.Tests)
	}
	if err := p.Fits(3, 2); err != nil {
		t.Error(err)
	}
	// b and d share g1's 20 once: 2 + 4 + 20, plus a.
	if got := p.All(); got != 27 {
		t.Errorf("All = %v; want 27", got)
	}
	if w := m.WithMatrix([][]float64{{0, 5}, {7, 0}}); w.Misclassification(1, 0) != 7 || m.Misclassification(1, 0) != 1 {
		t.Errorf("WithMatrix changed the original or did not take")
	}
}

// TestWithout checks that the tests of dropped columns leave a spec as
// Resolve matches names (exactly, under fold, through Rename), from its
// tests, groups and delayed list, and that the rest resolves against the
// features left.
func TestWithout(t *testing.T) {
	spec := func() *Spec {
		return &Spec{
			Tests:   map[string]float64{"age": 1, "protime": 2, "cholesterol": 5.17, "fbs": 3},
			Groups:  map[string]GroupSpec{"blood": {Common: 2.1, Members: []string{"cholesterol", "fbs"}}},
			Delayed: []string{"Chol", "fbs"},
			Rename:  map[string]string{"cholesterol": "chol"},
		}
	}
	features := []string{"AGE", "PROTIME", "chol", "fbs"}
	for _, tc := range []struct {
		name     string
		drop     []string
		gone     []string
		features []string // what is left of features
		tests    []string // the model's tests
		grouped  []string // its tests in group blood
		delayed  []string
	}{
		{"nothing dropped", nil, nil, features, features, []string{"chol", "fbs"}, []string{"chol", "fbs"}},
		{"a column no test names", []string{"x"}, nil, features, features, []string{"chol", "fbs"}, []string{"chol", "fbs"}},
		{"under fold", []string{"PROTIME"}, []string{"protime"}, []string{"AGE", "chol", "fbs"}, []string{"AGE", "chol", "fbs"},
			[]string{"chol", "fbs"}, []string{"chol", "fbs"}},
		{"through rename, grouped and delayed", []string{"chol"}, []string{"Chol", "cholesterol"}, []string{"AGE", "PROTIME", "fbs"},
			[]string{"AGE", "PROTIME", "fbs"}, []string{"fbs"}, []string{"fbs"}},
		{"a group emptied", []string{"chol", "fbs"}, []string{"Chol", "cholesterol", "fbs"}, []string{"AGE", "PROTIME"},
			[]string{"AGE", "PROTIME"}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := spec()
			out, gone := s.Without(tc.drop)
			if !slices.Equal(gone, tc.gone) {
				t.Errorf("Without(%q) took out %q; want %q", tc.drop, gone, tc.gone)
			}
			if len(gone) == 0 && out != s {
				t.Error("Without changed a spec that names no dropped column")
			}
			if !reflect.DeepEqual(s, spec()) {
				t.Errorf("Without modified its receiver: %+v", s)
			}
			m, err := out.Resolve(tc.features, 2)
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			var tests, grouped, delayed []string
			for _, ts := range m.Tests {
				tests = append(tests, ts.Name)
				if ts.Group != NoGroup {
					grouped = append(grouped, ts.Name)
				}
				if ts.Delayed {
					delayed = append(delayed, ts.Name)
				}
			}
			if !slices.Equal(tests, tc.tests) || !slices.Equal(grouped, tc.grouped) || !slices.Equal(delayed, tc.delayed) {
				t.Errorf("tests %q, grouped %q, delayed %q; want %q, %q, %q", tests, grouped, delayed, tc.tests, tc.grouped, tc.delayed)
			}
		})
	}
	// Without the drop, the same features are refused: the test is no feature.
	if _, err := spec().Resolve([]string{"AGE", "chol", "fbs"}, 2); err == nil || !strings.Contains(err.Error(), "protime") {
		t.Errorf("Resolve without PROTIME = %v; want the test refused", err)
	}
}
