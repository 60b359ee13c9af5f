package pq

import (
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

// Open opens the Parquet file of size bytes that r reads, as
// parquet.OpenFile does, after checking its magic itself: a file that
// does not start and end with PAR1 is refused saying which, never
// quoting its bytes (the library's message quotes them, and the file may
// be anything: a password file named as a dataset, a part replaced by
// another file). It is the one place dtbench opens a Parquet file
// (schemas.OpenParquetFile); Magic is the writer's (writer.go).
func Open(r io.ReaderAt, size int64, opts ...parquet.FileOption) (*parquet.File, error) {
	var head, tail [4]byte
	if size < int64(len(head)) {
		return nil, fmt.Errorf("not a Parquet file: %d bytes, too short for one", size)
	}
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return nil, fmt.Errorf("read the start of the file: %w", err)
	}
	if string(head[:]) != Magic {
		return nil, fmt.Errorf("not a Parquet file: it does not start with PAR1")
	}
	if _, err := r.ReadAt(tail[:], size-4); err != nil {
		return nil, fmt.Errorf("read the end of the file: %w", err)
	}
	if size < 12 || string(tail[:]) != Magic { // PAR1, a footer's length, PAR1 at least
		return nil, fmt.Errorf("not a complete Parquet file: it does not end with PAR1 (cut short?)")
	}
	pf, err := parquet.OpenFile(r, size, opts...)
	if err != nil {
		return nil, fmt.Errorf("not a readable Parquet file: %w", err)
	}
	return pf, nil
}
