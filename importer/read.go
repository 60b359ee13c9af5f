package importer

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/unixcompress"
)

// Read reads the dataset file at path and returns it as a nominal dataset,
// with a report of what was done: numeric and date columns discretized,
// columns dropped, rows with a missing class (and, with Missing: drop,
// rows with any missing value) left out. Every error caused by the file
// or the options is an *input.Error naming the file and line, or the key.
func Read(path string, o Options) (*dataset.Dataset, Report, error) {
	if err := o.Validate(); err != nil {
		return nil, Report{}, err
	}
	if o.Format == "" {
		f, err := FormatOf(path)
		if err != nil {
			return nil, Report{}, err
		}
		o.Format = f
		base := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(path), ".gz"), ".z")
		o.sniffBlanks = f == FormatCSV && o.Delimiter == "" && strings.HasSuffix(base, ".data")
		if err := o.Validate(); err != nil { // CSV-only options on an ARFF file
			var ie *input.Error
			if errors.As(err, &ie) {
				e := *ie
				e.File = path
				err = &e
			}
			return nil, Report{}, err
		}
	}
	o = o.withDefaults()
	t, err := readTable(path, o)
	if err != nil {
		return nil, Report{}, err
	}
	return build(t, o)
}

// FormatOf returns the format that a file name implies: csv for .csv and
// .data, arff for .arff, parquet for .parquet, each optionally followed
// by .gz or .Z, in any case. (Read goes on to read a .data file as whitespace
// when its first record has blanks between values and no comma, and no
// delimiter was given: there the name is not sure and the text is.)
func FormatOf(path string) (string, error) {
	name := strings.ToLower(filepath.Base(path))
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".z")
	switch filepath.Ext(name) {
	case ".csv", ".data":
		return FormatCSV, nil
	case ".arff":
		return FormatARFF, nil
	case ".parquet":
		return FormatParquet, nil
	}
	return "", &input.Error{File: path, Key: "format",
		Err: errors.New("cannot tell the format from the file name (want .csv, .data, .arff or .parquet, optionally .gz or .Z); set format")}
}

// Compressions Read undoes, as Report.Compression names them.
const (
	Gzip     = "gzip"     // gzip, .gz
	Compress = "compress" // Unix compress(1), .Z: LZW (package unixcompress)
)

// readTable opens path, decompresses it when it is gzip or Unix compress
// data (known by its first two bytes, whatever its name), and reads it in
// format o.Format.
func readTable(path string, o Options) (*table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	defer f.Close() // read only: Close cannot lose data
	br := bufio.NewReaderSize(f, 64<<10)
	var r io.Reader = br
	magic, _ := br.Peek(2) // a short file has no magic, and reads as empty below
	compression := ""
	switch {
	case len(magic) < 2:
	case magic[0] == 0x1f && magic[1] == 0x8b:
		compression = Gzip
	case magic[0] == unixcompress.Magic[0] && magic[1] == unixcompress.Magic[1]:
		compression = Compress
	}
	lower := strings.ToLower(path)
	switch {
	case compression != Gzip && strings.HasSuffix(lower, ".gz"):
		return nil, input.Filef(path, 0, "named .gz but not gzip data")
	case compression != Compress && strings.HasSuffix(path, ".Z"):
		return nil, input.Filef(path, 0, "named .Z but not Unix compress data (magic 1f 9d)")
	}
	switch compression {
	case Gzip:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, input.Filef(path, 0, "gzip: %v", err)
		}
		defer zr.Close() // read only
		r = zr
	case Compress:
		zr, err := unixcompress.NewReader(br)
		if err != nil {
			return nil, input.Filef(path, 0, "%v", err)
		}
		r = bufio.NewReaderSize(zr, 64<<10)
	}
	var t *table
	switch o.Format {
	case FormatCSV, FormatWhitespace:
		t, err = readCSV(r, path, o)
	case FormatARFF:
		t, err = readARFF(r, path)
	case FormatParquet:
		t, err = readParquetFrom(f, r, compression != "", path)
	default:
		panic("importer: unvalidated format " + o.Format)
	}
	if err != nil {
		return nil, asInputError(path, err)
	}
	for _, c := range t.cols {
		c.finish()
	}
	t.compression = compression
	return t, nil
}

// readParquetFrom reads Parquet from the open file, or from its
// decompressed bytes (Parquet needs random access).
func readParquetFrom(f *os.File, r io.Reader, compressed bool, path string) (*table, error) {
	if compressed {
		b, err := io.ReadAll(r)
		if err != nil {
			return nil, input.Filef(path, 0, "decompress: %v", err)
		}
		return readParquet(bytes.NewReader(b), int64(len(b)), path)
	}
	st, err := f.Stat()
	if err != nil {
		return nil, fileError(path, err)
	}
	return readParquet(f, st.Size(), path)
}

// fileError names path once, not twice as an *fs.PathError would.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &input.Error{File: path, Err: err}
}

// asInputError makes a read failure bad input: a file that cannot be
// read to its end (a truncated gzip stream, an I/O error) is the file's
// fault as far as the user is concerned, and names it.
func asInputError(path string, err error) error {
	if input.Is(err) {
		return err
	}
	return &input.Error{File: path, Err: fmt.Errorf("read: %w", err)}
}
