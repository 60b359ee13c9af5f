package train

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/internal/wekasets"
)

// TestC45WekaNumericCV checks C4.5 against Weka 3.6's J48 in a 10-fold
// cross-validation with Weka's folds, seed 1, on the shared datasets with
// numeric attributes and missing values kept
// (internal/wekasets/testdata/weka-cv.txt, made by Weka): as many rows
// classified correctly, and the same mean absolute error to Weka's 4
// printed decimals, for J48's defaults and every variant the fixture has.
func TestC45WekaNumericCV(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	cases, err := wekasets.CVOf("c45")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 6 {
		t.Fatalf("%d J48 fixture lines; want at least 6 (one per dataset)", len(cases))
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
			opts, ok := wekasets.Options[c.Options]
			if !ok {
				t.Fatalf("fixture option %q has no dtbench translation", c.Options)
			}
			l, err := New(Spec{Name: "c45", Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			got, err := wekasets.CrossValidate(d, 10, 1, func(d *dataset.Dataset, order []int) (wekasets.Distributor, error) {
				m, err := l.(OrderedLearner).FitOrdered(d, order, nil)
				if err != nil {
					return nil, err
				}
				return m.(ValuesDistributor), nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if mae := math.Round(got.MAE*1e4) / 1e4; got.Correct != c.Want.Correct || mae != c.Want.MAE {
				t.Errorf("J48 %s: %d correct, MAE %.6f; Weka %d, %.4f", c.Options, got.Correct, got.MAE, c.Want.Correct, c.Want.MAE)
			}
		})
	}
}
