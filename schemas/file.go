package schemas

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/freelist"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
)

// FileInfo describes a written file for the run manifest.
type FileInfo struct {
	Path   string // the path the file was written to or read from, as given
	Rows   int64  // rows in the file, from its footer
	SHA256 string // lower-case hex SHA-256 of the file's bytes
}

// keptBuffers is how many of each large write buffer are kept for the
// next file (pq.KeptBuffers).
const keptBuffers = pq.KeptBuffers

// keptBufferBytes bounds each kept row group buffer: one grown for a very
// wide table (hundreds of numeric features) is left to the collector
// rather than held for the rest of the run. An oracle grid's are 11 MB
// (datasets) and 15 MB (models; TestKeptBuffersAreBounded).
const keptBufferBytes = 64 << 20

// fileBuffers keeps the 1 MiB write buffers of writeFile: a grid writes
// hundreds of small files, and a fresh buffer per file cost more than
// encoding a small table.
var fileBuffers = freelist.New(keptBuffers, func() *bufio.Writer { return bufio.NewWriterSize(nil, 1<<20) })

// writeFile writes path atomically. It creates path's directory, lets write
// fill a temporary file beside path (named .<base>.tmp-*, which no
// *.parquet glob matches), checks the errors of the final flush and Close,
// and only then renames the file into place. The SHA-256 is computed while
// writing, so the file is not read back. On any error the temporary file is
// removed and path is left as it was; a cancelled ctx is such an error
// from the next write to the file on (at least every 1 MiB), so that a
// signal stops a long write at once.
func writeFile(ctx context.Context, path string, rows int64, write func(io.Writer) error) (FileInfo, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	h := sha256.New()
	bw := fileBuffers.Get()
	bw.Reset(io.MultiWriter(cancelWriter{ctx, f}, h))
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	bw.Reset(nil)
	fileBuffers.Put(bw)
	if err == nil {
		err = f.Chmod(0o644) // CreateTemp uses 0600; tables are meant to be shared
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return FileInfo{}, fmt.Errorf("write %s: %w", path, err)
	}
	return FileInfo{Path: path, Rows: rows, SHA256: sumHex(h)}, nil
}

// cancelWriter is w that fails once ctx is done, with ctx's cause.
type cancelWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c cancelWriter) Write(p []byte) (int, error) {
	if c.ctx.Err() != nil {
		return 0, context.Cause(c.ctx)
	}
	return c.w.Write(p)
}

// HashFile describes an existing table file: its row count from the
// Parquet footer and the SHA-256 of its bytes. The resume logic uses it to
// tell a complete chunk from a missing or damaged one. It accepts a file
// of any table dtbench writes in any schema version that table's reader
// accepts (ReadableVersions). A missing file gives
// an error that wraps fs.ErrNotExist; a file that is not a complete dtbench
// Parquet file gives an *input.Error naming it.
func HashFile(path string) (info FileInfo, err error) {
	defer recoverCorrupt(path, &err)
	f, err := os.Open(path)
	if err != nil {
		return FileInfo{}, fmt.Errorf("hash %s: %w", path, err)
	}
	defer f.Close() // read only
	st, err := f.Stat()
	if err != nil {
		return FileInfo{}, fmt.Errorf("hash %s: %w", path, err)
	}
	pf, err := OpenParquetFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return FileInfo{}, &input.Error{File: path, Err: err}
	}
	if _, _, err := checkMeta(path, pf.Lookup, ""); err != nil {
		return FileInfo{}, err
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, st.Size())); err != nil {
		return FileInfo{}, fmt.Errorf("hash %s: %w", path, err)
	}
	return FileInfo{Path: path, Rows: pf.NumRows(), SHA256: sumHex(h)}, nil
}

func sumHex(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// checkMeta checks a file's dtbench key-value metadata: its table, which
// must be want unless want is "", and its schema version, which must be
// one that table's reader accepts (ReadableVersions). It returns the table
// name and the version.
func checkMeta(path string, lookup func(string) (string, bool), want string) (table string, version int, err error) {
	v, ok := lookup(MetaVersion)
	if !ok {
		return "", 0, input.Filef(path, 0, "not a dtbench table: no %s metadata", MetaVersion)
	}
	table, _ = lookup(MetaTable)
	if want != "" && table != want {
		return "", 0, input.Filef(path, 0, "holds table %q, want %q", table, want)
	}
	reads, ok := tableVersions[table]
	if !ok {
		return "", 0, input.Filef(path, 0, "holds table %q; dtbench writes the tables %q", table, knownTables())
	}
	n, err := strconv.Atoi(v)
	if err != nil || !slices.Contains(reads.reads, n) {
		return "", 0, input.Filef(path, 0, "schema version %q of table %s; this dtbench reads versions %v", v, table, reads.reads)
	}
	return table, n, nil
}

// OpenParquetFile opens the Parquet file of size bytes that r reads, as
// parquet.OpenFile does, after checking its magic itself: a file that
// does not start and end with PAR1 is refused saying which, never
// quoting its bytes (the library's message quotes them, and the file may
// be anything: a password file named as a dataset, a part replaced by
// another file). It is the one place dtbench opens a Parquet file.
func OpenParquetFile(r io.ReaderAt, size int64, opts ...parquet.FileOption) (*parquet.File, error) {
	return pq.Open(r, size, opts...)
}

// openParquet opens a parquet-go table file and checks its metadata. The
// caller closes the returned *os.File after it is done with the
// *parquet.File, which reads from it lazily.
func openParquet(path, table string) (*parquet.File, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, &input.Error{File: path, Err: err}
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, &input.Error{File: path, Err: err}
	}
	pf, err := OpenParquetFile(f, st.Size(), parquet.SkipBloomFilters(true))
	if err != nil {
		f.Close()
		return nil, nil, &input.Error{File: path, Err: err}
	}
	if _, _, err := checkMeta(path, pf.Lookup, table); err != nil {
		f.Close()
		return nil, nil, err
	}
	return pf, f, nil
}

// CheckFileMeta checks a table file's dtbench key-value metadata, read
// through lookup by another Parquet reader (package arrowcheck): that it
// names a table and a version this dtbench reads.
func CheckFileMeta(path string, lookup func(string) (string, bool)) error {
	_, _, err := checkMeta(path, lookup, "")
	return err
}

// RecoverCorrupt is recoverCorrupt for readers in other packages.
func RecoverCorrupt(filePath string, err *error) { recoverCorrupt(filePath, err) }

// recoverCorrupt turns a panic of a Parquet library while decoding a file
// (arrow's zstd codec panics on corrupt pages, for one) into an
// *input.Error naming the file. Install it with defer in readers only.
func recoverCorrupt(filePath string, err *error) {
	if r := recover(); r != nil {
		*err = input.Filef(filePath, 0, "corrupt Parquet file: %v", r)
	}
}
