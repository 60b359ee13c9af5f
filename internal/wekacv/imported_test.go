package wekacv_test

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/internal/wekacv"
	"github.com/dtbench/dtbench/internal/wekasets"
	"github.com/dtbench/dtbench/stages/train/naive"
	"github.com/dtbench/dtbench/stages/train/smo"
)

// TestImportedSetsWeka runs naivebayes (default, kernel, discretize) and
// smo (default, standardize) in Weka's 10-fold cross-validation, seed 1,
// on the shared datasets as dtbench's importer reads them for the Weka
// checks (internal/wekasets: numbers and missing values kept, the
// categorical columns of heart-disease and hepatitis nominal), and holds
// them to Weka's counts and mean absolute errors on the same data made by
// Weka alone (pipeline/testdata/weka-cv-numeric.txt, CSVLoader then
// NumericToNominal): the learners and the import together, without the
// rest of the pipeline.
func TestImportedSetsWeka(t *testing.T) {
	shared := shareddata.DirOrSkip(t)
	f, err := os.Open("../../pipeline/testdata/weka-cv-numeric.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type want struct {
		correct int
		mae     float64
	}
	wants := map[string]want{} // "dataset learner options"
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		var d, l, o string
		var w want
		if _, err := fmt.Sscan(line, &d, &l, &o, &w.correct, &w.mae); err != nil {
			t.Fatalf("weka-cv-numeric.txt: %q: %v", line, err)
		}
		wants[d+" "+l+" "+o] = w
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	fitters := map[string]func(d *dataset.Dataset, order []int) (wekacv.Distributor, error){
		"naivebayes -":  nbFitter(naive.NaiveBayesOptions{}),
		"naivebayes -K": nbFitter(naive.NaiveBayesOptions{Kernel: true}),
		"naivebayes -D": nbFitter(naive.NaiveBayesOptions{Discretize: true}),
		"smo -":         smoFitter(false),
		"smo -N,1":      smoFitter(true),
	}
	checked := 0
	for _, set := range wekasets.Sets(shared) {
		d, _, err := importer.Read(set.Path, set.Options)
		if err != nil {
			t.Fatalf("%s: %v", set.Name, err)
		}
		for variant, fit := range fitters {
			w, ok := wants[set.Name+" "+variant]
			if !ok {
				t.Errorf("no Weka line for %s %s", set.Name, variant)
				continue
			}
			got, err := wekacv.CrossValidate(d, 10, 1, fit)
			if err != nil {
				t.Fatalf("%s %s: %v", set.Name, variant, err)
			}
			checked++
			if mae := math.Round(got.MAE*1e4) / 1e4; got.Correct != w.correct || mae != w.mae {
				t.Errorf("%s %s: %d correct, MAE %.6f; Weka %d, %.4f", set.Name, variant, got.Correct, got.MAE, w.correct, w.mae)
			}
		}
	}
	if checked != 30 {
		t.Errorf("checked %d variants; want 30 (6 datasets × 5)", checked)
	}
}

func nbFitter(o naive.NaiveBayesOptions) func(*dataset.Dataset, []int) (wekacv.Distributor, error) {
	return func(d *dataset.Dataset, order []int) (wekacv.Distributor, error) {
		rows := dataset.NewBitset(d.Len())
		for _, r := range order {
			rows.Set(r)
		}
		return naive.NaiveBayes{Options: o}.Fit(d, rows, nil)
	}
}

func smoFitter(standardize bool) func(*dataset.Dataset, []int) (wekacv.Distributor, error) {
	o := smo.DefaultOptions()
	o.Standardize = standardize
	return func(d *dataset.Dataset, order []int) (wekacv.Distributor, error) {
		return smo.Learner{Options: o}.FitOrdered(d, order, nil)
	}
}
