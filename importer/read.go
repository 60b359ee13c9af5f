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
	"slices"
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
	return ReadFiles([]string{path}, o)
}

// ReadFiles reads several files as one table, as Read reads one: the rows
// of each file in the order given (UCI's and Turney's train and test
// files, ann-train.data and ann-test.data), every file in the same format
// and with the same columns (with a header row or an ARFF header each;
// the same names, kinds and declared values), so that values are typed,
// ordered and cut over all the rows together. A file whose number of
// columns differs is refused naming it and its first row's line.
func ReadFiles(paths []string, o Options) (*dataset.Dataset, Report, error) {
	if len(paths) == 0 {
		return nil, Report{}, input.Keyf("path", "no data file")
	}
	if err := o.Validate(); err != nil {
		return nil, Report{}, err
	}
	opts := make([]Options, len(paths))
	for i, path := range paths {
		fo, err := fileOptions(path, o)
		if err != nil {
			return nil, Report{}, err
		}
		if fo.Format != opts[0].Format && i > 0 {
			return nil, Report{}, input.Filef(path, 0, "reads as %s, and %s as %s: the files of one dataset must have one format (set format)", fo.Format, paths[0], opts[0].Format)
		}
		opts[i] = fo
	}
	var t *table
	for i, path := range paths {
		fo := opts[i]
		ft, err := readTable(path, fo.withDefaults())
		if err != nil {
			return nil, Report{}, err
		}
		if t == nil {
			t = ft
			continue
		}
		if ft.format != t.format {
			return nil, Report{}, input.Filef(path, 0, "reads as %s, and %s as %s: the files of one dataset must have one format (set format)", ft.format, paths[0], t.format)
		}
		if err := t.append(ft); err != nil {
			return nil, Report{}, err
		}
	}
	for _, c := range t.cols {
		c.finish()
	}
	return build(t, o.withDefaults())
}

// fileOptions returns o for the file at path: its format taken from the
// file's name when o has none, and the options checked against it.
func fileOptions(path string, o Options) (Options, error) {
	if o.Format != "" {
		return o, nil
	}
	f, err := FormatOf(path)
	if err != nil {
		return o, err
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
		return o, err
	}
	return o, nil
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
	// MixedCompression is a dataset of several files (ReadFiles) not all
	// compressed alike.
	MixedCompression = "mixed"
)

// readTable opens path, decompresses it when it is gzip or Unix compress
// data (known by its first two bytes, whatever its name), and reads it in
// format o.Format, into a table whose columns are still open (not
// finished), so that the next file of the dataset can be appended.
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
	t.compression = compression
	t.parts = []part{{file: path, start: 0}}
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

// Expand returns the files that patterns name, in order: a pattern with
// a glob metacharacter (* ? [) gives its matches in sorted order (see
// filepath.Match), any other pattern itself. A pattern that matches no
// file, a malformed one, and a file named twice are errors under key.
func Expand(key string, patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		if !strings.ContainsAny(p, "*?[") {
			out = append(out, p)
			continue
		}
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, input.Keyf(key, "%q is not a file pattern: %v", p, err)
		}
		if len(m) == 0 {
			return nil, input.Keyf(key, "%q matches no file", p)
		}
		slices.Sort(m)
		out = append(out, m...)
	}
	for i, p := range out {
		if slices.Contains(out[:i], p) {
			return nil, input.Keyf(key, "names %s twice", p)
		}
	}
	return out, nil
}
