// Package decode decodes config maps into structs with mapstructure tags
// strictly, one key at a time, so that every error names its key: an
// unknown key, a value of the wrong type, or a fractional number for an
// integer field. Weak typing is off ("3" is not 3, true is not 1), and a
// whole float (YAML and JSON decoders may deliver 3 as 3.0) sets an
// integer. Learner options, and the benchmark study's dataset entries, are
// decoded this way.
package decode

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

// Map decodes src into dst (a pointer to a struct holding its defaults),
// key by key in sorted order; prefix is the config key of src, for
// errors, which are *input.Error values keyed prefix.key.
func Map(prefix string, src map[string]any, dst any) error { return MapOf("key", prefix, src, dst) }

// MapOf is Map with the word an unknown key is called in errors ("key",
// or "option" for a learner's options).
func MapOf(noun, prefix string, src map[string]any, dst any) error {
	keys := make([]string, 0, len(src))
	for k := range src {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		dec, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
			ErrorUnused:      true,
			WeaklyTypedInput: false,
			DecodeHook:       WholeNumbers,
			Result:           dst,
		})
		if err != nil {
			return fmt.Errorf("decode %s: %w", prefix, err)
		}
		if err := dec.Decode(map[string]any{k: src[k]}); err != nil {
			return input.Keyf(join(prefix, k), "%s", describe(noun, k, src[k], err))
		}
	}
	return nil
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// describe turns a mapstructure error about one key into a message naming
// the value (the key itself is in input.Error.Key).
func describe(noun, key string, value any, err error) string {
	var de *mapstructure.DecodeError
	if errors.As(err, &de) {
		if de.Name() == "" { // mapstructure names no field when the key matches none
			return fmt.Sprintf("unknown %s %q", noun, key)
		}
		err = de.Unwrap()
	}
	shown := fmt.Sprint(value)
	if s, ok := value.(string); ok {
		shown = strconv.Quote(s)
	}
	return fmt.Sprintf("invalid value %s (%T): %v", shown, value, err)
}

// WholeNumbers is a mapstructure decode hook that lets a float that is a
// whole number set an integer field and rejects any other float, which
// mapstructure would silently truncate.
func WholeNumbers(from, to reflect.Type, data any) (any, error) {
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

// Int returns v as an int when it is a whole number of any of the types a
// YAML or JSON decoder yields: an integer within int's range, or a float
// with no fraction within ±2^53, where floats still count exactly.
func Int(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		if n <= math.MaxInt64 {
			return int(n), true
		}
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int(n), true
		}
	}
	return 0, false
}

// Float returns v as a float64 when it is a number of any of the types a
// YAML or JSON decoder yields (not a string or a bool).
func Float(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case uint32:
		return float64(x), true
	}
	return 0, false
}
