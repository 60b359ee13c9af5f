package costs

import (
	"fmt"
	"math"

	"github.com/dtbench/dtbench/input"
)

// NoGroup is the Group of a test that shares no common cost.
const NoGroup = -1

// Model is a cost model resolved against one dataset (see the package
// doc): one Test per feature, the groups they share common costs in, and
// the K×K misclassification cost matrix.
type Model struct {
	Tests  []Test
	Groups []Group
	// Matrix[p][a] is the cost of guessing class p for a case of class a.
	Matrix [][]float64
}

// Test is the cost of performing one feature's test.
type Test struct {
	Name string
	// Cost is charged whenever the test is performed, on top of its
	// group's common cost when it is the first of its group.
	Cost float64
	// Group indexes Model.Groups, or is NoGroup.
	Group int
	// Delayed says the result comes back too late to choose the next test.
	Delayed bool
}

// Group is a set of tests sharing a common cost (drawing blood), charged
// once per case with the first member performed.
type Group struct {
	Name   string
	Common float64
}

// DefaultMatrix returns the k×k matrix with 0 on the diagonal and 1
// elsewhere, under which the average misclassification cost is the error
// rate.
func DefaultMatrix(k int) [][]float64 {
	m := make([][]float64, k)
	for p := range m {
		m[p] = make([]float64, k)
		for a := range m[p] {
			if a != p {
				m[p][a] = 1
			}
		}
	}
	return m
}

// Unit returns the model of unit costs: every test costs 1, immediate, in
// no group, and the default matrix. The cost-sensitive learners use it
// when no model is given. names may be nil (tests are then named f0, f1, …).
func Unit(features, classes int, names []string) *Model {
	m := &Model{Tests: make([]Test, features), Matrix: DefaultMatrix(classes)}
	for f := range m.Tests {
		m.Tests[f] = Test{Name: testName(names, f), Cost: 1, Group: NoGroup}
	}
	return m
}

// testName returns names[f], or "f<f>" when names has no name for f.
func testName(names []string, f int) string {
	if f < len(names) && names[f] != "" {
		return names[f]
	}
	return fmt.Sprintf("f%d", f)
}

// Validate checks the model: test costs and common costs finite and ≥ 0,
// groups in range, a square matrix with at least one class that keeps
// the matrix rule (checkMatrix). Errors are *input.Error keyed as config spells the part
// (costs.tests.<name>, costs.groups.<name>, costs.matrix).
func (m *Model) Validate() error {
	for f, t := range m.Tests {
		key := func() string {
			if t.Name == "" {
				return fmt.Sprintf("costs.tests.f%d", f)
			}
			return "costs.tests." + t.Name
		}
		if !(t.Cost >= 0) || math.IsInf(t.Cost, 0) {
			return input.Keyf(key(), "cost must be finite and >= 0, got %v", t.Cost)
		}
		if t.Group != NoGroup && (t.Group < 0 || t.Group >= len(m.Groups)) {
			return input.Keyf(key(), "group %d outside 0..%d", t.Group, len(m.Groups)-1)
		}
	}
	for _, g := range m.Groups {
		if !(g.Common >= 0) || math.IsInf(g.Common, 0) {
			return input.Keyf("costs.groups."+g.Name, "common cost must be finite and >= 0, got %v", g.Common)
		}
	}
	return checkMatrix("costs.matrix", m.Matrix, len(m.Matrix))
}

