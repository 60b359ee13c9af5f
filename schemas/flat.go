package schemas

import (
	"context"
	"io"
	"path"
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
// the rows field by field from memory (pqnullable.go, pqlists.go);
// readFlat (flatread.go) checks a file's columns against the same
// declaration and decodes them page by page into the rows' fields.

// flatTable is a flat table: its name (a table constant) and its row
// type's columns and Parquet schema (layout).
type flatTable[R any] struct {
	name   string
	layout func() flatLayout // derived from R on first use
}

// flatLayout is what a flat table's row type declares: its columns, their
// names and their Parquet schema.
type flatLayout struct {
	schema  *parquet.Schema
	columns []Column
	names   []string
	bounded []string // the columns with min/max statistics: every scalar one
}

// newFlatTable declares the flat table name with rows of type R. Every
// scalar column of a flat table gets min/max statistics (pqstats.go; a
// list column, null counts only): the tables
// are small, and a query such as `doe > 0.9` can then skip pages. Tables
// are package variables; their layouts are derived by reflection on first
// use, not when the package loads (deriving them all cost every dtbench
// command about 0.4 ms of start-up), so a bad declaration panics when its
// table is first written or read, which every table's round-trip test
// does. A table without a version panics at once.
func newFlatTable[R any](name string) *flatTable[R] {
	writeVersion(name) // panics for a table without a version
	return &flatTable[R]{name: name, layout: sync.OnceValue(func() flatLayout {
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
			schema:  parquet.NewSchema(path.Base(name), parquet.SchemaOf(reflect.New(reflect.TypeFor[R]()).Interface())),
			columns: cols,
			names:   names,
			bounded: bounded,
		}
	})}
}

// writeFlat writes rows to path in the order given, in row groups of
// RowGroupRows rows, every column from the rows' fields; ctx stops it (see
// writeFile).
func writeFlat[R any](ctx context.Context, filePath string, t *flatTable[R], rows []R, opts ...WriteOption) (FileInfo, error) {
	return writeFile(ctx, filePath, int64(len(rows)), func(w io.Writer) error {
		pw, err := newPQWriter(w, t.layout().schema, newWriteConfig(opts), t.layout().bounded...)
		if err != nil {
			return err
		}
		defer pw.release()
		err = writeFlatRows(pw, t, rows)
		runtime.KeepAlive(rows) // the column writers read rows through unsafe pointers
		if err != nil {
			return err
		}
		return pw.close(t.name, nil)
	})
}

// writeFlatRows writes the row groups of rows to pw, pw's group size
// (RowGroupRows in a run) each.
func writeFlatRows[R any](pw *pqWriter, t *flatTable[R], rows []R) error {
	for from := 0; from < len(rows); from += pw.cfg.groupRows {
		if err := writeFlatGroup(pw, t, rows[from:min(from+pw.cfg.groupRows, len(rows))]); err != nil {
			return err
		}
	}
	return nil
}

// writeFlatGroup writes rows (at most pw's group size) to pw as one row
// group, every column from the rows' fields.
func writeFlatGroup[R any](pw *pqWriter, t *flatTable[R], rows []R) error {
	columns := t.layout().columns
	if err := pw.beginRowGroup(len(rows)); err != nil {
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
		column := pw.scalarColumn
		if c.Kind.List() {
			column = pw.listColumn
		}
		if err := column(&src, 0, len(rows)); err != nil {
			return err
		}
	}
	runtime.KeepAlive(rows) // the column writers read rows through unsafe pointers
	return nil
}
