package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// TaskRows are the rows one result of a run was trained and tested on, as
// dtbench export writes them: for a benchmark task, one fold's training
// and test rows; for a cost task, its split; for an oracle task, its
// dataset. Both datasets hold the task's attributes (a benchmark task's
// subset, in dataset order) and the class, with the dataset's own names
// and labels.
type TaskRows struct {
	// Task says which rows these are: the study, the task's key and id
	// and, for a cross-validation, the fold.
	Task        string
	Train, Test *dataset.Dataset
	// TrainIDs and TestIDs are each row's row_id: its row in the imported
	// dataset (datasets/imported/<name>.parquet), or for the oracle study
	// its row within its split of datasets/. Training rows are in the
	// order the learners saw them (Weka's, under folds: {scheme: weka}),
	// test rows in the order of results/predictions.
	TrainIDs, TestIDs []int64
}

// ExportRows returns the rows of task id of the run folder dir, fold fold
// of a benchmark task (which must be given, fold >= 0; any other task
// takes fold < 0). Every file it reads is checked against the run's
// records first. A folder that is no run, a task outside the plan or a
// fold outside the task is an *input.Error naming it.
func ExportRows(dir string, id int64, fold int) (*TaskRows, error) {
	cfg, err := LoadRun(dir)
	if err != nil {
		return nil, err
	}
	d, ok := studies.lookup(cfg.Study)
	if !ok {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("manifest config: study %q is not supported", cfg.Study)}
	}
	study, err := d.build(cfg, studyEnv{})
	if err != nil {
		return nil, &input.Error{File: dir, Err: fmt.Errorf("manifest config: %w", err)}
	}
	defer study.Release()
	plan := &study.Plan
	if id < 0 || id >= plan.Len() {
		return nil, input.Keyf("--task", "run %s has tasks 0 to %d (its results' dataset_id), not %d", dir, plan.Len()-1, id)
	}
	task := plan.Task(id)
	recs, err := readRecords(dir)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("%s task %d (%s)", cfg.Study, id, task.Key)
	if storesDatasets(study) {
		if fold >= 0 {
			return nil, input.Keyf("--fold", "%s is one training set and its held-out rows; it has no folds", what)
		}
		return storedRows(dir, recs, cfg, &task, what)
	}
	bag, err := taskBag(dir, recs, study, &task)
	if err != nil {
		return nil, err
	}
	if splits := flow.Splits.Get(bag); len(splits) == 1 {
		return foldRows(&splits[0], fold, what)
	}
	if fold >= 0 {
		return nil, input.Keyf("--fold", "%s is a single train/test split; it has no folds", what)
	}
	holdouts, source := flow.Holdouts.Get(bag), flow.HoldoutSource.Get(bag)
	if len(holdouts) != 1 || len(source) != 1 {
		return nil, fmt.Errorf("export %s: its generate stage gave no split", what)
	}
	return &TaskRows{Task: what, Train: holdouts[0].Train, Test: holdouts[0].Test,
		TrainIDs: ids(source[0].Train), TestIDs: ids(source[0].Test)}, nil
}

// taskBag draws task's data again, as a staged command does: it reads the
// run's single-file tables that the study's per-task generate nodes read
// (the imported datasets), each checked against the records, and runs
// those nodes' Reload on the task.
func taskBag(dir string, recs *records, study *flow.Study, task *flow.Task) (*schemas.Bag, error) {
	bag := schemas.NewBag()
	read := map[string]bool{}
	for _, n := range study.Select(flow.StageGenerate) {
		if n.PerRun {
			continue
		}
		for _, ref := range n.Reads {
			t, ok := ref.(schemas.Stored)
			if !ok || !t.Single() || read[t.Name()] {
				continue
			}
			read[t.Name()] = true
			files, err := t.RunFiles(dir)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, &input.Error{File: filepath.Join(dir, filepath.FromSlash(t.Name())), Err: fmt.Errorf("missing; the run's generate stage writes it")}
			}
			for _, p := range files {
				if err := recs.check(p); err != nil {
					return nil, err
				}
				if err := t.ReadPart(p, func(int64) (*schemas.Bag, error) { return bag, nil }); err != nil {
					return nil, err
				}
			}
		}
		if err := n.Reload(task, bag); err != nil {
			return nil, fmt.Errorf("task %d (%s): %w", task.ID, task.Key, err)
		}
	}
	return bag, nil
}

