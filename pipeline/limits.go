package pipeline

import (
	"fmt"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// Limits bound what a run may need (config section limits.*), so that a
// config too big to run in bounded memory is refused before anything is
// written. A user with a bigger machine raises them; they never change
// results, so a run folder does not record them as part of its config.
type Limits struct {
	Tasks  int64 `json:"tasks"`  // limits.tasks: tasks in the plan
	Memory int64 `json:"memory"` // limits.memory: estimated peak memory, bytes
	Disk   int64 `json:"disk"`   // limits.disk: estimated size of the tables, bytes
}

// rawLimits is the section as written: sizes in bytes or with a unit
// (8GiB, 500MB).
type rawLimits struct {
	Tasks  int64 `mapstructure:"tasks"`
	Memory any   `mapstructure:"memory"`
	Disk   any   `mapstructure:"disk"`
}

func defaultLimits() rawLimits {
	return rawLimits{Tasks: 100_000_000, Memory: "8GiB", Disk: "256GiB"}
}

// maxChunks bounds the part files per table.
const maxChunks = 1_000_000

func (r rawLimits) resolve() (Limits, error) {
	l := Limits{Tasks: r.Tasks}
	var err error
	if l.Memory, err = parseBytes("limits.memory", r.Memory); err != nil {
		return Limits{}, err
	}
	if l.Disk, err = parseBytes("limits.disk", r.Disk); err != nil {
		return Limits{}, err
	}
	if l.Tasks < 1 {
		return Limits{}, input.Keyf("limits.tasks", "must be >= 1, got %d", l.Tasks)
	}
	return l, nil
}

// parseBytes reads a size (decode.Size: bytes, or a number with a unit,
// 8GiB or 500MB).
func parseBytes(key string, v any) (int64, error) {
	if n, ok := decode.Size(v); ok {
		return n, nil
	}
	if n, ok := decode.Int(v); ok {
		return 0, input.Keyf(key, "must be >= 1 byte, got %d", n)
	}
	return 0, input.Keyf(key, "want a size such as 8GiB or 500MB, got %s", decode.Show(v))
}

// humanBytes writes a byte count with a binary unit (decode.HumanSize).
func humanBytes(b float64) string { return decode.HumanSize(b) }

// baseBytes is the memory of the process itself, before any task: the
// runtime and the code, the writers' pools and compressors (measured: a
// quick run on one worker peaks at 59 MB of RSS).
const baseBytes = 96 << 20

// gcHeadroom is the room the estimate leaves the garbage collector above
// the live memory it estimates: the heap limit the CLI sets from the
// estimate lets garbage grow by a quarter before a collection.
const gcHeadroom = 1.25

// estimate is what a command's tasks need, from its study's footprint.
type estimate struct {
	known  bool    // false while the footprint waits for data (Pending)
	memory float64 // peak memory of the process, bytes
	disk   float64 // size of the tables, bytes
	// cost is each cell's task cost (Footprint's TaskFootprint.Cost).
	cost []float64
}

// checkFootprint refuses a plan that needs more than the limits allow:
// too many tasks or part files, or more memory or disk than estimated to
// fit, and returns the estimate. The memory is the base, the shared
// tables, and gcHeadroom times the live data at its peak: a task per
// worker being computed, the two chunks whose tasks are held (the one
// being written and the one being computed), the writer's layout of the
// biggest tree and, for a command that reads its tasks' records from the
// run folder (reads: a staged one), the chunk that takes the most to
// read. The message gives the estimate, the limit, what in a task drives
// it, and the keys to change; its key is the one pick chooses of those
// the estimate depends on (nil: the first), so that a loaded config names
// the key the user gave.
func checkFootprint(fp flow.Footprint, plan *flow.Plan, l Limits, chunk, workers int, reads bool, pick func(keys ...string) string) (estimate, error) {
	if pick == nil {
		pick = func(keys ...string) string { return keys[0] }
	}
	tasksKeys := splitKeys(fp.TasksKeys)
	if fp.Tasks > l.Tasks {
		return estimate{}, input.Keyf(pick(append(tasksKeys, "limits.tasks")...), "the plan has %d tasks; the limit is %d (limits.tasks); change %s, or raise the limit",
			fp.Tasks, l.Tasks, fp.TasksKeys)
	}
	if chunks := (fp.Tasks + int64(chunk) - 1) / int64(chunk); chunks > maxChunks {
		return estimate{}, input.Keyf(pick(append([]string{"chunk"}, tasksKeys...)...), "%d tasks per part make %d parts per table; the limit is %d; raise chunk", chunk, chunks, maxChunks)
	}
	if fp.Cell == nil || fp.Tasks == 0 {
		return estimate{}, nil
	}
	est := estimate{known: true, cost: make([]float64, len(plan.Cells))}
	var work, write, maxHeld, maxRead flow.TaskFootprint
	workCell, writeCell, heldCell, readCell := 0, 0, 0, 0
	// The chunks' held memory, chunk by chunk: cur is the chunk being
	// filled, prev the one before it; curRead what reading it takes.
	var prev, cur, pair, curRead, read float64
	at := int64(0) // tasks laid out so far
	for i := range plan.Cells {
		t := fp.Cell(i)
		est.cost[i] = t.Cost
		est.disk += t.Disk * float64(plan.Reps)
		if t.Work > work.Work {
			work, workCell = t, i
		}
		if t.Write > write.Write {
			write, writeCell = t, i
		}
		if t.Held > maxHeld.Held {
			maxHeld, heldCell = t, i
		}
		if t.Read > maxRead.Read {
			maxRead, readCell = t, i
		}
		for left := int64(plan.Reps); left > 0; {
			take := min(left, int64(chunk)-at%int64(chunk))
			cur += float64(take) * t.Held
			curRead += float64(take) * t.Read
			at += take
			left -= take
			if at%int64(chunk) == 0 {
				pair, prev, cur = max(pair, prev+cur), cur, 0
				read, curRead = max(read, curRead), 0
			}
		}
	}
	pair, read = max(pair, prev+cur), max(read, curRead)
	if !reads {
		read = 0
	}
	inFlight := float64(min(int64(workers), int64(chunk), fp.Tasks))
	live := inFlight*work.Work + pair + write.Write + read
	est.memory = baseBytes + fp.Shared + gcHeadroom*live
	if est.memory > float64(l.Memory) {
		// Blame the biggest part.
		cell, part := heldCell, fmt.Sprintf("holds %s until its chunk is written", humanBytes(maxHeld.Held))
		switch w := inFlight * work.Work; {
		case read > pair && read > w && read > write.Write:
			cell, part = readCell, fmt.Sprintf("needs %s to read its records back from the run folder", humanBytes(maxRead.Read))
		case w > pair && w > write.Write:
			cell, part = workCell, fmt.Sprintf("needs %s while it is computed", humanBytes(work.Work))
		case write.Write > pair:
			cell, part = writeCell, fmt.Sprintf("needs %s to write its biggest tree", humanBytes(write.Write))
		}
		what, keys := fp.Describe(cell)
		return est, input.Keyf(pick(append(splitKeys(keys), "chunk", "limits.memory")...), "the run needs about %s of memory with %s and chunk %d (a task of %s %s: %s); the limit is %s (limits.memory); change %s, chunk or --workers, or raise the limit",
			humanBytes(est.memory), plural(workers, "worker"), chunk, plan.Cells[cell], part, what, humanBytes(float64(l.Memory)), keys)
	}
	if est.disk > float64(l.Disk) {
		return est, input.Keyf(pick(append(tasksKeys, "limits.disk")...), "the tables need about %s of disk; the limit is %s (limits.disk); change %s, or raise the limit",
			humanBytes(est.disk), humanBytes(float64(l.Disk)), fp.TasksKeys)
	}
	return est, nil
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// splitKeys splits a footprint's list of keys ("oracle.sizes,
// oracle.test_size").
func splitKeys(keys string) []string {
	var out []string
	for _, k := range strings.Split(keys, ",") {
		out = append(out, strings.TrimSpace(k))
	}
	return out
}
