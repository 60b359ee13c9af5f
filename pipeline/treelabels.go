package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/tree"
)

// TreeLabels returns the names and the title of tree ti of the oracles/
// or models/ part at path of a run folder, for dtbench tree:
//   - a benchmark model: the names of the task's attributes (its subset,
//     in dataset order: feature i of the tree is the i-th), their values
//     and the classes, from the run's imported dataset; the title names
//     the learner, dataset, scenario, subset, repetition and fold;
//   - a cost model: the imported dataset's names; the title names the
//     learner, dataset, misclassification cost and split;
//   - an oracle study's tree: the names of its chunk's datasets part; a
//     model's title names the learner and the grid cell, an oracle's the
//     cell.
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
	switch cfg.Study {
	case "benchmark":
		return benchmarkTreeLabels(run, evals, ti)
	case "cost":
		return costTreeLabels(run, evals, ti)
	}
	return oracleTreeLabels(path, evals, ti)
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

func benchmarkTreeLabels(run, evals string, ti TreeInfo) (tree.Names, error) {
	e, err := evaluationOf(evals, schemas.BenchmarkEvaluationTable.Read, ti,
		func(r *schemas.BenchmarkEvaluation) (int64, string) { return r.DatasetID, r.Learner })
	if err != nil {
		return tree.Names{}, err
	}
	s, err := importedSchema(run, e.Dataset)
	if err != nil {
		return tree.Names{}, err
	}
	attrs := strings.Split(e.Attributes, ",")
	sub := dataset.Schema{Class: s.Class}
	for _, name := range attrs {
		i := slices.IndexFunc(s.Features, func(a dataset.Attribute) bool { return a.Name == name })
		if i < 0 {
			return tree.Names{}, &input.Error{File: evals, Err: fmt.Errorf("task %d's attribute %q is not in dataset %s", ti.DatasetID, name, e.Dataset)}
		}
		sub.Features = append(sub.Features, s.Features[i])
	}
	if d := ti.Tree.Domains; len(d) != len(sub.Features) {
		return tree.Names{}, &input.Error{File: evals, Err: fmt.Errorf("task %d has %d attributes; tree %d tests %d features", ti.DatasetID, len(sub.Features), ti.ID, len(d))}
	}
	names := tree.NamesOf(sub)
	names.Title = fmt.Sprintf("%s on %s, scenario %s, subset %s (%s), repetition %d, fold %d of %d (task %d, tree %d)",
		ti.Learner, e.Dataset, e.Scenario, e.Subset, strings.Join(attrs, ", "), e.Rep, ti.Fold, e.Folds, ti.DatasetID, ti.ID)
	return names, nil
}

func costTreeLabels(run, evals string, ti TreeInfo) (tree.Names, error) {
	e, err := evaluationOf(evals, schemas.CostEvaluationTable.Read, ti,
		func(r *schemas.CostEvaluation) (int64, string) { return r.DatasetID, r.Learner })
	if err != nil {
		return tree.Names{}, err
	}
	s, err := importedSchema(run, e.Dataset)
	if err != nil {
		return tree.Names{}, err
	}
	k := fmt.Sprintf("misclassification cost %g", e.Misclassification)
	if e.Misclassification == 0 {
		k = "the costs section's matrix"
	}
	names := tree.NamesOf(s)
	names.Title = fmt.Sprintf("%s on %s, %s, split %d (task %d, tree %d)", ti.Learner, e.Dataset, k, e.Rep, ti.DatasetID, ti.ID)
	return names, nil
}

func oracleTreeLabels(path, evals string, ti TreeInfo) (tree.Names, error) {
	names, err := TreeNames(path)
	if err != nil {
		return tree.Names{}, err
	}
	e, err := evaluationOf(evals, schemas.EvaluationTable.Read, ti,
		func(r *schemas.OracleEvaluation) (int64, string) { return r.DatasetID, r.Learner })
	if err != nil {
		return tree.Names{}, err
	}
	cell := fmt.Sprintf("%d features, depth %d, %s, size %d, repetition %d (task %d", e.Features, e.Depth, e.Mode, e.Size, e.Rep, ti.DatasetID)
	if ti.Learner == "" {
		names.Title = fmt.Sprintf("oracle of %s)", cell)
	} else {
		names.Title = fmt.Sprintf("%s on the oracle of %s, tree %d)", ti.Learner, cell, ti.ID)
	}
	return names, nil
}
