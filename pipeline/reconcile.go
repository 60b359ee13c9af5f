package pipeline

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
)

// reconciled is what a command may do, given the inputs as they are now
// and the state its folder's records keep of them (see provenance.go).
type reconciled struct {
	// state is the state the command works from: the inputs it reads
	// as they are now, the others as the files it reads were computed
	// from (else as its own records keep them). Its records keep it.
	state inputState
	// remove are the command's own files computed from another state,
	// which it deletes before it writes (--recompute-changed).
	remove []string
	// redo are the chunks it computes again though complete.
	redo []int
	// drop are, by record name, the entries of its own records computed
	// from another state, which its new records do not carry over.
	drop map[string]map[FileEntry]bool
}

// conflict is a file computed from another state of an input than the
// command's.
type conflict struct {
	src  int // index in r.srcs
	rel  string
	rec  *record // a record vouching for it
	own  bool    // the command's own: its shard's part, or in its records
	read bool    // the command reads the input now
}

// reconcile compares the inputs the command reads now (cur) with the
// state from which every file of the folder was computed, before it
// writes anything. A file the command reads must have been computed from
// the state it works from: otherwise the folder mixes results of
// different inputs, an *input.Error naming the file. A file computed from
// another state of an input the command reads, or one of its own files
// from another state it neither reads nor rewrites, is refused (an
// *input.Error naming the input and what changed) unless
// Options.RecomputeChanged, with which the command deletes its own such
// files and computes their chunks again; another shard's are left to
// that shard, whose own command does the same, and the report refuses
// them until then. todo are the chunks the command computes.
func (r *runner) reconcile(cur inputState, todo []flow.Chunk) (*reconciled, error) {
	rc := &reconciled{state: inputState{}, drop: map[string]map[FileEntry]bool{}}
	for k, v := range cur {
		rc.state[k] = v
	}
	for _, src := range r.srcs {
		if _, read := cur[src.key]; read {
			continue
		}
		v, ok, err := r.agreedState(src)
		if err != nil {
			return nil, err
		}
		if !ok {
			v, ok = r.carriedState(src)
		}
		if ok {
			rc.state[src.key] = v
		}
	}
	// Inputs the command does not know (a config from the manifest knows
	// a costs section's spec, not its files) keep the state its own
	// records give.
	for _, name := range r.ownNames {
		if rec, ok := r.recs.byName[name]; ok {
			for k, v := range rec.state {
				if _, known := rc.state[k]; !known && !slices.ContainsFunc(r.srcs, func(s source) bool { return s.key == k }) {
					rc.state[k] = v
				}
			}
		}
	}
	if err := r.checkReads(r.reads, rc.state, cur); err != nil {
		return nil, err
	}
	conflicts := r.conflicts(rc, cur, todo)
	recomputed, left := map[int][]string{}, map[int][]string{}
	for _, c := range conflicts {
		if !r.opts.RecomputeChanged {
			n := 0
			for _, d := range conflicts {
				if d.src == c.src {
					n++
				}
			}
			return nil, r.conflictError(c, n, rc.state)
		}
		switch {
		case !c.own:
			left[c.src] = append(left[c.src], c.rel)
			continue
		case r.rewrites(c.rel, todo):
		default:
			rc.remove = append(rc.remove, filepath.Join(r.dir, filepath.FromSlash(c.rel)))
			if ch, ok := r.ownOutputChunk(c.rel); ok && !slices.Contains(rc.redo, ch) {
				rc.redo = append(rc.redo, ch)
			}
		}
		recomputed[c.src] = append(recomputed[c.src], c.rel)
	}
	for _, i := range slices.Sorted(maps.Keys(recomputed)) {
		r.log.Warn("recomputing the files computed from another state of an input", "input", r.srcs[i].describe(), "files", len(recomputed[i]), "first", recomputed[i][0])
	}
	for _, i := range slices.Sorted(maps.Keys(left)) {
		r.log.Warn("other shards' files computed from another state of an input: each shard recomputes its own with --recompute-changed, and the report refuses them until then",
			"input", r.srcs[i].describe(), "files", len(left[i]), "first", left[i][0])
	}
	slices.Sort(rc.redo)
	return rc, nil
}

