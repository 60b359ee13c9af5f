package flow

import (
	"hash/fnv"
	"math/rand/v2"
	"strconv"
)

// Task is one unit of work of a plan: one repetition of one cell.
type Task struct {
	ID   int64  // position in the plan; the task's dataset_id
	Key  string // stable name, "<cell key>/r<rep>"; seeds the task's generators
	Cell int    // index of the task's cell in Plan.Cells
	Rep  int    // repetition within the cell, from 0
	seed uint64
}

// Rand returns the generator of the task's data, seeded by (run seed, task
// key) only.
func (t *Task) Rand() *rand.Rand {
	return rand.New(rand.NewPCG(t.seed, hashKey(t.Key)))
}

// LearnerRand returns the generator a learner gets for the task, distinct
// from the data generator and from other learners'.
func (t *Task) LearnerRand(learner string) *rand.Rand {
	return rand.New(rand.NewPCG(t.seed, hashKey(t.Key+"#"+learner)))
}

// SharedRand returns a generator seeded by (run seed, key) for draws that
// several tasks must share: the benchmark study's subsample of a
// (dataset, scenario, repetition), which every attribute subset of it
// uses. key must not be a task key.
func (t *Task) SharedRand(key string) *rand.Rand {
	return rand.New(rand.NewPCG(t.seed, hashKey("shared#"+key)))
}

func hashKey(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// Plan lists a study's tasks in a fixed order — every repetition of the
// first cell, then of the next — without holding them: task i is
// repetition i mod Reps of cell i div Reps. The order, and so every task's
// id and key, depends only on the config.
type Plan struct {
	Cells []string // each cell's key, in plan order, e.g. "f10/d5/complete/q100"
	Reps  int      // repetitions per cell
	Seed  uint64   // run seed
}

// Len returns the number of tasks.
func (p *Plan) Len() int64 { return int64(len(p.Cells)) * int64(p.Reps) }

// Task returns task id, 0 <= id < Len().
func (p *Plan) Task(id int64) Task {
	cell, rep := int(id/int64(p.Reps)), int(id%int64(p.Reps))
	return Task{ID: id, Key: p.Cells[cell] + "/r" + strconv.Itoa(rep), Cell: cell, Rep: rep, seed: p.Seed}
}

// Chunk is a run of consecutive tasks, the unit of output: each table gets
// one part file per chunk.
type Chunk struct {
	Index int
	First int64 // id of the chunk's first task
	Len   int   // number of tasks
}

// Tasks returns the chunk's tasks.
func (c Chunk) Tasks(p *Plan) []Task {
	out := make([]Task, c.Len)
	for i := range out {
		out[i] = p.Task(c.First + int64(i))
	}
	return out
}

// Shard is one process's share of the chunks: Index of Count.
type Shard struct{ Index, Count int }

func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// Owns reports whether the shard owns chunk c: c mod Count = Index.
func (s Shard) Owns(c int) bool { return c%s.Count == s.Index }

// Chunks returns the number of chunks of size n that cover the plan.
func (p *Plan) Chunks(n int) int {
	return int((p.Len() + int64(n) - 1) / int64(n))
}

// Chunk returns chunk i of size n.
func (p *Plan) Chunk(i, n int) Chunk {
	first := int64(i) * int64(n)
	return Chunk{Index: i, First: first, Len: int(min(int64(n), p.Len()-first))}
}
