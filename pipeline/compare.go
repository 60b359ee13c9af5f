package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/compare"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// compareTasks reads a part of a study's results/evaluations table as
// compare.Tasks, task giving each row's (with a cache of cell names: a
// part's rows share a few cells).
func compareTasks[R any](table *schemas.Table[R], task func(*R, cellNames) compare.Task) func(path string) ([]compare.Task, error) {
	return func(path string) ([]compare.Task, error) {
		rows, err := table.Read(path)
		if err != nil {
			return nil, err
		}
		names := cellNames{}
		out := make([]compare.Task, len(rows))
		for i := range rows {
			out[i] = task(&rows[i], names)
		}
		return out, nil
	}
}

// cellNames caches compare.CellName by cell.
type cellNames map[any]string

func (n cellNames) of(cell any) string {
	s, ok := n[cell]
	if !ok {
		s = compare.CellName(cell)
		n[cell] = s
	}
	return s
}

// compareTask is the compare.Task of an evaluation row: a failed fit's
// status as it says, a null status (files of version 3 and older) ok.
func compareTask(learner, cell string, rep int32, task int64, m *schemas.Measures, o *schemas.Outcome) compare.Task {
	status := schemas.StatusOK
	if o.Status != nil {
		status = *o.Status
	}
	return compare.Task{Learner: learner, Cell: cell, Rep: rep, Task: task, Status: status, Measures: m}
}

// ComparedRun is a completed run folder as dtbench compare reads it: its
// manifest (manifest.json), the files every manifest of the folder lists,
// and its evaluation rows, each part checked against its record.
type ComparedRun struct {
	Dir      string
	Manifest *Manifest
	Tasks    []compare.Task
	// SplitRatio is the ratio of a random split's test rows to its
	// training rows in a study whose repetitions are such splits (the
	// cost study's), 0 in the others: compare.Options.SplitRatio.
	SplitRatio float64
	files      map[string]FileEntry // by path, from every manifest
}

// ReadCompared reads the run folder dir for dtbench compare. It refuses
// (an *input.Error naming the folder) a folder that is not a completed
// run: no manifest.json, a command in progress or interrupted (a
// journal), no report (the report stage runs once every task is
// evaluated), or an evaluations part whose bytes are not what its
// manifest says.
func ReadCompared(dir string) (*ComparedRun, error) {
	if err := isFolder(dir); err != nil {
		return nil, err
	}
	recs, err := readRecords(dir)
	if err != nil {
		return nil, err
	}
	m, ok := recs.manifests[manifestName(Shard{Count: 1})]
	if !ok {
		return nil, &input.Error{File: dir, Err: errors.New("no manifest.json: not a completed dtbench run (a sharded run's report writes it)")}
	}
	if problem, _ := journalsState(dir, recs); problem != "" {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("%s: compare a run once it is complete", problem)}
	}
	run := &ComparedRun{Dir: dir, Manifest: m, files: map[string]FileEntry{}}
	for _, name := range slices.Sorted(mapKeys(recs.manifests)) {
		for _, f := range recs.manifests[name].Files {
			run.files[f.Path] = f
		}
	}
	if _, ok := run.files[schemas.Summaries+".parquet"]; !ok {
		return nil, &input.Error{File: dir, Err: errors.New("no report/summary.parquet in its manifest: the run has not reached its report stage; finish it first")}
	}
	d, ok := studies.lookup(m.Config.Study)
	if !ok {
		return nil, &input.Error{File: filepath.Join(dir, "manifest.json"), Err: fmt.Errorf("study %q: not a study this dtbench knows", m.Config.Study)}
	}
	parts, err := schemas.EvaluationTable.RunFiles(dir)
	if err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return nil, &input.Error{File: dir, Err: errors.New("no results/evaluations parts: nothing to compare")}
	}
	for _, p := range parts {
		if err := recs.check(p); err != nil {
			return nil, err
		}
		tasks, err := d.evaluations(p)
		if err != nil {
			return nil, err
		}
		run.Tasks = append(run.Tasks, tasks...)
	}
	if err := d.compareFolds(dir, recs.check, run.Tasks); err != nil {
		return nil, err
	}
	if m.Config.Section != nil {
		run.SplitRatio = d.splitRatio(m.Config.Section)
	}
	return run, nil
}