// agreedState returns the state of src that every file the command reads
// and that depends on it was computed from; ok is false when none
// depends on it or none of their records knows it. Files read that were
// computed from different states are an *input.Error naming both.
func (r *runner) agreedState(src source) (inputValue, bool, error) {
	var common map[string]inputValue // states every file so far was computed from
	var first string                 // the first file, for messages
	var firstRecs []*record
	for _, p := range r.reads {
		if !r.deps.on(r.recs.rel(p), src) {
			continue
		}
		recs, err := r.recs.vouchers(p)
		if err != nil {
			return inputValue{}, false, err
		}
		have := map[string]inputValue{}
		for _, rec := range recs {
			if v, ok := rec.state[src.key]; ok {
				have[v.String()] = v
			} else {
				have["?"] = inputValue{}
			}
		}
		if common == nil {
			common, first, firstRecs = have, p, recs
			continue
		}
		for k := range common {
			if _, ok := have[k]; !ok {
				delete(common, k)
			}
		}
		if len(common) == 0 {
			return inputValue{}, false, src.errorAt(fmt.Errorf("mixed in the run folder: %s was computed from %s (%s), %s from %s (%s); rerun the shards or stages whose records keep another state than the input's now with --resume --recompute-changed",
				r.recs.rel(p), keptState(recs[0], src), recs[0].name, r.recs.rel(first), keptState(firstRecs[0], src), firstRecs[0].name))
		}
	}
	for _, k := range slices.Sorted(mapKeys(common)) {
		if k != "?" {
			return common[k], true, nil
		}
	}
	return inputValue{}, false, nil
}

// carriedState returns the state of src the command's own records keep,
// for a source nothing it reads depends on.
func (r *runner) carriedState(src source) (inputValue, bool) {
	for _, name := range r.ownNames {
		if rec, ok := r.recs.byName[name]; ok {
			if v, ok := rec.state[src.key]; ok {
				return v, true
			}
		}
	}
	return inputValue{}, false
}

// checkReads checks that every file of paths (which the command reads)
// was computed from state, for each input it depends on whose state the
// command knows; cur are the inputs it reads now.
func (r *runner) checkReads(paths []string, state, cur inputState) error {
	for _, p := range paths {
		rel := r.recs.rel(p)
		recs, err := r.recs.vouchers(p)
		if err != nil {
			return err
		}
		for _, src := range r.srcs {
			want, known := state[src.key]
			if !known || !r.deps.on(rel, src) || slices.ContainsFunc(recs, func(rec *record) bool { return fresh(rec, []source{src}, state) }) {
				continue
			}
			now := "the files read with it from " + want.short()
			if _, read := cur[src.key]; read {
				now = "it is now " + want.short()
			}
			return src.errorAt(fmt.Errorf("changed: %s was computed from %s (%s), but %s; rerun the stage that writes it (or run) with --recompute-changed",
				rel, keptState(recs[0], src), recs[0].name, now))
		}
	}
	return nil
}

