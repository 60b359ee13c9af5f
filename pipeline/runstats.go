package pipeline

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// runStats gathers what the report tells a reader about how the run ran:
// this machine's cores, the workers, and per stage the tasks' wall-clock
// time summed over every timings part of the folder that a record vouches
// for (the others are counted in Skipped, not read).
func (r *runner) runStats() flow.RunStats {
	s := flow.RunStats{Cores: runtime.NumCPU(), Workers: r.workers, CommandNanos: time.Since(r.start).Nanoseconds()}
	dir := filepath.Join(r.dir, filepath.FromSlash(schemas.Timings))
	entries, _ := os.ReadDir(dir)
	byStage := map[string]*flow.StageTime{}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "part-") || !strings.HasSuffix(e.Name(), ".parquet") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if r.recs.check(path) != nil {
			s.Skipped++
			continue
		}
		rows, err := schemas.ReadTimings(path)
		if err != nil || !r.ownRows(path, rows) {
			s.Skipped++
			continue
		}
		for _, t := range rows {
			if t.Learner != "" {
				continue // a learner's fit, inside its stage's time
			}
			st := byStage[t.Step]
			if st == nil {
				st = &flow.StageTime{Stage: t.Step}
				byStage[t.Step] = st
			}
			st.Tasks++
			st.Nanos += t.Nanos
		}
	}
	for _, stage := range flow.Stages {
		if st := byStage[stage]; st != nil {
			s.Stages = append(s.Stages, *st)
		}
	}
	for _, name := range slices.Sorted(mapKeys(byStage)) {
		if !slices.Contains(flow.Stages, name) {
			s.Stages = append(s.Stages, *byStage[name])
		}
	}
	return s
}

// ownRows reports whether every timing row read from the part at path is
// of a task of the chunk its name gives.
func (r *runner) ownRows(path string, rows []schemas.Timing) bool {
	c, err := chunkOf(path, &r.study.Plan, r.cfg.Chunk)
	if err != nil {
		return false
	}
	for _, t := range rows {
		if inChunk(c, t.DatasetID) != nil {
			return false
		}
	}
	return true
}
