package importer

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// runDataset is a dataset as a run imports it: a value no row holds, the
// missing category "?", a class of three values named Class.
func runDataset(t *testing.T) *dataset.Dataset {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "colour", Values: []string{"red", "green", "blue", MissingLabel}},
			{Name: "size", Values: []string{"(-inf, 3.5]", "(3.5, inf)"}},
		},
		Class: dataset.Attribute{Name: "Class", Values: []string{"no", "yes", "maybe"}},
	}
	d, err := dataset.FromRows(s, [][]uint8{{0, 1}, {3, 0}, {0, 0}, {2, 1}, {3, 1}}, []uint8{1, 0, 0, 2, 1})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// sameData reports how two datasets differ: schema (names, values in code
// order) and every code.
func sameData(t *testing.T, got, want *dataset.Dataset) {
	t.Helper()
	gs, ws := got.Schema(), want.Schema()
	if gs.Class.Name != ws.Class.Name || !slices.Equal(gs.Class.Values, ws.Class.Values) || len(gs.Features) != len(ws.Features) {
		t.Fatalf("schema %+v; want %+v", gs, ws)
	}
	for f := range ws.Features {
		if gs.Features[f].Name != ws.Features[f].Name || !slices.Equal(gs.Features[f].Values, ws.Features[f].Values) ||
			!slices.Equal(got.Column(f), want.Column(f)) {
			t.Fatalf("feature %d: %+v codes %v; want %+v codes %v", f, gs.Features[f], got.Column(f), ws.Features[f], want.Column(f))
		}
	}
	if !slices.Equal(got.Labels(), want.Labels()) {
		t.Fatalf("classes %v; want %v", got.Labels(), want.Labels())
	}
}

// TestReadRunDataset: a run's datasets/imported file reads back as the
// dataset it holds (no bookkeeping column among the features, values and
// codes kept, the class under its own name), whatever the missing option;
// a datasets part with training and test rows reads as its rows in that
// order; a file of several datasets is refused, naming them.
func TestReadRunDataset(t *testing.T) {
	d := runDataset(t)
	dir := t.TempDir()
	imported := filepath.Join(dir, "imported.parquet")
	if _, err := schemas.WriteDatasets(imported, []schemas.DatasetRecord{{DatasetID: 0, OracleID: -1, Mode: "toy", Train: d}}); err != nil {
		t.Fatal(err)
	}
	for _, missing := range []string{MissingCategory, MissingDrop} {
		got, rep, err := Read(imported, Options{Class: "Class", Missing: missing})
		if err != nil {
			t.Fatalf("missing %s: %v", missing, err)
		}
		sameData(t, got, d)
		if rep.Rows != d.Len() || len(rep.Features) != 2 {
			t.Errorf("report: %d rows, %d features; want %d and 2", rep.Rows, len(rep.Features), d.Len())
		}
	}
	// Dropping a feature drops it, as from any file.
	got, _, err := Read(imported, Options{Class: "Class", Drop: []string{"size"}})
	if err != nil || got.NumFeatures() != 1 || got.Schema().Features[0].Name != "colour" {
		t.Errorf("drop size: %v features, %v", got, err)
	}
	// The bookkeeping columns are not columns of the dataset.
	if _, _, err := Read(imported, Options{Class: "class"}); err == nil || !strings.Contains(err.Error(), `"colour", "size", "Class"`) {
		t.Errorf("class \"class\": %v; want an error listing colour, size, Class", err)
	}
	split := filepath.Join(dir, "split.parquet")
	train, _ := d.Project([]int{0, 1, 2}, []int{0, 1})
	test, _ := d.Project([]int{3, 4}, []int{0, 1})
	if _, err := schemas.WriteDatasets(split, []schemas.DatasetRecord{{DatasetID: 7, OracleID: -1, Mode: "toy", Train: train, Test: test}}); err != nil {
		t.Fatal(err)
	}
	if got, _, err := Read(split, Options{Class: "Class"}); err != nil {
		t.Fatal(err)
	} else {
		sameData(t, got, d)
	}
	two := filepath.Join(dir, "two.parquet")
	if _, err := schemas.WriteDatasets(two, []schemas.DatasetRecord{{DatasetID: 3, Mode: "a", Train: train}, {DatasetID: 9, Mode: "b", Train: test}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Read(two, Options{Class: "Class"}); !input.Is(err) || !strings.Contains(err.Error(), "2 datasets") || !strings.Contains(err.Error(), "3 to 9") {
		t.Errorf("two datasets: %v; want an input error naming dataset_id 3 to 9", err)
	}
}
