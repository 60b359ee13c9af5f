package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/dtbench/dtbench/configs"
	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/decode"
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
	// Learners are the learners config may name: nil means
	// train.Builtin; a program with learners of its own passes
	// train.Builtin().With(…), and the same registry in Options.
	Learners *train.Registry
}

// rawConfig is the config as written: the keys every study shares. With
// the sections of the studies' descriptors (studies.go) it is the one list
// of keys (its mapstructure tags, nested sections included; see walkKeys)
// and, through defaultRaw and each Study.Section, the one source of
// defaults.
type rawConfig struct {
	Name     string        `mapstructure:"name"`
	Seed     uint64        `mapstructure:"seed"`
	Study    string        `mapstructure:"study"`
	Workers  int           `mapstructure:"workers"`
	Chunk    int           `mapstructure:"chunk"`
	Learners []any         `mapstructure:"learners"`
	Limits   rawLimits     `mapstructure:"limits"`
	Costs    costs.Section `mapstructure:"costs"`
	Outputs  rawOutputs    `mapstructure:"outputs"`
	Report   rawReport     `mapstructure:"report"`
}

// defaultRaw holds the built-in default of every shared key a config may
// omit; learners default to the study's (Study.Learners).
func defaultRaw() rawConfig {
	return rawConfig{Seed: 1, Study: defaultStudy, Workers: 0, Chunk: 64, Limits: defaultLimits()}
}

// studyDefault is the built-in default of a key that its study gives
// (learners: Study.Learners): the key has a default, but no value the
// layers see.
type studyDefault struct{}

// configKey is one key of the config: its dotted name, and whether any
// subkey is accepted below it (a field of type any or a map, whose shape
// is checked when it is resolved).
type configKey struct {
	name string
	open bool
}

// walkKeys adds the keys of the section type t (its mapstructure tags,
// under prefix) to the table, and its sections (structs) to its sections.
func walkKeys(t reflect.Type, prefix string, st *studyTable) {
	for i := range t.NumField() {
		f := t.Field(i)
		name := prefix + f.Tag.Get("mapstructure")
		switch f.Type.Kind() {
		case reflect.Struct:
			st.sections = append(st.sections, name)
			if decode.ScalarSection(f.Type) {
				st.scalars = append(st.scalars, name)
			}
			walkKeys(f.Type, name+".", st)
		case reflect.Interface, reflect.Map:
			st.keys = append(st.keys, configKey{name, true})
		default:
			st.keys = append(st.keys, configKey{name, false})
		}
	}
}

// walkDefaults adds the non-empty values of the section val (under
// prefix) to out, by key: the keys that have a built-in default. Learners
// have the study's.
func walkDefaults(val reflect.Value, prefix string, out map[string]any) {
	t := val.Type()
	for i := range t.NumField() {
		f, fv := t.Field(i), val.Field(i)
		name := prefix + f.Tag.Get("mapstructure")
		switch {
		case name == "learners":
			out[name] = studyDefault{}
		case f.Type.Kind() == reflect.Struct:
			walkDefaults(fv, name+".", out)
		case fv.IsZero() && (f.Type.Kind() == reflect.Interface || f.Type.Kind() == reflect.Map || f.Type.Kind() == reflect.Slice ||
			f.Type.Kind() == reflect.Pointer):
			// no default: the config must give it, or it stays empty
			// (a nil pointer: the study decides)
		default:
			out[name] = fv.Interface()
		}
	}
}

// isSection reports whether key names a section.
func isSection(key string) bool { return slices.Contains(studies.sections, strings.ToLower(key)) }

// isScalarSection reports whether key names a section that also takes a
// scalar, its shorthand (decode.Scalar: benchmark.discretize: none).
func isScalarSection(key string) bool { return slices.Contains(studies.scalars, strings.ToLower(key)) }

