package generate

import (
	"fmt"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/generate/importer"
)

// ImportNode is the benchmark study's setup: it imports every dataset once
// (Check, before anything is written, reads and checks them against the
// config; Run stores them in datasets/imported/<name>.parquet, which every
// task then reads).
func (b *Benchmark) ImportNode() flow.Node {
	return flow.Node{
		Stage:  flow.StageGenerate,
		PerRun: true,
		Setup:  true,
		Writes: []schemas.Ref{schemas.ImportedTable},
		Check:  b.importAll,
		Run: func(_ *flow.Task, bag *schemas.Bag) error {
			if b.imported == nil {
				if err := b.importAll(); err != nil {
					return err
				}
			}
			for i, d := range b.imported {
				schemas.ImportedTable.Put(bag, schemas.DatasetRecord{DatasetID: int64(i), OracleID: -1,
					Mode: b.cfg.Datasets[i].Name, Train: d})
			}
			return nil
		},
	}
}

// importAll reads every dataset and checks what depends on its data: the
// scenarios' classes and quotas, the number of attributes against select,
// and the folds against the smallest class of each sample.
func (b *Benchmark) importAll() error {
	if b.imported != nil {
		return nil
	}
	out := make([]*dataset.Dataset, len(b.cfg.Datasets))
	for i, spec := range b.cfg.Datasets {
		d, _, err := importer.Read(spec.Path, spec.Options)
		if err != nil {
			return err
		}
		if m := d.NumFeatures(); b.cfg.Select > m {
			return input.Keyf("benchmark.select", "%d, but dataset %s (%s) has %d attributes", b.cfg.Select, spec.Name, spec.Path, m)
		}
		if err := b.checkSamples(spec, d); err != nil {
			return err
		}
		if c := b.costsOf(spec); c != nil && c.Spec != nil {
			// The split resolves it again per task; this checks it before
			// anything is written.
			if _, err := resolveCosts(c.Spec, d); err != nil {
				return fmt.Errorf("dataset %s: %w", spec.Name, err)
			}
		}
		out[i] = d
	}
	b.imported = out
	return nil
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
