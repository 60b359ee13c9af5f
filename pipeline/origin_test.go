package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParentKey(t *testing.T) {
	for _, tc := range []struct{ key, want string }{
		{"oracle.sizes", "oracle"},
		{"oracle", ""},
		{"benchmark.datasets[0]", "benchmark.datasets"},
		{"benchmark.datasets[0].discretize.bins", "benchmark.datasets[0].discretize"},
		{"cost.datasets[12].costs", "cost.datasets[12]"},
		{"learners.id3.max_depth", "learners.id3"},
	} {
		if got := parentKey(tc.key); got != tc.want {
			t.Errorf("parentKey(%q) = %q; want %q", tc.key, got, tc.want)
		}
	}
}

// TestOriginNamesEachLayer: a loaded config's origin names, for each key,
// the layer that gave it: --set, the variable, the file (also for a key
// it lacks that has no default, and for an entry of a list it gives), the
// built-in defaults.
func TestOriginNamesEachLayer(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(file, []byte("oracle:\n  depths: [2]\n  sizes: [10]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(LoadOptions{File: file, Env: []string{"DTBENCH_ORACLE_REPETITIONS=3"}, Sets: []string{"oracle.test_size=11", "costs={tests: {default: 1}}"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ key, want string }{
		{"oracle.test_size", "--set"},
		{"costs.tests.f3", "--set"},
		{"oracle.repetitions", "DTBENCH_ORACLE_REPETITIONS"},
		{"oracle.depths", file},
		{"oracle.sizes[0]", file},
		{"oracle.features", builtinDefaults},
		{"benchmark.datasets[0].path", file}, // no default: the file lacks it
		{"limits.memory", builtinDefaults},
	} {
		if got := cfg.origin.of(tc.key); got != tc.want {
			t.Errorf("origin of %s = %q; want %q", tc.key, got, tc.want)
		}
	}
	if got := cfg.origin.pick("oracle.sizes", "oracle.depths", "oracle.test_size", "chunk"); got != "oracle.test_size" {
		t.Errorf("pick = %q; want the key given by --set", got)
	}
	if got := cfg.origin.pick("oracle.features", "limits.memory"); got != "oracle.features" {
		t.Errorf("pick of two defaults = %q; want the first", got)
	}
	// A config from a run folder names its record.
	run := &origin{file: "runs/x/manifest.json"}
	if got := run.of("oracle.sizes"); !strings.HasSuffix(got, "manifest.json") {
		t.Errorf("origin of a run folder's config = %q", got)
	}
}
