package trainset

import (
	"fmt"
	"log/slog"
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train"
	"github.com/dtbench/dtbench/stages/train/external"
)

// Benchmarks returns the registered names of the benchmark classifiers V
// and I that the set holds, in that order: the learners the benchmark
// study's wins tables compare the others with.
func (s *Set) Benchmarks() []string {
	var out []string
	for _, n := range []string{train.Majority, train.Intuitive} {
		if slices.Contains(s.Names(), n) {
			out = append(out, n)
		}
	}
	return out
}

// Set is a run's configured learners, built once from their specs, in
// config order. A learner's index in the set numbers its models
// (modelID).
type Set struct {
	specs     []train.Spec
	learners  []train.Learner
	intuitive train.Learner // I, for the tasks where no configured learner gives it
	external  []*external.Learner
}

// Options are what a Set is built with besides the specs.
type Options struct {
	// Registry holds the learners specs may name; nil means Builtin.
	Registry *train.Registry
	// Log gets the external learners' standard error; nil discards it.
	Log *slog.Logger
}

// New builds the learners of specs: registered ones from
// opts.Registry, external ones as processes to be started (by Check or
// the first fit). It fails with an *input.Error on an empty list, a
// learner listed twice, a negative repetitions option, an external
// learner named like a registered one, or any error New reports.
func New(specs []train.Spec, opts Options) (*Set, error) {
	if err := train.CheckSpecs(specs); err != nil {
		return nil, err
	}
	reg := opts.Registry // nil is train.Builtin, for Has and New
	s := &Set{specs: specs}
	for _, spec := range specs {
		if spec.External != nil {
			if reg.Has(spec.Name) {
				return nil, input.Keyf("learners.external.name", "%q is a built-in learner's name; give the external learner another", spec.Name)
			}
			x := external.New(spec.Name, *spec.External, opts.Log)
			s.external = append(s.external, x)
			s.learners = append(s.learners, externalLearner{x})
			continue
		}
		l, err := reg.New(spec)
		if err != nil {
			return nil, err
		}
		s.learners = append(s.learners, l)
	}
	var err error
	if s.intuitive, err = reg.New(train.Spec{Name: train.Intuitive}); err != nil {
		return nil, fmt.Errorf("train: build the benchmark I: %w", err)
	}
	return s, nil
}

// Check starts the first process of every external learner and runs its
// handshake, before any work: a command that does not start or fails the
// handshake is an *input.Error keyed learners.<name>.command.
func (s *Set) Check() error {
	for _, x := range s.external {
		if _, err := x.Check(); err != nil {
			return err
		}
	}
	return nil
}

// CheckData checks that every learner that runs on the dataset named
// name takes its data (train.CheckData: numeric features, missing values),
// as an *input.Error keyed learners. The benchmark I, which the set adds
// itself, is not checked: it is given nominal data.
func (s *Set) CheckData(name string, d *dataset.Dataset) error {
	for i, spec := range s.specs {
		if len(spec.Datasets) > 0 && !slices.Contains(spec.Datasets, name) {
			continue
		}
		if err := train.CheckData(spec.Name, s.learners[i], d); err != nil {
			return input.Keyf("learners", "dataset %s: %v", name, err)
		}
	}
	return nil
}

// Adapters returns what each external learner's adapter said of itself,
// in config order; a learner whose process has not started yet is left
// out.
func (s *Set) Adapters() []Adapter {
	var out []Adapter
	for _, x := range s.external {
		if info, ok := x.Info(); ok {
			out = append(out, Adapter{Learner: x.Name(), Name: info.Name, Version: info.Version})
		}
	}
	return out
}

// Close ends the external learners' processes.
func (s *Set) Close() {
	for _, x := range s.external {
		x.Close()
	}
}

// isExternal reports whether learner i is external.
func (s *Set) isExternal(i int) bool { return s.specs[i].External != nil }

// Names returns the learner names in config order.
func (s *Set) Names() []string {
	names := make([]string, len(s.specs))
	for i, spec := range s.specs {
		names[i] = spec.Name
	}
	return names
}

// runsOn reports whether learner i runs on the tasks of the named
// dataset (its datasets option, which the config allows in the benchmark
// study only); every learner runs on unnamed data ("": the oracle and
// cost studies' tasks).
func (s *Set) runsOn(i int, dataset string) bool {
	names := s.specs[i].Datasets
	return dataset == "" || len(names) == 0 || slices.Contains(names, dataset)
}

// runs reports whether learner i runs on task t (its repetitions cap).
func (s *Set) runs(i int, t *flow.Task) bool {
	r := s.specs[i].Repetitions
	return r == 0 || t.Rep < r
}

// CheckFeatures checks the options of every learner that depend on the
// number of features m of the study's data (train.CheckFeatures).
func (s *Set) CheckFeatures(m int) error {
	for i, l := range s.learners {
		if err := train.CheckFeatures(s.specs[i].Name, l, m); err != nil {
			return err
		}
	}
	return nil
}
