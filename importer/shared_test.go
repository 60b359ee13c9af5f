package importer

import (
	"path/filepath"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// TestSharedDatasets reads every shared real dataset with the options a
// benchmark config would give and checks rows, columns, class values and
// counts, and missing cells against each folder's SOURCE.md (and .names).
func TestSharedDatasets(t *testing.T) {
	dir := sharedDir(t)
	p := func(parts ...string) string { return filepath.Join(append([]string{dir}, parts...)...) }
	nursery := []string{"parents", "has_nurs", "form", "children", "housing", "finance", "social", "health", "class"}
	cases := []struct {
		name     string
		file     string
		o        Options
		rows     int // kept
		features int
		numeric  int            // discretized features
		classes  map[string]int // class label → rows
		missing  int            // missing cells in kept rows
		dropped  int            // rows dropped for a missing value
	}{
		{"tic-tac-toe", p("tic-tac-toe", "tic-tac-toe.data"),
			Options{Class: "Class", NamesFile: p("tic-tac-toe", "tic-tac-toe.names")},
			958, 9, 0, map[string]int{"positive": 626, "negative": 332}, 0, 0},
		{"car", p("car", "car.data"),
			Options{Class: "class", NamesFile: p("car", "car.names")},
			1728, 6, 0, map[string]int{"unacc": 1210, "acc": 384, "good": 69, "vgood": 65}, 0, 0},
		{"nursery", p("nursery", "nursery.data"),
			Options{Class: "class", Names: nursery},
			12960, 8, 0, map[string]int{"not_recom": 4320, "priority": 4266, "spec_prior": 4044, "very_recom": 328, "recommend": 2}, 0, 0},
		{"vote", p("vote", "vote.arff"), Options{Class: "Class"},
			435, 16, 0, map[string]int{"democrat": 267, "republican": 168}, 392, 0},
		{"vote drop", p("vote", "vote.arff"), Options{Class: "Class", Missing: MissingDrop},
			232, 16, 0, map[string]int{"democrat": 124, "republican": 108}, 0, 203},
		{"soybean", p("soybean", "soybean.arff"), Options{Class: "class"},
			683, 35, 0, map[string]int{
				"brown-spot": 92, "alternarialeaf-spot": 91, "frog-eye-leaf-spot": 91, "phytophthora-rot": 88,
				"brown-stem-rot": 44, "anthracnose": 44, "diaporthe-stem-canker": 20, "charcoal-rot": 20,
				"rhizoctonia-root-rot": 20, "powdery-mildew": 20, "downy-mildew": 20, "bacterial-blight": 20,
				"bacterial-pustule": 20, "purple-seed-stain": 20, "phyllosticta-leaf-spot": 20, "2-4-d-injury": 16,
				"diaporthe-pod-&-stem-blight": 15, "cyst-nematode": 14, "herbicide-injury": 8,
			}, 2337, 0},
		{"soybean drop", p("soybean", "soybean.arff"), Options{Class: "class", Missing: MissingDrop},
			683 - 121, 35, 0, nil, 0, 121},
		{"breast-cancer", p("breast-cancer", "breast-cancer.arff"), Options{Class: "Class"},
			286, 9, 0, map[string]int{"no-recurrence-events": 201, "recurrence-events": 85}, 9, 0},
		{"breast-cancer drop", p("breast-cancer", "breast-cancer.arff"), Options{Class: "Class", Missing: MissingDrop},
			277, 9, 0, nil, 0, 9},
		{"contact-lenses", p("contact-lenses", "contact-lenses.arff"), Options{Class: "contact-lenses"},
			24, 4, 0, map[string]int{"none": 15, "soft": 5, "hard": 4}, 0, 0},
		{"weather-nominal", p("weather-nominal", "weather.nominal.arff"), Options{Class: "play"},
			14, 4, 0, map[string]int{"yes": 9, "no": 5}, 0, 0},
		{"credit-approval", p("credit-approval", "crx.data"),
			Options{Class: "A16", NamesFile: p("credit-approval", "crx.names")},
			690, 15, 6, map[string]int{"-": 383, "+": 307}, 67, 0},
		{"credit-approval drop", p("credit-approval", "crx.data"),
			Options{Class: "A16", NamesFile: p("credit-approval", "crx.names"), Missing: MissingDrop},
			653, 15, 6, nil, 0, 37},
		{"heart-disease", p("heart-disease", "processed.cleveland.data"),
			Options{Class: "num", NamesFile: p("heart-disease", "heart-disease.names")},
			303, 13, 13, map[string]int{"0": 164, "1": 55, "2": 36, "3": 35, "4": 13}, 6, 0},
		{"heart-disease drop", p("heart-disease", "processed.cleveland.data"),
			Options{Class: "num", NamesFile: p("heart-disease", "heart-disease.names"), Missing: MissingDrop},
			297, 13, 13, nil, 0, 6},
		{"hepatitis", p("hepatitis", "hepatitis.data"),
			Options{Class: "Class", NamesFile: p("hepatitis", "hepatitis.names")},
			155, 19, 19, map[string]int{"1": 32, "2": 123}, 167, 0},
		{"hepatitis drop", p("hepatitis", "hepatitis.data"),
			Options{Class: "Class", NamesFile: p("hepatitis", "hepatitis.names"), Missing: MissingDrop},
			80, 19, 19, nil, 0, 75},
		{"hepatitis coded nominal", p("hepatitis", "hepatitis.data"),
			Options{Class: "Class", NamesFile: p("hepatitis", "hepatitis.names"),
				Nominal: []string{"SEX", "STEROID", "ANTIVIRALS", "FATIGUE", "MALAISE", "ANOREXIA", "LIVER BIG",
					"LIVER FIRM", "SPLEEN PALPABLE", "SPIDERS", "ASCITES", "VARICES", "HISTOLOGY"},
				Drop: []string{"PROTIME"}},
			155, 18, 5, nil, 167 - 67, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			requireFile(t, tc.file)
			if tc.o.NamesFile != "" {
				requireFile(t, tc.o.NamesFile)
			}
			d, rep, err := Read(tc.file, tc.o)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if d.Len() != tc.rows || rep.Kept() != tc.rows {
				t.Errorf("%d rows (report: %d kept); want %d", d.Len(), rep.Kept(), tc.rows)
			}
			if rep.DroppedMissing != tc.dropped || rep.DroppedClass != 0 {
				t.Errorf("dropped %d rows for a missing value, %d for a missing class; want %d, 0",
					rep.DroppedMissing, rep.DroppedClass, tc.dropped)
			}
			if d.NumFeatures() != tc.features {
				t.Errorf("%d features; want %d", d.NumFeatures(), tc.features)
			}
			numeric, missing := 0, 0
			for _, c := range rep.Features {
				if c.Discretized {
					numeric++
				}
				missing += c.Missing
			}
			if numeric != tc.numeric || missing != tc.missing {
				t.Errorf("%d discretized features, %d missing cells; want %d, %d", numeric, missing, tc.numeric, tc.missing)
			}
			if tc.classes != nil {
				checkClassCounts(t, d, tc.classes)
			}
		})
	}
}

