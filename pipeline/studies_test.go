package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/dtbench/dtbench/compare"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
)

// TestStudyDefaultLearnersAreRegistered: every study's default learners
// are in the built-in registry, and a config that names no learners gets
// them, the cost study's as the others'.
func TestStudyDefaultLearnersAreRegistered(t *testing.T) {
	for _, d := range studies.list {
		got, err := defaultLearners(d, nil)
		if err != nil {
			t.Errorf("study %s: %v", d.name(), err)
			continue
		}
		if len(got) == 0 {
			t.Errorf("study %s has no default learners", d.name())
		}
		for _, n := range got {
			if !slices.Contains(train.Builtin().Names(), n.(string)) {
				t.Errorf("study %s: default learner %v is not registered", d.name(), n)
			}
		}
	}
	for name, want := range map[string][]string{
		"oracle":    generate.OracleLearners(),
		"benchmark": generate.BenchmarkLearners(),
		"cost":      generate.CostLearners(),
	} {
		d, _ := studies.lookup(name)
		got, _ := defaultLearners(d, nil)
		if len(got) != len(want) {
			t.Errorf("study %s: defaults %v; want %v", name, got, want)
		}
	}
}

// TestDefaultLearnerNotRegistered: a descriptor whose default learner the
// registry lacks is refused by name, not dropped.
func TestDefaultLearnerNotRegistered(t *testing.T) {
	d := &Study[struct{}, struct{}]{Name: "x", Learners: func() []string { return []string{"id3", "no-such-learner"} }}
	_, err := defaultLearners(d, nil)
	if err == nil || !strings.Contains(err.Error(), `"no-such-learner"`) || !strings.Contains(err.Error(), "study x") {
		t.Errorf("defaultLearners = %v; want an error naming study x and no-such-learner", err)
	}
}

// oldConfig is Config as it was before the studies had descriptors, one
// pointer field per study: the shape every manifest written so far has,
// which Config's JSON must keep byte for byte.
type oldConfig struct {
	Name      string                    `json:"name"`
	Seed      uint64                    `json:"seed"`
	Study     string                    `json:"study"`
	Workers   int                       `json:"workers"`
	Chunk     int                       `json:"chunk"`
	Oracle    *generate.OracleConfig    `json:"oracle,omitempty"`
	Benchmark *generate.BenchmarkConfig `json:"benchmark,omitempty"`
	Cost      *generate.CostConfig      `json:"cost,omitempty"`
	Learners  []train.Spec              `json:"learners"`
	Limits    Limits                    `json:"limits"`
	Outputs   Outputs                   `json:"outputs"`
	Costs     *costs.Config             `json:"costs,omitempty"`
}

func asOld(c *Config) oldConfig {
	return oldConfig{Name: c.Name, Seed: c.Seed, Study: c.Study, Workers: c.Workers, Chunk: c.Chunk,
		Oracle: oracleOf(c), Benchmark: benchmarkOf(c), Cost: costOf(c),
		Learners: c.Learners, Limits: c.Limits, Outputs: c.Outputs, Costs: c.Costs}
}

// TestConfigJSONKeepsItsShape: the JSON of a config of each study is the
// bytes the former struct gave (indented as the manifest is, too), and it
// reads back to a config of the same JSON (what JSON keeps of it: the
// paths a costs section was read from are not part of it).
func TestConfigJSONKeepsItsShape(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	if err := os.WriteFile(data, []byte("a,b,c\nx,y,yes\nz,y,no\nx,w,yes\nz,w,no\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sets := range [][]string{
		{"oracle.depths=[2]", "oracle.sizes=[10]", "costs={tests: {default: 1}}"},
		{"study=benchmark", "benchmark.datasets=[{path: " + data + ", class: c, header: true, costs: {tests: {default: 2}}}]", "benchmark.select=2", "benchmark.folds=2", "learners=[id3]"},
		{"study=cost", "cost.datasets=[{path: " + data + ", class: c, header: true, costs: {tests: {default: 2}}}]", "cost.misclassification=[10]", "learners=[c45]"},
	} {
		cfg, err := Load(LoadOptions{Sets: sets, Env: []string{}})
		if err != nil {
			t.Fatalf("Load(%q): %v", sets, err)
		}
		want, _ := json.Marshal(asOld(cfg))
		got, err := json.Marshal(cfg)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("study %s: JSON\n%s (%v)\nwant\n%s", cfg.Study, got, err, want)
		}
		wantIndent, _ := json.MarshalIndent(struct{ C oldConfig }{asOld(cfg)}, "", "  ")
		gotIndent, _ := json.MarshalIndent(struct{ C *Config }{cfg}, "", "  ")
		if !bytes.Equal(gotIndent, wantIndent) {
			t.Errorf("study %s: indented JSON differs:\n%s\nwant\n%s", cfg.Study, gotIndent, wantIndent)
		}
		var back Config
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("study %s: read back: %v", cfg.Study, err)
		}
		if reflect.TypeOf(back.Section) != reflect.TypeOf(cfg.Section) {
			t.Errorf("study %s: section read back as %T; want %T", cfg.Study, back.Section, cfg.Section)
		}
		if again, _ := json.Marshal(&back); !bytes.Equal(again, got) {
			t.Errorf("study %s: read back and written again\n%s\nwant\n%s", cfg.Study, again, got)
		}
		if err := back.Validate(); err != nil {
			t.Errorf("study %s: the config read back is invalid: %v", cfg.Study, err)
		}
	}
}

