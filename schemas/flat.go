package schemas

import (
	"context"
	"path"
	"strconv"

	"github.com/dtbench/dtbench/schemas/internal/pq"
)

// A flat table is one whose rows are a Go struct of scalar fields (and
// lists of floats or strings), one column per field (evaluations, timings,
// predictions, …): its row type declares the columns once, through its
// `parquet` tags (Columns). The page writer writes the rows field by field
// from memory and reads them back the same way (pq.Flat); this file gives
// them the table's name, version and metadata.

// flatTable is a flat table: its name (a table constant) and the Parquet
// form of its rows.
type flatTable[R any] struct {
	name string
	rows *pq.Flat[R]
}

// newFlatTable declares the flat table name with rows of type R. A table
// without a version panics at once; a bad row type panics when the table
// is first written or read (pq.NewFlat), which every table's round-trip
// test does.
func newFlatTable[R any](name string) *flatTable[R] {
	writeVersion(name) // panics for a table without a version
	return &flatTable[R]{name: name, rows: pq.NewFlat[R](path.Base(name))}
}

// file is the Parquet file of the table, for writing it.
func (t *flatTable[R]) file() tableFile {
	return tableFile{table: t.name, schema: t.rows.Schema(), stats: t.rows.Bounded()}
}

// writeFlat writes rows to path in the order given, in row groups of
// RowGroupRows rows, every column from the rows' fields; ctx stops it (see
// writeFile).
func writeFlat[R any](ctx context.Context, filePath string, t *flatTable[R], rows []R, opts ...WriteOption) (FileInfo, error) {
	return t.file().write(ctx, filePath, int64(len(rows)), opts, func(pw *pq.Writer) error {
		return t.rows.Write(pw, rows)
	})
}

// readFlat reads every row of a file of flat table t, in file order, after
// checking its metadata and its columns: exactly t's for a file of the
// table's current version, t's less some nullable columns added since
// (which read as null) for an older version its reader accepts.
func readFlat[R any](filePath string, t *flatTable[R]) (rows []R, err error) {
	defer recoverCorrupt(filePath, &err)
	pf, f, err := openParquet(filePath, t.name)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read only
	v, _ := pf.Lookup(MetaVersion)
	return t.rows.Read(filePath, pf, v == strconv.Itoa(writeVersion(t.name)))
}
