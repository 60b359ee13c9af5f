package costs

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// TestMatrixRule checks checkMatrix on hand-made matrices, and against
// the rule restated by brute force on random small ones: every entry
// finite, errors >= 0, and in each column (actual class) the right guess
// among the cheapest.
func TestMatrixRule(t *testing.T) {
	for _, tc := range []struct {
		name string
		mat  [][]float64
		want string // "" for valid; else in the message
	}{
		{"default", DefaultMatrix(3), ""},
		{"Turney's sweep", [][]float64{{0, 500}, {500, 0}}, ""},
		{"benefits on the diagonal", [][]float64{{-10, 50}, {5, -1}}, ""},
		{"a free class", [][]float64{{0, 0}, {0, 0}}, ""},
		{"a benefit for an error", [][]float64{{0, -1}, {1, 0}}, "entry [0][1]"},
		{"a right guess dearer than an error", [][]float64{{5, 1}, {1, 0}}, "entry [0][0] = 5"},
		{"not finite", [][]float64{{0, math.Inf(1)}, {1, 0}}, "finite"},
		{"not square", [][]float64{{0, 1}}, "must be 1×1"},
	} {
		err := checkMatrix("costs.matrix", tc.mat, len(tc.mat))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: checkMatrix(%v) = %v; want nil", tc.name, tc.mat, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: checkMatrix(%v) = %v; want an error naming %q", tc.name, tc.mat, err, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(21, 8))
	for range 2000 {
		k := 1 + rng.IntN(3)
		mat := make([][]float64, k)
		for p := range mat {
			mat[p] = make([]float64, k)
			for a := range mat[p] {
				mat[p][a] = float64(rng.IntN(5) - 2)
			}
		}
		valid := true
		for a := range k {
			for p := range k {
				if p != a && (mat[p][a] < 0 || mat[p][a] < mat[a][a]) {
					valid = false
				}
			}
		}
		if err := checkMatrix("m", mat, k); (err == nil) != valid {
			t.Fatalf("checkMatrix(%v) = %v; the rule says valid = %v", mat, err, valid)
		}
	}
}

// TestSectionChecks checks what Section.Resolve refuses before any data
// is read, naming the key: a matrix against the rule, and a rename from
// a test the cost files lack (naming the .cost file); and that a config
// test overriding a file's (under another case) is the config's, its
// problems keyed by the config, not by the file's line.
func TestSectionChecks(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "x")
	if err := os.WriteFile(base+".cost", []byte("a: 1\nantviral: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	keyOf := func(err error) string {
		var ie *input.Error
		if !errors.As(err, &ie) {
			return ""
		}
		return ie.Key
	}
	_, err := Section{UCI: base, Matrix: []any{[]any{0, -3}, []any{1, 0}}}.Resolve("cost.datasets[1].costs", "")
	if keyOf(err) != "cost.datasets[1].costs.matrix" || !strings.Contains(err.Error(), "-3") {
		t.Errorf("negative error cost: %v; want cost.datasets[1].costs.matrix naming -3", err)
	}
	_, err = Section{UCI: base, Rename: map[string]any{"antivirals": "ANTIVIRALS"}}.Resolve("costs", "")
	if keyOf(err) != "costs.rename.antivirals" || !strings.Contains(err.Error(), base+".cost") || !strings.Contains(err.Error(), "antviral") {
		t.Errorf("rename from no test: %v; want costs.rename.antivirals naming %s.cost and its tests", err, base)
	}
	_, err = Section{Tests: map[string]any{"a": 1}, Rename: map[string]any{"b": "B"}}.Resolve("costs", "")
	if keyOf(err) != "costs.rename.b" || !strings.Contains(err.Error(), "costs.tests") {
		t.Errorf("rename from no config test: %v; want costs.rename.b naming costs.tests", err)
	}
	c, err := Section{UCI: base, Rename: map[string]any{"ANTVIRAL": "ANTIVIRALS"}}.Resolve("costs", "")
	if err != nil {
		t.Fatalf("rename under another case: %v", err)
	}
	m, err := c.Spec.Resolve([]string{"a", "ANTIVIRALS"}, 2)
	if err != nil || m.Tests[1].Cost != 2 {
		t.Errorf("rename under another case: %v, model %+v; want ANTIVIRALS at cost 2", err, m)
	}
	c, err = Section{UCI: base, Tests: map[string]any{"A": -5}}.Resolve("cost.datasets[0].costs", "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Spec.Resolve([]string{"a", "antviral"}, 2)
	var ie *input.Error
	if !errors.As(err, &ie) || ie.File != "" || ie.Key != "cost.datasets[0].costs.tests.A" {
		t.Errorf("config's negative cost over the file's: %v (%+v); want key cost.datasets[0].costs.tests.A, no file", err, ie)
	}
	c, err = Section{UCI: base, Tests: map[string]any{"A": 4}}.Resolve("costs", "")
	if err != nil {
		t.Fatal(err)
	}
	if m, err := c.Spec.Resolve([]string{"a", "antviral"}, 2); err != nil || m.Tests[0].Cost != 4 {
		t.Errorf("config's cost over the file's: %v, model %+v; want a at cost 4", err, m)
	}
}

func TestMayCredit(t *testing.T) {
	benefit := [][]float64{{-1, 5}, {5, 0}}
	plain := [][]float64{{0, 5}, {5, 0}}
	for _, tc := range []struct {
		name string
		c    *Config
		want bool
	}{
		{"none", nil, false},
		{"default matrix", &Config{Spec: &Spec{}}, false},
		{"spec, no benefit", &Config{Spec: &Spec{Matrix: plain}}, false},
		{"spec, a benefit", &Config{Spec: &Spec{Matrix: benefit}}, true},
		{"draw, a benefit", &Config{Draw: &DrawOptions{Matrix: benefit}}, true},
	} {
		if got := tc.c.MayCredit(); got != tc.want {
			t.Errorf("%s: MayCredit = %v; want %v", tc.name, got, tc.want)
		}
	}
}
