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

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Manifest describes what one command (or, for manifest.json of a sharded
// run, the report merging every shard) wrote in a run folder: the
// resolved config, seed, version and shard, the inputs its files were
// computed from, and every file with its rows and sha256. See records.go
// for how manifests are kept, provenance.go for how inputs are compared.
type Manifest struct {
	Version        string         `json:"version"`
	SchemaVersions map[string]int `json:"schema_versions"` // per table, as schemas.Versions
	Config         *Config        `json:"config"`
	Seed           uint64         `json:"seed"`
	Shard          string         `json:"shard"`
	// Inputs are the input files the listed files were computed from
	// (datasets, names files, cost files), by path, with their size and
	// sha256; always present, empty for a study without input files. A
	// manifest without it comes from a dtbench that kept no inputs.
	Inputs []InputEntry `json:"inputs"`
	// Adapters are the external learners' adapters, as their handshakes
	// named them: the learner, and the adapter's own name and version.
	Adapters []flow.Adapter `json:"adapters,omitempty"`
	Files    []FileEntry    `json:"files"`
}

// FileEntry is one file of the run (a table part, or a text file such as
// report.md, with 0 rows) with its rows and sha256.
type FileEntry struct {
	Path   string `json:"path"` // relative to the run folder, slash-separated
	Rows   int64  `json:"rows"`
	SHA256 string `json:"sha256"`
}

// manifestName is manifest.json for a lone shard, manifest-<i>-of-<n>.json
// for a shard of several (the report stage writes manifest.json then).
func manifestName(s Shard) string {
	if s.Count <= 1 {
		return "manifest.json"
	}
	return fmt.Sprintf("manifest-%d-of-%d.json", s.Index, s.Count)
}

// configDiff returns the first key (in config order) at which two configs
// give different tables, with its value in each as JSON; "" when they may
// differ only in settings that never change results (workers, limits).
func configDiff(a, b *Config) (key, va, vb string) {
	flat := func(c *Config) ([]string, map[string]string) {
		x := *c
		x.Workers, x.Limits = 0, Limits{}
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
// not write needs the folder). Chunks already complete are kept only with
// --resume; without it they are recomputed (and come out identical).
// The costs sections read from changed files (changed, by path) are
// left out of the comparison: the files' fingerprints name the change
// (see reconcile).
func checkDir(dir string, cfg *Config, mustExist bool, recs *records, changed map[string]bool) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if mustExist {
			return &input.Error{File: dir, Err: errors.New("no such run folder; run `dtbench generate` (or `run`) first")}
		}
	case err != nil:
		return fmt.Errorf("read run folder %s: %w", dir, err)
	case len(entries) > 0:
		made := recs.config()
		if made == nil {
			return &input.Error{File: dir, Err: errors.New("no manifest.json or journal: not a dtbench run folder")}
		}
		if key, there, here := configDiff(withoutChangedCosts(made, cfg, changed)); key != "" {
			return &input.Error{File: dir, Key: key, Err: fmt.Errorf("run folder was made by a different config (%s there, %s here); use another name or --out, or delete it", there, here)}
		}
	}
	return nil
}

// createDir creates the run folder and removes what a killed run left
// half written.
func createDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create run folder: %w", err)
	}
	return removeTemps(dir)
}

// removeTemps deletes temporary files a killed run left behind.
func removeTemps(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && isTemp(d.Name()) {
			return os.Remove(path)
		}
		return nil
	})
}

// isTemp reports a writer's temporary file name (.<name>.tmp-…).
func isTemp(name string) bool { return strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp") }

// readManifest reads one manifest file.
func readManifest(path string) (*Manifest, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Config == nil {
		return nil, notJSON(path, b, err, "not a dtbench manifest")
	}
	return &m, nil
}

// notJSON is the error for a record file that does not decode: where
// the JSON stops, without the decoder's message, which quotes the file
// (it may be anything: a password file put in the manifest's place).
func notJSON(path string, b []byte, err error, what string) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return &input.Error{File: path, Err: errors.New(what)}
	}
	at := int(min(se.Offset, int64(len(b))))
	line := 1 + bytes.Count(b[:at], []byte("\n"))
	col := at - bytes.LastIndexByte(b[:at], '\n')
	return input.At(path, line, max(col-1, 1), "%s: not JSON", what)
}

// writeManifestFile writes m to path atomically.
func writeManifestFile(path string, m *Manifest) error {
	if m.Files == nil {
		m.Files = []FileEntry{}
	}
	if m.Inputs == nil {
		m.Inputs = []InputEntry{}
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	_, err = schemas.WriteText(path, append(b, '\n'))
	return err
}

// LoadRun returns the resolved config recorded in a run folder's
// manifest (or, for a run not yet finished, its journal), so that a stage
// can run over the folder without the config file that made it.
func LoadRun(dir string) (*Config, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, &input.Error{File: dir, Err: errors.New("no such run folder")}
	}
	recs, err := readRecords(dir)
	if err != nil {
		return nil, err
	}
	cfg := recs.config()
	if cfg == nil {
		return nil, &input.Error{File: dir, Err: errors.New("no manifest.json or journal: not a dtbench run folder")}
	}
	if err := cfg.Validate(); err != nil {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("manifest config: %w", err)}
	}
	if base := filepath.Base(filepath.Clean(dir)); base != cfg.Name {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("folder is named %q but its manifest says run %q", base, cfg.Name)}
	}
	return cfg, nil
}
