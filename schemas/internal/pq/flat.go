package pq

import (
	"reflect"
	"runtime"
	"sync"
	"unsafe"

	"github.com/parquet-go/parquet-go"
)

// A flat table is one whose rows are a Go struct of scalar fields (and
// lists of floats or strings, flatlists.go), one column per field
// (evaluations, timings, predictions): its row type declares the columns
// once, through its `parquet` tags (flatcols.go). The page writer writes
// the rows field by field from memory (nullable.go, lists.go);
// Flat.Read (flatread.go) checks a file's columns against the same
// declaration and decodes them page by page into the rows' fields.

// Flat is the Parquet form of a flat row type R: its columns, its schema,
// and the writer and reader of its rows.
type Flat[R any] struct {
	layout func() flatLayout // derived from R on first use
}

// flatLayout is what a flat row type declares: its columns, their names
// and their Parquet schema.
type flatLayout struct {
	schema  *parquet.Schema
	columns []Column
	names   []string
	bounded []string // the columns with min/max statistics: every scalar one
}

// NewFlat declares the flat rows R, whose schema is named name. Every
// scalar column of a flat table gets min/max statistics (stats.go; a list
// column, null counts only): the tables are small, and a query such as
// `doe > 0.9` can then skip pages. Flat tables are package variables; their
// layouts are derived by reflection on first use, not when the package
// loads (deriving them all cost every dtbench command about 0.4 ms of
// start-up), so a bad declaration panics when its table is first written
// or read, which every table's round-trip test does.
func NewFlat[R any](name string) *Flat[R] {
	return &Flat[R]{layout: sync.OnceValue(func() flatLayout {
		cols := Columns[R]()
		names := make([]string, len(cols))
		var bounded []string
		for i, c := range cols {
			names[i] = c.Name
			if !c.Kind.List() {
				bounded = append(bounded, c.Name)
			}
		}
		return flatLayout{
			schema:  parquet.NewSchema(name, parquet.SchemaOf(reflect.New(reflect.TypeFor[R]()).Interface())),
			columns: cols,
			names:   names,
			bounded: bounded,
		}
	})}
}

// Schema returns the Parquet schema of R's columns, as parquet.SchemaOf
// derives it.
func (t *Flat[R]) Schema() *parquet.Schema { return t.layout().schema }

// Bounded names the columns that get min/max statistics: every scalar
// one. Give them to NewWriter.
func (t *Flat[R]) Bounded() []string { return t.layout().bounded }

// Write writes rows to w in row groups of w's size, every column from the
// rows' fields.
func (t *Flat[R]) Write(w *Writer, rows []R) error {
	for from := 0; from < len(rows); from += w.layout.GroupRows {
		if err := t.WriteGroup(w, rows[from:min(from+w.layout.GroupRows, len(rows))]); err != nil {
			return err
		}
	}
	return nil
}

// WriteGroup writes rows (at most w's group size) to w as one row group,
// every column from the rows' fields.
func (t *Flat[R]) WriteGroup(w *Writer, rows []R) error {
	columns := t.layout().columns
	if err := w.BeginRowGroup(len(rows)); err != nil {
		return err
	}
	for _, c := range columns {
		src := fieldSource{
			base:     unsafe.Pointer(unsafe.SliceData(rows)),
			stride:   unsafe.Sizeof(*new(R)),
			offset:   c.Offset,
			kind:     c.Kind,
			nullable: c.Nullable,
		}
		column := w.scalarColumn
		if c.Kind.List() {
			column = w.listColumn
		}
		if err := column(&src, 0, len(rows)); err != nil {
			return err
		}
	}
	runtime.KeepAlive(rows) // the column writers read rows through unsafe pointers
	return nil
}
