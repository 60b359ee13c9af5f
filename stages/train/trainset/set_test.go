package trainset

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/external"
)

// TestCheckFeatures: a learner whose K exceeds the study's features is
// refused, keyed by the learner and option, and one within them passes.
func TestCheckFeatures(t *testing.T) {
	for _, name := range []string{"randomforest", "randomtree"} {
		s, err := New([]train.Spec{{Name: name, Options: map[string]any{"k": 5}}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CheckFeatures(4); !input.Is(err) || !strings.Contains(err.Error(), "learners."+name+".k") {
			t.Errorf("%s: CheckFeatures(4) with k = 5: %v; want an input error keyed learners.%s.k", name, err, name)
		}
		if err := s.CheckFeatures(5); err != nil {
			t.Errorf("%s: CheckFeatures(5) with k = 5: %v", name, err)
		}
	}
}

// TestNewRefuses: New refuses an empty list, a learner listed twice, an
// unknown learner, and an external learner named like a built-in one,
// each as an *input.Error naming the key.
func TestNewRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		specs []train.Spec
		key   string
	}{
		{"empty", nil, "learners"},
		{"twice", []train.Spec{{Name: "id3"}, {Name: "id3"}}, "learners"},
		{"unknown", []train.Spec{{Name: "nosuch"}}, "learners"},
		{"external named id3", []train.Spec{{Name: "id3", External: &external.Spec{Command: []string{"true"}}}}, "learners.external.name"},
	} {
		_, err := New(tc.specs, Options{})
		if !input.Is(err) || !strings.Contains(err.Error(), tc.key) {
			t.Errorf("%s: %v; want an input error keyed %s", tc.name, err, tc.key)
		}
	}
}
