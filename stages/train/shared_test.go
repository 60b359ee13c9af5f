package train

import (
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// heartFeatures are heart-disease's features in data order (its .names
// attributes 3-15; the class num, 0 = absence and 1-4 = presence, last).
var heartFeatures = []string{"age", "sex", "cp", "trestbps", "chol", "fbs", "restecg", "thalach", "exang", "oldpeak", "slope", "ca", "thal"}

// sharedSets are the shared real datasets the learners' tests read, by
// name: the file under ../shared/datasets and the importer options that
// read it. The headerless .data files get their UCI attribute names, and
// heart-disease the options of configs/cost-turney.yaml, so the learners
// are tested on the codes a run gives them: the importer is the one
// reader of real data (and, through dataset.ARFFReader, of ARFF).
var sharedSets = map[string]struct {
	file string
	opts importer.Options
}{
	"weather-nominal": {"weather-nominal/weather.nominal.arff", importer.Options{Class: "play"}},
	"contact-lenses":  {"contact-lenses/contact-lenses.arff", importer.Options{Class: "contact-lenses"}},
	"breast-cancer":   {"breast-cancer/breast-cancer.arff", importer.Options{Class: "Class"}},
	"vote":            {"vote/vote.arff", importer.Options{Class: "Class"}},
	"soybean":         {"soybean/soybean.arff", importer.Options{Class: "class"}},
	"car": {"car/car.data", importer.Options{Class: "class",
		Names: []string{"buying", "maint", "doors", "persons", "lug_boot", "safety", "class"}}},
	"tic-tac-toe": {"tic-tac-toe/tic-tac-toe.data", importer.Options{Class: "Class",
		Names: []string{"top-left-square", "top-middle-square", "top-right-square", "middle-left-square", "middle-middle-square",
			"middle-right-square", "bottom-left-square", "bottom-middle-square", "bottom-right-square", "Class"}}},
	"nursery": {"nursery/nursery.data", importer.Options{Class: "class",
		Names: []string{"parents", "has_nurs", "form", "children", "housing", "finance", "social", "health", "class"}}},
	"heart-disease": {"heart-disease/processed.cleveland.data", importer.Options{Class: "num",
		Names:    append(slices.Clone(heartFeatures), "num"),
		Nominal:  []string{"sex", "cp", "fbs", "restecg", "exang", "slope", "ca", "thal"},
		ClassMap: []importer.ClassRule{{Match: "^0$", Label: "absence"}, {Match: ".", Label: "presence"}}}},
}

// readShared reads shared dataset name with the importer, a missing value
// read as missing says (importer.MissingCategory, "?" a value of its own,
// as the benchmark study reads them; importer.MissingDrop, its row left
// out). It skips t when the shared datasets are absent and fails it when
// the file does not read.
func readShared(t testing.TB, name, missing string) *dataset.Dataset {
	t.Helper()
	s, ok := sharedSets[name]
	if !ok {
		t.Fatalf("no shared dataset %q", name)
	}
	o := s.opts
	o.Missing = missing
	d, _, err := importer.Read(shareddata.FileOrSkip(t, s.file), o)
	if err != nil {
		t.Fatalf("read shared dataset %s: %v", name, err)
	}
	return d
}

// sortedCodes returns d with every attribute's labels in sorted order and
// its codes renumbered to match: the coding the golden trees of the .data
// files were recorded with, the importer coding their values in order of
// first appearance (as Weka's CSVLoader does).
func sortedCodes(t testing.TB, d *dataset.Dataset) *dataset.Dataset {
	t.Helper()
	recode := func(a dataset.Attribute, codes []uint8) (dataset.Attribute, []uint8) {
		sorted := slices.Sorted(slices.Values(a.Values))
		to := make([]uint8, len(a.Values))
		for v, label := range a.Values {
			to[v] = uint8(slices.Index(sorted, label))
		}
		out := make([]uint8, len(codes))
		for r, c := range codes {
			out[r] = to[c]
		}
		return dataset.Attribute{Name: a.Name, Values: sorted}, out
	}
	s := d.Schema()
	var schema dataset.Schema
	cols := make([][]uint8, len(s.Features))
	for f, a := range s.Features {
		var attr dataset.Attribute
		attr, cols[f] = recode(a, d.Column(f))
		schema.Features = append(schema.Features, attr)
	}
	var labels []uint8
	schema.Class, labels = recode(s.Class, d.Labels())
	out, err := dataset.New(schema, cols, labels)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
