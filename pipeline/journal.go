package pipeline

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// A command's journal (journal.jsonl, journal-<i>-of-<n>.jsonl for shard i
// of n) records each file the command renames into place, after a header
// line naming the command and the inputs it computes from, so that a
// killed command's complete parts can be kept by --resume (records.go).

// journalHeader is a journal's first line: the command that keeps it,
// and the inputs it computes from.
type journalHeader struct {
	Version        string         `json:"version"`
	SchemaVersions map[string]int `json:"schema_versions"`
	Config         *Config        `json:"config"`
	Shard          string         `json:"shard"`
	Inputs         []InputEntry   `json:"inputs"`
	Adapters       []flow.Adapter `json:"adapters,omitempty"`
	// Stages are the stages the command runs (all four for run), so
	// that verify can say which command did not finish; none in a
	// journal from a dtbench that did not keep them.
	Stages []string `json:"stages,omitempty"`
}

// journal records the files a command writes as it writes them, one JSON
// line per file after a header line, appended in place.
type journal struct {
	path string
	mu   sync.Mutex
	f    *os.File
	done []FileEntry // everything recorded, in order
	// merged are records of other manifests that the command's manifest
	// takes over as they are (the report's merged manifest.json)
	merged []FileEntry
	closed bool
	index  map[string]bool // paths of done, built by wrote
	// removed are the files the command deleted (computed from changed
	// inputs), which no manifest lists once it succeeds; drop the
	// entries of its manifest that it does not carry over (computed from
	// another state of its inputs).
	removed []string
	drop    map[FileEntry]bool
	// inherited: it kept an earlier journal's records; deleted: the
	// command deleted files before it wrote (damaged parts, files
	// computed from changed inputs). Either way the journal must stay
	// if the command fails (see abandon).
	inherited, deleted bool
}

func journalPath(dir string, s Shard) string {
	if s.Count <= 1 {
		return filepath.Join(dir, "journal.jsonl")
	}
	return filepath.Join(dir, fmt.Sprintf("journal-%d-of-%d.jsonl", s.Index, s.Count))
}

// openJournal starts the command's journal, keeping the records of an
// earlier journal of the same shard (a killed run's complete parts) but
// those in drop (computed from another state of the inputs than h's).
func openJournal(dir string, h journalHeader, s Shard, drop map[FileEntry]bool) (*journal, error) {
	path := journalPath(dir, s)
	var keep []FileEntry
	if _, old, err := readJournal(path); err == nil {
		keep = slices.DeleteFunc(old, func(f FileEntry) bool { return drop[f] })
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if h.Inputs == nil {
		h.Inputs = []InputEntry{}
	}
	var b bytes.Buffer
	for _, line := range append([]any{h}, anySlice(keep)...) {
		js, err := json.Marshal(line)
		if err != nil {
			return nil, err
		}
		b.Write(append(js, '\n'))
	}
	if _, err := schemas.WriteText(path, b.Bytes()); err != nil {
		return nil, fmt.Errorf("start journal: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, fmt.Errorf("start journal: %w", err)
	}
	return &journal{path: path, f: f, done: keep, inherited: len(keep) > 0}, nil
}

// abandon removes the journal of a command that failed (or was stopped)
// when the folder is, without it, as its manifests say: the folder had a
// manifest, the command kept no earlier journal and deleted nothing, and
// every file it recorded is byte for byte one a manifest lists (a report
// over a finished run, stopped before it wrote, or while it rewrote
// identical files). Any other journal stays, for --resume.
func (r *records) abandon(j *journal) error {
	if len(r.manifests) == 0 || j.inherited || j.deleted || len(j.removed) > 0 {
		return nil
	}
	for _, f := range j.done {
		if !r.inManifest(f) {
			return nil
		}
	}
	if err := j.close(); err != nil {
		return err
	}
	if err := os.Remove(j.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove the journal of a command that changed nothing: %w", err)
	}
	return nil
}

// inManifest reports whether a manifest of the folder lists f as it is
// (path, rows and sha256).
func (r *records) inManifest(f FileEntry) bool {
	for _, m := range r.manifests {
		if slices.Contains(m.Files, f) {
			return true
		}
	}
	return false
}

func anySlice[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// record appends the files just written (renamed into place).
func (j *journal) record(dir string, infos ...schemas.FileInfo) error {
	var b bytes.Buffer
	entries := make([]FileEntry, len(infos))
	for i, info := range infos {
		rel, err := filepath.Rel(dir, info.Path)
		if err != nil {
			return err
		}
		entries[i] = FileEntry{Path: filepath.ToSlash(rel), Rows: info.Rows, SHA256: info.SHA256}
		js, _ := json.Marshal(entries[i])
		b.Write(append(js, '\n'))
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write journal %s: %w", j.path, err)
	}
	j.done = append(j.done, entries...)
	return nil
}

// wrote reports whether the journal records the file at rel.
func (j *journal) wrote(rel string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.index) != len(j.done) {
		j.index = map[string]bool{}
		for _, f := range j.done {
			j.index[f.Path] = true
		}
	}
	return j.index[rel]
}

// close closes the journal file, leaving it in place; it may be called
// more than once.
func (j *journal) close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return nil
	}
	j.closed = true
	return j.f.Close()
}

// readJournal reads a journal; a last line cut short by a kill is ignored.
func readJournal(path string) (*journalHeader, []FileEntry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var h journalHeader
	var entries []FileEntry
	for line := 0; sc.Scan(); line++ {
		text := sc.Bytes()
		if line == 0 {
			if err := json.Unmarshal(text, &h); err != nil || h.Config == nil {
				return nil, nil, input.Filef(path, 1, "not a dtbench journal")
			}
			continue
		}
		var f FileEntry
		if err := json.Unmarshal(text, &f); err != nil || f.Path == "" {
			if !bytes.HasSuffix(data, []byte("\n")) && !sc.Scan() {
				break // the last line, cut short
			}
			return nil, nil, input.Filef(path, line+1, "not a journal entry")
		}
		entries = append(entries, f)
	}
	if h.Config == nil {
		return nil, nil, input.Filef(path, 1, "not a dtbench journal")
	}
	return &h, entries, nil
}
