package schemas

import (
	"context"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
	"github.com/dtbench/dtbench/input"
)

// column is one column of a table written through Arrow (report/summary
// only; the other tables use the page writer): its Arrow field and how to
// move its values between a slice of rows and an Arrow array.
type column[T any] struct {
	field arrow.Field
	put   func(b array.Builder, rows []T)           // append the column's value of every row
	get   func(a arrow.Array, rows []T, offset int) // set rows[offset+i] from a[i]
}

// arrowSchema returns the Arrow schema of cols with the file metadata of
// table, keys sorted.
func arrowSchema[T any](table string, cols []column[T]) *arrow.Schema {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = c.field
	}
	md := arrow.MetadataFrom(map[string]string{ // sorts the keys
		MetaVersion: strconv.Itoa(writeVersion(table)),
		MetaTable:   table,
	})
	return arrow.NewSchema(fields, &md)
}

// writeTable writes rows as one Arrow record, cut into row groups of
// RowGroupRows rows, through pqarrow. Every builder and record is released
// before it returns; mem is the allocator of the Arrow buffers.
func writeTable[T any](mem memory.Allocator, filePath, table string, cols []column[T], rows []T) (FileInfo, error) {
	schema := arrowSchema(table, cols)
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	b.Reserve(len(rows))
	for i, c := range cols {
		c.put(b.Field(i), rows)
	}
	rec := b.NewRecord()
	defer rec.Release()
	props := parquet.NewWriterProperties(
		parquet.WithAllocator(mem),
		parquet.WithCreatedBy(createdBy(table)),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(ZstdLevel),
		parquet.WithMaxRowGroupLength(RowGroupRows),
		parquet.WithDictionaryDefault(true),
		parquet.WithStats(true),
		parquet.WithRootName(path.Base(table)),
		parquet.WithRootRepetition(parquet.Repetitions.Required),
	)
	// No WithStoreSchema: the Parquet types say all there is to say, and a
	// serialized Arrow schema would only tie the bytes to the Arrow version.
	arrowProps := pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(mem))
	return writeFile(filePath, int64(len(rows)), func(w io.Writer) error {
		fw, err := pqarrow.NewFileWriter(schema, w, props, arrowProps)
		if err != nil {
			return err
		}
		if err := fw.Write(rec); err != nil {
			fw.Close()
			return err
		}
		return fw.Close()
	})
}

// readTable reads a result table written by writeTable: it checks the
// metadata and that the columns are exactly cols (name, type,
// nullability), then fills one T per row.
func readTable[T any](mem memory.Allocator, filePath, table string, cols []column[T]) (rows []T, err error) {
	defer recoverCorrupt(filePath, &err)
	rdr, err := file.OpenParquetFile(filePath, false, file.WithReadProps(parquet.NewReaderProperties(mem)))
	if err != nil {
		return nil, &input.Error{File: filePath, Err: fmt.Errorf("not a readable Parquet file: %w", err)}
	}
	defer rdr.Close() // read only
	kv := rdr.MetaData().KeyValueMetadata()
	lookup := func(k string) (string, bool) {
		if v := kv.FindValue(k); v != nil {
			return *v, true
		}
		return "", false
	}
	if _, _, err := checkMeta(filePath, lookup, table); err != nil {
		return nil, err
	}
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		return nil, &input.Error{File: filePath, Err: err}
	}
	got, err := fr.Schema()
	if err != nil {
		return nil, &input.Error{File: filePath, Err: err}
	}
	if err := checkArrowFields(filePath, got.Fields(), cols); err != nil {
		return nil, err
	}
	// Column by column on this goroutine: ReadTable decodes in goroutines
	// of its own, where a panic on a corrupt page could not be recovered.
	n := rdr.NumRows()
	rows = make([]T, n)
	for i, c := range cols {
		if err := readColumn(fr, i, n, func(a arrow.Array, offset int) { c.get(a, rows, offset) }); err != nil {
			return nil, &input.Error{File: filePath, Err: fmt.Errorf("read column %s: %w", c.field.Name, err)}
		}
	}
	return rows, nil
}

// readColumn reads all n values of column i and passes each chunk, with
// its offset, to fn. Everything it allocates is released.
func readColumn(fr *pqarrow.FileReader, i int, n int64, fn func(a arrow.Array, offset int)) error {
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
		fn(a, offset)
		offset += a.Len()
	}
	return nil
}

// checkArrowFields compares a file's fields with the expected columns and
// names the first difference.
func checkArrowFields[T any](filePath string, got []arrow.Field, cols []column[T]) error {
	describe := func(f arrow.Field) string {
		s := f.Name + " " + f.Type.String()
		if f.Nullable {
			s += " nullable"
		}
		return s
	}
	for i := range max(len(got), len(cols)) {
		switch {
		case i >= len(got):
			return input.Filef(filePath, 0, "missing column %s", describe(cols[i].field))
		case i >= len(cols):
			return input.Filef(filePath, 0, "unexpected column %s", describe(got[i]))
		case got[i].Name != cols[i].field.Name || !arrow.TypeEqual(got[i].Type, cols[i].field.Type) ||
			got[i].Nullable != cols[i].field.Nullable:
			return input.Filef(filePath, 0, "column %d is %s, want %s", i, describe(got[i]), describe(cols[i].field))
		}
	}
	return nil
}

// Column constructors for the Go types of the result tables. get may
// assume the array has the field's type: readTable checked it.

func int64Col[T any](name string, v func(*T) *int64) column[T] {
	return column[T]{
		field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64},
		put: func(b array.Builder, rows []T) {
			bb := b.(*array.Int64Builder)
			for i := range rows {
				bb.Append(*v(&rows[i]))
			}
		},
		get: func(a arrow.Array, rows []T, off int) {
			vals := a.(*array.Int64).Int64Values()
			for i, x := range vals {
				*v(&rows[off+i]) = x
			}
		},
	}
}

func int32Col[T any](name string, v func(*T) *int32) column[T] {
	return column[T]{
		field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int32},
		put: func(b array.Builder, rows []T) {
			bb := b.(*array.Int32Builder)
			for i := range rows {
				bb.Append(*v(&rows[i]))
			}
		},
		get: func(a arrow.Array, rows []T, off int) {
			vals := a.(*array.Int32).Int32Values()
			for i, x := range vals {
				*v(&rows[off+i]) = x
			}
		},
	}
}

func stringCol[T any](name string, v func(*T) *string) column[T] {
	return column[T]{
		field: arrow.Field{Name: name, Type: arrow.BinaryTypes.String},
		put: func(b array.Builder, rows []T) {
			bb := b.(*array.StringBuilder)
			for i := range rows {
				bb.Append(*v(&rows[i]))
			}
		},
		get: func(a arrow.Array, rows []T, off int) {
			arr := a.(*array.String)
			prev := ""
			for i := range arr.Len() {
				// Share the string of equal neighbours (learner names repeat).
				if s := arr.Value(i); s != prev || i == 0 {
					prev = strings.Clone(s) // s points into an Arrow buffer
				}
				*v(&rows[off+i]) = prev
			}
		},
	}
}

// columnNames lists the column names of cols, for docs and tests.
func columnNames[T any](cols []column[T]) []string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.field.Name
	}
	return names
}
