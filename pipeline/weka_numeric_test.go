package pipeline

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/internal/wekasets"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// wekaNumericCV is one line of testdata/weka-cv-numeric.txt.
type wekaNumericCV struct {
	dataset, learner, options string // options as the fixture writes them: "-" for none, commas for spaces
	correct                   int64
	mae                       float64
}

func readWekaNumericCV(t *testing.T) []wekaNumericCV {
	t.Helper()
	f, err := os.Open("testdata/weka-cv-numeric.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []wekaNumericCV
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		var w wekaNumericCV
		if _, err := fmt.Sscan(line, &w.dataset, &w.learner, &w.options, &w.correct, &w.mae); err != nil {
			t.Fatalf("testdata/weka-cv-numeric.txt: %q: %v", line, err)
		}
		out = append(out, w)
	}
	return out
}

// wekaOptions maps a Weka option string of the fixture to dtbench's
// learner options: the one translation the numeric checks share.
var wekaOptions = map[string]map[string]any{
	"-":     nil,
	"-K":    {"kernel": true},
	"-D":    {"discretize": true},
	"-N,1":  {"standardize": true},
	"-I,10": {"trees": 10},
}

// yamlList writes names as a YAML flow list of quoted strings.
func yamlList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// datasetEntry is the benchmark.datasets entry of a Weka-check set.
func datasetEntry(set wekasets.Set) string {
	o := set.Options
	parts := []string{"name: " + set.Name, "path: " + strconv.Quote(set.Path), "class: " + strconv.Quote(o.Class),
		"discretize: " + o.Discretize.Method, "missing: " + o.Missing}
	if len(o.Names) > 0 {
		parts = append(parts, "names: "+yamlList(o.Names))
	}
	if len(o.Nominal) > 0 {
		parts = append(parts, "nominal: "+yamlList(o.Nominal))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// TestWekaNumericCV runs the benchmark study with the weka fold scheme
// (seed 1) on six shared datasets with numeric attributes and missing
// values kept, every attribute, and holds every learner variant of
// testdata/weka-cv-numeric.txt whose Capabilities admit the dataset to
// Weka 3.6's count of rows classified correctly and its mean absolute
// error to Weka's four decimals. A variant that does not take the data
// yet (its learner refuses numbers or missing values, or does not know
// the option) is listed in the log as not checked; the variants in
// mustCheck must be checked.
func TestWekaNumericCV(t *testing.T) {
	shared := shareddata.DirOrSkip(t)
	want := readWekaNumericCV(t)
	mustCheck := map[string]bool{} // learner variants ("c45 -") that must take every dataset
	for _, set := range wekasets.Sets(shared) {
		t.Run(set.Name, func(t *testing.T) {
			if _, err := os.Stat(set.Path); err != nil {
				t.Skipf("shared dataset %s is absent: %v", set.Name, err)
			}
			d, _, err := importer.Read(set.Path, set.Options)
			if err != nil {
				t.Fatal(err)
			}
			// One run per group of variants that can share a run (a
			// learner once per run).
			var groups [][]wekaNumericCV
			for _, w := range want {
				if w.dataset != set.Name {
					continue
				}
				opts, known := wekaOptions[w.options]
				variant := w.learner + " " + w.options
				if !known {
					t.Errorf("fixture option %q has no dtbench translation", w.options)
					continue
				}
				l, err := train.New(train.Spec{Name: w.learner, Options: opts})
				if err == nil {
					err = train.CheckData(w.learner, l, d)
				}
				if err != nil {
					if mustCheck[variant] {
						t.Errorf("%s must take %s: %v", variant, set.Name, err)
					} else {
						t.Logf("not checked yet: %s on %s: %v", variant, set.Name, err)
					}
					continue
				}
				placed := false
				for g := range groups {
					if !slices.ContainsFunc(groups[g], func(x wekaNumericCV) bool { return x.learner == w.learner }) {
						groups[g] = append(groups[g], w)
						placed = true
						break
					}
				}
				if !placed {
					groups = append(groups, []wekaNumericCV{w})
				}
			}
			for _, group := range groups {
				var specs []string
				for _, w := range group {
					if o := wekaOptions[w.options]; o != nil {
						var kv []string
						for k, v := range o {
							kv = append(kv, fmt.Sprintf("%s: %v", k, v))
						}
						specs = append(specs, fmt.Sprintf("{%s: {%s}}", w.learner, strings.Join(kv, ", ")))
					} else {
						specs = append(specs, w.learner)
					}
				}
				cfg, err := Load(LoadOptions{Env: []string{}, Sets: []string{"name=weka-numeric-" + set.Name, "study=benchmark",
					"benchmark.datasets=[" + datasetEntry(set) + "]", "benchmark.select=" + strconv.Itoa(d.NumFeatures()), "benchmark.subsets=top",
					"benchmark.folds={k: 10, scheme: weka, seed: 1, allow_small_classes: true}", "benchmark.repetitions=1",
					"learners=[" + strings.Join(specs, ", ") + "]"}})
				if err != nil {
					t.Fatal(err)
				}
				dir := run(t, cfg, Options{Out: t.TempDir()})
				if md, err := os.ReadFile(filepath.Join(dir, "report", "report.md")); err != nil || !strings.Contains(string(md), "the benchmark I and the conditional entropy read a nominal view") {
					t.Errorf("report.md must say how I reads numbers and missing values (%v)", err)
				}
				got := map[string]schemas.BenchmarkEvaluation{}
				for _, e := range evaluationRows(t, dir, schemas.BenchmarkEvaluationTable.Read) {
					got[e.Learner] = e
				}
				for _, w := range group {
					e, ok := got[w.learner]
					if !ok || e.Correct == nil || e.MAE == nil {
						t.Errorf("%s %s: no evaluation", w.learner, w.options)
						continue
					}
					if *e.Correct != w.correct {
						t.Errorf("%s %s classifies %d rows correctly, Weka %d", w.learner, w.options, *e.Correct, w.correct)
					}
					// Weka prints the MAE to 4 decimals (dropping trailing zeros).
					if mae := math.Round(*e.MAE*1e4) / 1e4; mae != w.mae {
						t.Errorf("%s %s: mean absolute error %.6f (%.4f), Weka %.4f", w.learner, w.options, *e.MAE, mae, w.mae)
					}
				}
			}
		})
	}
}
