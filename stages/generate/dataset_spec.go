package generate

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// DatasetSpec is one entry of a real-data study's datasets
// (benchmark.datasets, cost.datasets): its file or files, the name it
// goes by (default: the file name without its extensions), and how to
// import it.
type DatasetSpec struct {
	Name string `json:"name"`
	// Path is the data file of a dataset of one file; "" when Paths
	// holds several.
	Path string `json:"path"`
	// Paths are the data files of a dataset of several (paths: [a, b], or
	// a path or paths with glob patterns), in order, patterns expanded;
	// nil for one file. Files returns either.
	Paths   []string         `json:"paths,omitempty"`
	Options importer.Options `json:"options"`
	// Scenarios are the dataset's own (its entry's scenarios key), or
	// benchmark.scenarios; none = the whole dataset.
	Scenarios []Scenario `json:"scenarios"`
	// ScenariosKey is the config key the scenarios came from, for errors.
	ScenariosKey string `json:"-"`
	// Subsets is the entry's subsets key, or benchmark.subsets.
	Subsets string `json:"subsets"`
	// Select is the entry's own select (a number, or SelectAll); nil for
	// benchmark.select. SelectKey is its config key, for errors.
	Select    *Selection `json:"select,omitempty"`
	SelectKey string     `json:"-"`
	// Costs is the entry's costs section, resolved; nil for none (the
	// config's costs section then applies, when there is one).
	Costs *costs.Config `json:"costs,omitempty"`
}

// Files returns the dataset's data files, in the order they are read.
func (d DatasetSpec) Files() []string {
	if d.Paths != nil {
		return d.Paths
	}
	return []string{d.Path}
}

// File names the dataset's data for messages: its file, or its files
// joined by " + ".
func (d DatasetSpec) File() string { return strings.Join(d.Files(), " + ") }

// datasetEntry is one benchmark.datasets entry as written: the importer's
// options, path (or paths) and name.
type datasetEntry struct {
	Path             string         `mapstructure:"path"`
	Paths            []string       `mapstructure:"paths"`
	Name             string         `mapstructure:"name"`
	Scenarios        []any          `mapstructure:"scenarios"`
	Subsets          string         `mapstructure:"subsets"`
	Select           any            `mapstructure:"select"`
	Costs            map[string]any `mapstructure:"costs"`
	importer.Options `mapstructure:",squash"`
}

var datasetName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// resolveDatasets reads a study's list of datasets (key: benchmark.datasets,
// cost.datasets; base holds the section's options, bins checked): each entry's path, class, name (default: the file name
// without its extensions; distinct), importer options over base, and own
// costs section; relative paths relative to dir. It returns the entries
// too, for the study's own keys.
func resolveDatasets(key string, raws []any, base importer.Options, dir string) ([]DatasetSpec, []datasetEntry, error) {
	if len(raws) == 0 {
		return nil, nil, input.Keyf(key, "must list at least one dataset ({path: FILE, class: NAME})")
	}
	var specs []DatasetSpec
	var entries []datasetEntry
	for i, raw := range raws {
		key := fmt.Sprintf("%s[%d]", key, i)
		m, ok := raw.(map[string]any)
		if !ok {
			return nil, nil, input.Keyf(key, "want {path: FILE, class: NAME, …}, got %v", raw)
		}
		e := datasetEntry{Options: base}
		if err := decode.Map(key, m, &e); err != nil {
			return nil, nil, err
		}
		files, err := entryFiles(key, e, dir)
		if err != nil {
			return nil, nil, err
		}
		if e.Class == "" {
			return nil, nil, input.Keyf(key+".class", "required: the class column's name")
		}
		if e.Name == "" {
			if e.Paths != nil || strings.ContainsAny(e.Path, "*?[") {
				return nil, nil, input.Keyf(key+".name", "required for a dataset of several files (paths, or a pattern)")
			}
			e.Name = baseName(e.Path)
		}
		if !datasetName.MatchString(e.Name) {
			return nil, nil, input.Keyf(key+".name", "%q: want letters, digits, '.', '_' and '-' (it names a file)", e.Name)
		}
		// The section's bins were checked: 0 here is the entry's own.
		if err := importer.CheckBins(key+".discretize.bins", e.Discretize.Bins); err != nil {
			return nil, nil, err
		}
		if err := e.Options.Validate(); err != nil {
			return nil, nil, prefixKey(key, err)
		}
		if slices.ContainsFunc(specs, func(d DatasetSpec) bool { return d.Name == e.Name }) {
			return nil, nil, input.Keyf(key+".name", "dataset %q listed twice; give one a name", e.Name)
		}
		spec := DatasetSpec{Name: e.Name, Options: e.Options}
		if len(files) == 1 {
			spec.Path = files[0]
		} else {
			spec.Paths = files
		}
		if e.Costs != nil {
			sec, err := costs.Decode(key+".costs", e.Costs)
			if err != nil {
				return nil, nil, err
			}
			if spec.Costs, err = sec.Resolve(key+".costs", dir); err != nil {
				return nil, nil, err
			}
			if err := CheckDatasetCosts(key+".costs", spec.Costs); err != nil {
				return nil, nil, err
			}
		}
		if dir != "" {
			spec.relativeTo(dir)
		}
		specs = append(specs, spec)
		entries = append(entries, e)
	}
	return specs, entries, nil
}

// entryFiles returns an entry's data files: its path, or its paths,
// relative to dir, glob patterns expanded in sorted order
// (importer.Expand).
func entryFiles(key string, e datasetEntry, dir string) ([]string, error) {
	patterns, k := []string{e.Path}, key+".path"
	switch {
	case e.Path != "" && e.Paths != nil:
		return nil, input.Keyf(key+".paths", "give path or paths, not both")
	case e.Paths != nil:
		if len(e.Paths) == 0 {
			return nil, input.Keyf(key+".paths", "lists no file")
		}
		patterns, k = slices.Clone(e.Paths), key+".paths"
	case e.Path == "":
		return nil, input.Keyf(key+".path", "required (or paths: [FILE, …])")
	}
	for i, p := range patterns {
		if p == "" {
			return nil, input.Keyf(k, "lists an empty name")
		}
		if dir != "" && !filepath.IsAbs(p) {
			patterns[i] = filepath.Join(dir, p)
		}
	}
	return importer.Expand(k, patterns)
}

// CheckDatasetCosts refuses costs a real dataset cannot take: drawn costs,
// which are for the oracle study's random features (key names the section).
func CheckDatasetCosts(key string, c *costs.Config) error {
	if c != nil && c.Draw != nil {
		return input.Keyf(key+".draw", "draws costs for the oracle study's random features; a dataset takes uci, tests, groups, delayed and matrix")
	}
	return nil
}

// baseName is a file's name without its extensions (vote.arff.gz → vote).
func baseName(path string) string {
	b := filepath.Base(path)
	if i := strings.IndexByte(b, '.'); i > 0 {
		b = b[:i]
	}
	return b
}

// prefixKey puts key in front of an *input.Error's key.
func prefixKey(key string, err error) error {
	if ie, ok := err.(*input.Error); ok {
		out := *ie
		if out.Key == "" {
			out.Key = key
		} else {
			out.Key = key + "." + out.Key
		}
		return &out
	}
	return fmt.Errorf("%s: %w", key, err)
}

// relativeTo makes the dataset's names file relative to dir, the
// directory of the config file that names it (entryFiles does so for its
// data files).
func (d *DatasetSpec) relativeTo(dir string) {
	if f := d.Options.NamesFile; f != "" && !filepath.IsAbs(f) {
		d.Options.NamesFile = filepath.Join(dir, f)
	}
}