// TestConfigJSONOfAnUnknownStudy: a record of a study this dtbench does
// not know reads back without a section, and Validate names the study.
func TestConfigJSONOfAnUnknownStudy(t *testing.T) {
	var c Config
	if err := json.Unmarshal([]byte(`{"name":"x","study":"later","chunk":1,"later":{"a":1},"learners":[{"name":"id3"}]}`), &c); err != nil {
		t.Fatal(err)
	}
	if c.Section != nil {
		t.Errorf("section = %v; want none", c.Section)
	}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), `"later"`) {
		t.Errorf("Validate = %v; want it to name study \"later\"", err)
	}
}

// TestCopiedCostsLeaveTheConfig: withCopiedCosts gives sections that can be
// cleared without touching the config they were copied from, in every
// study with datasets.
func TestCopiedCostsLeaveTheConfig(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	if err := os.WriteFile(data, []byte("a,c\nx,yes\nz,no\nx,yes\nz,no\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sets := range [][]string{
		{"study=benchmark", "benchmark.datasets=[{path: " + data + ", class: c, header: true, costs: {tests: {default: 2}}}]", "benchmark.select=1", "benchmark.folds=2", "learners=[id3]"},
		{"study=cost", "cost.datasets=[{path: " + data + ", class: c, header: true, costs: {tests: {default: 2}}}]", "learners=[c45]"},
	} {
		cfg, err := Load(LoadOptions{Sets: sets, Env: []string{}})
		if err != nil {
			t.Fatal(err)
		}
		places := costSections(cfg)
		if len(places) != 2 || *places[1] == nil {
			t.Fatalf("study %s: %d costs sections; want the config's and the dataset's", cfg.Study, len(places))
		}
		cp := withCopiedCosts(cfg)
		*costSections(cp)[1] = nil
		if *costSections(cfg)[1] == nil {
			t.Errorf("study %s: clearing the copy's dataset costs cleared the config's", cfg.Study)
		}
	}
}

// TestStudyTableRefusesBadDescriptors: the table panics, naming the study,
// on a descriptor the config layer could not use.
func TestStudyTableRefusesBadDescriptors(t *testing.T) {
	ok := func() *Study[struct{}, struct{}] {
		return &Study[struct{}, struct{}]{Name: "x", Section: func() struct{} { return struct{}{} },
			Resolve:     func(struct{}, string) (*struct{}, error) { return &struct{}{}, nil },
			Learners:    func() []string { return []string{"id3"} },
			Build:       func(*Config, *struct{}, studyEnv) (*flow.Study, error) { return nil, nil },
			Evaluations: func(string) ([]compare.Task, error) { return nil, nil }}
	}
	newStudyTable(ok()) // a complete one is taken
	for _, tc := range []struct {
		name string
		list []studyDescriptor
		want string
	}{
		{"no Build", []studyDescriptor{func() studyDescriptor { d := ok(); d.Build = nil; return d }()}, `study "x" needs`},
		{"no Evaluations", []studyDescriptor{func() studyDescriptor { d := ok(); d.Evaluations = nil; return d }()}, `study "x" needs`},
		{"datasets options without Datasets", []studyDescriptor{func() studyDescriptor { d := ok(); d.LearnerDatasets = true; return d }()}, "no Datasets"},
		{"named like a shared key", []studyDescriptor{func() studyDescriptor { d := ok(); d.Name = "limits"; return d }()}, `"limits" is named like`},
		{"named twice", []studyDescriptor{ok(), ok()}, `"x" is named like`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tc.want) {
					t.Errorf("newStudyTable: panic %v; want one naming %q", r, tc.want)
				}
			}()
			newStudyTable(tc.list...)
		})
	}
}
