package pipeline

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
)

// Config is a resolved, validated run configuration. Field comments give
// the config key. Each study's section is owned by the stage package that
// owns its vocabulary (the oracle grid: package generate), which resolves
// and validates it; Config checks the keys every study shares.
type Config struct {
	Name      string                    `json:"name"`    // name: run folder name under --out
	Seed      uint64                    `json:"seed"`    // seed
	Study     string                    `json:"study"`   // study: one of studies
	Workers   int                       `json:"workers"` // workers: 0 = all cores
	Chunk     int                       `json:"chunk"`   // chunk: tasks per part file
	Oracle    *generate.OracleConfig    `json:"oracle,omitempty"`
	Benchmark *generate.BenchmarkConfig `json:"benchmark,omitempty"`
	Cost      *generate.CostConfig      `json:"cost,omitempty"`
	Learners  []train.Spec              `json:"learners"`
	Limits    Limits                    `json:"limits"`
	Outputs   Outputs                   `json:"outputs"`
	// Costs is the costs section: a cost model for every dataset (the
	// oracle study's f0…, or a benchmark dataset without costs of its own),
	// or the oracle study's drawn costs; nil without one.
	Costs *costs.Config `json:"costs,omitempty"`

	// origin says where each key's value came from, for messages (nil
	// for a config made in code).
	origin *origin
}

// Outputs are the optional tables of a run (config section outputs.*),
// resolved: each set, or the study's default.
type Outputs struct {
	// Predictions writes results/predictions, every test row's
	// prediction (outputs.predictions); on by default for the benchmark
	// and cost studies, off for the oracle study, whose held-out rows are
	// many and drawn afresh from each oracle.
	Predictions bool `json:"predictions"`
}

// rawOutputs is the section as written: nil leaves a key to the study.
type rawOutputs struct {
	Predictions *bool `mapstructure:"predictions"`
}

// resolve applies the study's defaults.
func (r rawOutputs) resolve(study string) Outputs {
	o := Outputs{Predictions: study != "oracle"}
	if r.Predictions != nil {
		o.Predictions = *r.Predictions
	}
	return o
}

// validName is the rule for a run name: a single path element.
var validName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// Validate checks every key without building the learners (whose options
// the study checks when it is built); it returns an *input.Error naming
// the key and the bad value.
func (c *Config) Validate() error {
	if !validName.MatchString(c.Name) || c.Name == "." || c.Name == ".." {
		return input.Keyf("name", "must be one path element of letters, digits, '-', '_' and '.' (not . or ..), got %q", c.Name)
	}
	if !slices.Contains(StudyNames(), c.Study) {
		return input.Keyf("study", "%q is not supported (supported: %s)", c.Study, strings.Join(StudyNames(), ", "))
	}
	if c.Workers < 0 {
		return input.Keyf("workers", "must be >= 0, got %d", c.Workers)
	}
	if c.Chunk < 1 {
		return input.Keyf("chunk", "must be >= 1, got %d", c.Chunk)
	}
	switch c.Study {
	case "oracle":
		if c.Oracle == nil {
			return input.Keyf("oracle", "required by study oracle")
		}
		if err := c.Oracle.Validate(); err != nil {
			return err
		}
	case "benchmark":
		if c.Benchmark == nil {
			return input.Keyf("benchmark", "required by study benchmark")
		}
		if err := c.Benchmark.Validate(); err != nil {
			return err
		}
	case "cost":
		if c.Cost == nil {
			return input.Keyf("cost", "required by study cost")
		}
	}
	if err := train.CheckSpecs(c.Learners); err != nil {
		return err
	}
	return c.checkLearnerDatasets()
}

// checkLearnerDatasets checks the learners' datasets options: only in the
// benchmark study, naming its datasets.
func (c *Config) checkLearnerDatasets() error {
	for _, l := range c.Learners {
		for _, name := range l.Datasets {
			key := "learners." + l.Name + ".datasets"
			if c.Study != "benchmark" {
				return input.Keyf(key, "applies to the benchmark study only")
			}
			if !slices.ContainsFunc(c.Benchmark.Datasets, func(d generate.DatasetSpec) bool { return d.Name == name }) {
				return input.Keyf(key, "no dataset named %q in benchmark.datasets", name)
			}
		}
	}
	return nil
}

// LearnerNames returns the configured learner names in config order.
func (c *Config) LearnerNames() []string {
	names := make([]string, len(c.Learners))
	for i, l := range c.Learners {
		names[i] = l.Name
	}
	return names
}
