package naive_test

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
	"github.com/dtbench/dtbench/internal/wekasets"
	"github.com/dtbench/dtbench/stages/train/naive"
)

// TestNaiveBayesWekaNumeric checks naive Bayes against Weka 3.6's
// NaiveBayes (default, -K, -D) in a 10-fold cross-validation with Weka's
// folds, seed 1, on the shared datasets with numeric attributes and
// missing values kept (internal/wekasets/testdata/weka-cv.txt, made by
// Weka): as many rows classified correctly, and the same mean absolute
// error to Weka's 4 printed decimals.
func TestNaiveBayesWekaNumeric(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	cases, err := wekasets.CVOf("naivebayes")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 18 {
		t.Fatalf("%d NaiveBayes fixture lines; want 18 (6 datasets × 3 option sets)", len(cases))
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
			l := naive.NaiveBayes{Options: naive.NaiveBayesOptions{Kernel: c.Options == "-K", Discretize: c.Options == "-D"}}
			got, err := wekasets.CrossValidate(d, 10, 1, func(d *dataset.Dataset, order []int) (wekasets.Distributor, error) {
				rows := dataset.NewBitset(d.Len())
				for _, r := range order {
					rows.Set(r)
				}
				return l.Fit(d, rows, nil)
			})
			if err != nil {
				t.Fatal(err)
			}
			if mae := math.Round(got.MAE*1e4) / 1e4; got.Correct != c.Want.Correct || mae != c.Want.MAE {
				t.Errorf("NaiveBayes %s: %d correct, MAE %.6f; Weka %d, %.4f", c.Options, got.Correct, got.MAE, c.Want.Correct, c.Want.MAE)
			}
		})
	}
}
