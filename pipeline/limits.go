package pipeline

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
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

var byteSize = regexp.MustCompile(`^\s*([0-9]+(?:\.[0-9]+)?)\s*([KMGT]i?B|B)?\s*$`)

// parseBytes reads a size: a number of bytes, or a number with a unit
// (B, KB, MB, GB, TB in powers of 1000; KiB, MiB, GiB, TiB in powers of
// 1024).
func parseBytes(key string, v any) (int64, error) {
	if n, err := integer(v); err == nil {
		if n < 1 {
			return 0, input.Keyf(key, "must be >= 1 byte, got %d", n)
		}
		return n, nil
	}
	s, ok := v.(string)
	m := byteSize.FindStringSubmatch(s)
	if !ok || m == nil {
		return 0, input.Keyf(key, "want a size such as 8GiB or 500MB, got %s", show(v))
	}
	x, _ := strconv.ParseFloat(m[1], 64)
	unit := map[string]float64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12,
		"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40}[m[2]]
	if b := x * unit; b >= 1 && b < math.MaxInt64 {
		return int64(b), nil
	}
	return 0, input.Keyf(key, "size %s out of range", s)
}

// humanBytes writes a byte count with a binary unit.
func humanBytes(b float64) string {
	for _, u := range []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"} {
		if b < 1024 || u == "PiB" {
			if u == "B" {
				return fmt.Sprintf("%.0f B", b)
			}
			return fmt.Sprintf("%.1f %s", b, u)
		}
		b /= 1024
	}
	return ""
}

// checkFootprint refuses a plan that needs more than the limits allow:
// too many tasks or part files, or more memory or disk than estimated to
// fit. The message gives the estimate, the limit, and the keys to change;
// its key is the one pick chooses of those the estimate depends on (nil:
// the first), so that a loaded config names the key the user gave.
func checkFootprint(fp flow.Footprint, l Limits, chunk, workers int, pick func(keys ...string) string) error {
	if pick == nil {
		pick = func(keys ...string) string { return keys[0] }
	}
	tasksKeys, rowsKeys := splitKeys(fp.TasksKeys), splitKeys(fp.RowsKeys)
	if fp.Tasks > l.Tasks {
		return input.Keyf(pick(append(tasksKeys, "limits.tasks")...), "the plan has %d tasks; the limit is %d (limits.tasks); change %s, or raise the limit",
			fp.Tasks, l.Tasks, fp.TasksKeys)
	}
	if chunks := (fp.Tasks + int64(chunk) - 1) / int64(chunk); chunks > maxChunks {
		return input.Keyf(pick(append([]string{"chunk"}, tasksKeys...)...), "%d tasks per part make %d parts per table; the limit is %d; raise chunk", chunk, chunks, maxChunks)
	}
	if fp.Measure != nil {
		return nil // the rows are guesses: checkMeasured checks memory and disk once the data is read
	}
	// In flight: a task per worker, and two chunks of computed tasks
	// waiting to be written.
	work := float64(workers) * float64(fp.MaxRows) * fp.WorkBytes
	held := 2 * float64(min(int64(chunk), fp.Tasks)) * float64(fp.MaxRows) * fp.HeldBytes
	if mem := work + held; mem > float64(l.Memory) {
		return input.Keyf(pick(append(rowsKeys, "chunk", "limits.memory")...), "%d rows per dataset need about %s of memory with %d workers and chunk %d; the limit is %s (limits.memory); change %s or chunk, or raise the limit",
			fp.MaxRows, humanBytes(mem), workers, chunk, humanBytes(float64(l.Memory)), fp.RowsKeys)
	}
	if disk := float64(fp.Tasks) * fp.MeanRows * fp.DiskBytes; disk > float64(l.Disk) {
		return input.Keyf(pick(append(append(tasksKeys, rowsKeys...), "limits.disk")...), "the datasets need about %s of disk; the limit is %s (limits.disk); change %s or %s, or raise the limit",
			humanBytes(disk), humanBytes(float64(l.Disk)), fp.TasksKeys, fp.RowsKeys)
	}
	return nil
}

// checkMeasured is checkFootprint with the rows a study measured on its
// data (Footprint.Measure), once its nodes' Checks have read it; nothing
// when the study measures nothing.
func checkMeasured(fp flow.Footprint, l Limits, chunk, workers int, pick func(keys ...string) string) error {
	if fp.Measure == nil {
		return nil
	}
	m, ok := fp.Measure()
	if !ok {
		return nil // the data was not read: a staged command, checked when its run was generated
	}
	m.Measure = nil
	return checkFootprint(m, l, chunk, workers, pick)
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
