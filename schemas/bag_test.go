package schemas

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

func TestSlotGetPutSet(t *testing.T) {
	s := NewSlot[int]("numbers")
	b := NewBag()
	if s.Has(b) || s.Get(b) != nil {
		t.Fatal("a new bag has records")
	}
	s.Put(b, 1, 2)
	s.Put(b, 3)
	if got := s.Get(b); len(got) != 3 || got[2] != 3 {
		t.Errorf("Get after Put = %v", got)
	}
	s.Set(b, nil)
	if !s.Has(b) || len(s.Get(b)) != 0 {
		t.Errorf("Set(nil): Has %v, Get %v", s.Has(b), s.Get(b))
	}
	defer func() {
		if p := recover(); p == nil || !strings.Contains(p.(string), "numbers") {
			t.Errorf("a slot read with the wrong type: panic %v", p)
		}
	}()
	NewSlot[string]("numbers").Get(b)
}

// TestTablePartRoundTrip writes the bags of three tasks to one part and
// reads it back into fresh bags: each task gets its own records, in order.
func TestTablePartRoundTrip(t *testing.T) {
	rows := testEvaluations()
	bags := []*Bag{NewBag(), NewBag(), NewBag()}
	for i := range rows {
		rows[i].DatasetID = int64(10 + i%3)
	}
	for i := range rows {
		EvaluationTable.Put(bags[rows[i].DatasetID-10], rows[i])
	}
	path := filepath.Join(t.TempDir(), "part-0-00000.parquet")
	info, err := EvaluationTable.WritePart(context.Background(), path, bags)
	if err != nil {
		t.Fatal(err)
	}
	if info.Rows != int64(len(rows)) {
		t.Errorf("wrote %d rows, want %d", info.Rows, len(rows))
	}
	back := []*Bag{NewBag(), NewBag(), NewBag()}
	err = EvaluationTable.ReadPart(path, func(id int64) (*Bag, error) { return back[id-10], nil })
	if err != nil {
		t.Fatal(err)
	}
	for i := range bags {
		want, got := EvaluationTable.Get(bags[i]), EvaluationTable.Get(back[i])
		if len(got) != len(want) {
			t.Fatalf("task %d: %d rows back, want %d", i, len(got), len(want))
		}
		for j := range want {
			if got[j].Learner != want[j].Learner || got[j].DatasetID != want[j].DatasetID {
				t.Errorf("task %d row %d = %s/%d, want %s/%d", i, j, got[j].Learner, got[j].DatasetID, want[j].Learner, want[j].DatasetID)
			}
		}
	}
	// A record of a task the caller does not expect is an input error naming the file.
	err = EvaluationTable.ReadPart(path, func(id int64) (*Bag, error) {
		if id == 12 {
			return nil, errUnexpected
		}
		return NewBag(), nil
	})
	if err == nil || !strings.Contains(err.Error(), "part-0-00000") {
		t.Errorf("unexpected task: err = %v", err)
	}
}

var errUnexpected = errors.New("task outside the chunk")

func TestSortByTaskIsStable(t *testing.T) {
	b := NewBag()
	for _, id := range []int64{3, 1, 3, 2, 1} {
		EvaluationTable.Put(b, OracleEvaluation{DatasetID: id, Rep: int32(len(EvaluationTable.Get(b)))})
	}
	EvaluationTable.SortByTask(b)
	var got []int64
	var reps []int32
	for _, e := range EvaluationTable.Get(b) {
		got = append(got, e.DatasetID)
		reps = append(reps, e.Rep)
	}
	if want := []int64{1, 1, 2, 3, 3}; !slices.Equal(got, want) || !slices.Equal(reps, []int32{1, 4, 3, 0, 2}) {
		t.Errorf("sorted ids %v reps %v", got, reps)
	}
}

// TestImportedFileHoldsItsRecord: a file of a one-file-per-record table
// reads back only under its own name; the same bytes under another
// dataset's name are refused, naming the file.
func TestImportedFileHoldsItsRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	b := NewBag()
	ImportedTable.Put(b, DatasetRecord{DatasetID: 0, OracleID: -1, Mode: "vote", Train: randomDataset(t, rng, testSchema([]int{2, 3}, 2), 8)})
	infos, err := ImportedTable.WriteRun(context.Background(), dir, b)
	if err != nil || len(infos) != 1 {
		t.Fatalf("WriteRun: %v, %d files", err, len(infos))
	}
	if err := ImportedTable.ReadPart(infos[0].Path, func(int64) (*Bag, error) { return NewBag(), nil }); err != nil {
		t.Fatalf("its own file: %v", err)
	}
	other := filepath.Join(dir, filepath.FromSlash(Imported), "tic-tac-toe.parquet")
	data, _ := os.ReadFile(infos[0].Path)
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	err = ImportedTable.ReadPart(other, func(int64) (*Bag, error) { return NewBag(), nil })
	var ie *input.Error
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "tic-tac-toe.parquet") || !strings.Contains(err.Error(), "imported/vote.parquet") {
		t.Errorf("vote's record under tic-tac-toe's name: err = %v; want an input error naming both", err)
	}
}