// keyNames returns the known keys for messages, "oracle.sizes.*" for an
// open one.
func keyNames() string {
	names := make([]string, len(studies.keys))
	for i, k := range studies.keys {
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
	for _, k := range studies.keys {
		if k.name == key || (k.open && strings.HasPrefix(key, k.name+".")) {
			return true
		}
	}
	return false
}

// hasDefault reports whether key has a built-in default.
func hasDefault(key string) bool {
	_, ok := studies.defaults[key]
	return ok
}

// setDefaults gives v the built-in defaults.
func setDefaults(v *viper.Viper) {
	for k, val := range studies.defaults {
		if _, ok := val.(studyDefault); !ok {
			v.SetDefault(k, val)
		}
	}
}

// EnvShardCount is the one DTBENCH_ variable that is not a config key: the
// number of shards of a Kubernetes Indexed Job (the CLI reads it beside
// JOB_COMPLETION_INDEX). Any other unknown DTBENCH_ variable is an error.
const EnvShardCount = "DTBENCH_SHARD_COUNT"

// envName is the environment variable of a config key:
// oracle.test_size → DTBENCH_ORACLE_TEST_SIZE.
func envName(key string) string {
	return "DTBENCH_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

// Load reads, layers and validates a config. Every problem with the user's
// input is an *input.Error naming where the value came from (the file, the
// --set flag or the environment variable), the key and the value.
func Load(opts LoadOptions) (*Config, error) {
	v := viper.New()
	v.SetConfigType("yaml")
	setDefaults(v)
	file := builtinConfig
	text := configs.Quick
	if opts.File != "" {
		file = opts.File
		b, err := os.ReadFile(opts.File)
		if err != nil {
			return nil, &input.Error{File: opts.File, Err: err}
		}
		text = b
		v.SetDefault("name", strings.TrimSuffix(filepath.Base(opts.File), filepath.Ext(opts.File)))
	}
	if err := v.ReadConfig(bytes.NewReader(text)); err != nil {
		return nil, yamlError(file, errors.Unwrap(err))
	}
	if err := checkKeys(v, file); err != nil {
		return nil, err
	}
	// sources[key] names the layer above the file that set key.
	sources := map[string]string{}
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	if err := applyEnv(v, env, sources); err != nil {
		return nil, err
	}
	for _, s := range opts.Sets {
		key, val, ok := strings.Cut(s, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || key == "" {
			return nil, input.Keyf("--set", "want key=value, got %q", s)
		}
		if !isKnown(key) && !isSection(key) {
			return nil, &input.Error{File: "--set", Key: key, Err: fmt.Errorf("unknown config key (known: %s)", keyNames())}
		}
		parsed, err := parseValue(val)
		if err != nil {
			return nil, &input.Error{File: "--set", Key: key, Err: err}
		}
		if err := setKey(v, key, parsed, sources); err != nil {
			return nil, err
		}
	}
	o := &origin{v: v, file: file, sets: sources}
	var raw rawConfig
	if err := decode.Fields(&raw, "", v.Get, o.of); err != nil {
		return nil, err
	}
	// Every study's section is decoded, so that a value of the wrong type
	// is named whichever study it belongs to.
	sections := map[string]any{}
	for _, d := range studies.list {
		sec := d.newSection()
		if err := decode.Fields(sec, d.name()+".", v.Get, o.of); err != nil {
			return nil, err
		}
		sections[d.name()] = sec
	}
	d, known := studies.lookup(raw.Study)
	if known {
		if err := o.checkStudyKeys(raw.Study); err != nil {
			return nil, err
		}
		if o.of("learners") == builtinDefaults {
			var err error
			if raw.Learners, err = defaultLearners(d, opts.Learners); err != nil {
				return nil, err
			}
		}
	}
	dir := ""
	if opts.File != "" {
		dir = filepath.Dir(opts.File)
	}
	cfg, err := resolve(raw, d, sections[raw.Study], dir)
	if err == nil {
		cfg.origin = o
		err = cfg.Validate()
	}
	if err == nil {
		// Building the study checks what depends on several keys (learner
		// options against the data, the plan against the limits), so that
		// those errors name a source too. The plan is checked for one
		// worker, the least a command can run it with (--workers is not
		// known here); the command checks it again with its own.
		var study *flow.Study
		if study, err = d.build(cfg, studyEnv{Learners: opts.Learners}); err == nil {
			_, err = checkFootprint(study.Estimate(nil), &study.Plan, cfg.Limits, cfg.Chunk, 1, false, o.pick)
			study.Release() // it started no process: the run's Check does
		}
	}
	if err != nil {
		return nil, o.blame(err)
	}
	return cfg, nil
}

// parseValue parses a value given on the command line or in the
// environment as YAML; an empty value is refused rather than ignored.
func parseValue(val string) (any, error) {
	if strings.TrimSpace(val) == "" {
		return nil, errors.New("empty value (write [] for an empty list)")
	}
	var parsed any
	if err := yaml.Unmarshal([]byte(val), &parsed); err != nil {
		return nil, fmt.Errorf("value %q is not valid YAML: %v", val, err)
	}
	return parsed, nil
}

// yamlLine matches the "line N: problem" of a YAML syntax error.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError turns a YAML syntax error into an *input.Error with the line.
// yaml.v3 reports the line of a parser error's context (an unclosed
// flow sequence or mapping: "did not find expected ...") counted from 0,
// while it counts scanner errors from 1; the former is corrected here.
func yamlError(file string, err error) error {
	if err == nil {
		return &input.Error{File: file, Err: errors.New("parse yaml")}
	}
	m := yamlLine.FindStringSubmatch(err.Error())
	if m == nil {
		return &input.Error{File: file, Err: fmt.Errorf("parse yaml: %w", err)}
	}
	line, _ := strconv.Atoi(m[1])
	if strings.HasPrefix(m[2], "did not find expected") {
		line++
	}
	return &input.Error{File: file, Line: line, Err: fmt.Errorf("yaml: %s", m[2])}
}

// applyEnv sets every config key that has a DTBENCH_ variable in env; an
// unknown DTBENCH_ variable is an error naming it.
func applyEnv(v *viper.Viper, env []string, sources map[string]string) error {
	byEnvName := map[string]string{}
	for _, k := range studies.keys {
		byEnvName[envName(k.name)] = k.name
	}
	for _, k := range studies.scalars {
		byEnvName[envName(k)] = k // DTBENCH_BENCHMARK_DISCRETIZE=none
	}
	for _, kv := range env {
		name, val, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "DTBENCH_") || name == EnvShardCount {
			continue
		}
		key, ok := byEnvName[name]
		if !ok {
			return input.Keyf(name, "unknown DTBENCH_ variable: not a config key (config keys: %s; also read: %s)", keyNames(), EnvShardCount)
		}
		parsed, err := parseValue(val)
		if err != nil {
			return &input.Error{File: name, Key: key, Err: err}
		}
		v.Set(key, parsed)
		sources[key] = name
	}
	return nil
}

// setKey sets a --set key; a whole section given as a map (--set
// costs={tests: {default: 1}}) sets each of its keys, which must be known.
func setKey(v *viper.Viper, key string, val any, sources map[string]string) error {
	if !isSection(key) {
		v.Set(key, val)
		sources[key] = "--set"
		return nil
	}
	m, ok := val.(map[string]any)
	if !ok && isScalarSection(key) {
		v.Set(key, val) // its shorthand, decoded with the section
		sources[key] = "--set"
		return nil
	}
	if !ok {
		return &input.Error{File: "--set", Key: key, Err: fmt.Errorf("want a section of keys, got %s", decode.Show(val))}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		sub := key + "." + strings.ToLower(k)
		if !isKnown(sub) && !isSection(sub) {
			return &input.Error{File: "--set", Key: sub, Err: fmt.Errorf("unknown config key (known: %s)", keyNames())}
		}
		if err := setKey(v, sub, m[k], sources); err != nil {
			return err
		}
	}
	return nil
}

// checkKeys checks the keys a config file sets: every one known, and a
// section given as a map.
func checkKeys(v *viper.Viper, file string) error {
	keys := v.AllKeys()
	sort.Strings(keys)
	for _, k := range keys {
		if !v.InConfig(k) {
			continue // a default
		}
		if isScalarSection(k) {
			continue // a scalar or a map: its decoder checks which
		}
		if isSection(k) {
			return &input.Error{File: file, Key: k, Err: fmt.Errorf("want a section of keys, got %s", decode.Show(v.Get(k)))}
		}
		if !isKnown(k) {
			return &input.Error{File: file, Key: k, Err: fmt.Errorf("unknown config key (known: %s)", keyNames())}
		}
	}
	return nil
}

// resolve turns the decoded keys into a Config: the shared keys, and the
// section as written of study d (nil for an unknown study, which Validate
// refuses); dir is the config file's directory, which relative paths are
// relative to ("" for none).
func resolve(raw rawConfig, d studyDescriptor, section any, dir string) (*Config, error) {
	cfg := &Config{Name: raw.Name, Seed: raw.Seed, Study: raw.Study, Workers: raw.Workers, Chunk: raw.Chunk,
		Outputs: raw.Outputs.resolve(d), Report: raw.Report.resolve()}
	var err error
	if cfg.Costs, err = raw.Costs.Resolve("costs", dir); err != nil {
		return nil, err
	}
	if cfg.Limits, err = raw.Limits.resolve(); err != nil {
		return nil, err
	}
	if d != nil {
		if cfg.Section, err = d.resolve(section, dir); err != nil {
			return nil, err
		}
	}
	if cfg.Learners, err = train.ParseSpecs(raw.Learners); err != nil {
		return nil, err
	}
	return cfg, nil
}
