// Package arrowrows reads every cell of a Parquet file with Apache Arrow's
// Go reader (pqarrow), an implementation independent of parquet-go, whose
// parts dtbench writes and reads its tables with. It serves the tests that
// check dtbench's files against a second reader (schemas, interop); no
// dtbench command links it, so Arrow's Arrow-table layer stays out of the
// binary's start-up (schemas/arrowcheck uses Arrow's file-level reader
// only).
package arrowrows

import (
	"context"
	"fmt"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// Column is one top-level column of a file.
type Column struct {
	Name     string
	List     bool // a list<int32>, list<double> or list<string>
	Nullable bool // an optional column
}

// Table is a file's columns and its rows, each cell an int64, int32,
// float64, bool, string or, for a list, []int32, []float64 or []string
// (empty, not nil, for an empty list); nil for a null.
type Table struct {
	Columns []Column
	Rows    [][]any
}

// Cells returns column i's cells, row by row.
func (t *Table) Cells(i int) []any {
	out := make([]any, len(t.Rows))
	for r, row := range t.Rows {
		out[r] = row[i]
	}
	return out
}

// Read reads every cell of the Parquet file at path.
func Read(path string) (*Table, error) {
	// Not a checked allocator: Arrow's DELTA_BINARY_PACKED decoder keeps
	// buffers it never frees (it does so for parquet-go's files too).
	mem := memory.NewGoAllocator()
	rdr, err := file.OpenParquetFile(path, false, file.WithReadProps(parquet.NewReaderProperties(mem)))
	if err != nil {
		return nil, fmt.Errorf("arrow opens %s: %w", path, err)
	}
	defer rdr.Close()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		return nil, fmt.Errorf("arrow reads %s: %w", path, err)
	}
	sc, err := fr.Schema()
	if err != nil {
		return nil, fmt.Errorf("arrow reads the schema of %s: %w", path, err)
	}
	n := rdr.NumRows()
	t := &Table{Rows: make([][]any, n)}
	for i, f := range sc.Fields() {
		t.Columns = append(t.Columns, Column{Name: f.Name, List: f.Type.ID() == arrow.LIST, Nullable: f.Nullable})
		if err := readColumn(fr, i, n, t.Rows); err != nil {
			return nil, fmt.Errorf("arrow reads column %s of %s: %w", f.Name, path, err)
		}
	}
	return t, nil
}

// readColumn appends all n cells of column i to the rows.
func readColumn(fr *pqarrow.FileReader, i int, n int64, rows [][]any) error {
	cr, err := fr.GetColumn(context.Background(), i)
	if err != nil {
		return err
	}
	defer cr.Release()
	chunked, err := cr.NextBatch(n)
	if err != nil {
		return err
	}
	defer chunked.Release()
	if chunked.Len() != int(n) {
		return fmt.Errorf("%d values for %d rows", chunked.Len(), n)
	}
	offset := 0
	for _, a := range chunked.Chunks() {
		for r := range a.Len() {
			c, err := cell(a, r)
			if err != nil {
				return err
			}
			rows[offset+r] = append(rows[offset+r], c)
		}
		offset += a.Len()
	}
	return nil
}

// cell is row r of a, as Table holds it.
func cell(a arrow.Array, r int) (any, error) {
	if a.IsNull(r) {
		return nil, nil
	}
	switch a := a.(type) {
	case *array.Int64:
		return a.Value(r), nil
	case *array.Float64:
		return a.Value(r), nil
	case *array.Boolean:
		return a.Value(r), nil
	case *array.Int32:
		return a.Value(r), nil
	case *array.String:
		return a.Value(r), nil
	case *array.List:
		from, to := a.ValueOffsets(r)
		switch vals := a.ListValues().(type) {
		case *array.Int32:
			return listCell(vals.Value, from, to), nil
		case *array.Float64:
			return listCell(vals.Value, from, to), nil
		case *array.String:
			return listCell(vals.Value, from, to), nil
		}
		return nil, fmt.Errorf("a list of %T", a.ListValues())
	}
	return nil, fmt.Errorf("an Arrow array %T", a)
}

// listCell is the values [from, to) of a list's values, never nil.
func listCell[T any](value func(int) T, from, to int64) []T {
	out := []T{}
	for i := from; i < to; i++ {
		out = append(out, value(int(i)))
	}
	return out
}
