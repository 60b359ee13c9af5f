package importer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/parquet-go/parquet-go"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// ValuesKey is the Parquet key-value metadata entry of an imported
// dataset that lists every column's labels in code order (a JSON array of
// {"column", "values"}, class last). Read honours it: the columns it
// lists are nominal with exactly those values, in that order, so that
// reading an imported file gives the codes it was written with, values no
// row holds included.
const ValuesKey = "dtbench.values"

// columnValues is one entry of the ValuesKey metadata.
type columnValues struct {
	Column string   `json:"column"`
	Values []string `json:"values"`
}

// WriteParquet writes d as a flat Parquet file at path: one string column
// per feature, in dataset order, then the class column, each row's labels
// as text (what pandas or DuckDB show), with the labels of every column in
// code order under ValuesKey. The missing category is written as its
// label, MissingLabel, like any other value: the file holds no nulls, and
// reading it gives the codes it was written with whatever the missing
// option. Importing the written file again gives the same dataset, and
// writing that gives the same bytes. The file appears whole or not at all
// (written to a temporary file, then renamed).
func WriteParquet(path string, d *dataset.Dataset) error {
	return writeAtomic(path, func(w io.Writer) error { return encodeParquet(w, d) })
}

// WriteARFF writes d as a nominal ARFF file at path (dataset.WriteARFF),
// for Weka: the relation is the file's base name. Like WriteParquet, the
// file appears whole or not at all.
func WriteARFF(path string, d *dataset.Dataset) error {
	relation := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return writeAtomic(path, func(w io.Writer) error { return dataset.WriteARFF(w, d, relation) })
}

// writeAtomic writes a file through encode into a temporary file beside
// path, synced, then renamed over path.
func writeAtomic(path string, encode func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 1<<16)
	if err := encode(bw); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp's 0600 is for a file still being written
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// encodeParquet writes d to w as WriteParquet describes.
func encodeParquet(w io.Writer, d *dataset.Dataset) error {
	s := d.Schema()
	attrs := append(append([]dataset.Attribute{}, s.Features...), s.Class)
	meta := make([]columnValues, len(attrs))
	fields := make([]reflect.StructField, len(attrs))
	for i, a := range attrs {
		if strings.ContainsRune(a.Name, ',') || a.Name == "" {
			return fmt.Errorf("column name %s cannot name a Parquet column here (empty, or holds a comma)", input.Excerpt(a.Name))
		}
		for _, v := range a.Values {
			if !utf8.ValidString(v) {
				return fmt.Errorf("column %s: label %s is not UTF-8 text", input.Excerpt(a.Name), input.Excerpt(v))
			}
		}
		if !utf8.ValidString(a.Name) {
			return fmt.Errorf("column name %s is not UTF-8 text", input.Excerpt(a.Name))
		}
		meta[i] = columnValues{Column: a.Name, Values: a.Values}
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: reflect.TypeFor[string](),
			Tag: reflect.StructTag(`parquet:` + strconv.Quote(a.Name+",dict"))}
	}
	seen := map[string]bool{}
	for _, a := range attrs {
		if seen[a.Name] {
			return fmt.Errorf("column name %s is used twice", input.Excerpt(a.Name))
		}
		seen[a.Name] = true
	}
	metaJSON, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	schema := parquet.SchemaOf(reflect.Zero(reflect.StructOf(fields)).Interface())
	pw := parquet.NewWriter(w, schema, parquet.KeyValueMetadata(ValuesKey, string(metaJSON)),
		parquet.Compression(&parquet.Zstd), parquet.CreatedBy("dtbench", "", ""))
	// One parquet.Value per label, built once.
	labels := make([][]parquet.Value, len(attrs))
	for i, a := range attrs {
		labels[i] = make([]parquet.Value, len(a.Values))
		for v, text := range a.Values {
			labels[i][v] = parquet.ByteArrayValue([]byte(text)).Level(0, 0, i)
		}
	}
	row := make(parquet.Row, len(attrs))
	buf := make([]parquet.Row, 0, 1024)
	for r := range d.Len() {
		for f := range s.Features {
			row[f] = labels[f][d.Value(f, r)]
		}
		row[len(s.Features)] = labels[len(s.Features)][d.Label(r)]
		buf = append(buf, append(parquet.Row(nil), row...))
		if len(buf) == cap(buf) {
			if _, err := pw.WriteRows(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if _, err := pw.WriteRows(buf); err != nil {
		return err
	}
	return pw.Close()
}
