package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/tree"
)

// weatherData is Quinlan's weather data with its names, built in code.
func weatherData(t *testing.T) *dataset.Dataset {
	t.Helper()
	s := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "outlook", Values: []string{"sunny", "overcast", "rainy"}},
			{Name: "windy", Values: []string{"TRUE", "FALSE"}},
		},
		Class: dataset.Attribute{Name: "play", Values: []string{"yes", "no"}},
	}
	rows := [][3]uint8{{0, 1, 1}, {0, 0, 1}, {1, 1, 0}, {2, 1, 0}, {2, 0, 1}, {1, 0, 0}, {0, 1, 1}, {2, 1, 0}}
	feats := [][]uint8{nil, nil}
	var labels []uint8
	for _, r := range rows {
		feats[0] = append(feats[0], r[0])
		feats[1] = append(feats[1], r[1])
		labels = append(labels, r[2])
	}
	d, err := dataset.New(s, feats, labels)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestTreesAndNames: a models part of a run folder is read as trees and
// printed with the names its chunk's datasets part stores.
func TestTreesAndNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	d := weatherData(t)
	id3, _ := train.New(train.Spec{Name: "id3"})
	m, err := id3.Fit(d, d.All(), nil)
	if err != nil {
		t.Fatal(err)
	}
	part := "part-0-00000.parquet"
	if _, err := schemas.DatasetTable.Write(filepath.Join(dir, schemas.Datasets, part),
		[]schemas.DatasetRecord{{DatasetID: 7, OracleID: 7, Mode: "weather", Train: d}}); err != nil {
		t.Fatal(err)
	}
	models := filepath.Join(dir, schemas.Models, part)
	if _, err := schemas.ModelTable.Write(models, []schemas.ModelRecord{{ModelID: 70, Learner: "id3", DatasetID: 7, OracleID: 7,
		Tree: m.(train.TreeModel).Tree()}}); err != nil {
		t.Fatal(err)
	}
	trees, err := ReadTrees(models)
	if err != nil || len(trees) != 1 || trees[0].ID != 70 || trees[0].Learner != "id3" {
		t.Fatalf("ReadTrees = %+v, %v", trees, err)
	}
	names, err := TreeNames(models)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := tree.WriteText(&b, trees[0].Tree, names); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"outlook = sunny", "windy = TRUE", ": yes", ": no"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("tree text lacks %q:\n%s", want, b.String())
		}
	}
	// Without a datasets part beside it, the codes are printed.
	if err := os.Remove(filepath.Join(dir, schemas.Datasets, part)); err != nil {
		t.Fatal(err)
	}
	if names, err := TreeNames(models); err != nil || len(names.Features) != 0 {
		t.Errorf("TreeNames without datasets = %+v, %v", names, err)
	}
	// A part of another table is refused, naming the file.
	if _, err := ReadTrees(filepath.Join(dir, schemas.Models)); err == nil {
		t.Error("ReadTrees of a directory succeeded")
	}
}
