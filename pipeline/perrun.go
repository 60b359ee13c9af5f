package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// runSetup runs the selected setup nodes, whose single-file outputs it
// writes and keeps for every task's bag, beside the single-file tables
// the per-task nodes need and no setup node of this command makes, which
// preflight read from the run folder.
func (r *runner) runSetup(ctx context.Context) error {
	for _, n := range r.setup {
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		if err := untilCancelled(ctx, func() error { return n.Run(nil, r.sharedBag) }); err != nil {
			return err
		}
		if err := r.writeSingles(ctx, n, r.sharedBag); err != nil {
			return err
		}
	}
	return nil
}

// writeSingles writes the single-file tables node n wrote into b, and
// records them.
func (r *runner) writeSingles(ctx context.Context, n flow.Node, b *schemas.Bag) error {
	for _, ref := range n.Writes {
		t, ok := ref.(schemas.Stored)
		if !ok || !t.Single() {
			return fmt.Errorf("pipeline: %s writes %s, which is not a single-file table", n.Stage, ref.Name())
		}
		infos, err := t.WriteRun(ctx, r.dir, b, r.stamp())
		if err != nil {
			return err
		}
		if err := r.journal.record(r.dir, infos...); err != nil {
			return err
		}
	}
	return nil
}

// runInputs returns, for each selected per-run node, the parts it will
// read: for every table it reads and every chunk of the plan, the one part
// of that chunk (of whichever shard wrote it), each trusted. A missing
// chunk is an *input.Error naming it and the shards that own it, unless
// Options.AllowPartial; two parts of one chunk are always an error. With
// preflight, before anything is written, it checks only the tables no
// selected per-task node writes, and that each of their parts holds rows
// of its chunk.
func (r *runner) runInputs(preflight bool) ([][]string, error) {
	out := make([][]string, len(r.perRun))
	r.missing = nil
	for i, n := range r.perRun {
		for _, ref := range n.Reads {
			t, ok := ref.(schemas.Stored)
			if !ok || t.Single() {
				return nil, fmt.Errorf("pipeline: %s reads %s, which is not a table of parts", n.Stage, ref.Name())
			}
			if preflight && slices.ContainsFunc(r.outputs(), func(o schemas.Stored) bool { return o.Name() == t.Name() }) {
				continue
			}
			parts, missing, err := r.chunkParts(t)
			if err != nil {
				return nil, err
			}
			if len(parts) == 0 {
				return nil, &input.Error{File: filepath.Join(r.dir, filepath.FromSlash(t.Name())),
					Err: fmt.Errorf("no parts; run the stage that writes %s (or run) first", t.Name())}
			}
			if len(missing) > 0 && !r.opts.AllowPartial {
				return nil, &input.Error{File: filepath.Join(r.dir, filepath.FromSlash(t.Name())),
					Err: fmt.Errorf("%d of %d chunks missing (%s); run the shards that own them (--resume), or pass --allow-partial",
						len(missing), r.study.Plan.Chunks(r.cfg.Chunk), r.describeChunks(missing))}
			}
			if preflight {
				// Before anything is written: each part holds its chunk's
				// rows (runOnce checks them again as it reads).
				for _, p := range parts {
					if err := checkPartRows(p, &r.study.Plan, r.cfg.Chunk); err != nil {
						return nil, err
					}
				}
			}
			r.missing = append(r.missing, missing...)
			out[i] = append(out[i], parts...)
		}
	}
	return out, nil
}

// chunkParts finds, for every chunk of the plan, its part of table t,
// listing the table's directory once.
func (r *runner) chunkParts(t schemas.Stored) (parts []string, missing []int, err error) {
	dir := filepath.Join(r.dir, filepath.FromSlash(t.Name()))
	byChunk := map[string][]string{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if _, rest, ok := splitPart(e.Name()); ok {
			byChunk[rest] = append(byChunk[rest], filepath.Join(dir, e.Name()))
		}
	}
	for c := range r.study.Plan.Chunks(r.cfg.Chunk) {
		found := byChunk[fmt.Sprintf("%05d.parquet", c)]
		if len(found) > 1 && slices.ContainsFunc(found, r.wroteNow) {
			// Parts this command wrote supersede other shards' copies,
			// which it removes when it finishes.
			found = slices.DeleteFunc(found, func(p string) bool { return !r.wroteNow(p) })
		}
		switch len(found) {
		case 0:
			missing = append(missing, c)
			continue
		case 1:
		default:
			return nil, nil, &input.Error{File: dir, Err: fmt.Errorf("chunk %d has %d parts (%s), from runs with different shard counts; rerun the chunk, or delete all but one",
				c, len(found), strings.Join(baseNames(found), ", "))}
		}
		if err := r.recs.check(found[0]); err != nil {
			return nil, nil, err
		}
		parts = append(parts, found[0])
	}
	return parts, missing, nil
}

