package pipeline

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
)

// The inputs of a run are what its results depend on besides its config:
// the files its study reads (flow.Study.Inputs: datasets, names files,
// Turney's cost files), which the generate stage reads, and the external
// learners' adapters, which train and evaluate run. Every record of a
// run folder (a manifest, a journal's header) keeps the state of the
// inputs its files were computed from: each file's size and sha256 (or
// its absence, for an optional file), each adapter's name and version.
// provenance.go compares them with the inputs as they are now.

// InputEntry is an input file as a record keeps it: its path as the
// config resolved it, and the size and SHA-256 of its bytes, or Absent
// for an optional file that was not there.
type InputEntry struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256,omitempty"`
	Absent bool   `json:"absent,omitempty"`
}

// String describes the fingerprint for messages: "4711 bytes, sha256
// 0123456789ab…", or "absent".
func (e InputEntry) String() string {
	if e.Absent {
		return "absent"
	}
	return fmt.Sprintf("%d bytes, sha256 %.12s…", e.Size, e.SHA256)
}

// fingerprint streams the file of in once through SHA-256. An optional
// file that does not exist gives an Absent entry; a required one an
// error wrapping fs.ErrNotExist.
func fingerprint(in flow.Input) (InputEntry, error) {
	n, sum, err := fileSum(in.Path)
	if errors.Is(err, fs.ErrNotExist) && in.Optional {
		return InputEntry{Path: in.Path, Absent: true}, nil
	}
	if err != nil {
		return InputEntry{}, err
	}
	return InputEntry{Path: in.Path, Size: n, SHA256: sum}, nil
}

// A source is one input whose state the records keep: a file of the
// study, or the adapter of an external learner.
type source struct {
	key     string     // fileKey(path) or adapterKey(learner)
	stage   int        // the first stage (index in flow.Stages) whose outputs depend on it
	input   flow.Input // a file's
	learner string     // an adapter's learner
}

func fileKey(path string) string       { return "file " + path }
func adapterKey(learner string) string { return "adapter " + learner }

// sources returns the inputs of a study run with cfg: its files, read
// by generate, and its external learners' adapters, which train and
// every later stage depend on.
func sources(study *flow.Study, cfg *Config) []source {
	var out []source
	for _, in := range study.Inputs {
		out = append(out, source{key: fileKey(in.Path), stage: stageIndex(flow.StageGenerate), input: in})
	}
	for _, l := range cfg.Learners {
		if l.External != nil {
			out = append(out, source{key: adapterKey(l.Name), stage: stageIndex(flow.StageTrain), learner: l.Name, input: flow.Input{}})
		}
	}
	return out
}

// touches reports whether the source reaches a task of chunk c.
func (s source) touches(p *flow.Plan, c flow.Chunk) bool {
	if s.learner != "" {
		return true
	}
	return s.input.Touches(p, c)
}

// describe names the source in a message: its file, or the learner's
// adapter.
func (s source) describe() string {
	if s.learner != "" {
		return "the adapter of learner " + s.learner
	}
	return s.input.Path
}

// errorAt returns an *input.Error about the source: naming its file, or
// the learner's key.
func (s source) errorAt(err error) error {
	if s.learner != "" {
		return &input.Error{Key: "learners." + s.learner, Err: fmt.Errorf("adapter %w", err)}
	}
	return &input.Error{File: s.input.Path, Err: err}
}

func stageIndex(stage string) int { return slices.Index(flow.Stages, stage) }

// inputValue is the state of one source: a file's fingerprint or an
// adapter's handshake.
type inputValue struct {
	file    *InputEntry
	adapter *flow.Adapter
}

// String describes the value; two values are the same state when their
// strings are equal.
func (v inputValue) String() string {
	if v.adapter != nil {
		return v.adapter.Name + " " + v.adapter.Version
	}
	if v.file.Absent {
		return "absent"
	}
	return fmt.Sprintf("%d bytes, sha256 %s", v.file.Size, v.file.SHA256)
}

// short is String for messages, with the sha256 cut to 12 digits.
func (v inputValue) short() string {
	if v.file != nil {
		return v.file.String()
	}
	return v.String()
}

// inputState is the state of the inputs one record (or command) knows,
// by source key.
type inputState map[string]inputValue

// stateOf is the state a record keeps: its files (none for a record
// from before inputs were kept) and its adapters.
func stateOf(files []InputEntry, adapters []flow.Adapter) inputState {
	s := inputState{}
	for i := range files {
		s[fileKey(files[i].Path)] = inputValue{file: &files[i]}
	}
	for i := range adapters {
		s[adapterKey(adapters[i].Learner)] = inputValue{adapter: &adapters[i]}
	}
	return s
}

// records returns the state as a record keeps it: the files and the
// adapters in the order of srcs (the config's), then any others by key.
func (s inputState) records(srcs []source) ([]InputEntry, []flow.Adapter) {
	rank := func(key string) int {
		if i := slices.IndexFunc(srcs, func(src source) bool { return src.key == key }); i >= 0 {
			return i
		}
		return len(srcs)
	}
	keys := slices.SortedFunc(maps.Keys(s), func(a, b string) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b)) })
	files := []InputEntry{}
	var adapters []flow.Adapter
	for _, k := range keys {
		if v := s[k]; v.file != nil {
			files = append(files, *v.file)
		} else {
			adapters = append(adapters, *v.adapter)
		}
	}
	return files, adapters
}

// currentFiles fingerprints the study's input files, which the command
// reads when it runs the generate stage. A required file that is gone is
// an *input.Error when a record of the folder knows it (it vanished
// since); otherwise it is left out, for the import to report.
func currentFiles(srcs []source, recs *records) (inputState, error) {
	s := inputState{}
	for _, src := range srcs {
		if src.learner != "" {
			continue
		}
		e, err := fingerprint(src.input)
		if errors.Is(err, fs.ErrNotExist) {
			if rec, v, ok := recs.anyValue(src.key); ok {
				return nil, src.errorAt(fmt.Errorf("gone since the run (%s records %s); restore it, or use another --out", rec, v.short()))
			}
			continue
		}
		if err != nil {
			return nil, src.errorAt(err)
		}
		s[src.key] = inputValue{file: &e}
	}
	return s, nil
}

// currentAdapters is the state of the adapters the command started.
func currentAdapters(adapters []flow.Adapter) inputState {
	return stateOf(nil, slices.Clone(adapters))
}
