package decode

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// maxExactFloat is the largest magnitude up to which a float holds every
// integer exactly (2^53): an integer key takes a float no larger.
const maxExactFloat = 1 << 53

// value sets dst from the YAML value val (not nil) by the package's rules;
// key is dst's full config key and noun what a section's key is called
// ("key", "option"), for errors.
func value(dst reflect.Value, val any, key, noun string) error {
	switch dst.Kind() {
	case reflect.Interface:
		dst.Set(reflect.ValueOf(val))
	case reflect.Pointer:
		p := reflect.New(dst.Type().Elem())
		if !dst.IsNil() {
			p.Elem().Set(dst.Elem()) // decode over a copy of the default
		}
		if err := value(p.Elem(), val, key, noun); err != nil {
			return err
		}
		dst.Set(p)
	case reflect.Struct:
		m, ok := val.(map[string]any)
		if !ok {
			return scalarSection(dst, val, key)
		}
		return section(dst, m, key, noun)
	case reflect.Map:
		m, ok := val.(map[string]any)
		if !ok || dst.Type().Key().Kind() != reflect.String {
			return input.Keyf(key, "want a map, got %s", Show(val))
		}
		out := reflect.MakeMapWithSize(dst.Type(), len(m))
		for _, k := range slices.Sorted(mapKeys(m)) {
			e := reflect.New(dst.Type().Elem()).Elem()
			if m[k] != nil {
				if err := value(e, m[k], join(key, k), noun); err != nil {
					return err
				}
			}
			out.SetMapIndex(reflect.ValueOf(k).Convert(dst.Type().Key()), e)
		}
		dst.Set(out)
	case reflect.Slice:
		list := reflect.ValueOf(val)
		if list.Kind() != reflect.Slice {
			list = reflect.ValueOf([]any{val}) // a scalar is a one-element list
		}
		out := reflect.MakeSlice(dst.Type(), list.Len(), list.Len())
		for i := range list.Len() {
			e := list.Index(i).Interface()
			if e == nil {
				continue
			}
			if err := value(out.Index(i), e, fmt.Sprintf("%s[%d]", key, i), noun); err != nil {
				return err
			}
		}
		dst.Set(out)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := signed(val)
		if err == nil && dst.OverflowInt(n) {
			err = fmt.Errorf("%d is out of range (%d to %d)", n, -1<<(dst.Type().Bits()-1), 1<<(dst.Type().Bits()-1)-1)
		}
		if err != nil {
			return &input.Error{Key: key, Err: err}
		}
		dst.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := unsigned(val)
		if err == nil && dst.OverflowUint(n) {
			err = fmt.Errorf("%d is out of range (0 to %d)", n, uint64(1)<<dst.Type().Bits()-1)
		}
		if err != nil {
			return &input.Error{Key: key, Err: err}
		}
		dst.SetUint(n)
	case reflect.Float32, reflect.Float64:
		x, ok := Float(val)
		if !ok {
			if _, isFloat := val.(float64); isFloat {
				return input.Keyf(key, "want a finite number, got %s", Show(val))
			}
			return input.Keyf(key, "want a number, got %s", Show(val))
		}
		if dst.OverflowFloat(x) {
			return input.Keyf(key, "%v is out of range", x)
		}
		dst.SetFloat(x)
	case reflect.String:
		s, ok := val.(string)
		if !ok {
			return input.Keyf(key, "want a string, got %s", Show(val)+textHint(val))
		}
		dst.SetString(s)
	case reflect.Bool:
		b, ok := val.(bool)
		if !ok {
			return input.Keyf(key, "want true or false, got %s", Show(val))
		}
		dst.SetBool(b)
	default:
		panic("decode: config field of kind " + dst.Kind().String())
	}
	return nil
}

// Scalar is a section that a config may also give as one scalar value, a
// shorthand for some of its keys: discretize: none for discretize:
// {method: none}. SetScalar sets the section from v (not nil, not a map)
// over its defaults, or says what it wants; decode puts the key in front.
type Scalar interface {
	SetScalar(v any) error
}

// scalarType is Scalar's type, for ScalarSection.
var scalarType = reflect.TypeFor[Scalar]()

// ScalarSection reports whether a section of type t takes a scalar too
// (*t implements Scalar).
func ScalarSection(t reflect.Type) bool { return reflect.PointerTo(t).Implements(scalarType) }

// scalarSection sets the section dst (addressable) from the scalar val,
// when its type takes one.
func scalarSection(dst reflect.Value, val any, key string) error {
	s, ok := dst.Addr().Interface().(Scalar)
	if !ok {
		return input.Keyf(key, "want a section of keys, got %s", Show(val))
	}
	if err := s.SetScalar(val); err != nil {
		return &input.Error{Key: key, Err: err}
	}
	return nil
}

// textHint is what a message adds for a scalar given to a string key.
func textHint(val any) string {
	if _, ok := Float(val); ok {
		return " (a number); quote it to give it as text"
	}
	if _, ok := val.(bool); ok {
		return " (a boolean); quote it to give it as text"
	}
	return ""
}

// signed returns a whole number given as any numeric YAML value.
func signed(val any) (int64, error) {
	switch x := val.(type) {
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	case uint64:
		if x > math.MaxInt64 {
			return 0, fmt.Errorf("%d is out of range (at most %d)", x, int64(math.MaxInt64))
		}
		return int64(x), nil
	case float64:
		return wholeFloat(x)
	}
	return 0, fmt.Errorf("want an integer, got %s", Show(val))
}

// unsigned returns a whole number >= 0 given as any numeric YAML value.
func unsigned(val any) (uint64, error) {
	if x, ok := val.(uint64); ok {
		return x, nil
	}
	n, err := signed(val)
	if err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, fmt.Errorf("must be >= 0, got %d", n)
	}
	return uint64(n), nil
}

// wholeFloat returns x as an integer: x must have no fraction and lie
// within ±2^53.
func wholeFloat(x float64) (int64, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) || x != math.Trunc(x) {
		return 0, fmt.Errorf("want an integer, got %s", Show(x))
	}
	if math.Abs(x) > maxExactFloat {
		return 0, fmt.Errorf("want an integer, got %s: a float is exact only within ±2^53; write the integer in digits", Show(x))
	}
	return int64(x), nil
}

// Int returns v as an int by the rules of an integer key (a whole number:
// an integer, or a float without a fraction within ±2^53); false for
// anything else.
func Int(v any) (int, bool) {
	n, err := signed(v)
	if err != nil || n != int64(int(n)) {
		return 0, false
	}
	return int(n), true
}

// Float returns v as a float64 by the rules of a number key (a finite
// number of any of the types a YAML or JSON decoder yields); false for
// anything else.
func Float(v any) (float64, bool) {
	var x float64
	switch n := v.(type) {
	case float64:
		x = n
	case float32:
		x = float64(n)
	case int:
		x = float64(n)
	case int64:
		x = float64(n)
	case int32:
		x = float64(n)
	case uint64:
		x = float64(n)
	case uint32:
		x = float64(n)
	default:
		return 0, false
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	return x, true
}

// Show writes a config value for a message, as YAML would: strings
// quoted, lists [a, b], maps {k: v} in key order, null.
func Show(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = Show(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		parts := make([]string, 0, len(x))
		for _, k := range slices.Sorted(mapKeys(x)) {
			parts = append(parts, k+": "+Show(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}
