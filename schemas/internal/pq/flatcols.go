package pq

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/parquet-go/parquet-go"
)

// A flat table's columns are declared once, by the `parquet` struct tags of
// its row type; ColumnsOf derives them exactly as parquet.SchemaOf does
// (and checks that it agrees), so the same declaration gives the footer's
// schema, the page writer's columns (flat.go), parquet-go's reader and the
// column list other code iterates (the report's measures).
//
// The rules, those of parquet-go restricted to flat scalar columns:
//   - columns are the exported fields in declaration order; a field tagged
//     `parquet:"-"` is skipped, an untagged one is named like the field;
//   - an anonymous embedded struct (not a pointer to one) adds its fields in
//     place, as if they were declared there; its own tag is ignored;
//   - field types are int64, int32, float64, bool and string (or types with
//     those underlying kinds), or pointers to them, or the list types
//     []float64 and []string (flatlists.go);
//   - a pointer field is a nullable column and must say so in its tag
//     (`parquet:"doe,optional"`); a non-pointer field must not;
//   - a list field is a required list of required elements (Parquet's
//     LIST: name.list.element) and must say so in its tag
//     (`parquet:"classes,list"`); an empty list is a list, not a null;
//   - no other tag options: the page writer fixes the encodings, and a tag
//     such as "dict" or "delta" would promise what it does not do;
//   - column names are unique.

// Kind is the Go kind of a flat column's values.
type Kind uint8

// The kinds of flat columns and their Parquet physical types.
const (
	KindInt64   Kind = iota + 1 // INT64
	KindInt32                   // INT32
	KindFloat64                 // DOUBLE
	KindBool                    // BOOLEAN
	KindString                  // BYTE_ARRAY (UTF-8)
	// The list kinds (flatlists.go): a required list of required values.
	KindFloat64List // LIST of DOUBLE
	KindStringList  // LIST of BYTE_ARRAY (UTF-8)
)

