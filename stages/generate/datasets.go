package generate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/schemas"
)

// importSet is the real datasets of a study (benchmark, cost): imported
// once by a setup node into datasets/imported/, which every task reads,
// each with its cost spec (its own, or the config's).
type importSet struct {
	specs []DatasetSpec
	// costs is the config's costs section, for the datasets without their
	// own (nil for none).
	costs *costs.Config
	// check checks a dataset against what the study asks of it (select,
	// quotas, folds, split sizes), before anything is written.
	check func(DatasetSpec, *dataset.Dataset) error
	// learners, when set (CheckLearners), checks that every learner that
	// runs on a dataset takes its data (numeric features, missing
	// values), before anything is written.
	learners func(name string, d *dataset.Dataset) error
	// imported holds the datasets importAll read and checked, by config
	// order; nil until then. read holds those read (read), checked or not.
	imported []*dataset.Dataset
	reads    []*dataset.Dataset
}

// read returns dataset i (config order) as its files hold it, reading
// them once: what select: all counts before the plan, and what importAll
// then checks.
func (s *importSet) read(i int) (*dataset.Dataset, error) {
	if s.reads == nil {
		s.reads = make([]*dataset.Dataset, len(s.specs))
	}
	if s.reads[i] == nil {
		d, _, err := importer.ReadFiles(s.specs[i].Files(), s.specs[i].Options)
		if err != nil {
			return nil, err
		}
		s.reads[i] = d
	}
	return s.reads[i], nil
}

// importNode is the setup node: Check reads and checks every dataset
// (and resolves its cost spec against it) before anything is written;
// Run stores them in datasets/imported/<name>.parquet.
func (s *importSet) importNode() flow.Node {
	return flow.Node{
		Stage:  flow.StageGenerate,
		PerRun: true,
		Setup:  true,
		Writes: []schemas.Ref{schemas.ImportedTable},
		Check:  s.importAll,
		Run: func(_ *flow.Task, bag *schemas.Bag) error {
			if err := s.importAll(); err != nil {
				return err
			}
			for i, d := range s.imported {
				schemas.ImportedTable.Put(bag, schemas.DatasetRecord{DatasetID: int64(i), OracleID: -1,
					Mode: s.specs[i].Name, Train: d})
			}
			return nil
		},
	}
}

// importAll reads every dataset once and checks it.
func (s *importSet) importAll() error {
	if s.imported != nil {
		return nil
	}
	out := make([]*dataset.Dataset, len(s.specs))
	for i, spec := range s.specs {
		d, err := s.read(i)
		if err != nil {
			return err
		}
		if s.check != nil {
			if err := s.check(spec, d); err != nil {
				return err
			}
		}
		if s.learners != nil {
			if err := s.learners(spec.Name, d); err != nil {
				return err
			}
		}
		if cs, _ := s.costSpec(spec); cs != nil {
			// Tasks resolve it again from the imported table (a staged
			// command imports nothing); this checks it before anything
			// is written.
			if _, err := resolveCosts(cs, d); err != nil {
				return fmt.Errorf("dataset %s: %w", spec.Name, err)
			}
		}
		out[i] = d
	}
	s.imported = out
	return nil
}

// spec returns the config entry of the dataset named name, nil if none.
func (s *importSet) spec(name string) *DatasetSpec {
	for i := range s.specs {
		if s.specs[i].Name == name {
			return &s.specs[i]
		}
	}
	return nil
}

// costsOf returns the costs section of a dataset: its own, or the
// config's; nil for none.
func (s *importSet) costsOf(spec DatasetSpec) *costs.Config {
	if spec.Costs != nil {
		return spec.Costs
	}
	return s.costs
}

// costSpec returns the cost spec of a dataset (its own, or the config's;
// nil for none) without the tests of the columns its entry drops, and
// the names of those tests: a cost file prices every test of its
// dataset, and a study that drops one (drop: [PROTIME]) means to leave it
// out, not to be refused for it.
func (s *importSet) costSpec(spec DatasetSpec) (*costs.Spec, []string) {
	c := s.costsOf(spec)
	if c == nil || c.Spec == nil {
		return nil, nil
	}
	return c.Spec.Without(spec.Options.Drop)
}

// ignoredCosts says, one line per dataset, which tests' costs are ignored
// because the dataset's entry drops their columns; nil when none are.
func (s *importSet) ignoredCosts() []string {
	var out []string
	for _, spec := range s.specs {
		if _, gone := s.costSpec(spec); len(gone) > 0 {
			out = append(out, fmt.Sprintf("dataset %s: the costs of %s are ignored: the entry drops those columns", spec.Name, strings.Join(gone, ", ")))
		}
	}
	return out
}

// datasetOf returns the imported dataset named name from a task's bag.
func datasetOf(name string, imported []schemas.DatasetRecord) (*dataset.Dataset, error) {
	j := slices.IndexFunc(imported, func(r schemas.DatasetRecord) bool { return r.Mode == name })
	if j < 0 {
		return nil, fmt.Errorf("dataset %s was not imported", name)
	}
	return imported[j].Train, nil
}

// costModel returns the cost model of the dataset named name, resolved
// against its imported table; nil without costs.
func (s *importSet) costModel(name string, imported []schemas.DatasetRecord) (*costs.Model, error) {
	spec := s.spec(name)
	if spec == nil {
		return nil, fmt.Errorf("no dataset %q", name)
	}
	cs, _ := s.costSpec(*spec)
	if cs == nil {
		return nil, nil
	}
	d, err := datasetOf(name, imported)
	if err != nil {
		return nil, err
	}
	m, err := resolveCosts(cs, d)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %w", name, err)
	}
	return m, nil
}

// resolveCosts resolves a cost spec against a dataset's features and
// classes.
func resolveCosts(spec *costs.Spec, d *dataset.Dataset) (*costs.Model, error) {
	names := make([]string, d.NumFeatures())
	for f, a := range d.Schema().Features {
		names[f] = a.Name
	}
	return spec.Resolve(names, d.Classes())
}

// inputs is the one list of the files a real-data study reads besides
// its config: per dataset (config order) its data files, its names file
// and the cost files of its costs section (its own, or the config's),
// each with the cells of that dataset (cells, by dataset name). A file
// named by several datasets is listed once, with all their cells.
func (s *importSet) inputs(cells map[string][]int) []flow.Input {
	var out []flow.Input
	add := func(in flow.Input) {
		i := slices.IndexFunc(out, func(o flow.Input) bool { return o.Path == in.Path })
		if i < 0 {
			out = append(out, in)
			return
		}
		out[i].Cells = slices.Compact(slices.Sorted(slices.Values(append(out[i].Cells, in.Cells...))))
	}
	for _, spec := range s.specs {
		mine := cells[spec.Name]
		if mine == nil {
			mine = []int{} // a dataset without cells reaches none
		}
		for _, f := range spec.Files() {
			add(flow.Input{Path: f, Cells: mine})
		}
		if spec.Options.NamesFile != "" {
			add(flow.Input{Path: spec.Options.NamesFile, Cells: mine})
		}
		for _, in := range CostInputs(s.costsOf(spec), mine) {
			add(in)
		}
	}
	return out
}
