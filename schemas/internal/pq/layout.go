package pq

import (
	"github.com/klauspost/compress/zstd"
	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"
)

// The settings that fix the bytes of every file: changing one changes the
// bytes of every table, so treat them like the schema (package schemas
// publishes them as RowGroupRows and ZstdLevel).
const (
	// PageRows is the number of rows in every data page but a chunk's
	// last.
	PageRows = 1 << 16
	// GroupRows is the largest number of rows in one row group.
	GroupRows = 1 << 18
	// ZstdLevel is the zstd level of every page, in zstd's numbering; 1 is
	// the Go encoder's "fastest" speed. The big table (datasets/) is mostly
	// bit-packed codes and deltas that zstd can barely shrink, so a higher
	// level costs time for little.
	ZstdLevel = 1
)

// Layout is how a Writer cuts its rows: into data pages of PageRows rows
// and row groups of GroupRows rows (a chunk's last page and a file's last
// row group shorter). Runs use DefaultLayout; tests use smaller ones to get
// many pages and row groups from a few rows.
type Layout struct {
	PageRows, GroupRows int
}

// DefaultLayout is the layout of every file of a run.
var DefaultLayout = Layout{PageRows: PageRows, GroupRows: GroupRows}

// GroupRows returns the writer's row group size, which its callers cut
// their rows by.
func (w *Writer) GroupRows() int { return w.layout.GroupRows }

// zstdCodec is the zstd codec of every page (parquet-go's codec, with the
// same bytes). It is shared so that its pool of encoders is reused from
// file to file (a new encoder per file costs more than writing a small
// file); it is safe for concurrent use.
var zstdCodec = &pqzstd.Codec{Level: zstd.EncoderLevelFromZstd(ZstdLevel)}