// checkMatrix checks the matrix rule (see doc.go) on mat, which must be
// k×k, k ≥ 1; key names it in errors (costs.matrix, or a dataset's
// costs.matrix). Entry [p][a] is the cost of guessing class p for a case
// of class a: every entry finite; an error's cost (p ≠ a) ≥ 0, never a
// benefit; a right guess's (the diagonal) may be negative, a benefit,
// but no more than any wrong guess for the same actual class, or erring
// would pay.
func checkMatrix(key string, mat [][]float64, k int) error {
	if k < 1 || len(mat) != k {
		return input.Keyf(key, "must be %d×%d (rows = predicted class, columns = actual class), got %d rows", k, k, len(mat))
	}
	for p, row := range mat {
		if len(row) != k {
			return input.Keyf(key, "must be %d×%d, row %d has %d entries", k, k, p, len(row))
		}
		for a, x := range row {
			switch {
			case math.IsNaN(x) || math.IsInf(x, 0):
				return input.Keyf(key, "entry [%d][%d] must be finite, got %v", p, a, x)
			case p != a && x < 0:
				return input.Keyf(key, "entry [%d][%d] (guess %d, actual %d) is %v: the cost of an error must be >= 0 (a benefit goes on the diagonal)", p, a, p, a, x)
			}
		}
	}
	for a := range k {
		for p := range k {
			if p != a && mat[a][a] > mat[p][a] {
				return input.Keyf(key, "entry [%d][%d] = %v, a right guess of class %d, costs more than entry [%d][%d] = %v, a wrong one: a right guess may cost at most what an error costs", a, a, mat[a][a], a, p, a, mat[p][a])
			}
		}
	}
	return nil
}

// Fits checks that the model is valid and has the shape of a dataset of
// the given features and classes.
func (m *Model) Fits(features, classes int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if len(m.Tests) != features {
		return input.Keyf("costs.tests", "%d tests for %d features", len(m.Tests), features)
	}
	if len(m.Matrix) != classes {
		return input.Keyf("costs.matrix", "must be %d×%d for %d classes, got %d×%d", classes, classes, classes, len(m.Matrix), len(m.Matrix))
	}
	return nil
}

// Full returns test f's cost when it is the first of its group performed:
// its Cost plus its group's common cost (Turney's no-discount cost).
func (m *Model) Full(f int) float64 {
	t := m.Tests[f]
	if t.Group == NoGroup {
		return t.Cost
	}
	return t.Cost + m.Groups[t.Group].Common
}

// Performing returns the cost of performing the tests in used (used[f]
// for feature f): each test's Cost, and each group's common cost once if
// any member is used. A classifier that is not a tree pays this for every
// test it reads.
func (m *Model) Performing(used []bool) float64 {
	paid := make([]bool, len(m.Groups))
	s := 0.0
	for f, u := range used {
		if !u {
			continue
		}
		t := m.Tests[f]
		s += t.Cost
		if t.Group != NoGroup && !paid[t.Group] {
			paid[t.Group] = true
			s += m.Groups[t.Group].Common
		}
	}
	return s
}

// All returns the cost of performing every test.
func (m *Model) All() float64 {
	used := make([]bool, len(m.Tests))
	for f := range used {
		used[f] = true
	}
	return m.Performing(used)
}

// Misclassification returns the matrix entry for guessing class predicted
// when the case is of class actual.
func (m *Model) Misclassification(predicted, actual int) float64 {
	return m.Matrix[predicted][actual]
}

// Project returns the model of the dataset that keeps only the given
// features of m's, in that order (a benchmark task's attribute subset):
// their tests, the groups any of them is in (renumbered in order of first
// use), and the same matrix.
func (m *Model) Project(features []int) *Model {
	out := &Model{Tests: make([]Test, len(features)), Matrix: m.Matrix}
	renumber := map[int]int{}
	for i, f := range features {
		t := m.Tests[f]
		if t.Group != NoGroup {
			g, ok := renumber[t.Group]
			if !ok {
				g = len(out.Groups)
				renumber[t.Group] = g
				out.Groups = append(out.Groups, m.Groups[t.Group])
			}
			t.Group = g
		}
		out.Tests[i] = t
	}
	return out
}

// WithMatrix returns a copy of m with another cost matrix (the cost
// study's sweep of the misclassification cost); tests and groups are
// shared, not copied.
func (m *Model) WithMatrix(matrix [][]float64) *Model {
	out := *m
	out.Matrix = matrix
	return &out
}
