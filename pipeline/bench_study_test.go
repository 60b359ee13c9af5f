package pipeline

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// writeBenchData writes a small nominal ARFF dataset: 6 attributes, the
// class depending on the first two, 150 rows of which 50 positive.
func writeBenchData(t *testing.T, dir string) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(9, 9))
	var b strings.Builder
	b.WriteString("@relation toy\n")
	for i := range 6 {
		fmt.Fprintf(&b, "@attribute a%d {x,y,z}\n", i)
	}
	b.WriteString("@attribute class {positive,negative}\n@data\n")
	for r := range 150 {
		row := make([]string, 6)
		for i := range row {
			row[i] = []string{"x", "y", "z"}[rng.IntN(3)]
		}
		class := "negative"
		if r < 50 {
			class = "positive"
			row[0] = "x"
			if rng.IntN(4) > 0 {
				row[1] = "y"
			}
		}
		b.WriteString(strings.Join(row, ",") + "," + class + "\n")
	}
	path := filepath.Join(dir, "toy.arff")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// benchConfig loads a benchmark config over the toy dataset: 3 of 6
// attributes, every subset (7), 2 scenarios, 5-fold CV, 3 repetitions.
func benchConfig(t *testing.T, sets ...string) *Config {
	t.Helper()
	dir := t.TempDir()
	writeBenchData(t, dir)
	file := filepath.Join(dir, "bench.yaml")
	yaml := `name: bench
study: benchmark
chunk: 5
benchmark:
  datasets: [{path: toy.arff, class: class}]
  select: 3
  folds: {k: 5, scheme: weka, seed: 1}
  repetitions: 3
  scenarios:
    - {name: S1, quotas: {positive: 40, negative: 40}}
    - {name: S2, quotas: {positive: 20, negative: 80}}
learners: [c45, naivebayes, intuitive, majority, random]
`
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(LoadOptions{File: file, Sets: sets, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// benchFiles returns the deterministic files of a benchmark run folder.
func benchFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || strings.Contains(p, "timings") || strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl") {
			return err
		}
		b, err := os.ReadFile(p)
		name := shardPrefix.ReplaceAllString(strings.TrimPrefix(p, dir), "") // drop the shard
		if strings.HasSuffix(name, ".md") {
			b = withoutRunLines(b)
		}
		out[name] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBenchmarkStudyIsDeterministic(t *testing.T) {
	cfg := benchConfig(t)
	whole := run(t, cfg, Options{Out: t.TempDir(), Workers: 1})
	want := benchFiles(t, whole)
	for _, name := range []string{"/results/evaluations/00000.parquet", "/results/wins/wins.parquet", "/report/report.md",
		"/datasets/imported/toy.parquet", "/results/confusion/00008.parquet", "/results/attributes/00000.parquet",
		"/report/ranks.parquet", "/report/plots/cd-accuracy.png", "/report/plots/cd-accuracy.svg"} {
		if _, ok := want[name]; !ok {
			t.Fatalf("a benchmark run has no %s: %v", name, keys(want))
		}
	}
	t.Run("workers", func(t *testing.T) {
		sameFiles(t, "workers 1 vs 4", want, benchFiles(t, run(t, cfg, Options{Out: t.TempDir(), Workers: 4})))
	})
	t.Run("staged", func(t *testing.T) {
		out := t.TempDir()
		var dir string
		for _, stage := range flow.Stages {
			var err error
			if dir, err = RunStage(context.Background(), cfg, Options{Out: out}, stage); err != nil {
				t.Fatalf("%s: %v", stage, err)
			}
		}
		sameFiles(t, "staged vs run", want, benchFiles(t, dir))
	})
	t.Run("shards", func(t *testing.T) {
		dir := runInShards(t, cfg, 3)
		sameFiles(t, "3 shards vs one run", want, benchFiles(t, dir))
		if _, err := Verify(dir); err != nil {
			t.Error(err)
		}
	})
	t.Run("resume", func(t *testing.T) {
		dir := run(t, cfg, Options{Out: t.TempDir()})
		for _, rel := range []string{"results/evaluations/part-0-00002.parquet", "models/part-0-00001.parquet", "datasets/imported/toy.parquet"} {
			if err := os.Remove(filepath.Join(dir, rel)); err != nil {
				t.Fatal(err)
			}
		}
		run(t, cfg, Options{Out: filepath.Dir(dir), Resume: true})
		sameFiles(t, "resume", want, benchFiles(t, dir))
	})
}

var shardPrefix = regexp.MustCompile(`part-[0-9]+-`)

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestBenchmarkBadDataWritesNothing: what only the data can show is
// refused before the run folder is touched, naming the key.
func TestBenchmarkBadDataWritesNothing(t *testing.T) {
	cases := []struct {
		name string
		sets []string
		want string
	}{
		{"quota above the class count", []string{"benchmark.scenarios=[{name: S1, quotas: {positive: 60, negative: 10}}]"}, "benchmark.scenarios[0].quotas.positive"},
		{"quota of an unknown class", []string{"benchmark.scenarios=[{name: S1, quotas: {maybe: 10}}]"}, "benchmark.scenarios[0].quotas.maybe"},
		{"more folds than the smallest class", []string{"benchmark.scenarios=[{name: S1, quotas: {positive: 3, negative: 40}}]"}, "allow_small_classes"},
		{"more folds than rows, even allowed", []string{"benchmark.scenarios=[{name: S1, quotas: {positive: 1, negative: 3}}]", "benchmark.folds={k: 5, allow_small_classes: true}"}, "benchmark.folds"},
		{"select above the attributes", []string{"benchmark.select=7"}, "benchmark.select"},
		{"select neither a number nor all", []string{"benchmark.select=most"}, "benchmark.select"},
		{"select zero", []string{"benchmark.select=0"}, "benchmark.select"},
		{"a dataset's own select above its attributes", []string{"benchmark.datasets=[{path: toy.arff, class: class, select: 7}]"}, "benchmark.datasets[0].select"},
		{"a dataset's own select of 11 with subsets: all", []string{"benchmark.datasets=[{path: toy.arff, class: class, select: 11}]"}, "benchmark.datasets[0].select"},
		{"select: all of 6 attributes is fine, 11 with every subset is not", []string{"benchmark.select=all",
			"benchmark.datasets=[{path: toy.arff, class: class, subsets: top}, {name: wide, path: wide.arff, class: class}]"}, "benchmark.select"},
		{"a ranking scope misspelt", []string{"benchmark.rank={mode: cv, per: scenarios}"}, "benchmark.rank.per"},
		{"a ranking mode misspelt", []string{"benchmark.rank={mode: cvs}"}, "benchmark.rank"},
		{"a ranking key misspelt", []string{"benchmark.rank={mode: cv, scope: scenario}"}, "benchmark.rank.scope"},
		{"missing class column", []string{"benchmark.datasets=[{path: toy.arff, class: kind}]"}, "kind"},
		{"missing file", []string{"benchmark.datasets=[{path: nope.arff, class: class}]"}, "nope.arff"},
		{"path and paths", []string{"benchmark.datasets=[{name: t, path: toy.arff, paths: [toy.arff], class: class}]"}, "benchmark.datasets[0].paths"},
		{"paths without a name", []string{"benchmark.datasets=[{paths: [toy.arff], class: class}]"}, "benchmark.datasets[0].name"},
		{"a pattern without a name", []string{"benchmark.datasets=[{path: \"toy*.arff\", class: class}]"}, "benchmark.datasets[0].name"},
		{"a pattern matching nothing", []string{"benchmark.datasets=[{name: t, paths: [toy.arff, \"*.data\"], class: class}]"}, "benchmark.datasets[0].paths"},
		{"a file twice", []string{"benchmark.datasets=[{name: t, paths: [toy.arff, \"toy*\"], class: class}]"}, "twice"},
		{"empty paths", []string{"benchmark.datasets=[{name: t, paths: [], class: class}]"}, "benchmark.datasets[0].paths"},
		{"missing second file", []string{"benchmark.datasets=[{name: t, paths: [toy.arff, nope.arff], class: class}]"}, "nope.arff"},
		{"a dataset's own quota above the class count", []string{"benchmark.datasets=[{path: toy.arff, class: class, scenarios: [{name: S1, quotas: {positive: 60}}]}]"},
			"benchmark.datasets[0].scenarios[0].quotas.positive"},
		{"a dataset's own subsets misspelt", []string{"benchmark.datasets=[{path: toy.arff, class: class, subsets: some}]"}, "benchmark.datasets[0].subsets"},
		{"learner on an unknown dataset", []string{"learners=[c45, {naivebayes: {datasets: [toys]}}]"}, "learners.naivebayes.datasets"},
		{"learner datasets not a list of names", []string{"learners=[{naivebayes: {datasets: [1]}}]"}, "learners.naivebayes.datasets"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := func() (*Config, error) {
				dir := t.TempDir()
				writeBenchData(t, dir)
				writeWideData(t, dir)
				file := filepath.Join(dir, "b.yaml")
				os.WriteFile(file, []byte("study: benchmark\nbenchmark:\n  datasets: [{path: toy.arff, class: class}]\n  select: 3\n  folds: 5\n"), 0o644)
				return Load(LoadOptions{File: file, Sets: tc.sets, Env: []string{}})
			}()
			refusedUpFront(t, cfg, err, tc.want)
		})
	}
}

// writeWideData writes wide.arff: 11 nominal attributes, 40 rows, the
// class the first attribute's value.
func writeWideData(t *testing.T, dir string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("@relation wide\n")
	for i := range 11 {
		fmt.Fprintf(&b, "@attribute w%d {x,y}\n", i)
	}
	b.WriteString("@attribute class {positive,negative}\n@data\n")
	for r := range 40 {
		for i := range 11 {
			b.WriteString([]string{"x,", "y,"}[(r>>(i%5))&1])
		}
		b.WriteString([]string{"positive", "negative"}[r&1] + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "wide.arff"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runYAML writes config text yaml as dir/b.yaml (its data files beside
// it), loads it and runs it; it returns the run folder.
func runYAML(t *testing.T, dir, yaml string) string {
	t.Helper()
	file := filepath.Join(dir, "b.yaml")
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(LoadOptions{File: file, Env: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	return run(t, cfg, Options{Out: t.TempDir()})
}

// TestBenchmarkSelectAllAndPerDataset: select: all takes every attribute
// of a dataset, counted when the config is planned (the dataset read
// once, for the plan and the import), and a dataset's own select replaces
// benchmark.select for it: each dataset's subsets are made of its own top
// attributes, and its whole top set is the one whose rankings are stored.
func TestBenchmarkSelectAllAndPerDataset(t *testing.T) {
	dir := t.TempDir()
	writeBenchData(t, dir)
	writeWideData(t, dir)
	yaml := `study: benchmark
benchmark:
  datasets:
    - {name: two, path: toy.arff, class: class, select: 2}
    - {name: every, path: toy.arff, class: class, select: all, subsets: top}
    - {name: wide, path: wide.arff, class: class, subsets: top}
  select: all
  folds: 5
  repetitions: 1
learners: [c45, majority]
`
	out := runYAML(t, dir, yaml)
	subsets := map[string]map[string]bool{}
	for _, e := range evaluationRows(t, out, schemas.BenchmarkEvaluationTable.Read) {
		if subsets[e.Dataset] == nil {
			subsets[e.Dataset] = map[string]bool{}
		}
		subsets[e.Dataset][e.Subset] = true
	}
	want := map[string][]string{
		"two":   {"1st", "2nd", "1st,2nd"},
		"every": {"1st,2nd,3rd,4th,5th,6th"},
		"wide":  {"1st,2nd,3rd,4th,5th,6th,7th,8th,9th,10th,11th"},
	}
	for name, w := range want {
		if len(subsets[name]) != len(w) {
			t.Errorf("%s: subsets %v; want %v", name, subsets[name], w)
		}
		for _, s := range w {
			if !subsets[name][s] {
				t.Errorf("%s: no subset %s among %v", name, s, subsets[name])
			}
		}
	}
	attrs := map[string]int{}
	for _, p := range globParts(t, out, schemas.Attributes) {
		rows, err := schemas.AttributeTable.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			attrs[r.Dataset]++
		}
	}
	if attrs["two"] != 6 || attrs["every"] != 6 || attrs["wide"] != 11 {
		t.Errorf("attribute rankings per dataset %v; want every attribute of each dataset ranked once (6, 6, 11)", attrs)
	}
	md, err := os.ReadFile(filepath.Join(out, "report", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"as many as each dataset selects (two 2, every 6, wide 11)", "every attribute (a dataset's own select where its entry sets one)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	for _, bad := range []string{"top 0", "no accuracy"} {
		if strings.Contains(string(md), bad) {
			t.Errorf("report.md says %q: each dataset's own whole top subset must be reported", bad)
		}
	}
	manifest, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil || !regexp.MustCompile(`"select":\s*"all"`).Match(manifest) || !regexp.MustCompile(`"select":\s*2\b`).Match(manifest) {
		t.Errorf("the manifest's config must say select all and the entry's select 2 (%v)", err)
	}
}

// TestBenchmarkPerDatasetSettings: a dataset's own scenarios and subsets
// replace the study's, and a learner's datasets option keeps it to those
// datasets, as the paper's two experiments in one config need.
func TestBenchmarkPerDatasetSettings(t *testing.T) {
	dir := t.TempDir()
	writeBenchData(t, dir)
	yaml := `study: benchmark
benchmark:
  datasets:
    - {name: intensive, path: toy.arff, class: class,
       scenarios: [{name: S1, quotas: {positive: 40, negative: 40}}, {name: S2, quotas: {positive: 20, negative: 80}}]}
    - {name: extensive, path: toy.arff, class: class, subsets: top}
  select: 3
  folds: 5
  repetitions: 2
learners: [c45, {naivebayes: {datasets: [extensive]}}, intuitive]
`
	out := runYAML(t, dir, yaml)
	rows := map[string]int{} // "dataset scenario learner" → rows
	subsets := map[string]map[string]bool{}
	for _, e := range evaluationRows(t, out, schemas.BenchmarkEvaluationTable.Read) {
		rows[e.Dataset+" "+e.Scenario+" "+e.Learner]++
		if subsets[e.Dataset] == nil {
			subsets[e.Dataset] = map[string]bool{}
		}
		subsets[e.Dataset][e.Subset] = true
	}
	want := map[string]int{
		// 7 subsets × 2 repetitions per scenario; naivebayes not here.
		"intensive S1 c45": 14, "intensive S1 intuitive": 14, "intensive S2 c45": 14, "intensive S2 intuitive": 14,
		// the whole top set only, every row of the dataset.
		"extensive all c45": 2, "extensive all naivebayes": 2, "extensive all intuitive": 2,
	}
	if !maps.Equal(rows, want) {
		t.Errorf("evaluation rows %v; want %v", rows, want)
	}
	if len(subsets["intensive"]) != 7 || len(subsets["extensive"]) != 1 || !subsets["extensive"]["1st,2nd,3rd"] {
		t.Errorf("subsets %v; want 7 for intensive, 1st,2nd,3rd alone for extensive", subsets)
	}
}

// TestBenchmarkAllowSmallClasses: with allow_small_classes a class with
// fewer rows than folds is cross-validated, as Weka does: every row is
// tested once.
func TestBenchmarkAllowSmallClasses(t *testing.T) {
	cfg := benchConfig(t, "benchmark.scenarios=[{name: S1, quotas: {positive: 3, negative: 40}}]",
		"benchmark.folds={k: 5, scheme: weka, seed: 1, allow_small_classes: true}", "benchmark.repetitions=1", "benchmark.subsets=top")
	out := run(t, cfg, Options{Out: t.TempDir()})
	n := 0
	for _, e := range evaluationRows(t, out, schemas.BenchmarkEvaluationTable.Read) {
		if *e.Total != 43 {
			t.Errorf("%s tested %d rows; want all 43", e.Learner, *e.Total)
		}
		n++
	}
	if n != 5 {
		t.Errorf("%d evaluation rows; want one per learner (5)", n)
	}
}
