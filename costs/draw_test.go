package costs

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// TestDraw checks drawn models: valid, the same for the same generator
// state, costs in range, the asked shares of delayed and grouped tests,
// every group with a member.
func TestDraw(t *testing.T) {
	o := DrawOptions{MinCost: 2, MaxCost: 50, Delayed: 0.3, Groups: 3, Grouped: 0.5, MinCommon: 1, MaxCommon: 4}
	for seed := range uint64(20) {
		draw := func() *Model {
			m, err := Draw(rand.New(rand.NewPCG(seed, 1)), 10, 3, o)
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		m := draw()
		if !reflect.DeepEqual(m, draw()) {
			t.Fatalf("seed %d: two draws differ", seed)
		}
		if err := m.Fits(10, 3); err != nil {
			t.Fatal(err)
		}
		delayed, grouped := 0, 0
		members := make([]int, len(m.Groups))
		for _, ts := range m.Tests {
			if ts.Cost < 2 || ts.Cost > 50 {
				t.Errorf("seed %d: cost %v outside [2, 50]", seed, ts.Cost)
			}
			if ts.Delayed {
				delayed++
			}
			if ts.Group != NoGroup {
				grouped++
				members[ts.Group]++
			}
		}
		if delayed != 3 || grouped != 5 || len(m.Groups) != 3 {
			t.Errorf("seed %d: %d delayed, %d grouped in %d groups; want 3, 5, 3", seed, delayed, grouped, len(m.Groups))
		}
		for g, n := range members {
			if n == 0 {
				t.Errorf("seed %d: group %d has no member", seed, g)
			}
			if c := m.Groups[g].Common; c < 1 || c > 4 {
				t.Errorf("seed %d: common cost %v outside [1, 4]", seed, c)
			}
		}
	}
	m, err := Draw(rand.New(rand.NewPCG(1, 1)), 4, 2, DefaultDrawOptions())
	if err != nil {
		t.Fatal(err)
	}
	for _, ts := range m.Tests {
		if ts.Delayed || ts.Group != NoGroup {
			t.Errorf("default draw: %+v; want immediate, no group", ts)
		}
	}
	m, err = Draw(rand.New(rand.NewPCG(1, 1)), 4, 2, DrawOptions{MaxCost: 1, Matrix: [][]float64{{0, 9}, {3, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	if m.Matrix[0][1] != 9 {
		t.Errorf("matrix %v; want the given one", m.Matrix)
	}
}

// TestDrawOptionsValidate checks the keys of bad draw options.
func TestDrawOptionsValidate(t *testing.T) {
	for _, tc := range []struct {
		o   DrawOptions
		key string
	}{
		{DrawOptions{MinCost: -1, MaxCost: 1}, "min_cost"},
		{DrawOptions{MinCost: 2, MaxCost: 1}, "max_cost"},
		{DrawOptions{MaxCost: 1, Delayed: 1.5}, "delayed"},
		{DrawOptions{MaxCost: 1, Groups: -1}, "groups"},
		{DrawOptions{MaxCost: 1, Grouped: 0.5}, "groups"},
		{DrawOptions{MaxCost: 1, Groups: 1, Grouped: -0.1}, "grouped"},
		{DrawOptions{MaxCost: 1, MinCommon: 3, MaxCommon: 2}, "max_common"},
		{DrawOptions{MaxCost: 1, Matrix: [][]float64{{0, 1}}}, "matrix"},
	} {
		var ie *input.Error
		if err := tc.o.Validate(); !errors.As(err, &ie) || ie.Key != tc.key {
			t.Errorf("Validate(%+v) = %v; want key %q", tc.o, err, tc.key)
		}
	}
	if _, err := Draw(rand.New(rand.NewPCG(1, 1)), 3, 3, DrawOptions{MaxCost: 1, Matrix: DefaultMatrix(2)}); !input.Is(err) {
		t.Errorf("a 2×2 matrix for 3 classes: %v; want an input error", err)
	}
}
