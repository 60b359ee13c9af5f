package pipeline

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// A part's name says which chunk's rows it holds:
// part-<shard>-<chunk>.parquet, or part-<shard>-<chunk>-<stage>.parquet
// for a timings part. A part whose bytes match its record may still hold
// another chunk's rows (a part copied over another, with its sha256
// edited into the manifest): every reader of a part checks its rows'
// tasks against its name with the functions below before using them.

// partChunk parses a part's file name: the chunk, and the stage of a
// timings part ("" otherwise); ok is false for a file that is not a part.
func partChunk(name string) (chunk int, stage string, ok bool) {
	_, rest, ok := splitPart(name)
	if !ok || !strings.HasSuffix(rest, ".parquet") {
		return 0, "", false
	}
	num, stage, _ := strings.Cut(strings.TrimSuffix(rest, ".parquet"), "-")
	c, err := strconv.Atoi(num)
	if err != nil || c < 0 {
		return 0, "", false
	}
	return c, stage, true
}

// chunkOf returns the chunk of plan (chunks of size tasks) that the part
// at path holds by its name; an *input.Error for a name that is not a
// part of a chunk of the plan.
func chunkOf(path string, plan *flow.Plan, size int) (flow.Chunk, error) {
	c, _, ok := partChunk(filepath.Base(path))
	if !ok || c >= plan.Chunks(size) {
		return flow.Chunk{}, &input.Error{File: path, Err: fmt.Errorf("not a part of any of the plan's %d chunks", plan.Chunks(size))}
	}
	return plan.Chunk(c, size), nil
}

// inChunk returns an error unless task id is one of chunk c's tasks.
func inChunk(c flow.Chunk, id int64) error {
	if id < c.First || id >= c.First+int64(c.Len) {
		return fmt.Errorf("holds rows of task %d, which is not one of chunk %d's tasks (%d..%d): it is not the part its name says; delete it, then --resume recomputes the chunk",
			id, c.Index, c.First, c.First+int64(c.Len)-1)
	}
	return nil
}

// chunkBags returns, for reading the part at path with Stored.ReadPart,
// a bag function that refuses a row of a task outside the part's chunk
// and gives the others the bag bagOf returns.
func chunkBags(path string, plan *flow.Plan, size int, bagOf func(c flow.Chunk, id int64) *schemas.Bag) (func(int64) (*schemas.Bag, error), error) {
	c, err := chunkOf(path, plan, size)
	if err != nil {
		return nil, err
	}
	return func(id int64) (*schemas.Bag, error) {
		if err := inChunk(c, id); err != nil {
			return nil, err
		}
		return bagOf(c, id), nil
	}, nil
}

// checkPartRows checks, reading their task column alone, that the rows of
// the part at path are tasks of the chunk its name gives: for a part a
// command keeps without reading it (--resume, verify).
func checkPartRows(path string, plan *flow.Plan, size int) error {
	c, err := chunkOf(path, plan, size)
	if err != nil {
		return err
	}
	ids, err := schemas.TaskIDs(path)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := inChunk(c, id); err != nil {
			return &input.Error{File: path, Err: err}
		}
	}
	return nil
}
