package pipeline

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/dtbench/dtbench/input"
)

// The config's value rules, one place for every key:
//
//   - An integer key takes a whole number and refuses a fraction (2.5) or
//     a string ("ten"); an unsigned one (seed) also refuses a negative.
//     Ranges (>= 1, >= 0, …) are the sections' Validate's.
//   - A list key also takes a scalar, as a one-element list: depths: 5 is
//     depths: [5], learners: id3 is learners: [id3].
//   - A string key takes a string, or a number, written in decimal.
//   - A boolean key takes true or false, nothing else (not 1, not "yes");
//     a key of pointer type is unset (nil) unless given.
//   - A section (oracle) must be a map of its keys.
//
// decodeInto sets every field of the struct dst from get(key), key being
// the field's mapstructure tag under prefix; a nil value leaves the field
// as it is. source names where a key's value came from, for errors.

func decodeInto(dst reflect.Value, prefix string, get func(string) any, source func(string) string) error {
	t := dst.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		key := prefix + f.Tag.Get("mapstructure")
		fv := dst.Field(i)
		if f.Type.Kind() == reflect.Struct {
			if val := get(key); val != nil {
				if _, ok := val.(map[string]any); !ok {
					return &input.Error{File: source(key), Key: key, Err: fmt.Errorf("want a section of keys, got %s", show(val))}
				}
			}
			if err := decodeInto(fv, key+".", get, source); err != nil {
				return err
			}
			continue
		}
		val := get(key)
		if val == nil {
			continue
		}
		if err := decodeValue(fv, val); err != nil {
			return &input.Error{File: source(key), Key: key, Err: err}
		}
	}
	return nil
}

// decodeValue sets dst from a YAML value by the rules above.
func decodeValue(dst reflect.Value, val any) error {
	switch dst.Kind() {
	case reflect.Interface:
		dst.Set(reflect.ValueOf(val))
	case reflect.Map:
		m, ok := val.(map[string]any)
		if !ok {
			return fmt.Errorf("want a map, got %s", show(val))
		}
		dst.Set(reflect.ValueOf(m))
	case reflect.Slice:
		list := reflect.ValueOf(val)
		if list.Kind() != reflect.Slice {
			list = reflect.ValueOf([]any{val}) // a scalar is a one-element list
		}
		out := reflect.MakeSlice(dst.Type(), list.Len(), list.Len())
		for i := range list.Len() {
			if err := decodeValue(out.Index(i), list.Index(i).Interface()); err != nil {
				return fmt.Errorf("entry %d: %w", i, err)
			}
		}
		dst.Set(out)
	case reflect.Int, reflect.Int64:
		n, err := integer(val)
		if err != nil {
			return err
		}
		dst.SetInt(n)
	case reflect.Uint64:
		n, err := integer(val)
		if err != nil {
			return err
		}
		if n < 0 {
			return fmt.Errorf("must be >= 0, got %d", n)
		}
		dst.SetUint(uint64(n))
	case reflect.Float64:
		switch x := val.(type) {
		case int:
			dst.SetFloat(float64(x))
		case int64:
			dst.SetFloat(float64(x))
		case uint64:
			dst.SetFloat(float64(x))
		case float64:
			dst.SetFloat(x)
		default:
			return fmt.Errorf("want a number, got %s", show(val))
		}
	case reflect.String:
		switch x := val.(type) {
		case string:
			dst.SetString(x)
		case int, int64, uint64:
			dst.SetString(fmt.Sprint(x))
		default:
			return fmt.Errorf("want a string, got %s", show(val))
		}
	case reflect.Bool:
		b, ok := val.(bool)
		if !ok {
			return fmt.Errorf("want true or false, got %s", show(val))
		}
		dst.SetBool(b)
	case reflect.Pointer:
		p := reflect.New(dst.Type().Elem())
		if err := decodeValue(p.Elem(), val); err != nil {
			return err
		}
		dst.Set(p)
	default:
		panic("pipeline: config field of kind " + dst.Kind().String())
	}
	return nil
}

// integer returns a whole number given as any numeric YAML value.
func integer(val any) (int64, error) {
	switch x := val.(type) {
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	case uint64:
		if x > math.MaxInt64 {
			return 0, fmt.Errorf("%d is too large", x)
		}
		return int64(x), nil
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, fmt.Errorf("want an integer, got %v", x)
		}
		if math.Abs(x) > 1<<62 {
			return 0, fmt.Errorf("%v is too large", x)
		}
		return int64(x), nil
	}
	return 0, fmt.Errorf("want an integer, got %s", show(val))
}

// show renders a config value for a message: strings quoted.
func show(val any) string {
	if s, ok := val.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(val)
}
