package generate

import (
	"strconv"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
)

// OracleConfig is the oracle study's grid, resolved from the config
// section oracle.* (OracleSection). Field comments give the key.
type OracleConfig struct {
	Features    int            `json:"features"`    // oracle.features: m
	Domains     []int          `json:"domains"`     // oracle.domain: Z_f of every feature
	Classes     int            `json:"classes"`     // oracle.classes: K
	Depths      []int          `json:"depths"`      // oracle.depths: oracle depths k
	Sizes       map[Mode][]int `json:"sizes"`       // oracle.sizes: training sizes q, per mode
	Modes       []Mode         `json:"modes"`       // oracle.modes, in grid order
	Repetitions int            `json:"repetitions"` // oracle.repetitions: tasks per cell
	TestSize    int            `json:"test_size"`   // oracle.test_size: held-out rows per task
	Noise       float64        `json:"noise"`       // oracle.noise: label-flip probability of training rows
	// AUC is oracle.auc: whether the evaluate stage computes auc_weighted
	// (a sort of every learner's test rows per class, a tree's by leaf:
	// about 1.3× the CPU of configs/oracle-paper.yaml); off, the column is
	// null. Omitted from the JSON when off, so that the
	// records of runs made before the key match.
	AUC bool `json:"auc,omitempty"`
}

// Validate checks the whole grid before any work starts, with the rules
// the generators apply: OracleSpec.Validate for every depth (domains,
// classes, depth range, the leaf limit), ParseMode and CheckSize for every
// mode and size, ValidateNoise. Errors are *input.Error values naming the
// key and the value.
func (o *OracleConfig) Validate() error {
	if o.Features < 1 {
		return input.Keyf("oracle.features", "must be >= 1, got %d", o.Features)
	}
	if len(o.Domains) != o.Features {
		return input.Keyf("oracle.domain", "%d domain sizes for %d features", len(o.Domains), o.Features)
	}
	if len(o.Depths) == 0 {
		return input.Keyf("oracle.depths", "must list at least one depth")
	}
	for _, k := range o.Depths {
		if err := o.Spec(k).Validate(); err != nil {
			return err
		}
	}
	if len(o.Modes) == 0 {
		return input.Keyf("oracle.modes", "must list at least one mode")
	}
	for _, m := range o.Modes {
		if _, err := ParseMode(string(m)); err != nil {
			return err
		}
		sizes := o.Sizes[m]
		if len(sizes) == 0 {
			return input.Keyf("oracle.sizes", "no sizes for mode %s", m)
		}
		for _, q := range sizes {
			if q < 1 {
				return input.Keyf("oracle.sizes", "sizes must be positive, got %d", q)
			}
			if err := CheckSize(m, o.Domains, q); err != nil {
				return err
			}
		}
	}
	for m := range o.Sizes {
		if _, err := ParseMode(string(m)); err != nil {
			return input.Keyf("oracle.sizes."+string(m), "unknown mode (known: %s, %s)", ModeComplete, ModeUnique)
		}
	}
	cells := 0
	for _, m := range o.Modes {
		cells += len(o.Depths) * len(o.Sizes[m])
	}
	if cells > maxCells {
		return input.Keyf("oracle.sizes", "the grid has %d cells (depths × sizes); the limit is %d", cells, maxCells)
	}
	if o.Repetitions < 1 {
		return input.Keyf("oracle.repetitions", "must be >= 1, got %d", o.Repetitions)
	}
	if o.TestSize < 0 {
		return input.Keyf("oracle.test_size", "must be >= 0, got %d", o.TestSize)
	}
	return ValidateNoise(o.Noise)
}

// Spec returns the oracle spec of the grid's cells of depth k.
func (o *OracleConfig) Spec(k int) OracleSpec {
	return OracleSpec{Domains: o.Domains, Classes: o.Classes, Depth: k}
}

// OracleSection is the config section oracle.* as written: the keys come
// from its mapstructure tags, and DefaultOracleSection gives the defaults
// of the keys a config may omit. Domain is one number or a list with one
// per feature; Sizes is a list, a {from, to, step} range, or a map from
// mode to either.
type OracleSection struct {
	Features    int      `mapstructure:"features"`
	Domain      any      `mapstructure:"domain"`
	Classes     int      `mapstructure:"classes"`
	Depths      []int    `mapstructure:"depths"`
	Sizes       any      `mapstructure:"sizes"`
	Modes       []string `mapstructure:"modes"`
	Repetitions int      `mapstructure:"repetitions"`
	TestSize    int      `mapstructure:"test_size"`
	Noise       float64  `mapstructure:"noise"`
	AUC         bool     `mapstructure:"auc"`
}

// DefaultOracleSection returns the defaults of the oracle keys: 10 binary
// features, 2 classes, both modes, 10 repetitions, 1000 test rows, no
// noise. Depths and sizes have none: a config must give them.
func DefaultOracleSection() OracleSection {
	return OracleSection{Features: 10, Domain: 2, Classes: 2, Modes: []string{string(ModeComplete), string(ModeUnique)},
		Repetitions: 10, TestSize: 1000}
}