// checkClassCounts checks that d's class has exactly the labels of want,
// with those counts.
func checkClassCounts(t *testing.T, d *dataset.Dataset, want map[string]int) {
	t.Helper()
	labels := d.Schema().Class.Values
	counts := d.ClassCounts(d.All())
	if len(labels) != len(want) {
		t.Errorf("class labels %q; want %d labels", labels, len(want))
	}
	for c, l := range labels {
		if w, ok := want[l]; !ok || counts[c] != w {
			t.Errorf("class %q: %d rows; want %d (present: %v)", l, counts[c], w, ok)
		}
	}
}

// TestSharedNominalARFF checks that the importer reads the nominal shared
// ARFF files without missing values exactly as dataset.ReadARFF does.
func TestSharedNominalARFF(t *testing.T) {
	dir := sharedDir(t)
	for _, tc := range []struct{ file, class string }{
		{filepath.Join(dir, "contact-lenses", "contact-lenses.arff"), "contact-lenses"},
		{filepath.Join(dir, "weather-nominal", "weather.nominal.arff"), "play"},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			requireFile(t, tc.file)
			want, err := dataset.ReadARFF(tc.file, tc.class)
			if err != nil {
				t.Fatalf("dataset.ReadARFF: %v", err)
			}
			got, _, err := Read(tc.file, Options{Class: tc.class})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if diff := diffDatasets(got, want); diff != "" {
				t.Error(diff)
			}
		})
	}
}
