package pipeline

import (
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
	Version       string      `json:"version"`
	SchemaVersion int         `json:"schema_version"`
	Config        *Config     `json:"config"`
	Seed          uint64      `json:"seed"`
	Shard         string      `json:"shard"`
	Files         []FileEntry `json:"files"`
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

// configDiff returns the first key (in config order) at which two configs
// give different tables, with its value in each as JSON; "" when they may
// differ only in settings that never change results (workers).
func configDiff(a, b *Config) (key, va, vb string) {
	flat := func(c *Config) ([]string, map[string]string) {
		x := *c
		x.Workers = 0
		js, _ := json.Marshal(x)
		var tree any
		_ = json.Unmarshal(js, &tree) // our own JSON
		var keys []string
		vals := map[string]string{}
		var walk func(prefix string, v any)
		walk = func(prefix string, v any) {
			if m, ok := v.(map[string]any); ok {
				names := make([]string, 0, len(m))
				for k := range m {
					names = append(names, k)
				}
				slices.Sort(names)
				for _, k := range names {
					walk(strings.TrimPrefix(prefix+"."+k, "."), m[k])
				}
				return
			}
			b, _ := json.Marshal(v)
			keys = append(keys, prefix)
			vals[prefix] = string(b)
		}
		walk("", tree)
		return keys, vals
	}
	ka, a2 := flat(a)
	kb, b2 := flat(b)
	for _, k := range append(ka, kb...) {
		if a2[k] != b2[k] {
			va, vb = a2[k], b2[k]
			if va == "" {
				va = "absent"
			}
			if vb == "" {
				vb = "absent"
			}
			return k, va, vb
		}
	}
	return "", "", ""
}

// checkDir checks, without writing, that the run folder is new or was made
// by the same config (mustExist: a command that reads tables it does
// not write needs the folder). Chunks already complete are kept only with --resume;
// without it they are recomputed (and come out identical).
func checkDir(dir string, cfg *Config, mustExist bool) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if mustExist {
			return &input.Error{File: dir, Err: errors.New("no such run folder; run `dtbench generate` (or `run`) first")}
		}
	case err != nil:
		return fmt.Errorf("read run folder %s: %w", dir, err)
	case len(entries) > 0:
		m, err := findManifest(dir)
		if err != nil {
			return err
		}
		if key, there, here := configDiff(m.Config, cfg); key != "" {
			return &input.Error{File: dir, Key: key, Err: fmt.Errorf("run folder was made by a different config (%s there, %s here); use another name or --out, or delete it", there, here)}
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
	m := Manifest{Version: opts.Version, SchemaVersion: schemas.Version, Config: cfg, Seed: cfg.Seed, Shard: opts.Shard.String()}
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