// OracleLearners returns the oracle study's default learners (config
// learners): ID3, as in the config of DESIGN.md.
func OracleLearners() []string { return []string{"id3"} }

// Resolve turns the section into a validated OracleConfig. dir, the config
// file's directory, is unused (the grid names no file); it gives every
// study's Resolve one signature.
func (r OracleSection) Resolve(dir string) (*OracleConfig, error) {
	o := &OracleConfig{Features: r.Features, Classes: r.Classes, Depths: r.Depths,
		Repetitions: r.Repetitions, TestSize: r.TestSize, Noise: r.Noise, AUC: r.AUC}
	for _, s := range r.Modes {
		m, err := ParseMode(s)
		if err != nil {
			return nil, err
		}
		o.Modes = append(o.Modes, m)
	}
	var err error
	if o.Domains, err = resolveDomain(r.Domain, r.Features); err != nil {
		return nil, err
	}
	if o.Sizes, err = resolveSizes(r.Sizes, o.Modes); err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return o, nil
}

func resolveDomain(raw any, features int) ([]int, error) {
	if x, ok := raw.([]any); ok {
		out := make([]int, len(x))
		for i, e := range x {
			n, ok := decode.Int(e)
			if !ok {
				return nil, input.Keyf("oracle.domain", "entry %d is %v, not an integer", i, e)
			}
			out[i] = n
		}
		return out, nil
	}
	n, ok := decode.Int(raw)
	if !ok {
		return nil, input.Keyf("oracle.domain", "want an integer or a list of integers, got %v", raw)
	}
	out := make([]int, max(features, 0))
	for i := range out {
		out[i] = n
	}
	return out, nil
}

// resolveSizes accepts a list, a {from, to, step} range, or a map from
// mode to either.
func resolveSizes(raw any, modes []Mode) (map[Mode][]int, error) {
	if raw == nil {
		return nil, input.Keyf("oracle.sizes", "required")
	}
	if m, ok := raw.(map[string]any); ok {
		if _, isRange := m["from"]; !isRange {
			out := map[Mode][]int{}
			for mode, r := range m {
				md, err := ParseMode(mode)
				if err != nil {
					return nil, input.Keyf("oracle.sizes."+mode, "unknown mode (known: %s, %s)", ModeComplete, ModeUnique)
				}
				s, err := sizeList(r, "oracle.sizes."+mode)
				if err != nil {
					return nil, err
				}
				out[md] = s
			}
			return out, nil
		}
	}
	s, err := sizeList(raw, "oracle.sizes")
	if err != nil {
		return nil, err
	}
	out := map[Mode][]int{}
	for _, m := range modes {
		out[m] = append([]int(nil), s...)
	}
	return out, nil
}

func sizeList(raw any, key string) ([]int, error) {
	switch x := raw.(type) {
	case []any:
		out := make([]int, len(x))
		for i, e := range x {
			n, ok := decode.Int(e)
			if !ok {
				return nil, input.Keyf(key, "entry %d is %v, not an integer", i, e)
			}
			out[i] = n
		}
		return out, nil
	case map[string]any:
		var r [3]int
		for i, name := range []string{"from", "to", "step"} {
			v, given := x[name]
			n, ok := decode.Int(v)
			switch {
			case !given:
				return nil, input.Keyf(key+"."+name, "missing: a range is {from: 100, to: 3000, step: 100}")
			case !ok:
				return nil, input.Keyf(key+"."+name, "want an integer, got %v", v)
			}
			r[i] = n
		}
		for name := range x {
			if name != "from" && name != "to" && name != "step" {
				return nil, input.Keyf(key+"."+name, "unknown key (known: from, to, step)")
			}
		}
		if r[2] < 1 {
			return nil, input.Keyf(key+".step", "must be >= 1, got %d", r[2])
		}
		if r[1] < r[0] {
			return nil, input.Keyf(key+".to", "%d is below from (%d)", r[1], r[0])
		}
		if n := (r[1]-r[0])/r[2] + 1; n > maxCells {
			return nil, input.Keyf(key, "the range has %d sizes; the limit is %d", n, maxCells)
		}
		var out []int
		for q := r[0]; q <= r[1]; q += r[2] {
			out = append(out, q)
		}
		return out, nil
	default:
		return nil, input.Keyf(key, "want a list of sizes or {from, to, step}, got %v", raw)
	}
}

// cellKey names a cell in task keys: "f10/d5/complete/q100".
func cellKey(features, depth int, mode Mode, size int) string {
	return "f" + strconv.Itoa(features) + "/d" + strconv.Itoa(depth) + "/" + string(mode) + "/q" + strconv.Itoa(size)
}

// maxCells bounds the oracle grid's cells (depths × modes × sizes), so that
// a mistyped size range is refused before its sizes are listed.
const maxCells = 1_000_000