// foldRows returns fold fold of a benchmark task's split: the rows of the
// other folds in the order the learners saw them, and the fold's rows.
func foldRows(sp *flow.Split, fold int, what string) (*TaskRows, error) {
	k := sp.Folds.K
	if fold < 0 || fold >= k {
		give := "give --fold"
		if fold >= 0 {
			give = fmt.Sprintf("fold %d is not one:", fold)
		}
		return nil, input.Keyf("--fold", "%s is a %d-fold cross-validation; %s 0 to %d", what, k, give, k-1)
	}
	train := sp.TrainOrder(fold)
	if train == nil {
		train = sp.TrainRows(fold).Rows(nil)
	}
	test := sp.TestRows(fold).Rows(nil)
	out := &TaskRows{Task: fmt.Sprintf("%s, fold %d of %d", what, fold, k)}
	var err error
	if out.Train, out.TrainIDs, err = project(sp.Data, train, sp.Rows); err != nil {
		return nil, err
	}
	if out.Test, out.TestIDs, err = project(sp.Data, test, sp.Rows); err != nil {
		return nil, err
	}
	return out, nil
}

// project returns rows of d, every attribute, and their ids through
// source (source[r] is row r's id).
func project(d *dataset.Dataset, rows, source []int) (*dataset.Dataset, []int64, error) {
	all := make([]int, d.NumFeatures())
	for f := range all {
		all[f] = f
	}
	p, err := d.Project(rows, all)
	if err != nil {
		return nil, nil, err
	}
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = int64(source[r])
	}
	return p, out, nil
}

// storesDatasets reports whether study's generate stage writes each
// task's dataset to datasets/ (the oracle study's drawn rows), which
// export then reads; a study that does not draws its tasks' rows again
// from the run's imported datasets.
func storesDatasets(study *flow.Study) bool {
	for _, n := range study.Select(flow.StageGenerate) {
		if slices.ContainsFunc(n.Writes, func(ref schemas.Ref) bool { return ref.Name() == schemas.DatasetTable.Name() }) {
			return true
		}
	}
	return false
}

// storedRows returns a task's dataset from its datasets/ part (an oracle
// task's training and held-out rows).
func storedRows(dir string, recs *records, cfg *Config, task *flow.Task, what string) (*TaskRows, error) {
	path, err := chunkPart(dir, recs, schemas.Datasets, int(task.ID/int64(cfg.Chunk)))
	if err != nil {
		return nil, err
	}
	bag, other := schemas.NewBag(), schemas.NewBag()
	err = schemas.DatasetTable.ReadPart(path, func(id int64) (*schemas.Bag, error) {
		if id == task.ID {
			return bag, nil
		}
		return other, nil
	})
	if err != nil {
		return nil, err
	}
	got := schemas.DatasetTable.Get(bag)
	if len(got) != 1 {
		return nil, &input.Error{File: path, Err: fmt.Errorf("holds %d datasets of task %d, want 1", len(got), task.ID)}
	}
	rec := got[0]
	out := &TaskRows{Task: what, Train: rec.Train, Test: rec.Test, TrainIDs: ids(identity(rec.Train.Len()))}
	if rec.Test != nil {
		out.TestIDs = ids(identity(rec.Test.Len()))
	}
	return out, nil
}

// chunkPart returns the one part of chunk c of table (of whichever shard
// wrote it), checked against the records.
func chunkPart(dir string, recs *records, table string, c int) (string, error) {
	found, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(table), fmt.Sprintf("part-*-%05d.parquet", c)))
	found = slices.DeleteFunc(found, func(p string) bool { _, err := os.Stat(p); return err != nil })
	switch len(found) {
	case 0:
		return "", &input.Error{File: filepath.Join(dir, filepath.FromSlash(table)), Err: fmt.Errorf("no part of chunk %d; run (or --resume) the run first", c)}
	case 1:
	default:
		return "", &input.Error{File: filepath.Join(dir, filepath.FromSlash(table)), Err: fmt.Errorf("chunk %d has %d parts, from runs with different shard counts", c, len(found))}
	}
	if err := recs.check(found[0]); err != nil {
		return "", err
	}
	return found[0], nil
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func ids(rows []int) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = int64(r)
	}
	return out
}
