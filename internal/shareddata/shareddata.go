// Package shareddata finds the real datasets that tests and benchmarks
// read from ../shared/datasets beside the repository. They are never
// copied into the project; a test that needs them skips, with a message,
// when the folder is absent.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns shared/datasets beside the repository root (the folder
// holding go.mod, found by walking up from the working directory), and
// false when there is none.
func Dir() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "datasets")
	if fi, err := os.Stat(data); err != nil || !fi.IsDir() {
		return "", false
	}
	return data, true
}

// DirOrSkip returns Dir, or skips tb when the datasets are absent.
func DirOrSkip(tb testing.TB) string {
	tb.Helper()
	dir, ok := Dir()
	if !ok {
		announce()
		tb.Skip("shared datasets not found: the real-data tests need ../shared/datasets beside the repository")
	}
	return dir
}

// FileOrSkip returns the path of rel under the shared datasets, skipping tb
// with a message when the datasets or the file are absent. A caller then
// fails on any error reading it: a parser regression must not become a
// skip.
func FileOrSkip(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(DirOrSkip(tb), rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared dataset %s is absent: %v", rel, err)
	}
	return p
}
