package smo_test

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/internal/wekasets"
	"github.com/dtbench/dtbench/stages/train/smo"
)

// TestSMOWekaNumeric checks SMO against Weka 3.6's SMO (default, -N 1 for
// standardize, and -M -V -1 for probabilities: Platt's logistic models on
// the training outputs) in a 10-fold cross-validation with Weka's folds, seed
// 1, each fold's rows in Weka's order, on the shared datasets with numeric
// attributes and missing values kept (internal/wekasets/testdata/weka-cv.txt,
// made by Weka): as many rows classified correctly, and the same mean
// absolute error to Weka's 4 printed decimals.
func TestSMOWekaNumeric(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	cases, err := wekasets.CVOf("smo")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 18 {
		t.Fatalf("%d SMO fixture lines; want 18 (6 datasets × 3 option sets)", len(cases))
	}
	data := map[string]*dataset.Dataset{}
	for _, c := range cases {
		t.Run(c.Dataset+c.Options, func(t *testing.T) {
			d := data[c.Dataset]
			if d == nil {
				if d, err = wekasets.Load(dir, c.Dataset); err != nil {
					t.Fatal(err)
				}
				data[c.Dataset] = d
			}
			o := smo.DefaultOptions()
			o.Standardize = c.Options == "-N,1"
			o.Probabilities = c.Options == "-M,-V,-1"
			l := smo.Learner{Options: o}
			got, err := wekasets.CrossValidate(d, 10, 1, func(d *dataset.Dataset, order []int) (wekasets.Distributor, error) {
				return l.FitOrdered(d, order, nil)
			})
			if err != nil {
				t.Fatal(err)
			}
			if mae := math.Round(got.MAE*1e4) / 1e4; got.Correct != c.Want.Correct || mae != c.Want.MAE {
				t.Errorf("SMO %s: %d correct, MAE %.6f; Weka %d, %.4f", c.Options, got.Correct, got.MAE, c.Want.Correct, c.Want.MAE)
			}
		})
	}
}
