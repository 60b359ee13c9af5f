package trainset

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
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

// TestCheckData: on a dataset with a numeric feature, a learner that
// takes only nominal values (id3) is refused, naming itself, the dataset
// and the feature, keyed learners; the benchmark classifiers V and X,
// which read no feature, are admitted; a learner limited to other
// datasets is not checked.
func TestCheckData(t *testing.T) {
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "temp", Numeric: true}}, Class: dataset.Attribute{Name: "play", Values: []string{"no", "yes"}}}
	d, err := dataset.NewMixed(s, [][]uint8{nil}, [][]float64{{1.5, 2}}, []uint8{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	set, err := New([]train.Spec{{Name: "majority"}, {Name: "random"}, {Name: "id3"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = set.CheckData("weather", d)
	if !input.Is(err) || !strings.Contains(err.Error(), "dataset weather: learner id3 takes nominal features only, and temp is numeric") {
		t.Errorf("CheckData: %v; want id3 refused on temp, as an input error", err)
	}
	only, err := New([]train.Spec{{Name: "majority"}, {Name: "id3", Datasets: []string{"other"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := only.CheckData("weather", d); err != nil {
		t.Errorf("id3 limited to dataset other was checked on weather: %v", err)
	}
}
