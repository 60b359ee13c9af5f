package pipeline

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/generate"
)

func TestLoadBuiltIn(t *testing.T) {
	cfg, err := Load(LoadOptions{Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Name != "quick" || oracleOf(cfg).Features != 10 || !reflect.DeepEqual(oracleOf(cfg).Depths, []int{3, 5}) {
		t.Errorf("quick config = %+v", cfg)
	}
	if got := oracleOf(cfg).Sizes[generate.ModeUnique]; !reflect.DeepEqual(got, []int{100, 300, 1000}) {
		t.Errorf("unique sizes = %v", got)
	}
	if len(oracleOf(cfg).Domains) != 10 || oracleOf(cfg).Domains[9] != 2 {
		t.Errorf("domains = %v", oracleOf(cfg).Domains)
	}
}

func TestLoadSizesPerModeAndRanges(t *testing.T) {
	_, err := Load(LoadOptions{File: "testdata/paper-sizes.yaml", Env: []string{}})
	if err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Fatalf("duplicate learner: err = %v", err)
	}
	cfg, err := Load(LoadOptions{File: "testdata/paper-sizes.yaml", Env: []string{}, Sets: []string{"learners=[{id3: {repetitions: 2}}]"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := oracleOf(cfg).Sizes[generate.ModeComplete]; !reflect.DeepEqual(got, []int{100, 200, 300}) {
		t.Errorf("complete sizes = %v", got)
	}
	if got := oracleOf(cfg).Sizes[generate.ModeUnique]; !reflect.DeepEqual(got, []int{10, 20}) {
		t.Errorf("unique sizes = %v", got)
	}
	if cfg.Learners[0].Repetitions != 2 || len(cfg.Learners[0].Options) != 0 {
		t.Errorf("learner = %+v", cfg.Learners[0])
	}
	if cfg.Name != "sizes" || cfg.Seed != 1 || cfg.Chunk != 64 {
		t.Errorf("defaults not applied: %+v", cfg)
	}
	// 2 depths × (3 + 2 sizes) × 3 repetitions.
	if plan := oracleOf(cfg).Plan(cfg.Seed); plan.Len() != 30 {
		t.Errorf("plan has %d tasks, want 30", plan.Len())
	}
}

func TestLoadLayering(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.yaml")
	os.WriteFile(file, []byte("name: layered\noracle:\n  depths: [2]\n  sizes: [10]\n  repetitions: 3\n  test_size: 7\n"), 0o644)
	env := []string{"DTBENCH_ORACLE_REPETITIONS=5", "DTBENCH_ORACLE_TEST_SIZE=9", "DTBENCH_ORACLE_DEPTHS=[1,2]", "DTBENCH_SHARD_COUNT=3", "HOME=/x"}
	cfg, err := Load(LoadOptions{File: file, Env: env, Sets: []string{"oracle.test_size=11"}})
	if err != nil {
		t.Fatal(err)
	}
	if oracleOf(cfg).Repetitions != 5 {
		t.Errorf("env did not override the file: repetitions = %d", oracleOf(cfg).Repetitions)
	}
	if oracleOf(cfg).TestSize != 11 {
		t.Errorf("--set did not override env: test_size = %d", oracleOf(cfg).TestSize)
	}
	if !reflect.DeepEqual(oracleOf(cfg).Depths, []int{1, 2}) {
		t.Errorf("depths from env = %v", oracleOf(cfg).Depths)
	}
	if oracleOf(cfg).Features != 10 || oracleOf(cfg).Classes != 2 {
		t.Errorf("built-in defaults missing: %+v", oracleOf(cfg))
	}
}

func TestLoadBadInput(t *testing.T) {
	cases := []struct {
		name, yaml string
		sets       []string
		wantKey    string
	}{
		{"unknown key", "name: bad\noracle:\n  depthz: [3]\n  sizes: [10]\n  depths: [3]\n", nil, "oracle.depthz"},
		{"unknown top key", "nmae: x\noracle:\n  sizes: [10]\n  depths: [3]\n", nil, "nmae"},
		{"depth above features", "", []string{"oracle.depths=[11]"}, "oracle.depths"},
		{"unique larger than input space", "", []string{"oracle.features=3", "oracle.depths=[2]", "oracle.sizes=[9]"}, "oracle.sizes"},
		{"one class", "", []string{"oracle.classes=1"}, "oracle.classes"},
		{"one-value domain", "", []string{"oracle.domain=1"}, "oracle.domain"},
		{"domain list too short", "", []string{"oracle.domain=[2,3]"}, "oracle.domain"},
		{"zero size", "", []string{"oracle.sizes=[0]"}, "oracle.sizes"},
		{"negative size", "", []string{"oracle.sizes=[-5]"}, "oracle.sizes"},
		{"bad range", "", []string{"oracle.sizes={from: 10, to: 5, step: 1}"}, "oracle.sizes.to"},
		{"unknown mode", "", []string{"oracle.modes=[partial]"}, "oracle.modes"},
		{"noise above 1", "", []string{"oracle.noise=1.5"}, "oracle.noise"},
		{"zero chunk", "", []string{"chunk=0"}, "chunk"},
		{"unknown set key", "", []string{"oracle.nope=3"}, "oracle.nope"},
		{"set without value", "", []string{"oracle.depths"}, "--set"},
		{"benchmark study without datasets", "", []string{"study=benchmark"}, "benchmark.datasets"},
		{"unknown study", "", []string{"study=costly"}, "study"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := LoadOptions{Sets: tc.sets, Env: []string{}}
			if tc.yaml != "" {
				opts.File = filepath.Join(t.TempDir(), "bad.yaml")
				if err := os.WriteFile(opts.File, []byte(tc.yaml), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Load(opts)
			if err == nil {
				t.Fatal("Load succeeded; want an error")
			}
			if !input.Is(err) {
				t.Errorf("error %v is not an *input.Error", err)
			}
			if !strings.Contains(err.Error(), tc.wantKey) {
				t.Errorf("error %q does not name %q", err, tc.wantKey)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(LoadOptions{File: "testdata/no-such.yaml", Env: []string{}})
	if !input.Is(err) || !strings.Contains(err.Error(), "testdata/no-such.yaml") {
		t.Errorf("err = %v", err)
	}
}

// TestLoadValueRules: a scalar is a one-element list for every list key;
// the environment reaches keys the file does not set; whole floats are
// integers.
func TestLoadValueRules(t *testing.T) {
	cfg, err := Load(LoadOptions{Env: []string{"DTBENCH_ORACLE_SIZES=[40]", "DTBENCH_SEED=7"},
		Sets: []string{"oracle.depths=4", "learners=id3", "oracle.modes=complete", "oracle.repetitions=3.0"}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(oracleOf(cfg).Depths, []int{4}) || len(cfg.Learners) != 1 || cfg.Learners[0].Name != "id3" ||
		!reflect.DeepEqual(oracleOf(cfg).Modes, []generate.Mode{generate.ModeComplete}) {
		t.Errorf("scalars as lists: depths %v, learners %v, modes %v", oracleOf(cfg).Depths, cfg.Learners, oracleOf(cfg).Modes)
	}
	if oracleOf(cfg).Repetitions != 3 || cfg.Seed != 7 || !reflect.DeepEqual(oracleOf(cfg).Sizes[generate.ModeComplete], []int{40}) {
		t.Errorf("repetitions %d, seed %d, sizes %v", oracleOf(cfg).Repetitions, cfg.Seed, oracleOf(cfg).Sizes)
	}
	// A config file without depths: the environment still sets it.
	file := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(file, []byte("oracle:\n  sizes: [10]\n"), 0o644)
	cfg, err = Load(LoadOptions{File: file, Env: []string{"DTBENCH_ORACLE_DEPTHS=[2,3]"}})
	if err != nil || !reflect.DeepEqual(oracleOf(cfg).Depths, []int{2, 3}) {
		t.Errorf("depths from the environment alone: %v, %v", cfg, err)
	}
}

// TestErrorsNameTheirSource: the layer that gave the bad value is named.
func TestErrorsNameTheirSource(t *testing.T) {
	file := filepath.Join(t.TempDir(), "src.yaml")
	os.WriteFile(file, []byte("oracle:\n  depths: [3]\n  sizes: [10]\n  repetitions: 0\n"), 0o644)
	cases := []struct {
		opts LoadOptions
		want string
	}{
		{LoadOptions{File: file, Env: []string{}}, "src.yaml: oracle.repetitions"},
		{LoadOptions{File: file, Env: []string{"DTBENCH_ORACLE_REPETITIONS=-2"}}, "DTBENCH_ORACLE_REPETITIONS: oracle.repetitions"},
		{LoadOptions{File: file, Env: []string{}, Sets: []string{"oracle.repetitions=-3"}}, "--set: oracle.repetitions"},
		{LoadOptions{File: file, Env: []string{}, Sets: []string{"oracle.repetitions=2", "learners=[{id3: {max_depth: -1}}]"}}, "--set: learners.id3.max_depth"},
	}
	for _, tc := range cases {
		_, err := Load(tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err = %v, want %q", err, tc.want)
		}
	}
}

func TestDifferentConfigNamesTheKey(t *testing.T) {
	a := smallConfig(t)
	b := smallConfig(t, "oracle.depths=[2,5]")
	if key, x, y := configDiff(a, b); key != "oracle.depths" || x != "[2,4]" || y != "[2,5]" {
		t.Errorf("configDiff = %q %q %q", key, x, y)
	}
	c := smallConfig(t, "workers=1")
	if key, _, _ := configDiff(a, c); key != "" {
		t.Errorf("workers change results? configDiff = %q", key)
	}
	// Lists of sections are compared entry by entry, a value cut short.
	d := smallConfig(t, "learners=[id3, {c45: {pruning: none}}]")
	e := smallConfig(t, "learners=[id3, {c45: {pruning: none, confidence: 0.1}}]")
	if key, x, y := configDiff(d, e); key != "learners[1].options.confidence" || x != "absent" || y != "0.1" {
		t.Errorf("configDiff = %q %q %q", key, x, y)
	}
	f := smallConfig(t, "learners=[id3]")
	if key, x, y := configDiff(smallConfig(t, "learners=[id3, {c45: {pruning: none}}, {cart: {pruning: none}}]"), f); key != "learners" || len([]rune(x)) != maxShown+1 || !strings.HasSuffix(x, "…") || y != `[{"name":"id3"}]` {
		t.Errorf("configDiff = %q %q %q", key, x, y)
	}
}

// TestOneRuleEverywhere: a value gets the same verdict and the same words
// wherever it is given — a config key (read through the layers), a key of
// a section given as a map (a dataset entry, the folds), a learner's
// option — and the message names the key and the layer.
func TestOneRuleEverywhere(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	if err := os.WriteFile(data, []byte("a,c\nx,yes\nz,no\nx,yes\nz,no\nx,yes\nz,no\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bench := func(entry string, more ...string) []string {
		return append([]string{"study=benchmark", "benchmark.datasets=[{path: " + data + ", class: c" + entry + "}]",
			"benchmark.select=1", "benchmark.folds=2", "benchmark.repetitions=1", "learners=[id3]"}, more...)
	}
	for _, tc := range []struct {
		rule  string
		where [][]string // each a config giving the value somewhere else
		keys  []string   // the key each names
		want  string     // in every message
	}{
		{"a number for a string", [][]string{{"name=7"}, bench(", header: true, name: 7"), {"learners=[{exact: {time_budget: 7}}]"}},
			[]string{"name", "benchmark.datasets[0].name", "learners.exact.time_budget"}, "want a string, got 7 (a number)"},
		{"a word for an integer", [][]string{{`oracle.repetitions="3"`}, bench(", header: true", `benchmark.folds={k: "3"}`), {`learners=[{id3: {max_depth: "3"}}]`}},
			[]string{"oracle.repetitions", "benchmark.folds.k", "learners.id3.max_depth"}, `want an integer, got "3"`},
		{"a float past 2^53 for an integer", [][]string{{"oracle.test_size=1e16"}, bench(", header: true", "benchmark.folds={k: 1e16}"), {"learners=[{id3: {max_depth: 1e16}}]"}},
			[]string{"oracle.test_size", "benchmark.folds.k", "learners.id3.max_depth"}, "want an integer, got 1e+16: a float is exact only within ±2^53"},
		{"a number for a boolean", [][]string{{"outputs.predictions=1"}, bench(", header: 1"), {"learners=[{c45: {subtree_raising: 1}}]"}},
			[]string{"outputs.predictions", "benchmark.datasets[0].header", "learners.c45.subtree_raising"}, "want true or false, got 1"},
		{"infinity for a number", [][]string{{"oracle.noise=.inf"}, {"costs={draw: {min_cost: 1, max_cost: .inf}}"}, {"learners=[{c45: {confidence: .inf}}]"}},
			[]string{"oracle.noise", "costs.draw.max_cost", "learners.c45.confidence"}, "want a finite number, got +Inf"},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			for i, sets := range tc.where {
				_, err := Load(LoadOptions{Sets: sets, Env: []string{}})
				if want := "--set: " + tc.keys[i] + ": "; err == nil || !strings.Contains(err.Error(), want+tc.want) {
					t.Errorf("Load(%q) = %v; want %q", sets, err, want+tc.want)
				}
			}
		})
	}
	// A scalar is a one-element list wherever a list is wanted: the
	// config's costs section, and a dataset entry's.
	for _, sets := range [][]string{
		{"costs={tests: {default: 1}, delayed: f2}", "oracle.repetitions=1"},
		bench(", header: true, costs: {tests: {default: 1}, delayed: a}"),
	} {
		if _, err := Load(LoadOptions{Sets: sets, Env: []string{}}); err != nil {
			t.Errorf("Load(%q): %v; want delayed: a scalar as [scalar]", sets, err)
		}
	}
}
