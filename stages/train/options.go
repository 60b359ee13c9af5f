package train

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"

	"github.com/go-viper/mapstructure/v2"

	"github.com/dtbench/dtbench/input"
)

// Option structs follow one convention, so learners in subpackages (which
// do not import train) can define theirs:
//
//   - a struct value with a `mapstructure:"name"` tag per option, in
//     snake_case, as the option is spelt in config;
//   - the registry entry holds the defaults, and config values are decoded
//     over a copy of them;
//   - a Validate() error method that returns an *input.Error whose Key is
//     the bare option name (input.Keyf("min_leaf", "must be >= 1, got %d", v));
//     the registry prefixes it with "learners.<learner>.".

// decodeOptions decodes the config options of learner name over dst (which
// holds the defaults), one option at a time and in sorted order, so every
// error names its option: an unknown option, a value of the wrong type or
// a fractional number for an integer option. Weak typing is off: "3" is
// not 3, and true is not 1.
func decodeOptions(name string, opts map[string]any, dst any) error {
	keys := make([]string, 0, len(opts))
	for key := range opts {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, key := range keys {
		dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
			ErrorUnused:      true,
			WeaklyTypedInput: false,
			DecodeHook:       wholeNumbers,
			Result:           dst,
		})
		if err != nil {
			return fmt.Errorf("train: options decoder for %s: %w", name, err)
		}
		if err := dec.Decode(map[string]any{key: opts[key]}); err != nil {
			return input.Keyf(optionKey(name, key), "%s", describeDecodeError(key, opts[key], err))
		}
	}
	return nil
}

// describeDecodeError turns a mapstructure error about one option into a
// message naming the option's value (the key itself is in input.Error.Key).
func describeDecodeError(key string, value any, err error) string {
	var de *mapstructure.DecodeError
	if errors.As(err, &de) {
		if de.Name() == "" { // mapstructure names no field when the key matches none
			return fmt.Sprintf("unknown option %q", key)
		}
		err = de.Unwrap()
	}
	shown := fmt.Sprint(value)
	if s, ok := value.(string); ok {
		shown = strconv.Quote(s)
	}
	return fmt.Sprintf("invalid value %s (%T): %v", shown, value, err)
}

// wholeNumbers lets a float that is a whole number set an integer option
// (YAML and JSON decoders may deliver 3 as 3.0) and rejects any other
// float, which mapstructure would silently truncate.
func wholeNumbers(from, to reflect.Type, data any) (any, error) {
	switch to.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
	default:
		return data, nil
	}
	var x float64
	switch from.Kind() {
	case reflect.Float32, reflect.Float64:
		x = reflect.ValueOf(data).Float()
	default:
		return data, nil
	}
	if x != math.Trunc(x) || math.IsInf(x, 0) || math.Abs(x) > 1<<53 {
		return nil, fmt.Errorf("want a whole number, got %v", x)
	}
	return int64(x), nil
}

// optionKey returns the config key of option opt of learner name.
func optionKey(name, opt string) string { return "learners." + name + "." + opt }

// validateOptions runs an option struct's Validate and gives the error
// its full config key: an *input.Error keyed by a bare option name becomes
// "learners.<name>.<option>", and any other error is keyed by the learner.
func validateOptions(name string, o interface{ Validate() error }) error {
	err := o.Validate()
	if err == nil {
		return nil
	}
	var ie *input.Error
	if errors.As(err, &ie) {
		out := *ie
		if out.Key == "" {
			out.Key = "learners." + name
		} else {
			out.Key = optionKey(name, out.Key)
		}
		return &out
	}
	return &input.Error{Key: "learners." + name, Err: err}
}
