package wekasets

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
)

// CV is one line of testdata/weka-cv.txt, Weka 3.6's own 10-fold
// cross-validation (seed 1) of a dataset of Sets: the dtbench learner it
// checks, Weka's options as the fixture writes them ("-" for none, commas
// for spaces: "-N,1"), and Weka's result. It is the one record of Weka's
// figures on these datasets; every test that holds a learner to Weka on
// them reads it.
type CV struct {
	Dataset, Learner, Options string
	Want                      Result
}

// ReadCV returns every line of testdata/weka-cv.txt.
func ReadCV() ([]CV, error) {
	return readFixture("weka-cv.txt", func(line string) (CV, error) {
		var c CV
		_, err := fmt.Sscan(line, &c.Dataset, &c.Learner, &c.Options, &c.Want.Correct, &c.Want.MAE)
		return c, err
	})
}

// readFixture parses every line of testdata/name but comments and blank
// lines with parse.
func readFixture[T any](name string, parse func(line string) (T, error)) ([]T, error) {
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "testdata", name)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20) // a confusion matrix of many classes makes a long line
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		x, err := parse(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, line, err)
		}
		out = append(out, x)
	}
	return out, sc.Err()
}

// CVOf returns the lines of ReadCV for learner.
func CVOf(learner string) ([]CV, error) {
	all, err := ReadCV()
	if err != nil {
		return nil, err
	}
	var out []CV
	for _, c := range all {
		if c.Learner == learner {
			out = append(out, c)
		}
	}
	return out, nil
}

// Load imports the set named name from the shared datasets folder dir as
// Sets says, numbers and missing values kept.
func Load(dir, name string) (*dataset.Dataset, error) {
	for _, s := range Sets(dir) {
		if s.Name == name {
			d, _, err := importer.Read(s.Path, s.Options)
			return d, err
		}
	}
	return nil, fmt.Errorf("wekasets: no dataset %s", name)
}

// Options maps an options field of testdata/weka-cv.txt to dtbench's
// learner options (train.Spec.Options; nil for the defaults): the one
// translation of Weka's flags that the tests reading the fixture share.
var Options = map[string]map[string]any{
	"-":        nil,
	"-K":       {"kernel": true},
	"-D":       {"discretize": true},
	"-N,1":     {"standardize": true},
	"-I,10":    {"trees": 10},
	"-M,-V,-1": {"probabilities": true},
	"-U":       {"pruning": "none"},
	"-C,0.1":   {"confidence": 0.1},
	"-M,5":     {"min_leaf": 5},
	"-S":       {"subtree_raising": false},
}

// Measures is one line of testdata/weka-measures.txt: the measures Weka
// 3.6 prints with -i for a learner's default options on a dataset of
// Sets (10-fold cross-validation, seed 1), at Weka's printed digits
// (kappa and RMSE to 4 decimals, the weighted F-measure and ROC area to
// 3), and scikit-learn's balanced accuracy and macro F1 of Weka's
// confusion matrix (6 decimals).
type Measures struct {
	Dataset, Learner, Options            string
	Kappa, RMSE, F1Weighted, AUCWeighted float64
	BalancedAccuracy, F1Macro            float64
}

// ReadMeasures returns every line of testdata/weka-measures.txt.
func ReadMeasures() ([]Measures, error) {
	return readFixture("weka-measures.txt", func(line string) (Measures, error) {
		var m Measures
		var confusion string
		_, err := fmt.Sscan(line, &m.Dataset, &m.Learner, &m.Options, &m.Kappa, &m.RMSE, &m.F1Weighted, &m.AUCWeighted,
			&m.BalancedAccuracy, &m.F1Macro, &confusion)
		return m, err
	})
}
