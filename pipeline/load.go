package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/go-viper/mapstructure/v2"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/dtbench/dtbench/configs"
	"github.com/dtbench/dtbench/input"
)

// LoadOptions says where a config comes from. Layering, highest first:
// Sets (--set key=value, values in YAML syntax), the environment
// (DTBENCH_ORACLE_REPETITIONS=30 sets oracle.repetitions), the file (the
// built-in quick config when File is ""), then built-in defaults.
type LoadOptions struct {
	File string
	Sets []string
	Env  []string // KEY=VALUE pairs; nil means os.Environ()
}

// defaults are the built-in values for keys a config file may omit.
var defaults = map[string]any{
	"seed":               1,
	"study":              "oracle",
	"workers":            0,
	"chunk":              64,
	"oracle.features":    10,
	"oracle.domain":      2,
	"oracle.classes":     2,
	"oracle.modes":       []any{ModeComplete, ModeUnique},
	"oracle.repetitions": 10,
	"oracle.test_size":   1000,
	"oracle.noise":       0.0,
	"learners":           []any{"id3"},
}

// knownKeys lists every accepted key; a trailing ".*" accepts any subkeys.
var knownKeys = []string{
	"name", "seed", "study", "workers", "chunk",
	"oracle.features", "oracle.domain", "oracle.classes", "oracle.depths",
	"oracle.sizes", "oracle.sizes.from", "oracle.sizes.to", "oracle.sizes.step",
	"oracle.sizes.complete", "oracle.sizes.complete.from", "oracle.sizes.complete.to", "oracle.sizes.complete.step",
	"oracle.sizes.unique", "oracle.sizes.unique.from", "oracle.sizes.unique.to", "oracle.sizes.unique.step",
	"oracle.modes", "oracle.repetitions", "oracle.test_size", "oracle.noise",
	"learners", "benchmark.*", "costs.*",
}

type rawConfig struct {
	Name      string         `mapstructure:"name"`
	Seed      uint64         `mapstructure:"seed"`
	Study     string         `mapstructure:"study"`
	Workers   int            `mapstructure:"workers"`
	Chunk     int            `mapstructure:"chunk"`
	Oracle    rawOracle      `mapstructure:"oracle"`
	Learners  []any          `mapstructure:"learners"`
	Benchmark map[string]any `mapstructure:"benchmark"`
	Costs     map[string]any `mapstructure:"costs"`
}

type rawOracle struct {
	Features    int      `mapstructure:"features"`
	Domain      any      `mapstructure:"domain"`
	Classes     int      `mapstructure:"classes"`
	Depths      []int    `mapstructure:"depths"`
	Sizes       any      `mapstructure:"sizes"`
	Modes       []string `mapstructure:"modes"`
	Repetitions int      `mapstructure:"repetitions"`
	TestSize    int      `mapstructure:"test_size"`
	Noise       float64  `mapstructure:"noise"`
}

