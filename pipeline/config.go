package pipeline

import (
	"regexp"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/report"
	"github.com/dtbench/dtbench/stages/train"
)

// Config is a resolved, validated run configuration. Field comments give
// the config key. Each study's section is owned by the stage package that
// owns its vocabulary (the oracle grid: package generate), which resolves
// and validates it through the study's descriptor (studies.go); Config
// checks the keys every study shares.
type Config struct {
	Name    string `json:"name"`    // name: run folder name under --out
	Seed    uint64 `json:"seed"`    // seed
	Study   string `json:"study"`   // study: one of studies
	Workers int    `json:"workers"` // workers: 0 = all cores
	Chunk   int    `json:"chunk"`   // chunk: tasks per part file
	// Section is the study's section (key <study>), resolved: the *C of
	// its descriptor, *generate.OracleConfig for study oracle. Its JSON
	// sits under the study's name, after chunk (config_json.go).
	Section  any          `json:"-"`
	Learners []train.Spec `json:"learners"`
	Limits   Limits       `json:"limits"`
	Outputs  Outputs      `json:"outputs"`
	// Report is the report section; nil without one (so that the
	// records of runs from before it compare equal).
	Report *Report `json:"report,omitempty"`
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
	// prediction (outputs.predictions); by default as the study says
	// (Study.Predictions: on for the benchmark and cost studies, off for
	// the oracle study, whose held-out rows are many and drawn afresh from
	// each oracle).
	Predictions bool `json:"predictions"`
}

// Report is what report.md shows beside its own tables (config section
// report.*).
type Report struct {
	// Measures are the measures of results/evaluations whose means
	// report.md tabulates per cell and learner in its "Measures" section
	// (report.measures: e.g. [kappa, f1_macro, auc_weighted]); its own
	// tables (accuracy, MAE, DOE, the γ, the costs) stay as they are.
	Measures []string `json:"measures,omitempty"`
}

// rawReport is the section as written.
type rawReport struct {
	Measures []string `mapstructure:"measures"`
}

// resolve returns the section, nil when it names nothing.
func (r rawReport) resolve() *Report {
	if len(r.Measures) == 0 {
		return nil
	}
	return &Report{Measures: r.Measures}
}

// ReportMeasures returns report.measures, none without a report section.
func (c *Config) ReportMeasures() []string {
	if c.Report == nil {
		return nil
	}
	return c.Report.Measures
}

// reportMeasures are report.measures as the report stage takes them.
func reportMeasures(c *Config) []report.Measure {
	var out []report.Measure
	for _, m := range c.ReportMeasures() {
		out = append(out, report.Measure(m))
	}
	return out
}

// rawOutputs is the section as written: nil leaves a key to the study.
type rawOutputs struct {
	Predictions *bool `mapstructure:"predictions"`
}

// resolve applies the defaults of study d (nil: an unknown study, which
// Validate refuses).
func (r rawOutputs) resolve(d studyDescriptor) Outputs {
	o := Outputs{Predictions: d != nil && d.predictions()}
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
	d, ok := studies.lookup(c.Study)
	if !ok {
		return input.Keyf("study", "%q is not supported (supported: %s)", c.Study, strings.Join(StudyNames(), ", "))
	}
	if c.Workers < 0 {
		return input.Keyf("workers", "must be >= 0, got %d", c.Workers)
	}
	if c.Chunk < 1 {
		return input.Keyf("chunk", "must be >= 1, got %d", c.Chunk)
	}
	if c.Section == nil {
		return input.Keyf(c.Study, "required by study %s", c.Study)
	}
	if err := d.validate(c.Section); err != nil {
		return err
	}
	if err := train.CheckSpecs(c.Learners); err != nil {
		return err
	}
	if err := c.checkReport(); err != nil {
		return err
	}
	return c.checkLearnerDatasets(d)
}

// checkReport refuses a report.measures entry that is not a measure (a
// column of schemas.Measures) or is named twice.
func (c *Config) checkReport() error {
	var names []string
	for _, col := range schemas.MeasureColumns {
		names = append(names, col.Name)
	}
	for i, m := range c.ReportMeasures() {
		switch {
		case !slices.Contains(names, m):
			return input.Keyf("report.measures", "%q is not a measure (one of %s)", m, strings.Join(names, ", "))
		case slices.Contains(c.ReportMeasures()[:i], m):
			return input.Keyf("report.measures", "%q is named twice", m)
		}
	}
	return nil
}

// checkLearnerDatasets checks the learners' datasets options: only in a
// study whose learners take them (Study.LearnerDatasets), naming its
// datasets.
func (c *Config) checkLearnerDatasets(d studyDescriptor) error {
	for _, l := range c.Learners {
		for _, name := range l.Datasets {
			key := "learners." + l.Name + ".datasets"
			if !d.learnerDatasets() {
				return input.Keyf(key, "applies to %s only", studiesWith(studyDescriptor.learnerDatasets))
			}
			if !slices.ContainsFunc(*d.datasets(c.Section), func(s generate.DatasetSpec) bool { return s.Name == name }) {
				return input.Keyf(key, "no dataset named %q in %s.datasets", name, c.Study)
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
