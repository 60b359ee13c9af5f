package pipeline

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// TreeLabels returns the names and the title of tree ti of the oracles/
// or models/ part at path of a run folder, for dtbench tree: its study's
// (Study.TreeLabels: a benchmark model names the task's attributes,
// values and classes from the run's imported dataset, and its title the
// learner, dataset, scenario, subset, repetition and fold; a cost model
// the imported dataset's names, and the learner, dataset, cost and
// split; an oracle study's tree its chunk's datasets part, and the
// learner and grid cell).
//
// The task is its row in the evaluations part of the same chunk. A part
// outside a run folder gets the zero Names (codes) and no title.
func TreeLabels(path string, ti TreeInfo) (tree.Names, error) {
	run := filepath.Dir(filepath.Dir(path))
	cfg, err := LoadRun(run)
	if err != nil {
		return TreeNames(path) // not in a run folder: what is beside it, if anything
	}
	evals := filepath.Join(run, filepath.FromSlash(schemas.Evaluations), filepath.Base(path))
	if _, err := os.Stat(evals); err != nil {
		return tree.Names{}, &input.Error{File: evals, Err: fmt.Errorf("missing: it names the tasks of %s", filepath.Base(path))}
	}
	d, _ := studies.lookup(cfg.Study) // LoadRun validated the study
	return d.treeLabels(path, run, evals, ti)
}

// evaluationOf returns the evaluation row of the file at path that holds
// the tree: the row of its task and learner (any learner's, for an
// oracle).
func evaluationOf[R any](path string, read func(string) ([]R, error), ti TreeInfo, key func(*R) (int64, string)) (*R, error) {
	rows, err := read(path)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if id, learner := key(&rows[i]); id == ti.DatasetID && (learner == ti.Learner || ti.Learner == "") {
			return &rows[i], nil
		}
	}
	return nil, &input.Error{File: path, Err: fmt.Errorf("no evaluation row of task %d and learner %q, which tree %d was grown for", ti.DatasetID, ti.Learner, ti.ID)}
}

// importedSchema returns the schema of the run's imported dataset name.
func importedSchema(run, name string) (dataset.Schema, error) {
	path := filepath.Join(run, filepath.FromSlash(schemas.Imported), name+".parquet")
	s, ok, err := schemas.ReadDatasetSchema(path)
	if err != nil {
		return dataset.Schema{}, err
	}
	if !ok {
		return dataset.Schema{}, &input.Error{File: path, Err: fmt.Errorf("no %s metadata", schemas.MetaDatasetSchema)}
	}
	return s, nil
}
