package schemas

import (
	"context"
	"fmt"
	"io"
	"path"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"github.com/parquet-go/parquet-go"
)

// A flat table is one whose rows are a Go struct of scalar fields, one
// column per field (evaluations, timings): its row type declares the
// columns once, through its `parquet` tags (flatcols.go). The page writer
// writes the rows field by field from memory (pqnullable.go); readFlat
// (flatread.go) checks a file's columns against the same declaration and
// decodes them page by page into the rows' fields.

// flatTable is a flat table: its name (a table constant), its row type's
// columns and Parquet schema (layout), and the columns that get min/max
// statistics.
type flatTable[R any] struct {
	name   string
	stats  []string
	layout func() flatLayout // derived from R on first use
}

// flatLayout is what a flat table's row type declares: its columns and
// their Parquet schema.
type flatLayout struct {
	schema  *parquet.Schema
	columns []Column
}

// newFlatTable declares the flat table name with rows of type R; stats
// names its required int64 id columns that get min/max statistics. Tables
// are package variables; their layouts are derived by reflection on first
// use, not when the package loads (deriving them all cost every dtbench
// command about 0.4 ms of start-up), so a bad declaration panics when its
// table is first written or read, which every table's round-trip test
// does. A table without a version panics at once.
func newFlatTable[R any](name string, stats ...string) *flatTable[R] {
	writeVersion(name) // panics for a table without a version
	return &flatTable[R]{name: name, stats: stats, layout: sync.OnceValue(func() flatLayout {
		cols := Columns[R]()
		for _, s := range stats {
			i := slices.IndexFunc(cols, func(c Column) bool { return c.Name == s })
			if i < 0 || cols[i].Kind != KindInt64 || cols[i].Nullable {
				panic(fmt.Sprintf("schemas: table %s: statistics for %q, which is not a required int64 column of %v", name, s, reflect.TypeFor[R]()))
			}
		}
		return flatLayout{
			schema:  parquet.NewSchema(path.Base(name), parquet.SchemaOf(reflect.New(reflect.TypeFor[R]()).Interface())),
			columns: cols,
		}
	})}
}

// writeFlat writes rows to path in the order given, in row groups of
// RowGroupRows rows, every column from the rows' fields; ctx stops it (see
// writeFile).
func writeFlat[R any](ctx context.Context, filePath string, t *flatTable[R], rows []R) (FileInfo, error) {
	return writeFile(ctx, filePath, int64(len(rows)), func(w io.Writer) error {
		pw, err := newPQWriter(w, t.layout().schema, t.stats...)
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

// writeFlatRows writes the row groups of rows to pw.
func writeFlatRows[R any](pw *pqWriter, t *flatTable[R], rows []R) error {
	columns := t.layout().columns
	srcs := make([]fieldSource, len(columns))
	for i, c := range columns {
		srcs[i] = fieldSource{
			base:     unsafe.Pointer(unsafe.SliceData(rows)),
			stride:   unsafe.Sizeof(*new(R)),
			offset:   c.Offset,
			kind:     c.Kind,
			nullable: c.Nullable,
		}
	}
	for from := 0; from < len(rows); from += RowGroupRows {
		to := min(from+RowGroupRows, len(rows))
		if err := pw.beginRowGroup(to - from); err != nil {
			return err
		}
		for i := range srcs {
			if err := pw.scalarColumn(&srcs[i], from, to); err != nil {
				return err
			}
		}
	}
	return nil
}
