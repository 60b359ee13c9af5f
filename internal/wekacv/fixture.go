package wekacv

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/dtbench/dtbench/dataset"
)

// Case is one line of testdata/weka-cv.txt: Weka's result for a dataset,
// a classifier (NaiveBayes, SMO) and its options ("-" = none, "-N_1" =
// "-N 1").
type Case struct {
	Dataset, Classifier, Options string
	Want                         Result
}

// Cases returns the fixture's lines for classifier.
func Cases(classifier string) ([]Case, error) {
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "testdata", "weka-cv.txt")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Case
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		var c Case
		if _, err := fmt.Sscan(line, &c.Dataset, &c.Classifier, &c.Options, &c.Want.Correct, &c.Want.MAE); err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, line, err)
		}
		if c.Classifier == classifier {
			out = append(out, c)
		}
	}
	return out, sc.Err()
}

// Load reads fixture dataset name from the shared datasets dir as
// testdata/weka-cv.sh hands it to Weka.
func Load(dir, name string) (*dataset.Dataset, error) {
	split := func(s string) []string { return strings.Split(s, ",") }
	switch name {
	case "credit-approval":
		return LoadCSV(filepath.Join(dir, "credit-approval/crx.data"), split("A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16"), "A16")
	case "heart-disease":
		return LoadCSV(filepath.Join(dir, "heart-disease/processed.cleveland.data"), split("age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num"), "num")
	case "hepatitis":
		return LoadCSV(filepath.Join(dir, "hepatitis/hepatitis.data"), split("Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER_BIG,LIVER_FIRM,SPLEEN_PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK_PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY"), "Class")
	case "breast-cancer", "vote":
		return LoadARFF(filepath.Join(dir, name, name+".arff"), "Class")
	case "soybean":
		return LoadARFF(filepath.Join(dir, name, name+".arff"), "class")
	}
	return nil, fmt.Errorf("wekacv: no dataset %s", name)
}
