package pq

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
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

// zstdCodec compresses every page: one klauspost encoder with the options
// of parquet-go's zstd codec (its level, zero frames, no CRC), so the same
// bytes, made once and kept. parquet-go's codec keeps its encoders in a
// sync.Pool, which drops them at every collection; each new one allocated
// its history again (680 MB of an oracle-paper run's 11.8 GB). EncodeAll
// is safe for concurrent use, up to zstdConcurrency calls at once (more
// wait), each on its own state.
var zstdCodec = sync.OnceValue(func() *zstd.Encoder {
	e, err := zstd.NewWriter(nil,
		zstd.WithEncoderConcurrency(zstdConcurrency()),
		zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(ZstdLevel)),
		zstd.WithZeroFrames(true),
		zstd.WithEncoderCRC(false),
	)
	if err != nil {
		panic(fmt.Sprintf("pq: zstd encoder: %v", err)) // the options are constants
	}
	return e
})

// zstdConcurrency is how many pages can be compressed at once: every core
// the process may use, and at least 4 (a run's writers can outnumber
// GOMAXPROCS).
func zstdConcurrency() int { return max(runtime.GOMAXPROCS(0), 4) }

// compressPage appends the zstd frame of body to dst[:0], as parquet-go's
// codec writes it.
func compressPage(dst, body []byte) []byte { return zstdCodec().EncodeAll(body, dst[:0]) }
