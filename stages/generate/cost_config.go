package generate

import (
	"fmt"
	"math"
	"slices"

	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// CostSection is the cost study's config section cost.* as written (its
// datasets' test costs are their costs sections, or the config's).
type CostSection struct {
	Datasets   []any                   `mapstructure:"datasets"`
	Discretize importer.Discretization `mapstructure:"discretize"`
	Missing    string                  `mapstructure:"missing"`
	// Train is the share of a dataset's rows in each training split; the
	// rest test.
	Train float64 `mapstructure:"train"`
	// Repetitions is the number of random train/test splits per dataset.
	Repetitions int `mapstructure:"repetitions"`
	// Misclassification lists the costs k of a wrong guess swept over: the
	// matrix with 0 on its diagonal and k elsewhere, one cell each. Empty:
	// one cell with the costs section's matrix.
	Misclassification []any `mapstructure:"misclassification"`
}

// CostImportDefaults are the cost study's defaults for cost.discretize and
// cost.missing, the one place they are set: Turney's protocol, C4.5's own
// threshold splits on the raw values (no discretization) and missing
// values kept for J48's fractional instances. A learner that needs
// nominal values (id3, exact) is refused such data with a message that
// names discretize.
var CostImportDefaults = struct {
	Discretize importer.Discretization
	Missing    string
}{importer.Discretization{Method: importer.NoDiscretization, Bins: importer.DefaultBins}, importer.MissingKeep}

// DefaultCostSection returns Turney's protocol's defaults: 2/3 of the rows
// train, 10 splits, the datasets' own matrices, and CostImportDefaults.
func DefaultCostSection() CostSection {
	return CostSection{Discretize: CostImportDefaults.Discretize, Missing: CostImportDefaults.Missing, Train: 2.0 / 3, Repetitions: 10}
}

// CostLearners returns the cost study's default learners (config
// learners), as Turney's: C4.5 (c45), the cost-sensitive IDX, CS-ID3, EG2
// and ICET, and the majority classifier as the baseline that performs no
// test. The names are the learner registry's; the pipeline checks them
// against it.
func CostLearners() []string { return []string{"c45", "idx", "csid3", "eg2", "icet", "majority"} }

// CostConfig is the cost study, resolved.
type CostConfig struct {
	Datasets    []DatasetSpec `json:"datasets"`
	Train       float64       `json:"train"`
	Repetitions int           `json:"repetitions"`
	// Misclassification is the swept k; nil for the configured matrix
	// alone (the cell's misclassification 0).
	Misclassification []float64 `json:"misclassification,omitempty"`
}

// SplitRatio is the ratio of a split's test rows to its training rows,
// (1 − Train)/Train: the splits of one dataset share rows, so the
// differences of two learners over them are correlated, and the corrected
// resampled t-test (Nadeau and Bengio 2003; cv.PairedTTest) scales their
// variance by 1/n + SplitRatio. The in-run verdict and dtbench compare
// both test the cost study's splits with it.
func (c *CostConfig) SplitRatio() float64 { return (1 - c.Train) / c.Train }

// Resolve checks the section; relative paths are relative to dir.
func (r CostSection) Resolve(dir string) (*CostConfig, error) {
	if err := importer.CheckBins("cost.discretize.bins", r.Discretize.Bins); err != nil {
		return nil, err
	}
	specs, entries, err := resolveDatasets("cost.datasets", r.Datasets, importer.Options{Discretize: r.Discretize, Missing: r.Missing}, dir)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		if e.Scenarios != nil || e.Subsets != "" || e.Select != nil {
			return nil, input.Keyf(fmt.Sprintf("cost.datasets[%d]", i), "scenarios, subsets and select are the benchmark study's; the cost study splits each dataset whole")
		}
	}
	c := &CostConfig{Datasets: specs, Train: r.Train, Repetitions: r.Repetitions}
	for i, raw := range r.Misclassification {
		k, ok := decode.Float(raw)
		if !ok || !(k > 0) || math.IsInf(k, 0) {
			return nil, input.Keyf(fmt.Sprintf("cost.misclassification[%d]", i), "want a finite cost > 0, got %v", raw)
		}
		if slices.Contains(c.Misclassification, k) {
			return nil, input.Keyf(fmt.Sprintf("cost.misclassification[%d]", i), "%v listed twice", k)
		}
		c.Misclassification = append(c.Misclassification, k)
	}
	switch {
	case !(c.Train > 0 && c.Train < 1):
		return nil, input.Keyf("cost.train", "want the share of rows that train, in (0, 1), got %v", c.Train)
	case c.Repetitions < 1:
		return nil, input.Keyf("cost.repetitions", "must be >= 1, got %d", c.Repetitions)
	}
	return c, nil
}
