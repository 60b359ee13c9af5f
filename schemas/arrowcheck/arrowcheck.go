// Package arrowcheck opens dtbench's table files with Apache Arrow's
// Parquet reader, a second implementation beside the parquet-go one
// dtbench writes and reads with. dtbench verify runs it on every table
// file. It is a package of its own so that programs which read or write
// tables but never verify them (the learners' fit commands, the stages)
// do not link Arrow and pay for its package initialisation at start-up.
//
// It uses Arrow's file-level reader (parquet/file), not the Arrow-table
// layer (pqarrow): that layer links Arrow's compute kernels, Flight and
// gRPC, whose package initialisation cost every dtbench command about
// 5 ms of its 13 ms start-up. That every table's schema maps to Arrow and
// every cell reads back through pqarrow is checked by the schemas tests
// instead (arrow_test.go), once per table layout: the files of a table
// differ only in their rows.
package arrowcheck

import (
	"fmt"

	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Check opens a table file with Apache Arrow's Parquet reader, a
// second implementation beside the parquet-go one dtbench writes with (and
// the Go sibling of the C++ reader pyarrow and pandas use), and checks
// what an archive's reader relies on: that the footer, its schema and
// every row group's column chunks decode, that the dtbench metadata names a table and a version this
// dtbench knows, and that the row count is rows. dtbench verify runs it on
// every table file, so an archive is known to open outside dtbench too.
func Check(path string, rows int64) (err error) {
	defer schemas.RecoverCorrupt(path, &err)
	mem := memory.NewGoAllocator()
	rdr, err := file.OpenParquetFile(path, false, file.WithReadProps(parquet.NewReaderProperties(mem)))
	if err != nil {
		return &input.Error{File: path, Err: fmt.Errorf("the Apache Arrow reader cannot open it: %w", err)}
	}
	defer rdr.Close() // read only
	kv := rdr.MetaData().KeyValueMetadata()
	lookup := func(k string) (string, bool) {
		if v := kv.FindValue(k); v != nil {
			return *v, true
		}
		return "", false
	}
	if err := schemas.CheckFileMeta(path, lookup); err != nil {
		return err
	}
	// The footer's schema and every row group's column chunks decode, and
	// the row groups add up to the file's row count.
	md := rdr.MetaData()
	if md.Schema.NumColumns() == 0 {
		return input.Filef(path, 0, "the Apache Arrow reader finds no columns")
	}
	var sum int64
	for g := range rdr.NumRowGroups() {
		rg := md.RowGroup(g)
		for c := range rg.NumColumns() {
			if _, err := rg.ColumnChunk(c); err != nil {
				return &input.Error{File: path, Err: fmt.Errorf("the Apache Arrow reader cannot read row group %d column %d: %w", g, c, err)}
			}
		}
		sum += rg.NumRows()
	}
	if sum != rdr.NumRows() {
		return input.Filef(path, 0, "Apache Arrow reads %d rows in the row groups, %d in the footer", sum, rdr.NumRows())
	}
	if n := rdr.NumRows(); n != rows {
		return input.Filef(path, 0, "Apache Arrow reads %d rows, the manifest says %d", n, rows)
	}
	return nil
}
