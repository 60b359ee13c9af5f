package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Verify checks an archived run folder against its manifest: every listed
// file exists with the recorded rows and sha256, and the folder holds no
// Parquet file the manifest does not list. It returns the number of files
// checked.
func Verify(dir string) (int, error) {
	m, err := findManifest(dir)
	if err != nil {
		return 0, err
	}
	listed := map[string]bool{}
	var problems []error
	for _, f := range m.Files {
		listed[f.Path] = true
		info, err := schemas.HashFile(filepath.Join(dir, filepath.FromSlash(f.Path)))
		switch {
		case err != nil:
			problems = append(problems, fmt.Errorf("%s: %w", f.Path, err))
		case info.SHA256 != f.SHA256:
			problems = append(problems, fmt.Errorf("%s: sha256 %s, manifest says %s", f.Path, info.SHA256, f.SHA256))
		case info.Rows != f.Rows:
			problems = append(problems, fmt.Errorf("%s: %d rows, manifest says %d", f.Path, info.Rows, f.Rows))
		}
	}
	extra, _ := filepath.Glob(filepath.Join(dir, "*", "*.parquet"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*.parquet"))
	for _, p := range append(extra, more...) {
		rel, _ := filepath.Rel(dir, p)
		if !listed[filepath.ToSlash(rel)] {
			problems = append(problems, fmt.Errorf("%s: not in the manifest", filepath.ToSlash(rel)))
		}
	}
	if len(problems) > 0 {
		return len(m.Files), &input.Error{File: dir, Err: errors.Join(problems...)}
	}
	return len(m.Files), nil
}