// conflicts returns the files of the folder computed from another state
// than rc.state that the command may not leave as they are (see
// reconcile), in the order of the inputs, then of the files; and fills
// rc.drop with the entries of its own records computed from another
// state.
func (r *runner) conflicts(rc *reconciled, cur inputState, todo []flow.Chunk) []conflict {
	var out []conflict
	for _, rel := range slices.Sorted(mapKeys(r.recs.byPath)) {
		var on []source
		var idx []int
		for i, src := range r.srcs {
			if _, known := rc.state[src.key]; known && r.deps.on(rel, src) {
				on, idx = append(on, src), append(idx, i)
			}
		}
		if len(on) == 0 {
			continue
		}
		entries := r.recs.byPath[rel]
		if !slices.ContainsFunc(entries, func(e recorded) bool { return !fresh(e.rec, on, rc.state) }) {
			continue
		}
		for _, e := range entries {
			if slices.Contains(r.ownNames, e.rec.name) && !fresh(e.rec, on, rc.state) {
				if rc.drop[e.rec.name] == nil {
					rc.drop[e.rec.name] = map[FileEntry]bool{}
				}
				rc.drop[e.rec.name][e.FileEntry] = true
			}
		}
		path := filepath.Join(r.dir, filepath.FromSlash(rel))
		if _, err := os.Stat(path); err != nil {
			continue // nothing there to mix
		}
		recs, err := r.recs.vouchers(path)
		if err != nil || slices.ContainsFunc(recs, func(rec *record) bool { return fresh(rec, on, rc.state) }) {
			continue // damaged (its readers refuse or recompute it), or fresh
		}
		k := slices.IndexFunc(on, func(src source) bool { return !fresh(recs[0], []source{src}, rc.state) })
		_, read := cur[on[k].key]
		c := conflict{src: idx[k], rel: rel, rec: recs[0], own: r.ownFile(rel), read: read}
		if read || (c.own && !r.rewrites(rel, todo)) {
			out = append(out, c)
		}
	}
	slices.SortStableFunc(out, func(a, b conflict) int { return cmp.Compare(a.src, b.src) })
	return out
}

// conflictError is the *input.Error refusing conflict c, the first of n
// about its input, without --recompute-changed.
func (r *runner) conflictError(c conflict, n int, state inputState) error {
	src := r.srcs[c.src]
	if !c.read {
		return &input.Error{File: filepath.Join(r.dir, filepath.FromSlash(c.rel)), Err: fmt.Errorf("computed from %s as %s (%s), but the files this command reads from %s; pass --recompute-changed to recompute it",
			src.describe(), keptState(c.rec, src), c.rec.name, state[src.key].short())}
	}
	advice := "restore it, pass --recompute-changed to recompute them, or use another --out"
	if !c.own {
		advice = "restore it, rerun every shard with --resume --recompute-changed, or use another --out"
	}
	files := "1 file of the run folder depends on it (" + c.rel + ")"
	if n > 1 {
		files = fmt.Sprintf("%d files of the run folder depend on it (%s, …)", n, c.rel)
	}
	return src.errorAt(fmt.Errorf("changed since the run: %s records %s, it is now %s; %s: %s",
		c.rec.name, keptState(c.rec, src), state[src.key].short(), files, advice))
}

// ownFile reports whether the file at rel is the command's own: a part
// of its shard, for a command that computes chunks; or a file its own
// records list.
func (r *runner) ownFile(rel string) bool {
	if _, _, ok := r.deps.part(rel); ok {
		shard, _, _ := splitPart(path2base(rel))
		return len(r.perTask) > 0 && shard == strconv.Itoa(r.opts.Shard.Index)
	}
	return slices.ContainsFunc(r.recs.byPath[rel], func(e recorded) bool { return slices.Contains(r.ownNames, e.rec.name) })
}

// ownOutputChunk returns the chunk of the file at rel when it is a part
// of this shard that the command writes.
func (r *runner) ownOutputChunk(rel string) (int, bool) {
	c, stage, ok := r.deps.part(rel)
	if !ok || !r.ownFile(rel) {
		return 0, false
	}
	for _, n := range r.perTask {
		if stageIndex(n.Stage) == stage {
			return c.Index, true
		}
	}
	return 0, false
}

// rewrites reports whether the command writes the file at rel again: a
// part of its shard of a chunk of todo in a table it writes, a setup
// table's file when it runs the setup, a report file when it reports.
func (r *runner) rewrites(rel string, todo []flow.Chunk) bool {
	if _, _, ok := r.deps.part(rel); ok {
		ch, ok := r.ownOutputChunk(rel)
		return ok && slices.ContainsFunc(todo, func(t flow.Chunk) bool { return t.Index == ch })
	}
	if underAny(rel, r.deps.setup) {
		return len(r.setup) > 0
	}
	return len(r.perRun) > 0 && underAny(rel, r.deps.perRun)
}
