// Package wekasets is the test harness that holds learners to Weka 3.6 on
// numeric attributes and missing values as they are. It names the shared
// datasets of those checks and how dtbench imports each so that it reads
// what Weka's CSVLoader and NumericToNominal read (testdata/arff.sh makes
// Weka's side), reads the record of Weka's own cross-validations on them
// (testdata/weka-cv.txt, made by testdata/weka-cv.sh), and runs a 10-fold
// cross-validation with Weka's folds scored as Weka's Evaluation scores it
// (CrossValidate): the one list, fixture and loop those tests share. Only
// tests import it.
package wekasets

import (
	"path/filepath"

	"github.com/dtbench/dtbench/importer"
)

// Set is one dataset: its name, its file under the shared datasets
// folder, and the import options that keep numbers and missing values.
type Set struct {
	Name    string
	Path    string // relative to the shared datasets folder
	Options importer.Options
}

// kept is the import that keeps numeric columns numeric and missing
// values missing.
func kept(o importer.Options) importer.Options {
	o.Discretize = importer.Discretization{Method: importer.NoDiscretization}
	o.Missing = importer.MissingKeep
	return o
}

// Sets returns the six datasets with numeric attributes or missing values
// (credit-approval, heart-disease with its five classes, hepatitis,
// breast-cancer, soybean, vote), their paths under dir.
func Sets(dir string) []Set {
	sets := []Set{
		{"credit-approval", "credit-approval/crx.data", importer.Options{Class: "A16",
			Names: []string{"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13", "A14", "A15", "A16"}}},
		{"heart-disease", "heart-disease/processed.cleveland.data", importer.Options{Class: "num",
			Names:   []string{"age", "sex", "cp", "trestbps", "chol", "fbs", "restecg", "thalach", "exang", "oldpeak", "slope", "ca", "thal", "num"},
			Nominal: []string{"sex", "cp", "fbs", "restecg", "exang", "slope", "ca", "thal"}}},
		{"hepatitis", "hepatitis/hepatitis.data", importer.Options{Class: "Class",
			Names: []string{"Class", "AGE", "SEX", "STEROID", "ANTIVIRALS", "FATIGUE", "MALAISE", "ANOREXIA", "LIVER BIG", "LIVER FIRM",
				"SPLEEN PALPABLE", "SPIDERS", "ASCITES", "VARICES", "BILIRUBIN", "ALK PHOSPHATE", "SGOT", "ALBUMIN", "PROTIME", "HISTOLOGY"},
			Nominal: []string{"SEX", "STEROID", "ANTIVIRALS", "FATIGUE", "MALAISE", "ANOREXIA", "LIVER BIG", "LIVER FIRM",
				"SPLEEN PALPABLE", "SPIDERS", "ASCITES", "VARICES", "HISTOLOGY"}}},
		{"breast-cancer", "breast-cancer/breast-cancer.arff", importer.Options{Class: "Class"}},
		{"soybean", "soybean/soybean.arff", importer.Options{Class: "class"}},
		{"vote", "vote/vote.arff", importer.Options{Class: "Class"}},
	}
	for i := range sets {
		sets[i].Path = filepath.Join(dir, sets[i].Path)
		sets[i].Options = kept(sets[i].Options)
	}
	return sets
}