// taskTables are the tables that hold a run's tasks as generated or
// imported (the oracles, the sampled or imported rows): two runs whose
// files of these differ did not run the same tasks.
var taskTables = []string{schemas.Oracles + "/", schemas.Datasets + "/"}

// Comparable says why runs a and b cannot be compared task by task, nil
// when they can: another study; configs that differ in a key that
// changes the tasks (anything but the name, the learners, the outputs, the report,
// workers and limits), named with both values; input files that differ;
// or generated or imported task files (oracles/, datasets/) that one run
// lacks or that differ in bytes, named.
func Comparable(a, b *ComparedRun) error {
	ca, cb := a.Manifest.Config, b.Manifest.Config
	if ca.Study != cb.Study {
		return fmt.Errorf("study: %s in %s, %s in %s: runs of different studies have no tasks in common", ca.Study, a.Dir, cb.Study, b.Dir)
	}
	if key, va, vb := configDiff(taskConfig(ca), taskConfig(cb)); key != "" {
		return fmt.Errorf("config key %s: %s in %s, %s in %s: the runs' tasks differ, so their differences would not be the learners' own (only name, learners, outputs, report, workers and limits may differ)", key, va, a.Dir, vb, b.Dir)
	}
	ia, ib := inputsByPath(a.Manifest.Inputs), inputsByPath(b.Manifest.Inputs)
	for _, p := range slices.Sorted(mapKeys(union(ia, ib))) {
		if ia[p] != ib[p] {
			return fmt.Errorf("input %s: %s for %s, %s for %s: the runs read different data", p, describeInput(ia, p), a.Dir, describeInput(ib, p), b.Dir)
		}
	}
	ta, tb := taskFiles(a.files), taskFiles(b.files)
	for _, p := range slices.Sorted(mapKeys(union(ta, tb))) {
		fa, okA := ta[p]
		fb, okB := tb[p]
		switch {
		case !okA || !okB:
			return fmt.Errorf("%s is in %s only: the runs did not generate the same tasks", p, map[bool]string{true: a.Dir, false: b.Dir}[okA])
		case fa.SHA256 != fb.SHA256:
			return fmt.Errorf("%s differs (sha256 %.12s… in %s, %.12s… in %s): the runs did not generate the same tasks (another dtbench version may draw them otherwise)", p, fa.SHA256, a.Dir, fb.SHA256, b.Dir)
		}
	}
	return nil
}

// taskFiles returns the files of taskTables among files, keyed by their
// path with a part's shard left out (datasets/part-*-00003.parquet):
// the shard that wrote a chunk does not change its bytes, so a sharded
// run and an unsharded one of the same config have the same tasks.
func taskFiles(files map[string]FileEntry) map[string]FileEntry {
	out := map[string]FileEntry{}
	for p, f := range files {
		if !slices.ContainsFunc(taskTables, func(t string) bool { return strings.HasPrefix(p, t) }) {
			continue
		}
		if _, rest, ok := splitPart(path2base(p)); ok {
			p = pathDir(p) + "/part-*-" + rest
		}
		out[p] = f
	}
	return out
}

// taskConfig is c without the keys that may differ between compared
// runs.
func taskConfig(c *Config) *Config {
	x := *c
	x.Name, x.Learners, x.Outputs, x.Report = "", nil, Outputs{}, nil
	return &x
}

func inputsByPath(list []InputEntry) map[string]InputEntry {
	out := make(map[string]InputEntry, len(list))
	for _, e := range list {
		out[e.Path] = e
	}
	return out
}

func describeInput(m map[string]InputEntry, p string) string {
	if e, ok := m[p]; ok {
		return e.String()
	}
	return "not an input"
}

// union returns a map with the keys of both.
func union[V any](a, b map[string]V) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
