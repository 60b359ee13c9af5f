package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
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

// configDiff returns the first key (keys in sorted order, entries of a
// list of sections by index: benchmark.datasets[0].options.Class) at
// which two configs give different tables, with its value in each, short
// (JSON, cut at maxShown characters; "absent"); "" when they may differ
// only in settings that never change results (workers, limits). A list
// of plain values (oracle.depths), or one whose entries agree as far as
// the shorter goes (learners), is shown whole.
func configDiff(a, b *Config) (key, va, vb string) {
	key, va, vb, _ = firstDiff("", configTree(a), configTree(b))
	return key, va, vb
}

// maxShown bounds a value configDiff shows.
const maxShown = 60

// absent stands for a key one config has and the other lacks.
type absent struct{}

// configTree is a config as JSON values, without the settings that never
// change results.
func configTree(c *Config) any {
	x := *c
	x.Workers, x.Limits = 0, Limits{}
	js, _ := json.Marshal(x)
	var tree any
	_ = json.Unmarshal(js, &tree) // our own JSON
	return tree
}

// firstDiff walks x and y together and returns the first key at which
// they differ, with both values shown.
func firstDiff(key string, x, y any) (string, string, string, bool) {
	switch xv := x.(type) {
	case map[string]any:
		if yv, ok := y.(map[string]any); ok {
			names := slices.Sorted(mapKeys(xv))
			for k := range yv {
				if _, ok := xv[k]; !ok {
					names = append(names, k)
				}
			}
			slices.Sort(names)
			for _, k := range names {
				sub := strings.TrimPrefix(key+"."+k, ".")
				if d, va, vb, ok := firstDiff(sub, valueAt(xv, k), valueAt(yv, k)); ok {
					return d, va, vb, true
				}
			}
			return "", "", "", false
		}
	case []any:
		if yv, ok := y.([]any); ok && (compound(xv) || compound(yv)) {
			for i := range min(len(xv), len(yv)) {
				if d, va, vb, ok := firstDiff(fmt.Sprintf("%s[%d]", key, i), xv[i], yv[i]); ok {
					return d, va, vb, true
				}
			}
			if len(xv) == len(yv) {
				return "", "", "", false
			}
		}
	}
	if reflect.DeepEqual(x, y) {
		return "", "", "", false
	}
	return key, shownValue(x), shownValue(y), true
}

// valueAt returns m[k], or absent.
func valueAt(m map[string]any, k string) any {
	if v, ok := m[k]; ok {
		return v
	}
	return absent{}
}

// compound reports whether a list holds sections or lists.
func compound(list []any) bool {
	return slices.ContainsFunc(list, func(v any) bool {
		switch v.(type) {
		case map[string]any, []any:
			return true
		}
		return false
	})
}

// shownValue is a value as configDiff shows it: JSON, at most maxShown
// characters.
func shownValue(v any) string {
	if _, ok := v.(absent); ok {
		return "absent"
	}
	b, _ := json.Marshal(v)
	if r := []rune(string(b)); len(r) > maxShown {
		return string(r[:maxShown]) + "…"
	}
	return string(b)
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

// isFolder refuses a run folder path that names no folder, an
// *input.Error naming it: the first check of every command that reads a
// run folder.
func isFolder(dir string) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return &input.Error{File: dir, Err: errors.New("no such run folder")}
	}
	return nil
}

// LoadRun returns the resolved config recorded in a run folder's
// manifest (or, for a run not yet finished, its journal), so that a stage
// can run over the folder without the config file that made it.
func LoadRun(dir string) (*Config, error) {
	if err := isFolder(dir); err != nil {
		return nil, err
	}
	recs, err := readRecords(dir)
	if err != nil {
		return nil, err
	}
	cfg, record := recs.configRecord()
	if cfg == nil {
		return nil, &input.Error{File: dir, Err: errors.New("no manifest.json or journal: not a dtbench run folder")}
	}
	// Its values come from the record (a problem found when the stage
	// starts names it).
	cfg.origin = &origin{file: filepath.Join(dir, record)}
	if err := cfg.Validate(); err != nil {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("manifest config: %w", err)}
	}
	if base := filepath.Base(filepath.Clean(dir)); base != cfg.Name {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("folder is named %q but its manifest says run %q", base, cfg.Name)}
	}
	return cfg, nil
}
