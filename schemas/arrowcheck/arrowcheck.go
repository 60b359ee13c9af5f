// Package arrowcheck opens dtbench's table files with Apache Arrow's
// Parquet reader, a second implementation beside the parquet-go one
// dtbench writes and reads with. dtbench verify runs it on every table
// file. It is a package of its own so that programs which read or write
// tables but never verify them (the learners' fit commands, the stages)
// do not link Arrow and pay for its package initialisation at start-up.
package arrowcheck

import (
	"fmt"

	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas"
)

// Check opens a table file with Apache Arrow's Parquet reader, a
// second implementation beside the parquet-go one dtbench writes with (and
// the Go sibling of the C++ reader pyarrow and pandas use), and checks
// what an archive's reader relies on: that the footer and the Arrow schema
// decode, that the dtbench metadata names a table and a version this
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
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		return &input.Error{File: path, Err: fmt.Errorf("the Apache Arrow reader cannot read its schema: %w", err)}
	}
	if _, err := fr.Schema(); err != nil {
		return &input.Error{File: path, Err: fmt.Errorf("the Apache Arrow reader cannot read its schema: %w", err)}
	}
	if n := rdr.NumRows(); n != rows {
		return input.Filef(path, 0, "Apache Arrow reads %d rows, the manifest says %d", n, rows)
	}
	return nil
}
