package decode

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// Map decodes the section src (a map, as YAML gives it) into dst, a
// pointer to a struct holding the section's defaults, key by key in sorted
// order; prefix is the config key of src, for errors, which are
// *input.Error values keyed prefix.key.
func Map(prefix string, src map[string]any, dst any) error { return MapOf("key", prefix, src, dst) }

// MapOf is Map with the word a section's key is called in errors ("key",
// or "option" for a learner's options).
func MapOf(noun, prefix string, src map[string]any, dst any) error {
	return section(structOf(dst), src, prefix, noun)
}

// Fields sets every key of the section dst (a pointer to a struct holding
// the defaults) from get(key), key being prefix and the field's tag: a
// struct field is a section whose keys are read the same way, and a nil
// value leaves a key as it is. It is how the config's layered keys (viper's
// Get) are decoded; source names where a key's value came from, the
// File of its errors. It reads the keys dst has: refusing the others is
// the caller's (it knows every layer's keys).
func Fields(dst any, prefix string, get func(key string) any, source func(key string) string) error {
	err := fields(structOf(dst), prefix, get)
	var ie *input.Error
	if errors.As(err, &ie) && ie.File == "" {
		ie.File = source(ie.Key)
	}
	return err
}

func fields(dst reflect.Value, prefix string, get func(string) any) error {
	for _, f := range keysOf(dst.Type()) {
		key := prefix + f.name
		fv := dst.FieldByIndex(f.index)
		val := get(key)
		if fv.Kind() == reflect.Struct {
			if _, ok := val.(map[string]any); val != nil && !ok {
				if err := scalarSection(fv, val, key); err != nil {
					return err
				}
				continue // the scalar is the whole section
			}
			if err := fields(fv, key+".", get); err != nil {
				return err
			}
			continue
		}
		if val == nil {
			continue
		}
		if err := value(fv, val, key, "key"); err != nil {
			return err
		}
	}
	return nil
}

// section decodes src into the struct dst over what it holds.
func section(dst reflect.Value, src map[string]any, prefix, noun string) error {
	keys := keysOf(dst.Type())
	given := make([]string, len(keys)) // the key of src that set each field
	for _, k := range slices.Sorted(mapKeys(src)) {
		i := slices.IndexFunc(keys, func(f key) bool { return strings.EqualFold(f.name, k) })
		if i < 0 {
			if len(keys) == 0 {
				return input.Keyf(join(prefix, k), "unknown %s %q: %s takes none", noun, k, prefix)
			}
			return input.Keyf(join(prefix, k), "unknown %s %q (known: %s)", noun, k, names(keys))
		}
		if given[i] != "" {
			return input.Keyf(join(prefix, keys[i].name), "given twice, as %s and %s", given[i], k)
		}
		given[i] = k
		if src[k] == nil {
			continue
		}
		if err := value(dst.FieldByIndex(keys[i].index), src[k], join(prefix, keys[i].name), noun); err != nil {
			return err
		}
	}
	return nil
}

// key is one key of a section: its name and its field.
type key struct {
	name  string
	index []int
}

// keysOf lists the keys of a section type in field order: each exported
// field by its mapstructure tag (or its name), the fields of a squashed
// struct in its place; a field tagged "-" is none.
func keysOf(t reflect.Type) []key {
	var out []key
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("mapstructure")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case name == "-":
			continue
		case opts == "squash" && f.Type.Kind() == reflect.Struct:
			for _, k := range keysOf(f.Type) {
				out = append(out, key{k.name, append([]int{i}, k.index...)})
			}
			continue
		case name == "":
			name = f.Name
		}
		out = append(out, key{name, []int{i}})
	}
	return out
}

func names(keys []key) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.name
	}
	return strings.Join(out, ", ")
}

// structOf returns the struct dst points to.
func structOf(dst any) reflect.Value {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("decode: want a pointer to a struct, got %T", dst))
	}
	return v.Elem()
}
