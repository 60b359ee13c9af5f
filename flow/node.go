package flow

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/schemas"
)

// Stage names, in pipeline order. A node belongs to one stage; the CLI runs
// all of them (run) or one (generate, train, evaluate, report).
const (
	StageGenerate = "generate"
	StageTrain    = "train"
	StageEvaluate = "evaluate"
	StageReport   = "report"
)

// Stages lists the stage names in pipeline order.
var Stages = []string{StageGenerate, StageTrain, StageEvaluate, StageReport}

// Node is one stage's work in a study: the slots it reads and writes and
// the function that does it. A per-task node runs once per task with the
// task's bag; a per-run node (PerRun) runs once, after every task, with a
// bag holding every record of the tables it reads (all parts of every
// shard, in task order) and its Task nil — or, with Setup, before the
// tasks.
//
// A node reads only what Reads lists and writes only what Writes lists.
// Slots that are tables (schemas.Stored) are written to the run folder;
// the others live in memory for the nodes after it in the same command.
// When a later node reads such a memory slot in a command that does not
// run its producer, the executor calls the producer's Reload instead,
// which must rebuild the slot from the producer's tables (and inputs),
// giving what Run would have given.
type Node struct {
	Stage  string
	PerRun bool
	// Setup marks a per-run node that runs before the tasks (the import
	// of a study's datasets): it writes single-file tables, which every
	// task's bag then holds, read-only.
	Setup  bool
	Reads  []schemas.Ref
	Writes []schemas.Ref
	Run    func(t *Task, b *schemas.Bag) error
	Reload func(t *Task, b *schemas.Bag) error
	// ReloadReads are the tables Reload reads besides Reads: the node's
	// own outputs it rebuilds from (train's models).
	ReloadReads []schemas.Ref
	// Check, when set, validates what the node will read that the config
	// alone cannot show (the files a setup node imports), before anything
	// is written; the executor calls it for the selected nodes.
	Check func() error
}

// Study is what the executor runs: a plan and its nodes in pipeline
// order (per-task nodes first; per-run nodes last).
type Study struct {
	Name  string
	Plan  Plan
	Nodes []Node
	// Footprint estimates what the plan needs (see Footprint); shared is
	// the bag of the single-file tables the tasks share, once a staged
	// command has read them (nil before), for studies whose estimate
	// depends on their data.
	Footprint func(shared *schemas.Bag) Footprint
	// Close, when set, releases what the nodes hold (the external
	// learners' processes); whoever builds a study calls it when done.
	Close func()
	// Adapters, when set, names the external learners' adapters as their
	// handshakes did (after the nodes' Checks), for the manifest.
	Adapters func() []Adapter
	// Inputs are the files the study reads besides its config, which the
	// generate stage reads: the executor records their fingerprints and
	// refuses (or recomputes) results whose inputs changed since.
	Inputs []Input
}

// Input is a file a study reads besides its config (a dataset, its names
// file, a cost file), with the cells of the plan whose tasks depend on
// it.
type Input struct {
	Path string // as the config resolved it
	// Optional marks a file that may be absent (Turney's .delay, .group
	// and .expense files): its absence is part of the run's record.
	Optional bool
	// Cells are the indexes in Plan.Cells of the cells whose tasks read
	// it, ascending; nil for every cell.
	Cells []int
}

// Touches reports whether the input reaches a task of chunk c of plan p.
func (in Input) Touches(p *Plan, c Chunk) bool {
	if in.Cells == nil {
		return true
	}
	if c.Len == 0 {
		return false
	}
	lo, hi := int(c.First/int64(p.Reps)), int((c.First+int64(c.Len)-1)/int64(p.Reps))
	i, _ := slices.BinarySearch(in.Cells, lo)
	return i < len(in.Cells) && in.Cells[i] <= hi
}

// Adapter is an external learner's adapter: the learner's name in config
// and the tables, and the adapter's own name and version.
type Adapter struct {
	Learner string `json:"learner"`
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Release calls the study's Close, if any.
func (s *Study) Release() {
	if s.Close != nil {
		s.Close()
	}
}

// Select returns the nodes of the given stages, in pipeline order.
func (s *Study) Select(stages ...string) []Node {
	var out []Node
	for _, n := range s.Nodes {
		if slices.Contains(stages, n.Stage) {
			out = append(out, n)
		}
	}
	return out
}

// CheckWiring checks the graph of the study that a command will run: the
// selected nodes in order. Every slot a selected node reads must come from
// an earlier selected node, from the run folder (a table written by a node
// that is not selected), or from the Reload of an unselected producer of a
// memory slot whose own reads are available the same way. No slot may have
// two producers, and a node may not read a slot no node writes. It returns
// the tables that must be read from disk and the indexes in s.Nodes of
// the producers to reload, in pipeline order.
func (s *Study) CheckWiring(selected []string) (fromDisk []schemas.Stored, reload []int, err error) {
	producer := map[string]int{} // slot → index of the node writing it
	for i, n := range s.Nodes {
		for _, w := range n.Writes {
			if j, ok := producer[w.Name()]; ok {
				return nil, nil, fmt.Errorf("flow: slot %s has two producers, %s and %s", w.Name(), s.Nodes[j].Stage, n.Stage)
			}
			producer[w.Name()] = i
		}
	}
	available := map[string]bool{}
	var need func(ref schemas.Ref, reader string, depth int) error
	need = func(ref schemas.Ref, reader string, depth int) error {
		name := ref.Name()
		if available[name] {
			return nil
		}
		p, ok := producer[name]
		if !ok {
			return fmt.Errorf("flow: %s reads %s, which no node writes", reader, name)
		}
		if _, stored := ref.(schemas.Stored); stored {
			if !slices.Contains(fromDisk, ref.(schemas.Stored)) {
				fromDisk = append(fromDisk, ref.(schemas.Stored))
			}
			available[name] = true
			return nil
		}
		pn := s.Nodes[p]
		if pn.Reload == nil || depth > len(s.Nodes) {
			return fmt.Errorf("flow: %s reads %s, which only %s makes, in memory; run them in one command", reader, name, pn.Stage)
		}
		for _, r := range slices.Concat(pn.Reads, pn.ReloadReads) {
			if err := need(r, pn.Stage+" (reload)", depth+1); err != nil {
				return err
			}
		}
		reload = append(reload, p)
		available[name] = true
		return nil
	}
	for i, n := range s.Nodes {
		if !slices.Contains(selected, n.Stage) {
			continue
		}
		for _, r := range n.Reads {
			if p, ok := producer[r.Name()]; ok && p >= i {
				return nil, nil, fmt.Errorf("flow: %s reads %s, written by %s, a later node", n.Stage, r.Name(), s.Nodes[p].Stage)
			}
			if err := need(r, n.Stage, 0); err != nil {
				return nil, nil, err
			}
		}
		for _, w := range n.Writes {
			available[w.Name()] = true
		}
	}
	return fromDisk, reload, nil
}
