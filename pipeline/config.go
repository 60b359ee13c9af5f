package pipeline

import (
	"slices"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// Config is a resolved, validated run configuration. Field comments give
// the config key.
type Config struct {
	Name     string          `json:"name"`    // name: run folder name under --out
	Seed     uint64          `json:"seed"`    // seed
	Study    string          `json:"study"`   // study: oracle (benchmark comes later)
	Workers  int             `json:"workers"` // workers: 0 = all cores
	Chunk    int             `json:"chunk"`   // chunk: tasks per part file
	Oracle   OracleConfig    `json:"oracle"`
	Learners []LearnerConfig `json:"learners"`
}

// OracleConfig is the oracle study's grid (key oracle.*).
type OracleConfig struct {
	Features    int              `json:"features"`
	Domains     []int            `json:"domains"` // oracle.domain, one per feature
	Classes     int              `json:"classes"`
	Depths      []int            `json:"depths"`
	Sizes       map[string][]int `json:"sizes"` // per mode
	Modes       []string         `json:"modes"`
	Repetitions int              `json:"repetitions"`
	TestSize    int              `json:"test_size"`
	Noise       float64          `json:"noise"`
}

// LearnerConfig is one entry of learners: a registered name, its options,
// and how many of a cell's repetitions it runs (0 = all).
type LearnerConfig struct {
	Name        string         `json:"name"`
	Options     map[string]any `json:"options,omitempty"`
	Repetitions int            `json:"repetitions,omitempty"`
}

// Modes of dataset sampling.
const (
	ModeComplete = "complete"
	ModeUnique   = "unique"
)

// Validate checks every key that does not need a learner registry; it
// returns an *input.Error naming the key and the bad value.
func (c *Config) Validate() error {
	if c.Name == "" {
		return input.Keyf("name", "must not be empty")
	}
	if c.Study != "oracle" {
		return input.Keyf("study", "%q is not supported yet (supported: oracle)", c.Study)
	}
	if c.Workers < 0 {
		return input.Keyf("workers", "must be >= 0, got %d", c.Workers)
	}
	if c.Chunk < 1 {
		return input.Keyf("chunk", "must be >= 1, got %d", c.Chunk)
	}
	o := &c.Oracle
	if o.Features < 1 {
		return input.Keyf("oracle.features", "must be >= 1, got %d", o.Features)
	}
	if len(o.Domains) != o.Features {
		return input.Keyf("oracle.domain", "%d domain sizes for %d features", len(o.Domains), o.Features)
	}
	for _, z := range o.Domains {
		if z < 2 || z > dataset.MaxValues {
			return input.Keyf("oracle.domain", "every domain must have 2..%d values, got %d", dataset.MaxValues, z)
		}
	}
	if o.Classes < 2 || o.Classes > dataset.MaxValues {
		return input.Keyf("oracle.classes", "must be in 2..%d, got %d", dataset.MaxValues, o.Classes)
	}
	if len(o.Depths) == 0 {
		return input.Keyf("oracle.depths", "must list at least one depth")
	}
	for _, k := range o.Depths {
		if k < 1 || k > o.Features {
			return input.Keyf("oracle.depths", "depth %d outside 1..%d (the number of features)", k, o.Features)
		}
	}
	if len(o.Modes) == 0 {
		return input.Keyf("oracle.modes", "must list at least one mode")
	}
	for _, m := range o.Modes {
		if m != ModeComplete && m != ModeUnique {
			return input.Keyf("oracle.modes", "unknown mode %q (known: complete, unique)", m)
		}
		sizes := o.Sizes[m]
		if len(sizes) == 0 {
			return input.Keyf("oracle.sizes", "no sizes for mode %s", m)
		}
		for _, q := range sizes {
			if q < 1 {
				return input.Keyf("oracle.sizes", "sizes must be positive, got %d", q)
			}
		}
		if m == ModeUnique {
			space := inputSpace(o.Domains)
			if q := slices.Max(sizes); float64(q) > space {
				return input.Keyf("oracle.sizes", "unique mode needs %d distinct inputs but %v features have only %.0f", q, o.Domains, space)
			}
		}
	}
	if o.Repetitions < 1 {
		return input.Keyf("oracle.repetitions", "must be >= 1, got %d", o.Repetitions)
	}
	if o.TestSize < 0 {
		return input.Keyf("oracle.test_size", "must be >= 0, got %d", o.TestSize)
	}
	if o.Noise < 0 || o.Noise > 1 {
		return input.Keyf("oracle.noise", "must be in [0, 1], got %g", o.Noise)
	}
	if len(c.Learners) == 0 {
		return input.Keyf("learners", "must list at least one learner")
	}
	seen := map[string]bool{}
	for _, l := range c.Learners {
		if seen[l.Name] {
			return input.Keyf("learners", "learner %q listed twice", l.Name)
		}
		seen[l.Name] = true
		if l.Repetitions < 0 {
			return input.Keyf("learners."+l.Name+".repetitions", "must be >= 0, got %d", l.Repetitions)
		}
	}
	return nil
}

// inputSpace returns Π Z_f as a float (it may exceed any integer type).
func inputSpace(domains []int) float64 {
	s := 1.0
	for _, z := range domains {
		s *= float64(z)
	}
	return s
}

// LearnerNames returns the configured learner names in config order.
func (c *Config) LearnerNames() []string {
	names := make([]string, len(c.Learners))
	for i, l := range c.Learners {
		names[i] = l.Name
	}
	return names
}
