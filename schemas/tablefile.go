package schemas

import (
	"context"
	"io"
	"strconv"

	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
)

// tableFile is one Parquet file of a table, as every writer writes it: the
// page writer over the table's schema, with min/max statistics on the
// columns stats, and a footer that names the table, its schema version
// and the dtbench version that wrote it (created_by), beside the table's
// own metadata.
type tableFile struct {
	table  string // a table constant
	schema *parquet.Schema
	stats  []string          // the top-level columns with min/max statistics
	meta   map[string]string // key-value metadata beside MetaVersion and MetaTable
}

// write writes the file to path atomically (writeFile), rows rows laid out
// and stamped as opts say; body writes its row groups.
func (f tableFile) write(ctx context.Context, path string, rows int64, opts []WriteOption, body func(*pq.Writer) error) (FileInfo, error) {
	cfg := newWriteConfig(opts)
	return writeFile(ctx, path, rows, func(w io.Writer) error {
		pw, err := pq.NewWriter(w, f.schema, cfg.layout, f.stats...)
		if err != nil {
			return err
		}
		defer pw.Release()
		if err := body(pw); err != nil {
			return err
		}
		meta := map[string]string{MetaVersion: strconv.Itoa(writeVersion(f.table)), MetaTable: f.table}
		for k, v := range f.meta {
			meta[k] = v
		}
		return pw.Close(createdBy(f.table, cfg.version), meta)
	})
}
