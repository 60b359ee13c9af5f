package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/stages/generate"
)

// TestDiscretizeNoneAndMissingKeep: discretize: none (or {method: none})
// and missing: keep reach every dataset's import options from each layer
// (the file, --set, a DTBENCH_ variable) and from a dataset entry, in the
// benchmark and the cost study; any other scalar for discretize is refused
// naming the key and the methods; and the defaults stay as they were.
func TestDiscretizeNoneAndMissingKeep(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	if err := os.WriteFile(data, []byte("x,a,c\n1.5,p,yes\n?,q,no\n2.5,?,yes\n3,p,no\n4,q,yes\n5,p,no\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	entry := "{path: " + data + ", header: true, class: c%s}"
	bench := func(section, entryKeys string) string {
		return "study: benchmark\nlearners: [majority]\nbenchmark:\n  datasets: [" + strings.Replace(entry, "%s", entryKeys, 1) + "]\n" +
			"  select: 1\n  folds: 2\n  repetitions: 1\n" + section
	}
	cost := func(section, entryKeys string) string {
		return "study: cost\nlearners: [majority]\ncosts: {tests: {default: 1}}\ncost:\n  datasets: [" + strings.Replace(entry, "%s", entryKeys, 1) + "]\n" +
			"  repetitions: 1\n" + section
	}
	write := func(t *testing.T, text string) string {
		f := filepath.Join(t.TempDir(), "c.yaml")
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	specs := func(cfg *Config) []generate.DatasetSpec {
		if b, ok := cfg.Section.(*generate.BenchmarkConfig); ok {
			return b.Datasets
		}
		return costOf(cfg).Datasets
	}
	for _, tc := range []struct {
		name       string
		file       string
		sets, env  []string
		method     string
		missing    string
		wantErr    string // in the error, when it is one
		wantErrKey string
	}{
		{name: "benchmark defaults", file: bench("", ""), method: importer.EqualFrequency, missing: importer.MissingCategory},
		{name: "cost defaults", file: cost("", ""), method: importer.NoDiscretization, missing: importer.MissingKeep},
		{name: "benchmark file scalar", file: bench("  discretize: none\n  missing: keep\n", ""), method: importer.NoDiscretization, missing: importer.MissingKeep},
		{name: "benchmark file section", file: bench("  discretize: {method: none}\n  missing: keep\n", ""), method: importer.NoDiscretization, missing: importer.MissingKeep},
		{name: "cost file scalar", file: cost("  discretize: equal-width\n  missing: category\n", ""), method: importer.EqualWidth, missing: importer.MissingCategory},
		{name: "benchmark --set", file: bench("", ""), sets: []string{"benchmark.discretize=none", "benchmark.missing=keep"},
			method: importer.NoDiscretization, missing: importer.MissingKeep},
		{name: "cost --set", file: cost("", ""), sets: []string{"cost.discretize=equal-frequency", "cost.missing=drop"},
			method: importer.EqualFrequency, missing: importer.MissingDrop},
		{name: "benchmark env", file: bench("", ""), env: []string{"DTBENCH_BENCHMARK_DISCRETIZE=none", "DTBENCH_BENCHMARK_MISSING=keep"},
			method: importer.NoDiscretization, missing: importer.MissingKeep},
		{name: "benchmark entry", file: bench("", ", discretize: none, missing: keep"), method: importer.NoDiscretization, missing: importer.MissingKeep},
		{name: "cost entry", file: cost("", ", discretize: equal-width, missing: category"), method: importer.EqualWidth, missing: importer.MissingCategory},
		{name: "entry over the section", file: bench("  discretize: none\n  missing: keep\n", ", discretize: equal-width"),
			method: importer.EqualWidth, missing: importer.MissingKeep},
		{name: "a scalar that is no method", file: bench("  discretize: nothing\n", ""),
			wantErr: `must be equal-frequency, equal-width or none, got "nothing"`, wantErrKey: "discretize.method"},
		{name: "a number for discretize", file: bench("", ", discretize: 5"),
			wantErr: "want equal-frequency, equal-width, none or a section {method, bins}, got 5", wantErrKey: "benchmark.datasets[0].discretize"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := tc.env
			if env == nil {
				env = []string{}
			}
			cfg, err := Load(LoadOptions{File: write(t, tc.file), Sets: tc.sets, Env: env})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), tc.wantErrKey) {
					t.Fatalf("Load = %v; want an error naming %s: %s", err, tc.wantErrKey, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range specs(cfg) {
				if got := s.Options.Discretize.Method; got != tc.method {
					t.Errorf("%s: discretize.method %q; want %q", s.Name, got, tc.method)
				}
				if got := s.Options.Missing; got != tc.missing {
					t.Errorf("%s: missing %q; want %q", s.Name, got, tc.missing)
				}
			}
		})
	}
}
