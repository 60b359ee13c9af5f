package pipeline

import (
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// A file of a run folder depends on some of the run's inputs (inputs.go):
// a part of a per-chunk table on the inputs that reach its chunk's tasks
// and feed the stage that writes it or an earlier one (a dataset file
// reaches the chunks of that dataset's cells, from generate on; an
// adapter every chunk, from train on); a file of a setup node's table
// (the imported datasets) on every input file; any other file (the
// report's) on every input. Each record says from which state of the
// inputs its files were computed; a file is fresh for a command when a
// record whose entry matches its bytes gives, for every input the file
// depends on, the state the command works from. reconcile.go decides
// what the command does with the others.

// deps says which inputs each file of a run folder depends on.
type deps struct {
	plan    *flow.Plan
	size    int            // tasks per chunk
	stageOf map[string]int // per-chunk table → the stage (index in flow.Stages) of the node writing it
	setup   []string       // the tables setup nodes write
	perRun  []string       // the tables the other per-run nodes write
}

func newDeps(study *flow.Study, size int) *deps {
	d := &deps{plan: &study.Plan, size: size, stageOf: map[string]int{}}
	for _, n := range study.Nodes {
		for _, w := range n.Writes {
			t, ok := w.(schemas.Stored)
			switch {
			case !ok:
			case n.Setup:
				d.setup = append(d.setup, t.Name())
			case n.PerRun:
				d.perRun = append(d.perRun, t.Name())
			case !t.Single():
				d.stageOf[t.Name()] = stageIndex(n.Stage)
			}
		}
	}
	return d
}

// part returns the chunk and stage of the file at rel when it is a part
// of a per-chunk table of the study (or of the timings), ok false
// otherwise.
func (d *deps) part(rel string) (chunk flow.Chunk, stage int, ok bool) {
	dir := pathDir(rel)
	c, timingStage, isPart := partChunk(path2base(rel))
	if !isPart || c >= d.plan.Chunks(d.size) {
		return flow.Chunk{}, 0, false
	}
	stage, ok = d.stageOf[dir]
	if dir == schemas.Timings {
		stage = stageIndex(timingStage)
		ok = stage >= 0
	}
	return d.plan.Chunk(c, d.size), stage, ok
}

// on reports whether the file at rel (relative to the run folder)
// depends on src.
func (d *deps) on(rel string, src source) bool {
	if c, stage, ok := d.part(rel); ok {
		return src.stage <= stage && src.touches(d.plan, c)
	}
	if underAny(rel, d.setup) {
		return src.stage <= stageIndex(flow.StageGenerate)
	}
	return true
}

// underAny reports whether rel is a file of one of the tables: the
// table's file itself, its file with an extension (report/summary →
// report/summary.parquet), or a file under its directory.
func underAny(rel string, tables []string) bool {
	for _, t := range tables {
		if rel == t || strings.HasPrefix(rel, t+"/") || strings.HasPrefix(rel, t+".") {
			return true
		}
	}
	return false
}

// fresh reports whether rec keeps, for every source in srcs, the state
// of state.
func fresh(rec *record, srcs []source, state inputState) bool {
	for _, src := range srcs {
		v, ok := rec.state[src.key]
		if !ok || v.String() != state[src.key].String() {
			return false
		}
	}
	return true
}

// keptState describes the state rec keeps of src, for messages.
func keptState(rec *record, src source) string {
	if v, ok := rec.state[src.key]; ok {
		return v.short()
	}
	if rec.legacy && src.learner == "" {
		return "an unknown state (its dtbench kept no input fingerprints)"
	}
	return "an unknown state (no record of it)"
}
