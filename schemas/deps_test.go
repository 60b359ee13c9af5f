package schemas

import (
	"go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCatalogImports: the catalog depends on what its rows hold (dataset,
// tree, input) and on its Parquet machinery (internal/pq), never on what
// the stages compute with (costs, cv) or on the stages, the executor or
// their contract (flow), whose memory slots live there; and its own files
// hold no unsafe code (internal/pq's do). The imports are read from the
// source, through every dtbench package schemas reaches.
func TestCatalogImports(t *testing.T) {
	const module = "github.com/dtbench/dtbench/"
	forbidden := []string{"costs", "cv", "flow", "pipeline", "stages"}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var visit func(rel, from string)
	visit = func(rel, from string) {
		if seen[rel] {
			return
		}
		seen[rel] = true
		if first, _, _ := strings.Cut(rel, "/"); slices.Contains(forbidden, first) {
			t.Errorf("schemas reaches %s (imported by %s)", rel, from)
			return
		}
		pkg, err := build.ImportDir(filepath.Join(root, filepath.FromSlash(rel)), 0)
		if err != nil {
			t.Fatalf("read %s: %v", rel, err)
		}
		if rel == "schemas" && slices.Contains(pkg.Imports, "unsafe") {
			t.Errorf("schemas imports unsafe; its unsafe code belongs in internal/pq")
		}
		for _, imp := range pkg.Imports {
			if sub, ok := strings.CutPrefix(imp, module); ok {
				visit(sub, rel)
			}
		}
	}
	visit("schemas", "the test")
	if !seen["schemas/internal/pq"] {
		t.Errorf("schemas does not reach internal/pq; the walk of imports is broken")
	}
}
