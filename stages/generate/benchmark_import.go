package generate

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
)

// ImportNode is the benchmark study's setup: it imports every dataset once
// and checks it against the study (checkData).
func (b *Benchmark) ImportNode() flow.Node { return b.data.importNode() }

// CheckLearners sets the check that every learner running on a dataset
// takes its data (numeric features, missing values); the import runs it
// on each dataset before anything is written. The pipeline, which holds
// the learners, sets it.
func (b *Benchmark) CheckLearners(check func(name string, d *dataset.Dataset) error) {
	b.data.learners = check
}

// checkData checks what depends on a dataset's data: the number of
// attributes against select, the scenarios' classes and quotas, and the
// folds against the smallest class of each sample.
func (b *Benchmark) checkData(spec DatasetSpec, d *dataset.Dataset) error {
	di := slices.IndexFunc(b.cfg.Datasets, func(s DatasetSpec) bool { return s.Name == spec.Name })
	if m := d.NumFeatures(); b.selects[di] > m {
		return input.Keyf(selectKey(spec), "%d, but dataset %s (%s) has %d attributes", b.selects[di], spec.Name, spec.File(), m)
	}
	return b.checkSamples(spec, d)
}

// checkSamples checks each scenario's quotas against the dataset's class
// counts, and the folds against every sample's smallest class.
func (b *Benchmark) checkSamples(spec DatasetSpec, d *dataset.Dataset) error {
	counts := d.ClassCounts(d.All())
	labels := d.Schema().Class.Values
	if len(spec.Scenarios) == 0 {
		if err := b.cfg.Folds.checkFolds(d.Len(), minPositive(counts)); err != nil {
			return input.Keyf("benchmark.folds", "dataset %s: %v", spec.Name, err)
		}
		return nil
	}
	for si, s := range spec.Scenarios {
		n, smallest := 0, 0
		for _, q := range s.Quotas {
			c := slices.Index(labels, q.Class)
			qkey := fmt.Sprintf("%s[%d].quotas.%s", spec.ScenariosKey, si, q.Class)
			if c < 0 {
				return input.Keyf(qkey, "dataset %s has no class %q (its classes: %v)", spec.Name, q.Class, labels)
			}
			if q.Rows > counts[c] {
				return input.Keyf(qkey, "%d rows, but dataset %s has %d of class %q", q.Rows, spec.Name, counts[c], q.Class)
			}
			n += q.Rows
			if smallest == 0 || q.Rows < smallest {
				smallest = q.Rows
			}
		}
		if err := b.cfg.Folds.checkFolds(n, smallest); err != nil {
			return input.Keyf("benchmark.folds", "scenario %s of dataset %s: %v", s.Name, spec.Name, err)
		}
	}
	return nil
}

// minPositive returns the smallest non-zero count.
func minPositive(counts []int) int {
	m := 0
	for _, c := range counts {
		if c > 0 && (m == 0 || c < m) {
			m = c
		}
	}
	return m
}
