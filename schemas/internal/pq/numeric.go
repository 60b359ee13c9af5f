package pq

import (
	"fmt"
	"reflect"
	"unsafe"
)

// Numeric reads one numeric column of a flat row type R (see Columns) as a
// float64, straight from the field's offset: no reflect.Value per read, so
// summarising a few hundred thousand rows by twenty measures costs a load
// and a branch or two per cell. Build one with NumericColumns or
// NumericColumn; the zero Numeric reads nothing.
type Numeric[R any] struct {
	Column
}

// NumericColumns returns a Numeric for every numeric column of R (int64,
// int32, float64 and bool, nullable or not), in column order; like Columns
// it panics if R is not a flat row type. For the columns of an embedded
// struct E, take NumericColumns[E]() and pass the embedded field's address
// (&row.E) to Float64.
func NumericColumns[R any]() []Numeric[R] {
	var out []Numeric[R]
	for _, c := range Columns[R]() {
		if c.Kind.Numeric() {
			out = append(out, Numeric[R]{c})
		}
	}
	return out
}

// NumericColumn returns the Numeric of R's column name, which must be
// numeric.
func NumericColumn[R any](name string) (Numeric[R], error) {
	cols, err := ColumnsOf(reflect.TypeFor[R]())
	if err != nil {
		return Numeric[R]{}, err
	}
	for _, c := range cols {
		if c.Name != name {
			continue
		}
		if !c.Kind.Numeric() {
			return Numeric[R]{}, fmt.Errorf("schemas: column %s of %v is a %v, not a number", name, reflect.TypeFor[R](), c.Kind)
		}
		return Numeric[R]{c}, nil
	}
	return Numeric[R]{}, fmt.Errorf("schemas: %v has no column %s", reflect.TypeFor[R](), name)
}

// Float64 returns the column's value in row r and true, or 0 and false
// when the column is null in r (a nil pointer field). Integers convert
// exactly up to 2^53 in magnitude; a bool reads as 0 or 1, so its mean is
// the share of true.
func (m Numeric[R]) Float64(r *R) (float64, bool) {
	p := unsafe.Add(unsafe.Pointer(r), m.Offset)
	if m.Nullable {
		p = *(*unsafe.Pointer)(p)
		if p == nil {
			return 0, false
		}
	}
	switch m.Kind {
	case KindFloat64:
		return *(*float64)(p), true
	case KindInt64:
		return float64(*(*int64)(p)), true
	case KindInt32:
		return float64(*(*int32)(p)), true
	case KindBool:
		if *(*bool)(p) {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}
