package pipeline

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
)

// Task is one cell repetition of the grid: one oracle, one dataset drawn
// from it, every learner trained on it.
type Task struct {
	ID    int64  // position in the plan; the task's dataset_id and oracle_id
	Key   string // stable name, e.g. "f10/d5/complete/q100/r3"; seeds the task
	Depth int
	Mode  string
	Size  int
	Rep   int
}

// Plan lists the tasks of an oracle study in a fixed order: depth, mode
// (config order), size, repetition.
func Plan(c *Config) []Task {
	var tasks []Task
	o := c.Oracle
	for _, k := range o.Depths {
		for _, mode := range o.Modes {
			for _, q := range o.Sizes[mode] {
				for r := range o.Repetitions {
					tasks = append(tasks, Task{
						ID:    int64(len(tasks)),
						Key:   fmt.Sprintf("f%d/d%d/%s/q%d/r%d", o.Features, k, mode, q, r),
						Depth: k, Mode: mode, Size: q, Rep: r,
					})
				}
			}
		}
	}
	return tasks
}

// Chunk is a run of consecutive tasks written as one part file per table.
type Chunk struct {
	Index int
	Tasks []Task
}

// Chunks splits the plan into chunks of size n and keeps those of shard.
func Chunks(tasks []Task, n int, shard Shard) []Chunk {
	var out []Chunk
	for i, start := 0, 0; start < len(tasks); i, start = i+1, start+n {
		if i%shard.Count != shard.Index {
			continue
		}
		out = append(out, Chunk{Index: i, Tasks: tasks[start:min(start+n, len(tasks))]})
	}
	return out
}

// Shard is this process's share of the chunks: Index of Count.
type Shard struct{ Index, Count int }

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// TaskRand returns the generator of a task's data, seeded by (run seed,
// task key) only.
func TaskRand(seed uint64, key string) *rand.Rand {
	return rand.New(rand.NewPCG(seed, hashKey(key)))
}

// LearnerRand returns the generator a learner gets for a task, distinct
// from the data generator and from other learners'.
func LearnerRand(seed uint64, key, learner string) *rand.Rand {
	return rand.New(rand.NewPCG(seed, hashKey(key+"#"+learner)))
}

func hashKey(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
