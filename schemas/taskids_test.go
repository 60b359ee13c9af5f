package schemas

import (
	"context"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// partTasks writes recs (several per task) as a part of tab and returns
// the task of each row as TaskIDs reads it from the column, and the task
// of each run of records as ReadPart gives it through the catalog's
// taskOf.
func partTasks[R any](t *testing.T, tab *Table[R], recs []R) (column, catalog []int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "part-0-00000.parquet")
	b := NewBag()
	tab.Set(b, recs)
	if _, err := tab.WritePart(context.Background(), path, []*Bag{b}); err != nil {
		t.Fatal(err)
	}
	column, err := TaskIDs(path)
	if err != nil {
		t.Fatal(err)
	}
	err = tab.ReadPart(path, func(id int64) (*Bag, error) {
		catalog = append(catalog, id) // once per run of the task's records
		return NewBag(), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return column, catalog
}

// each returns a record per task of tasks, made by rec.
func each[R any](tasks []int64, rec func(i int, id int64) R) []R {
	out := make([]R, len(tasks))
	for i, id := range tasks {
		out[i] = rec(i, id)
	}
	return out
}

// TestTaskIDs: for every per-chunk table of the catalog, the task column
// TaskIDs reads gives the tasks the catalog's taskOf gives the records,
// in order (a record of several rows, a tree or a dataset, repeats its
// task in the column, so runs are compared).
func TestTaskIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	domains := []int{2, 3}
	s := testSchema(domains, 2)
	tasks := []int64{7, 7, 9, 12}
	cases := map[string]func(t *testing.T) (column, catalog []int64){
		"oracles": func(t *testing.T) ([]int64, []int64) {
			var recs []TreeRecord
			for _, id := range slices.Compact(slices.Clone(tasks)) {
				recs = append(recs, TreeRecord{ID: id, Tree: randomTree(rng, domains, 2, 2, false, false)})
			}
			return partTasks(t, OracleTable, recs)
		},
		"datasets": func(t *testing.T) ([]int64, []int64) {
			var recs []DatasetRecord
			for _, id := range slices.Compact(slices.Clone(tasks)) {
				recs = append(recs, DatasetRecord{DatasetID: id, OracleID: id, Mode: "complete", Train: randomDataset(t, rng, s, 5)})
			}
			return partTasks(t, DatasetTable, recs)
		},
		"models": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, ModelTable, each(tasks, func(i int, id int64) ModelRecord {
				return ModelRecord{ModelID: int64(i), Learner: "id3", DatasetID: id, Tree: randomTree(rng, domains, 2, 2, false, true)}
			}))
		},
		"evaluations": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, EvaluationTable, each(tasks, func(_ int, id int64) OracleEvaluation { return OracleEvaluation{DatasetID: id} }))
		},
		"benchmark evaluations": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, BenchmarkEvaluationTable, each(tasks, func(_ int, id int64) BenchmarkEvaluation { return BenchmarkEvaluation{DatasetID: id} }))
		},
		"confusion": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, ConfusionTable, each(tasks, func(_ int, id int64) ConfusionRow { return ConfusionRow{DatasetID: id} }))
		},
		"attributes": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, AttributeTable, each(tasks, func(_ int, id int64) AttributeRow { return AttributeRow{DatasetID: id} }))
		},
		"entropy": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, EntropyTable, each(tasks, func(_ int, id int64) EntropyRow { return EntropyRow{DatasetID: id} }))
		},
		"cost evaluations": func(t *testing.T) ([]int64, []int64) {
			return partTasks(t, CostEvaluationTable, each(tasks, func(_ int, id int64) CostEvaluation { return CostEvaluation{DatasetID: id} }))
		},
	}
	for _, name := range slices.Sorted(maps.Keys(cases)) {
		t.Run(name, func(t *testing.T) {
			column, catalog := cases[name](t)
			if got, want := slices.Compact(column), slices.Compact(catalog); !slices.Equal(got, want) {
				t.Errorf("TaskIDs gives the tasks %v; the catalog's taskOf %v", got, want)
			}
		})
	}
	t.Run("timings", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "part-0-00000-train.parquet")
		if _, err := WriteTimings(path, []Timing{{DatasetID: 4, Step: "train"}, {DatasetID: 5, Step: "train"}}); err != nil {
			t.Fatal(err)
		}
		if got, err := TaskIDs(path); err != nil || !slices.Equal(got, []int64{4, 5}) {
			t.Errorf("TaskIDs = %v, %v; want [4 5]", got, err)
		}
	})
}
