package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Manifest describes a run folder: what produced it and every file in it.
type Manifest struct {
	Version        string         `json:"version"`
	SchemaVersions map[string]int `json:"schema_versions"` // per table, as schemas.Versions
	Config         *Config        `json:"config"`
	Seed           uint64         `json:"seed"`
	Shard          string         `json:"shard"`
	Files          []FileEntry    `json:"files"`
}

// FileEntry is one Parquet file of the run with its rows and sha256.
type FileEntry struct {
	Path   string `json:"path"` // relative to the run folder, slash-separated
	Rows   int64  `json:"rows"`
	SHA256 string `json:"sha256"`
}

const manifestName = "manifest.json"

// manifestPath is manifest.json for a lone shard, manifest-<i>-of-<n>.json
// for a shard of several (the report stage writes manifest.json then).
func manifestPath(dir string, s Shard) string {
	if s.Count <= 1 {
		return filepath.Join(dir, manifestName)
	}
	return filepath.Join(dir, fmt.Sprintf("manifest-%d-of-%d.json", s.Index, s.Count))
}

// sameResults reports whether two configs give the same tables: they may
// differ only in settings that never change results.
func sameResults(a, b *Config) bool {
	x, y := *a, *b
	x.Workers, y.Workers = 0, 0
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}

// checkDir checks, without writing, that the run folder is new or was made
// by the same config. Chunks already complete are kept only with --resume;
// without it they are recomputed (and come out identical).
func checkDir(dir string, cfg *Config, stages selection) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !stages.has(StageGenerate) {
			return &input.Error{File: dir, Err: errors.New("no such run folder; run `dtbench generate` (or `run`) first")}
		}
	case err != nil:
		return fmt.Errorf("read run folder %s: %w", dir, err)
	case len(entries) > 0:
		m, err := findManifest(dir)
		if err != nil {
			return err
		}
		if !sameResults(m.Config, cfg) {
			return &input.Error{File: dir, Err: errors.New("run folder was made by a different config; use another name or --out, or delete it")}
		}
	}
	return nil
}

// createDir creates the run folder, removes what a killed run left half
// written, and writes the manifest of the files present so far, so that
// an interrupted run still says which config made it.
func createDir(dir string, cfg *Config, opts Options) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create run folder: %w", err)
	}
	if err := removeTemps(dir); err != nil {
		return err
	}
	return writeManifest(dir, cfg, opts)
}

// findManifest reads the run folder's manifest.json or any shard manifest.
func findManifest(dir string) (*Manifest, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "manifest*.json"))
	slices.Sort(paths)
	if len(paths) == 0 {
		return nil, &input.Error{File: dir, Err: errors.New("no manifest.json; not a dtbench run folder")}
	}
	b, err := os.ReadFile(paths[0])
	if err != nil {
		return nil, &input.Error{File: paths[0], Err: err}
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Config == nil {
		return nil, &input.Error{File: paths[0], Err: fmt.Errorf("not a dtbench manifest: %v", err)}
	}
	return &m, nil
}

// removeTemps deletes temporary files a killed run left behind.
func removeTemps(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), ".") && strings.Contains(d.Name(), ".tmp") {
			return os.Remove(path)
		}
		return nil
	})
}

// writeManifest lists every Parquet file of the run folder with its rows
// and sha256, and writes the manifest atomically.
func writeManifest(dir string, cfg *Config, opts Options) error {
	m := Manifest{Version: opts.Version, SchemaVersions: schemas.Versions(), Config: cfg, Seed: cfg.Seed, Shard: opts.Shard.String()}
	m.Files = []FileEntry{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".parquet" || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		info, err := schemas.HashFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		m.Files = append(m.Files, FileEntry{Path: filepath.ToSlash(rel), Rows: info.Rows, SHA256: info.SHA256})
		return nil
	})
	if err != nil {
		return fmt.Errorf("list run folder %s: %w", dir, err)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(manifestPath(dir, opts.Shard), append(b, '\n'))
}

// writeFileAtomic writes data to a temporary file beside path and renames it.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// LoadRun returns the resolved config recorded in a run folder's
// manifest, so that a stage can run over the folder without the config
// file that made it.
func LoadRun(dir string) (*Config, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, &input.Error{File: dir, Err: errors.New("no such run folder")}
	}
	m, err := findManifest(dir)
	if err != nil {
		return nil, err
	}
	if err := m.Config.Validate(); err != nil {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("manifest config: %w", err)}
	}
	if base := filepath.Base(filepath.Clean(dir)); base != m.Config.Name {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("folder is named %q but its manifest says run %q", base, m.Config.Name)}
	}
	return m.Config, nil
}
