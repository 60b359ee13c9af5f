package costs

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// FuzzReadUCI feeds ReadUCI arbitrary .cost, .group and .expense files:
// it must never panic, fail only with an *input.Error, and whatever it
// accepts must resolve, against its own test names, to a valid model.
func FuzzReadUCI(f *testing.F) {
	f.Add("a: 1.00\nb: 7.27\nc: 5.20\n", "A.\nb: A.\nc: A.\n", "a: 1, 1\nb: 7.27, 5.17\nc: 5.20, 3.10\n")
	f.Add("x:\t\t3.\n| comment\n", "", "")
	f.Add("a: 1\n", "A, B.\na: B.\n", "a: 1, 0.5\n")
	f.Add("a: -1\n", "A\n", "a: 1\n")
	f.Fuzz(func(t *testing.T, cost, group, expense string) {
		dir := t.TempDir()
		base := filepath.Join(dir, "x")
		for ext, text := range map[string]string{".cost": cost, ".group": group, ".expense": expense} {
			if text == "" && ext != ".cost" {
				continue
			}
			if err := os.WriteFile(base+ext, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, err := ReadUCI(base)
		if err != nil {
			if !input.Is(err) {
				t.Fatalf("ReadUCI error %v (%T) is not bad input", err, err)
			}
			return
		}
		names := slices.Sorted(maps.Keys(s.Tests))
		m, err := s.Resolve(names, 2)
		if err != nil {
			t.Fatalf("accepted files do not resolve against their own tests %q: %v", names, err)
		}
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