// wroteNow reports whether this command wrote the file at path.
func (r *runner) wroteNow(path string) bool {
	if r.journal == nil {
		return false
	}
	return r.journal.wrote(r.recs.rel(path))
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// describeChunks names chunks and the shards owning them, in each shard
// layout the folder's records know: "chunks 3, 7 (shard 0/2, 1/2)".
func (r *runner) describeChunks(chunks []int) string {
	var counts []int
	for _, m := range r.recs.manifests {
		counts = append(counts, shardCount(m.Shard))
	}
	for _, h := range r.recs.journals {
		counts = append(counts, shardCount(h.Shard))
	}
	slices.Sort(counts)
	counts = slices.Compact(counts)
	var parts []string
	for k, c := range chunks {
		if k == 8 {
			parts = append(parts, fmt.Sprintf("… %d more", len(chunks)-k))
			break
		}
		var owners []string
		for _, n := range counts {
			if n > 0 {
				owners = append(owners, fmt.Sprintf("shard %d/%d", c%n, n))
			}
		}
		if len(owners) == 0 {
			parts = append(parts, fmt.Sprintf("chunk %d", c))
		} else {
			parts = append(parts, fmt.Sprintf("chunk %d of %s", c, strings.Join(owners, " or ")))
		}
	}
	return strings.Join(parts, ", ")
}

// shardCount reads n from a shard string "i/n"; 0 for "merged".
func shardCount(s string) int {
	_, n, ok := strings.Cut(s, "/")
	if !ok {
		return 0
	}
	k, _ := strconv.Atoi(n)
	return k
}

// runOnce runs a per-run node on parts (runInputs'), in one bag in task
// order, then writes its single-file outputs. It stops between parts when
// ctx is cancelled.
func (r *runner) runOnce(ctx context.Context, n flow.Node, parts []string) error {
	b := schemas.NewBag()
	all := func(flow.Chunk, int64) *schemas.Bag { return b }
	for _, ref := range n.Reads {
		t := ref.(schemas.Stored) // runInputs checked
		dir := filepath.Join(r.dir, filepath.FromSlash(t.Name()))
		for _, p := range parts {
			if filepath.Dir(p) != dir {
				continue
			}
			// A part holds its own chunk's rows only: one copied over
			// another's would count that chunk twice.
			read := func() error {
				bagOf, err := chunkBags(p, &r.study.Plan, r.cfg.Chunk, all)
				if err != nil {
					return err
				}
				return t.ReadPart(p, bagOf)
			}
			if err := untilCancelled(ctx, read); err != nil {
				return err
			}
		}
		t.SortByTask(b)
	}
	if len(r.missing) > 0 {
		flow.MissingChunks.Set(b, r.missing)
	}
	flow.RunInfo.Set(b, []flow.RunStats{r.runStats()})
	if err := untilCancelled(ctx, func() error { return n.Run(nil, b) }); err != nil {
		return err
	}
	return r.writeSingles(ctx, n, b)
}

// mergeShardRecords adds to the journal, for the merged manifest.json
// the report writes, every file that the folder's shard manifests record:
// their records, not new hashes. It reports whether there were any.
func (r *runner) mergeShardRecords() bool {
	var entries []FileEntry
	for _, name := range slices.Sorted(mapKeys(r.recs.manifests)) {
		if name == manifestName(Shard{Index: 0, Count: 1}) {
			continue
		}
		entries = append(entries, r.recs.manifests[name].Files...)
	}
	seen := map[string]bool{}
	for _, f := range r.journal.done {
		seen[f.Path] = true
	}
	for _, f := range entries {
		if !seen[f.Path] {
			seen[f.Path] = true
			r.journal.merged = append(r.journal.merged, f)
		}
	}
	return len(entries) > 0
}
