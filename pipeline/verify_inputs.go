package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
)

// verifyInputs compares the input files every manifest keeps with the
// files at those paths now (relative to the working directory, as the
// config resolved them). A file that changed is a problem: the run's
// results no longer describe it. A file that is not there is a note: an
// archive is read years later, when the data may live elsewhere, and the
// run folder does not need its inputs to be read; its manifest keeps
// their size and sha256, to compare wherever they are found.
func verifyInputs(recs *records) (problems, notes []string) {
	seen := map[InputEntry]bool{}
	for _, name := range slices.Sorted(mapKeys(recs.manifests)) {
		for _, e := range recs.manifests[name].Inputs {
			if seen[e] {
				continue
			}
			seen[e] = true
			now, err := fingerprint(flow.Input{Path: e.Path, Optional: true})
			switch {
			case err != nil:
				problems = append(problems, fmt.Sprintf("input %s: %v", e.Path, err))
			case now.Absent && e.Absent:
			case now.Absent:
				notes = append(notes, fmt.Sprintf("input %s: not found (%s records %s); the run folder does not need it, so this is not a failure", e.Path, name, e))
			case now != e:
				problems = append(problems, fmt.Sprintf("input %s: changed since the run (%s records %s; it is now %s)", e.Path, name, e, now))
			}
		}
	}
	return problems, notes
}

// verifyProvenance checks what needs the study of the folder's config:
// that every part listed holds rows of the chunk its name gives, and
// that the records agree on the state of every input their files depend
// on (a folder where one shard recomputed its results from a changed
// input and another did not mixes results of different inputs). ok lists
// the entries whose bytes matched. It returns a note instead when the
// study cannot be built here (a learner this dtbench does not know).
func verifyProvenance(dir string, recs *records, ok map[recordedKey]bool) (problems, notes []string) {
	cfg := recs.config()
	sd, known := studies.lookup(cfg.Study)
	if !known {
		return nil, []string{fmt.Sprintf("study %q unknown to this dtbench: rows and inputs of the parts not checked", cfg.Study)}
	}
	study, err := sd.build(cfg, studyEnv{})
	if err != nil {
		return nil, []string{fmt.Sprintf("the run's study cannot be built here (%v): rows and inputs of the parts not checked", err)}
	}
	defer study.Release()
	d := newDeps(study, cfg.Chunk)
	for _, rel := range slices.Sorted(mapKeys(recs.byPath)) {
		if _, _, isPart := d.part(rel); !isPart || !slices.ContainsFunc(recs.byPath[rel], func(e recorded) bool { return ok[keyOf(e)] }) {
			continue
		}
		if err := checkPartRows(filepath.Join(dir, filepath.FromSlash(rel)), &study.Plan, cfg.Chunk); err != nil && !errors.Is(err, fs.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("%s: %v", rel, unwrapInput(err)))
		}
	}
	for _, src := range recordedSources(sources(study, cfg), recs) {
		if p := mixedState(recs, d, src, ok); p != "" {
			problems = append(problems, p)
		}
	}
	return problems, notes
}

// recordedSources returns srcs and, as inputs of every cell, the input
// files the records keep that srcs lack (the cost files, which the
// config a manifest records does not name).
func recordedSources(srcs []source, recs *records) []source {
	for _, name := range recs.names() {
		files, _ := recs.byName[name].state.records(nil)
		for _, f := range files {
			if !slices.ContainsFunc(srcs, func(s source) bool { return s.key == fileKey(f.Path) }) {
				srcs = append(srcs, source{key: fileKey(f.Path), stage: stageIndex(flow.StageGenerate), input: flow.Input{Path: f.Path}})
			}
		}
	}
	return srcs
}

// mixedState returns the problem of two entries whose files depend on
// src and whose records keep different states of it; "" when they agree.
func mixedState(recs *records, d *deps, src source, ok map[recordedKey]bool) string {
	var first *recorded
	for _, rel := range slices.Sorted(mapKeys(recs.byPath)) {
		if !d.on(rel, src) {
			continue
		}
		for _, e := range recs.byPath[rel] {
			v, has := e.rec.state[src.key]
			switch {
			case !has || !ok[keyOf(e)]:
			case first == nil:
				first = &e
			case first.rec.state[src.key].String() != v.String():
				return fmt.Sprintf("%s: mixed: %s (%s) was computed from %s, %s (%s) from %s; rerun, with --resume --recompute-changed, each shard or stage whose records keep another state than the input's now",
					src.describe(), first.Path, first.rec.name, first.rec.state[src.key].short(), e.Path, e.rec.name, v.short())
			}
		}
	}
	return ""
}

// unwrapInput returns the error an *input.Error wraps, for a message
// that names the file already.
func unwrapInput(err error) error {
	var ie *input.Error
	if errors.As(err, &ie) && ie.Err != nil {
		return ie.Err
	}
	return err
}

// recordedKey names one entry of one record.
type recordedKey struct {
	rec  string
	file FileEntry
}

func keyOf(e recorded) recordedKey { return recordedKey{e.rec.name, e.FileEntry} }
