package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// todo returns the chunks of this shard that must be computed: all of
// them, or with --resume those whose parts are not all there and trusted.
// A part there that fails its check (damaged, or not written by dtbench)
// is returned in damaged, to be removed and recomputed.
//
// A trusted part kept must hold its chunk's rows: one that holds another
// chunk's is an *input.Error naming it.
func (r *runner) todo() (todo []flow.Chunk, damaged []string, err error) {
	if len(r.perTask) == 0 {
		return nil, nil, nil
	}
	plan := &r.study.Plan
	for i := range plan.Chunks(r.cfg.Chunk) {
		if !r.opts.Shard.Owns(i) {
			continue
		}
		c := plan.Chunk(i, r.cfg.Chunk)
		if r.opts.Resume {
			complete, bad, err := r.complete(c)
			if err != nil {
				return nil, nil, err
			}
			damaged = append(damaged, bad...)
			if complete {
				continue
			}
		}
		todo = append(todo, c)
	}
	return todo, damaged, nil
}

// outputs returns the per-chunk tables the selected per-task nodes write.
func (r *runner) outputs() []schemas.Stored {
	var out []schemas.Stored
	for _, n := range r.perTask {
		for _, w := range n.Writes {
			if t, ok := w.(schemas.Stored); ok && !t.Single() {
				out = append(out, t)
			}
		}
	}
	return out
}

// checkInputs checks, from their footers, every input part the chunks to
// do will read, so that a missing, foreign or unreadable part, or one
// that holds another chunk's rows, stops a staged command before it
// writes anything.
func (r *runner) checkInputs(todo []flow.Chunk) error {
	for _, c := range todo {
		for _, t := range r.fromDisk {
			path := r.partPath(t, c.Index)
			if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
				return &input.Error{File: path, Err: fmt.Errorf("missing; run the stage that writes %s first", t.Name())}
			}
			if err := t.Check(path); err != nil {
				return err
			}
			if err := r.recs.check(path); err != nil {
				return err
			}
			if err := checkPartRows(path, &r.study.Plan, r.cfg.Chunk); err != nil {
				return err
			}
			r.reads = append(r.reads, path)
		}
	}
	return nil
}

// complete reports whether every part the selected stages write for c,
// timings included, exists and is trusted; damaged lists the parts there
// that are not.
func (r *runner) complete(c flow.Chunk) (complete bool, damaged []string, err error) {
	paths := make([]string, 0, len(r.perTask)*3)
	for _, t := range r.outputs() {
		paths = append(paths, r.partPath(t, c.Index))
	}
	for _, n := range r.perTask {
		paths = append(paths, r.timingPath(n.Stage, c.Index))
	}
	complete = true
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			complete = false
			continue
		}
		if err := r.recs.check(p); err != nil {
			complete = false
			damaged = append(damaged, p)
			continue
		}
		if err := checkPartRows(p, &r.study.Plan, r.cfg.Chunk); err != nil {
			return false, nil, err
		}
		if right, err := schemas.StatisticsRight(p); err != nil || !right {
			// Written by a dtbench whose null counts were all 0: its rows
			// are right, but DuckDB and polars would answer count(col)
			// and IS NULL wrongly on it. The chunk is computed again, so
			// that a resumed run holds no such part.
			r.log.Warn("recomputing a part written before dtbench's Parquet statistics were right", "file", p)
			complete = false
		}
	}
	return complete, damaged, nil
}

func (r *runner) partPath(t schemas.Stored, chunk int) string {
	return filepath.Join(r.dir, filepath.FromSlash(t.Name()), fmt.Sprintf("part-%d-%05d.parquet", r.opts.Shard.Index, chunk))
}

func (r *runner) timingPath(stage string, chunk int) string {
	return filepath.Join(r.dir, filepath.FromSlash(schemas.Timings), fmt.Sprintf("part-%d-%05d-%s.parquet", r.opts.Shard.Index, chunk, stage))
}

// redo adds to todo the chunks reconcile found computed from changed
// inputs, in chunk order, and checks the parts they read.
func (r *runner) redo(todo []flow.Chunk, rc *reconciled) ([]flow.Chunk, error) {
	var extra []flow.Chunk
	for _, i := range rc.redo {
		if !slices.ContainsFunc(todo, func(c flow.Chunk) bool { return c.Index == i }) {
			extra = append(extra, r.study.Plan.Chunk(i, r.cfg.Chunk))
		}
	}
	if len(extra) == 0 {
		return todo, nil
	}
	before := len(r.reads)
	if err := r.checkInputs(extra); err != nil {
		return nil, err
	}
	if err := r.checkReads(r.reads[before:], rc.state, inputState{}); err != nil {
		return nil, err
	}
	todo = append(todo, extra...)
	slices.SortFunc(todo, func(a, b flow.Chunk) int { return a.Index - b.Index })
	return todo, nil
}
