package pipeline

import (
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

// A run folder's records say what dtbench itself wrote there: the
// manifest of every completed command (manifest.json, or
// manifest-<i>-of-<n>.json for shard i of n) and the journal of a command
// in progress or interrupted (journal.jsonl, journal-<i>-of-<n>.jsonl),
// which records each chunk's parts as they are renamed into place. A file
// is trusted when its bytes match a record; nothing else is read as a
// dtbench table, and no record is ever made by hashing a file dtbench did
// not just write.
//
// A command's own manifest is rewritten only when the command succeeds:
// its old entries, less the files it removed, plus the files it wrote.
// Other manifests that list files the command rewrote or removed lose
// those entries, so that each file has one record (the merged
// manifest.json of a sharded run, which the report writes, aside).

// records is what a command knows of a run folder before it writes.
type records struct {
	dir       string
	byPath    map[string][]recorded // trusted records by relative path
	manifests map[string]*Manifest  // by file name
	journals  map[string]*journalHeader
	byName    map[string]*record // every manifest and journal, by file name
	live      map[string]liveRecords
}

// record is one record of the folder — a manifest or a journal, by file
// name, or the running command itself — with the state of the inputs the
// files it lists were computed from.
type record struct {
	name  string
	state inputState
	// legacy marks a record from a dtbench that kept no input files: the
	// state of every file is unknown.
	legacy bool
}

// recorded is one file entry of a record.
type recorded struct {
	FileEntry
	rec *record
}

// liveRecords caches vouchers: the records whose entry matches a file's
// bytes, or why none does.
type liveRecords struct {
	recs []*record
	err  error
}

// readRecords reads every manifest and journal of dir (none when dir does
// not exist), after checking that the folder holds no link (links.go): it
// is the first thing every command does with a run folder. An unreadable
// manifest, or a link, is an *input.Error naming it.
func readRecords(dir string) (*records, error) {
	if err := checkNoLinks(dir); err != nil {
		return nil, err
	}
	return loadRecords(dir, nil)
}

// loadRecords reads every manifest and journal of dir but those that are
// among found, the folder's links (verify, which reports them, reads
// nothing through them).
func loadRecords(dir string, found []strange) (*records, error) {
	r := &records{dir: dir, byPath: map[string][]recorded{}, manifests: map[string]*Manifest{}, journals: map[string]*journalHeader{},
		byName: map[string]*record{}, live: map[string]liveRecords{}}
	linked := func(p string) bool { _, ok := behind(found, filepath.Base(p)); return ok }
	paths, _ := filepath.Glob(filepath.Join(dir, "manifest*.json"))
	paths = slices.DeleteFunc(paths, linked)
	slices.Sort(paths)
	for _, p := range paths {
		m, err := readManifest(p)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(p)
		r.manifests[name] = m
		rec := &record{name: name, state: stateOf(m.Inputs, m.Adapters), legacy: m.Inputs == nil}
		r.byName[name] = rec
		for _, f := range m.Files {
			r.add(f, rec)
		}
	}
	journals, _ := filepath.Glob(filepath.Join(dir, "journal*.jsonl"))
	journals = slices.DeleteFunc(journals, linked)
	slices.Sort(journals)
	for _, p := range journals {
		h, entries, err := readJournal(p)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(p)
		r.journals[name] = h
		rec := &record{name: name, state: stateOf(h.Inputs, h.Adapters), legacy: h.Inputs == nil}
		r.byName[name] = rec
		for _, f := range entries {
			r.add(f, rec)
		}
	}
	return r, nil
}

// add trusts f as one of rec's files.
func (r *records) add(f FileEntry, rec *record) {
	if !slices.ContainsFunc(r.byPath[f.Path], func(g recorded) bool { return g.FileEntry == f && g.rec == rec }) {
		r.byPath[f.Path] = append(r.byPath[f.Path], recorded{f, rec})
	}
	delete(r.live, f.Path)
}

// journalFiles returns the files the journal of that name records, by
// path.
func (r *records) journalFiles(name string) []FileEntry {
	var out []FileEntry
	for _, entries := range r.byPath {
		for _, e := range entries {
			if e.rec.name == name {
				out = append(out, e.FileEntry)
			}
		}
	}
	slices.SortFunc(out, func(a, b FileEntry) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// names returns the names of the folder's records, sorted.
func (r *records) names() []string { return slices.Sorted(mapKeys(r.byName)) }

// anyValue returns the first record (by name) that keeps a state of the
// source key, with that state.
func (r *records) anyValue(key string) (string, inputValue, bool) {
	for _, name := range r.names() {
		if v, ok := r.byName[name].state[key]; ok {
			return name, v, true
		}
	}
	return "", inputValue{}, false
}

// config returns the config some record of the folder names, nil when
// the folder has none.
func (r *records) config() *Config {
	cfg, _ := r.configRecord()
	return cfg
}

// configRecord returns the config some record of the folder names, and
// that record's file name; nil and "" when the folder has none.
func (r *records) configRecord() (*Config, string) {
	for _, name := range slices.Sorted(mapKeys(r.manifests)) {
		return r.manifests[name].Config, name
	}
	for _, name := range slices.Sorted(mapKeys(r.journals)) {
		return r.journals[name].Config, name
	}
	return nil, ""
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// versionDiff names every table of tables whose schema version in some
// record of the folder differs from what this dtbench writes, one
// difference per record and table, joined by "; " ("" when none does). A
// manifest from before per-table versions counts as version 1 throughout.
func (r *records) versionDiff(tables []string) string {
	now := schemas.Versions()
	var diffs []string
	check := func(name string, v map[string]int) {
		for _, t := range slices.Sorted(mapKeys(now)) {
			if !slices.Contains(tables, t) {
				continue
			}
			old, ok := v[t]
			if !ok {
				old = 1
			}
			if old != now[t] {
				diffs = append(diffs, fmt.Sprintf("%s says %s is version %d, this dtbench writes version %d", name, t, old, now[t]))
			}
		}
	}
	for _, name := range slices.Sorted(mapKeys(r.manifests)) {
		check(name, r.manifests[name].SchemaVersions)
	}
	for _, name := range slices.Sorted(mapKeys(r.journals)) {
		check(name, r.journals[name].SchemaVersions)
	}
	return strings.Join(diffs, "; ")
}

// rel returns path relative to the run folder, slash-separated.
func (r *records) rel(path string) string {
	rel, err := filepath.Rel(r.dir, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// check reports whether the file at path is one dtbench wrote: it exists
// and its bytes match a record. The error is an *input.Error naming the
// file, with the way out.
func (r *records) check(path string) error {
	_, err := r.vouchers(path)
	return err
}

// vouchers returns the records whose entry for the file at path matches
// its bytes (hashing it once per command), or check's error when none
// does.
func (r *records) vouchers(path string) ([]*record, error) {
	rel := r.rel(path)
	if l, ok := r.live[rel]; ok {
		return l.recs, l.err
	}
	recs, err := r.hashVouchers(path, rel)
	r.live[rel] = liveRecords{recs, err}
	return recs, err
}

func (r *records) hashVouchers(path, rel string) ([]*record, error) {
	entries := r.byPath[rel]
	if len(entries) == 0 {
		return nil, &input.Error{File: path, Err: errors.New("not written by dtbench (no manifest or journal lists it); delete it, then --resume recomputes the chunk")}
	}
	rows, sum, err := hashAny(path)
	if err != nil {
		return nil, &input.Error{File: path, Err: fmt.Errorf("damaged: %v; delete it, then --resume recomputes the chunk", unwrapInput(err))}
	}
	var out []*record
	for _, f := range entries {
		if f.SHA256 == sum && f.Rows == rows && !slices.Contains(out, f.rec) {
			out = append(out, f.rec)
		}
	}
	if len(out) == 0 {
		return nil, &input.Error{File: path, Err: errors.New("damaged: its sha256 differs from the manifest's; delete it, then --resume recomputes the chunk")}
	}
	return out, nil
}

// finish makes the command's writes part of its manifest: other shards'
// copies of the parts it wrote are removed (a rerun with another number of
// shards leaves no duplicate), other manifests drop the entries of files
// it rewrote or removed, its own manifest is written, and its journal
// removed. It runs only when the command succeeded, and refuses a folder
// that holds a link by then.
func (r *records) finish(j *journal, own Manifest, ownName string) error {
	// A link made while the command ran fails it before any record
	// trusts what was written through it.
	if err := checkNoLinks(r.dir); err != nil {
		return err
	}
	written := map[string]FileEntry{}
	for _, f := range j.done {
		written[f.Path] = f
	}
	removed := map[string]bool{}
	for _, p := range j.removed {
		removed[p] = true
	}
	for _, dup := range otherShardCopies(r.dir, written) {
		if err := os.Remove(filepath.Join(r.dir, filepath.FromSlash(dup))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", dup, err)
		}
		removed[dup] = true
	}
	touched := func(p string) bool { _, w := written[p]; return w || removed[p] }
	for name, m := range r.manifests {
		if name == ownName {
			continue
		}
		keep := slices.DeleteFunc(slices.Clone(m.Files), func(f FileEntry) bool { return touched(f.Path) })
		if len(keep) == len(m.Files) {
			continue
		}
		m.Files = keep
		if err := writeManifestFile(filepath.Join(r.dir, name), m); err != nil {
			return err
		}
	}
	var files []FileEntry
	if old, ok := r.manifests[ownName]; ok {
		for _, f := range old.Files {
			if !touched(f.Path) && !j.drop[f] {
				files = append(files, f)
			}
		}
	}
	for _, f := range written {
		files = append(files, f)
	}
	for _, f := range j.merged {
		if !touched(f.Path) && !slices.ContainsFunc(files, func(g FileEntry) bool { return g.Path == f.Path }) {
			files = append(files, f)
		}
	}
	slices.SortFunc(files, func(a, b FileEntry) int { return strings.Compare(a.Path, b.Path) })
	own.Files = files
	if err := writeManifestFile(filepath.Join(r.dir, ownName), &own); err != nil {
		return err
	}
	if err := j.close(); err != nil {
		return err
	}
	return os.Remove(j.path)
}

// otherShardCopies returns the parts of the same table and chunk as the
// written parts (part-<shard>-<chunk>[-<stage>].parquet) that other shards
// wrote, reading each table directory once.
func otherShardCopies(dir string, written map[string]FileEntry) []string {
	byDir := map[string]map[string]string{} // table dir → chunk name → shard
	for p := range written {
		d, base := pathDir(p), path2base(p)
		shard, rest, ok := splitPart(base)
		if !ok {
			continue
		}
		if byDir[d] == nil {
			byDir[d] = map[string]string{}
		}
		byDir[d][rest] = shard
	}
	var out []string
	for d, mine := range byDir {
		entries, _ := os.ReadDir(filepath.Join(dir, filepath.FromSlash(d)))
		for _, e := range entries {
			shard, rest, ok := splitPart(e.Name())
			if own, wrote := mine[rest]; ok && wrote && shard != own {
				out = append(out, d+"/"+e.Name())
			}
		}
	}
	slices.Sort(out)
	return out
}

// splitPart splits a part name part-<shard>-<rest> into shard and rest.
func splitPart(name string) (shard, rest string, ok bool) {
	if !strings.HasPrefix(name, "part-") {
		return "", "", false
	}
	return strings.Cut(strings.TrimPrefix(name, "part-"), "-")
}

func path2base(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func pathDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}
