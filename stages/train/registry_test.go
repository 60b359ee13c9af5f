package train

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/tree"
)

func TestNames(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) {
		t.Errorf("Names() = %v; not sorted", names)
	}
	if !slices.Contains(names, "id3") {
		t.Errorf("Names() = %v; want id3 among them", names)
	}
	for _, n := range names {
		if About(n) == "" {
			t.Errorf("About(%q) is empty", n)
		}
	}
	if About("nosuch") != "" {
		t.Errorf("About(nosuch) = %q; want empty", About("nosuch"))
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		spec    Spec
		wantKey string // "" = no error
		wantMsg string // substring of the error message
		check   func(t *testing.T, l Learner)
	}{
		{name: "id3 without options", spec: Spec{Name: "id3"}},
		{name: "id3 empty options", spec: Spec{Name: "id3", Options: map[string]any{}}},
		{
			name: "id3 max_depth", spec: Spec{Name: "id3", Options: map[string]any{"max_depth": 3}},
			check: func(t *testing.T, l Learner) {
				if got := l.(ID3).Options.MaxDepth; got != 3 {
					t.Errorf("MaxDepth = %d; want 3", got)
				}
			},
		},
		{
			name: "whole float for an integer", spec: Spec{Name: "id3", Options: map[string]any{"max_depth": 4.0}},
			check: func(t *testing.T, l Learner) {
				if got := l.(ID3).Options.MaxDepth; got != 4 {
					t.Errorf("MaxDepth = %d; want 4", got)
				}
			},
		},
		{
			name: "unknown learner", spec: Spec{Name: "c99"},
			wantKey: "learners", wantMsg: `unknown learner "c99" (known: c45, `,
		},
		{
			name: "unknown option", spec: Spec{Name: "id3", Options: map[string]any{"bogus": 1}},
			wantKey: "learners.id3.bogus", wantMsg: `unknown option "bogus"`,
		},
		{
			name: "negative max_depth", spec: Spec{Name: "id3", Options: map[string]any{"max_depth": -1}},
			wantKey: "learners.id3.max_depth", wantMsg: "must be >= 0 (0 = no limit), got -1",
		},
		{
			name: "string for an integer", spec: Spec{Name: "id3", Options: map[string]any{"max_depth": "3"}},
			wantKey: "learners.id3.max_depth", wantMsg: `want an integer, got "3"`,
		},
		{
			name: "fractional float for an integer", spec: Spec{Name: "id3", Options: map[string]any{"max_depth": 2.5}},
			wantKey: "learners.id3.max_depth", wantMsg: "want an integer, got 2.5",
		},
		{
			name: "bool for an integer", spec: Spec{Name: "id3", Options: map[string]any{"max_depth": true}},
			wantKey: "learners.id3.max_depth", wantMsg: "want an integer, got true",
		},
		{
			// Options are decoded in sorted order, so the first bad one is named.
			name: "two bad options", spec: Spec{Name: "id3", Options: map[string]any{"zeta": 1, "alpha": 2}},
			wantKey: "learners.id3.alpha", wantMsg: `unknown option "alpha"`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := New(tc.spec)
			if tc.wantKey == "" {
				if err != nil {
					t.Fatalf("New(%+v): %v", tc.spec, err)
				}
				if tc.check != nil {
					tc.check(t, l)
				}
				return
			}
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("New(%+v) error = %v (%T); want *input.Error", tc.spec, err, err)
			}
			if ie.Key != tc.wantKey {
				t.Errorf("key = %q; want %q (error %v)", ie.Key, tc.wantKey, err)
			}
			if !strings.Contains(err.Error(), tc.wantMsg) {
				t.Errorf("error %q does not contain %q", err, tc.wantMsg)
			}
			if !input.Is(err) {
				t.Errorf("input.Is(%v) = false", err)
			}
		})
	}
}

// TestNewFits checks that every registered learner builds with its
// defaults and fits a small dataset.
func TestNewFits(t *testing.T) {
	d := oracleData(t, 2, repeat(2, 6), 2, 3, 100)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			l, err := New(Spec{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			m, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if c := m.Predict(d.Row(0, nil)); c < 0 || c >= d.Classes() {
				t.Errorf("Predict = %d; want a class in 0..%d", c, d.Classes()-1)
			}
		})
	}
}

// fakeTree is a subpackage-style learner: its Fit returns its own model
// type, which is a TreeModel structurally.
type fakeTree struct{ fail bool }

type fakeTreeModel struct{ t *tree.Tree }

func (m *fakeTreeModel) Predict(x []uint8) int { return m.t.Predict(x) }
func (m *fakeTreeModel) Tree() *tree.Tree      { return m.t }

func (f fakeTree) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (*fakeTreeModel, error) {
	if f.fail {
		return nil, errors.New("fake failure")
	}
	m, err := ID3{}.Fit(d, rows, rng)
	if err != nil {
		return nil, err
	}
	return &fakeTreeModel{m.(TreeModel).Tree()}, nil
}

func TestAdapt(t *testing.T) {
	d := oracleData(t, 2, repeat(2, 6), 2, 3, 100)
	m, err := adapt[*fakeTreeModel](fakeTree{}).Fit(d, d.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := m.(TreeModel); !ok {
		t.Errorf("adapted model %T is not a TreeModel", m)
	}
	m, err = adapt[*fakeTreeModel](fakeTree{fail: true}).Fit(d, d.All(), nil)
	if err == nil || m != nil {
		t.Errorf("failing fit = (%v, %v); want (nil, error) with an untyped nil model", m, err)
	}
}

func TestExactThroughTheRegistry(t *testing.T) {
	l, err := New(Spec{Name: "exact", Options: map[string]any{"time_budget": "30s"}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	oracle := randomOracle(rng, []int{2, 2, 2, 2, 2, 2}, 2, 3)
	d := sample(t, rng, oracle, 200)
	m, err := l.Fit(d, d.All(), rng)
	if err != nil {
		t.Fatal(err)
	}
	tm, ok := m.(TreeModel)
	if !ok {
		t.Fatalf("exact model %T is not a TreeModel", m)
	}
	if opt, ok := m.(interface{ Optimal() bool }); !ok || !opt.Optimal() {
		t.Errorf("exact model does not report optimality")
	}
	if depth := tm.Tree().Depth(); depth > 3 {
		t.Errorf("exact depth %d exceeds the oracle's 3", depth)
	}
	l, err = New(Spec{Name: "exact", Options: map[string]any{"objective": "depth"}})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := l.Fit(d, d.All(), rng); err != nil || m.(TreeModel).Tree().Depth() != tm.Tree().Depth() {
		t.Errorf("objective depth: fit = %v; want a tree of depth %d", err, tm.Tree().Depth())
	}
	for _, bad := range []map[string]any{{"time_budget": "soon"}, {"time_budget": "-1s"}, {"max_depth": -2}, {"objective": "leaves"}} {
		if _, err := New(Spec{Name: "exact", Options: bad}); !input.Is(err) {
			t.Errorf("options %v: err = %v, want an input error", bad, err)
		}
	}
}