// String names the kind as Go does.
func (k Kind) String() string {
	switch k {
	case KindInt64:
		return "int64"
	case KindInt32:
		return "int32"
	case KindFloat64:
		return "float64"
	case KindBool:
		return "bool"
	case KindString:
		return "string"
	case KindFloat64List:
		return "[]float64"
	case KindStringList:
		return "[]string"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Numeric reports whether values of kind k read as numbers (Numeric).
func (k Kind) Numeric() bool { return k >= KindInt64 && k <= KindBool }

// parquetKind is the physical type of a column of kind k.
func (k Kind) parquetKind() parquet.Kind {
	switch k {
	case KindInt64:
		return parquet.Int64
	case KindInt32:
		return parquet.Int32
	case KindFloat64:
		return parquet.Double
	case KindBool:
		return parquet.Boolean
	case KindFloat64List:
		return parquet.Double
	}
	return parquet.ByteArray
}

// Column is one column of a flat row type.
type Column struct {
	Name     string  // the column name, from the parquet tag
	Kind     Kind    // the kind of its values
	Nullable bool    // the field is a pointer; nil is null
	Index    []int   // the field's index path in the row type, as reflect.Value.FieldByIndex takes it
	Offset   uintptr // the field's byte offset in the row type, embedded structs included
}

// columnsResult caches ColumnsOf per type.
type columnsResult struct {
	cols []Column
	err  error
}

var columnsCache sync.Map // reflect.Type → *columnsResult

// ColumnsOf lists the columns of the flat row type t, a struct, in order
// (see the rules above). It fails on a type that is not a flat row type or
// on which parquet-go would derive different columns.
func ColumnsOf(t reflect.Type) ([]Column, error) {
	if r, ok := columnsCache.Load(t); ok {
		r := r.(*columnsResult)
		return slices.Clone(r.cols), r.err
	}
	cols, err := columnsOf(t)
	if err == nil {
		err = agreesWithParquet(t, cols)
	}
	if err != nil {
		err = fmt.Errorf("schemas: row type %v: %w", t, err)
		cols = nil
	}
	columnsCache.Store(t, &columnsResult{cols, err})
	return slices.Clone(cols), err
}

// Columns lists the columns of the flat row type R. Row types are fixed at
// compile time, so an R that is not one is a bug: Columns panics.
func Columns[R any]() []Column {
	cols, err := ColumnsOf(reflect.TypeFor[R]())
	if err != nil {
		panic(err.Error())
	}
	return cols
}

func columnsOf(t reflect.Type) ([]Column, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("not a struct")
	}
	cols, err := appendColumns(nil, t, nil, 0)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, c := range cols {
		if seen[c.Name] {
			return nil, fmt.Errorf("two columns named %q", c.Name)
		}
		seen[c.Name] = true
	}
	return cols, nil
}

// appendColumns appends the columns of struct t, whose fields start at
// offset and index within the row type.
func appendColumns(cols []Column, t reflect.Type, index []int, offset uintptr) ([]Column, error) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("parquet")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && tag != "-," {
			continue
		}
		idx := append(slices.Clip(index), i)
		if f.Anonymous {
			if f.Type.Kind() != reflect.Struct {
				return nil, fmt.Errorf("embedded field %s: only structs (not pointers or other types) can be embedded", f.Name)
			}
			var err error
			if cols, err = appendColumns(cols, f.Type, idx, offset+f.Offset); err != nil {
				return nil, err
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		c := Column{Name: name, Index: idx, Offset: offset + f.Offset}
		typ := f.Type
		if typ.Kind() == reflect.Slice {
			if c.Kind = listKind(typ); c.Kind == 0 {
				return nil, fmt.Errorf("field %s has type %v; list columns are []float64 or []string", f.Name, f.Type)
			}
			if opts != "list" {
				return nil, fmt.Errorf("field %s is a list but its tag %q lacks \"list\"", f.Name, tag)
			}
			cols = append(cols, c)
			continue
		}
		if typ.Kind() == reflect.Pointer {
			c.Nullable, typ = true, typ.Elem()
		}
		switch typ.Kind() {
		case reflect.Int64:
			c.Kind = KindInt64
		case reflect.Int32:
			c.Kind = KindInt32
		case reflect.Float64:
			c.Kind = KindFloat64
		case reflect.Bool:
			c.Kind = KindBool
		case reflect.String:
			c.Kind = KindString
		default:
			return nil, fmt.Errorf("field %s has type %v; flat columns are int64, int32, float64, bool or string, or pointers to them", f.Name, f.Type)
		}
		switch opts {
		case "":
			if c.Nullable {
				return nil, fmt.Errorf("field %s is a pointer (nullable) but its tag %q lacks \"optional\"", f.Name, tag)
			}
		case "optional":
			if !c.Nullable {
				return nil, fmt.Errorf("field %s is tagged optional but is not a pointer", f.Name)
			}
		default:
			return nil, fmt.Errorf("field %s: tag options %q; flat scalar columns take only \"optional\"", f.Name, opts)
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// agreesWithParquet checks that parquet.SchemaOf derives the same leaf
// columns from t (names, physical types, nullability), so the footer the
// page writer copies from it describes the columns it writes.
func agreesWithParquet(t reflect.Type, cols []Column) (err error) {
	defer func() {
		if r := recover(); r != nil { // parquet-go panics on tags it rejects
			err = fmt.Errorf("parquet-go rejects it: %v", r)
		}
	}()
	s := parquet.SchemaOf(reflect.New(t).Interface())
	paths := s.Columns()
	if len(paths) != len(cols) {
		return fmt.Errorf("parquet-go derives %d columns, dtbench %d", len(paths), len(cols))
	}
	for i, p := range paths {
		leaf, _ := s.Lookup(p...)
		c := cols[i]
		kind := leaf.Node.Type().Kind()
		if c.Kind.List() {
			if !slices.Equal(p, []string{c.Name, "list", "element"}) || kind != c.Kind.parquetKind() || leaf.MaxRepetitionLevel != 1 || leaf.MaxDefinitionLevel != 1 {
				return fmt.Errorf("column %d: parquet-go derives %s %v (levels %d/%d), dtbench the list %s of %v",
					i, strings.Join(p, "."), kind, leaf.MaxRepetitionLevel, leaf.MaxDefinitionLevel, c.Name, c.Kind)
			}
			continue
		}
		if len(p) != 1 || p[0] != c.Name || kind != c.Kind.parquetKind() || leaf.Node.Optional() != c.Nullable || leaf.MaxRepetitionLevel != 0 {
			return fmt.Errorf("column %d: parquet-go derives %s %v (optional %v), dtbench %s %v (nullable %v)",
				i, strings.Join(p, "."), kind, leaf.Node.Optional(), c.Name, c.Kind, c.Nullable)
		}
	}
	return nil
}
