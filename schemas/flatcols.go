package schemas

import (
	"reflect"

	"github.com/dtbench/dtbench/schemas/internal/pq"
)

// The columns of a flat table are declared once, by the `parquet` struct
// tags of its row type, and the same declaration gives the footer's
// schema, the page writer's columns, the reader and the column list other
// code iterates (the report's measures). The rules (pq's flatcols.go),
// those of parquet-go restricted to flat columns: exported fields in
// declaration order, embedded structs in place, fields of type int64,
// int32, float64, bool or string, a pointer to one for a nullable column
// (tagged "optional"), []float64 or []string for a list (tagged "list"),
// no other tag options, unique names.

// Kind is the Go kind of a flat column's values.
type Kind = pq.Kind

// The kinds of flat columns and their Parquet physical types.
const (
	KindInt64       = pq.KindInt64       // INT64
	KindInt32       = pq.KindInt32       // INT32
	KindFloat64     = pq.KindFloat64     // DOUBLE
	KindBool        = pq.KindBool        // BOOLEAN
	KindString      = pq.KindString      // BYTE_ARRAY (UTF-8)
	KindFloat64List = pq.KindFloat64List // LIST of DOUBLE
	KindStringList  = pq.KindStringList  // LIST of BYTE_ARRAY (UTF-8)
)

// Column is one column of a flat row type: its name, kind, nullability
// and the field that holds it.
type Column = pq.Column

// ColumnsOf lists the columns of the flat row type t, a struct, in order.
// It fails on a type that is not a flat row type or on which parquet-go
// would derive different columns.
func ColumnsOf(t reflect.Type) ([]Column, error) { return pq.ColumnsOf(t) }

// Columns lists the columns of the flat row type R. Row types are fixed at
// compile time, so an R that is not one is a bug: Columns panics.
func Columns[R any]() []Column { return pq.Columns[R]() }

// Numeric reads one numeric column of a flat row type R as a float64,
// straight from the field (see pq.Numeric): Float64(&row) gives the value
// and false for a null.
type Numeric[R any] = pq.Numeric[R]

// NumericColumns returns a Numeric for every numeric column of R (int64,
// int32, float64 and bool, nullable or not), in column order; like Columns
// it panics if R is not a flat row type. For the columns of an embedded
// struct E, take NumericColumns[E]() and pass the embedded field's address
// (&row.E) to Float64.
func NumericColumns[R any]() []Numeric[R] { return pq.NumericColumns[R]() }

// NumericColumn returns the Numeric of R's column name, which must be
// numeric.
func NumericColumn[R any](name string) (Numeric[R], error) { return pq.NumericColumn[R](name) }
