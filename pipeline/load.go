package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/go-viper/mapstructure/v2"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/dtbench/dtbench/configs"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/generate"
	"github.com/dtbench/dtbench/stages/train"
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

// rawConfig is the config as written. It is the one list of keys (its
// mapstructure tags, nested sections included; see configKeys) and,
// through defaultRaw, the one source of defaults.
type rawConfig struct {
	Name      string                 `mapstructure:"name"`
	Seed      uint64                 `mapstructure:"seed"`
	Study     string                 `mapstructure:"study"`
	Workers   int                    `mapstructure:"workers"`
	Chunk     int                    `mapstructure:"chunk"`
	Oracle    generate.OracleSection `mapstructure:"oracle"`
	Learners  []any                  `mapstructure:"learners"`
	Benchmark map[string]any         `mapstructure:"benchmark"`
	Costs     map[string]any         `mapstructure:"costs"`
}

// defaultRaw holds the built-in default of every key a config may omit.
func defaultRaw() rawConfig {
	return rawConfig{Seed: 1, Study: "oracle", Workers: 0, Chunk: 64,
		Oracle: generate.DefaultOracleSection(), Learners: []any{"id3"}}
}

// configKey is one key of rawConfig: its dotted name, and whether any
// subkey is accepted below it (a field of type any or a map, whose shape
// is checked when it is resolved).
type configKey struct {
	name string
	open bool
}

// configKeys lists the keys of rawConfig from its mapstructure tags.
var configKeys = func() []configKey {
	var keys []configKey
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := range t.NumField() {
			f := t.Field(i)
			name := prefix + f.Tag.Get("mapstructure")
			switch f.Type.Kind() {
			case reflect.Struct:
				walk(f.Type, name+".")
			case reflect.Interface, reflect.Map:
				keys = append(keys, configKey{name, true})
			default:
				keys = append(keys, configKey{name, false})
			}
		}
	}
	walk(reflect.TypeFor[rawConfig](), "")
	return keys
}()

// keyNames returns the known keys for messages, "oracle.sizes.*" for an
// open one.
func keyNames() string {
	names := make([]string, len(configKeys))
	for i, k := range configKeys {
		names[i] = k.name
		if k.open {
			names[i] += ".*"
		}
	}
	return strings.Join(names, ", ")
}

// isKnown reports whether key (any case) is a config key or lies below an
// open one.
func isKnown(key string) bool {
	key = strings.ToLower(key)
	for _, k := range configKeys {
		if k.name == key || (k.open && strings.HasPrefix(key, k.name+".")) {
			return true
		}
	}
	return false
}

// setDefaults gives v the non-empty values of defaultRaw as defaults.
func setDefaults(v *viper.Viper) {
	var walk func(val reflect.Value, prefix string)
	walk = func(val reflect.Value, prefix string) {
		t := val.Type()
		for i := range t.NumField() {
			f, fv := t.Field(i), val.Field(i)
			name := prefix + f.Tag.Get("mapstructure")
			switch {
			case f.Type.Kind() == reflect.Struct:
				walk(fv, name+".")
			case fv.IsZero() && (f.Type.Kind() == reflect.Interface || f.Type.Kind() == reflect.Map || f.Type.Kind() == reflect.Slice):
				// no default: the config must give it, or it stays empty
			default:
				v.SetDefault(name, fv.Interface())
			}
		}
	}
	walk(reflect.ValueOf(defaultRaw()), "")
}

// Load reads, layers and validates a config. Every problem with the user's
// input is an *input.Error naming the file or key.
func Load(opts LoadOptions) (*Config, error) {
	v := viper.New()
	v.SetConfigType("yaml")
	setDefaults(v)
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
			return nil, input.Keyf(key, "unknown config key (known: %s)", keyNames())
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
	cfg := &Config{Name: raw.Name, Seed: raw.Seed, Study: raw.Study, Workers: raw.Workers, Chunk: raw.Chunk}
	var err error
	if cfg.Study == "oracle" {
		if cfg.Oracle, err = raw.Oracle.Resolve(); err != nil {
			return nil, err
		}
	}
	if cfg.Learners, err = train.ParseSpecs(raw.Learners); err != nil {
		return nil, err
	}
	return cfg, nil
}