// Load reads, layers and validates a config. Every problem with the user's
// input is an *input.Error naming the file or key.
func Load(opts LoadOptions) (*Config, error) {
	v := viper.New()
	v.SetConfigType("yaml")
	for k, val := range defaults {
		v.SetDefault(k, val)
	}
	source := "built-in quick config"
	text := configs.Quick
	if opts.File != "" {
		source = opts.File
		b, err := os.ReadFile(opts.File)
		if err != nil {
			return nil, &input.Error{File: opts.File, Err: err}
		}
		text = b
		v.SetDefault("name", strings.TrimSuffix(filepath.Base(opts.File), filepath.Ext(opts.File)))
	}
	if err := v.ReadConfig(bytes.NewReader(text)); err != nil {
		return nil, &input.Error{File: source, Err: fmt.Errorf("parse yaml: %w", errors.Unwrap(err))}
	}
	if err := checkKeys(v.AllKeys(), source); err != nil {
		return nil, err
	}
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	if err := applyEnv(v, env); err != nil {
		return nil, err
	}
	for _, s := range opts.Sets {
		key, val, ok := strings.Cut(s, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return nil, input.Keyf("--set", "want key=value, got %q", s)
		}
		if !isKnown(key) {
			return nil, input.Keyf(key, "unknown config key (known: %s)", strings.Join(knownKeys, ", "))
		}
		var parsed any
		if err := yaml.Unmarshal([]byte(val), &parsed); err != nil {
			return nil, input.Keyf(key, "value %q is not valid YAML: %v", val, err)
		}
		v.Set(key, parsed)
	}
	var raw rawConfig
	err := v.UnmarshalExact(&raw, viper.DecodeHook(yamlStringHook()))
	if err != nil {
		return nil, &input.Error{File: source, Err: err}
	}
	cfg, err := resolve(raw)
	if err != nil {
		return nil, err
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// yamlStringHook parses a string (from the environment) as YAML when the
// target is not a string, so DTBENCH_ORACLE_DEPTHS='[5,8]' works.
func yamlStringHook() mapstructure.DecodeHookFuncType {
	return func(from, to reflect.Type, data any) (any, error) {
		s, ok := data.(string)
		if !ok || from.Kind() != reflect.String || to.Kind() == reflect.String {
			return data, nil
		}
		var parsed any
		if err := yaml.Unmarshal([]byte(s), &parsed); err != nil {
			return data, nil
		}
		return parsed, nil
	}
}

func applyEnv(v *viper.Viper, env []string) error {
	byEnvName := map[string]string{}
	for _, k := range v.AllKeys() {
		byEnvName["DTBENCH_"+strings.ToUpper(strings.NewReplacer(".", "_").Replace(k))] = k
	}
	for _, kv := range env {
		name, val, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "DTBENCH_") {
			continue
		}
		key, ok := byEnvName[name]
		if !ok {
			continue // DTBENCH_* variables that are not config keys (e.g. DTBENCH_LOG) are someone else's
		}
		var parsed any
		if err := yaml.Unmarshal([]byte(val), &parsed); err != nil {
			return input.Keyf(name, "value %q is not valid YAML: %v", val, err)
		}
		v.Set(key, parsed)
	}
	return nil
}

func isKnown(key string) bool {
	key = strings.ToLower(key)
	for _, k := range knownKeys {
		if k == key {
			return true
		}
		if p, ok := strings.CutSuffix(k, ".*"); ok && (key == p || strings.HasPrefix(key, p+".")) {
			return true
		}
	}
	return false
}

func checkKeys(keys []string, source string) error {
	sort.Strings(keys)
	for _, k := range keys {
		if !isKnown(k) {
			return &input.Error{File: source, Key: k, Err: errors.New("unknown config key")}
		}
	}
	return nil
}

func resolve(raw rawConfig) (*Config, error) {
	if len(raw.Benchmark) != 0 {
		return nil, input.Keyf("benchmark", "the benchmark study is not implemented yet")
	}
	if len(raw.Costs) != 0 {
		return nil, input.Keyf("costs", "costs are not implemented yet")
	}
	cfg := &Config{
		Name: raw.Name, Seed: raw.Seed, Study: raw.Study, Workers: raw.Workers, Chunk: raw.Chunk,
		Oracle: OracleConfig{
			Features: raw.Oracle.Features, Classes: raw.Oracle.Classes, Depths: raw.Oracle.Depths,
			Modes: raw.Oracle.Modes, Repetitions: raw.Oracle.Repetitions,
			TestSize: raw.Oracle.TestSize, Noise: raw.Oracle.Noise,
		},
	}
	var err error
	if cfg.Oracle.Domains, err = resolveDomain(raw.Oracle.Domain, raw.Oracle.Features); err != nil {
		return nil, err
	}
	if cfg.Oracle.Sizes, err = resolveSizes(raw.Oracle.Sizes, raw.Oracle.Modes); err != nil {
		return nil, err
	}
	if cfg.Learners, err = resolveLearners(raw.Learners); err != nil {
		return nil, err
	}
	return cfg, nil
}

func resolveDomain(raw any, features int) ([]int, error) {
	switch x := raw.(type) {
	case []any:
		out := make([]int, len(x))
		for i, e := range x {
			n, ok := asInt(e)
			if !ok {
				return nil, input.Keyf("oracle.domain", "entry %d is %v, not an integer", i, e)
			}
			out[i] = n
		}
		return out, nil
	default:
		n, ok := asInt(raw)
		if !ok {
			return nil, input.Keyf("oracle.domain", "want an integer or a list of integers, got %v", raw)
		}
		out := make([]int, max(features, 0))
		for i := range out {
			out[i] = n
		}
		return out, nil
	}
}

// resolveSizes accepts a list, a {from, to, step} range, or a map from
// mode to either.
func resolveSizes(raw any, modes []string) (map[string][]int, error) {
	if raw == nil {
		return nil, input.Keyf("oracle.sizes", "required")
	}
	if m, ok := raw.(map[string]any); ok {
		if _, isRange := m["from"]; !isRange {
			out := map[string][]int{}
			for mode, r := range m {
				if mode != ModeComplete && mode != ModeUnique {
					return nil, input.Keyf("oracle.sizes."+mode, "unknown mode (known: complete, unique)")
				}
				s, err := sizeList(r, "oracle.sizes."+mode)
				if err != nil {
					return nil, err
				}
				out[mode] = s
			}
			return out, nil
		}
	}
	s, err := sizeList(raw, "oracle.sizes")
	if err != nil {
		return nil, err
	}
	out := map[string][]int{}
	for _, m := range modes {
		out[m] = slices.Clone(s)
	}
	return out, nil
}

func sizeList(raw any, key string) ([]int, error) {
	switch x := raw.(type) {
	case []any:
		out := make([]int, len(x))
		for i, e := range x {
			n, ok := asInt(e)
			if !ok {
				return nil, input.Keyf(key, "entry %d is %v, not an integer", i, e)
			}
			out[i] = n
		}
		return out, nil
	case map[string]any:
		var r [3]int
		for i, name := range []string{"from", "to", "step"} {
			n, ok := asInt(x[name])
			if !ok {
				return nil, input.Keyf(key+"."+name, "want an integer, got %v", x[name])
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
		var out []int
		for q := r[0]; q <= r[1]; q += r[2] {
			out = append(out, q)
		}
		return out, nil
	default:
		return nil, input.Keyf(key, "want a list of sizes or {from, to, step}, got %v", raw)
	}
}

func resolveLearners(raw []any) ([]LearnerConfig, error) {
	var out []LearnerConfig
	for i, e := range raw {
		switch x := e.(type) {
		case string:
			out = append(out, LearnerConfig{Name: x})
		case map[string]any:
			if len(x) != 1 {
				return nil, input.Keyf("learners", "entry %d: want {name: {option: value}}, got %d keys", i, len(x))
			}
			for name, opts := range x {
				lc := LearnerConfig{Name: name}
				if opts != nil {
					m, ok := opts.(map[string]any)
					if !ok {
						return nil, input.Keyf("learners."+name, "options must be a map, got %v", opts)
					}
					lc.Options = map[string]any{}
					for k, v := range m {
						if k == "repetitions" {
							n, ok := asInt(v)
							if !ok {
								return nil, input.Keyf("learners."+name+".repetitions", "want an integer, got %v", v)
							}
							lc.Repetitions = n
							continue
						}
						lc.Options[k] = v
					}
				}
				out = append(out, lc)
			}
		default:
			return nil, input.Keyf("learners", "entry %d: want a name or {name: options}, got %v", i, e)
		}
	}
	return out, nil
}

func asInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		return int(n), true
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	}
	return 0, false
}
