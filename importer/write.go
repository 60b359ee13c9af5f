package importer

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// WriteParquet writes d as a flat Parquet file at path: one column per
// feature, in dataset order, then the class column. A nominal column holds
// each row's label as text (what pandas or DuckDB show), with the labels
// of every nominal column in code order under ValuesKey; a numeric column
// is a DOUBLE. The missing category (missing: category) is written as its
// label, MissingLabel, like any other value, so a nominal dataset's file
// holds no nulls and reading it gives the codes it was written with
// whatever the missing option. A value kept missing (missing: keep; a
// numeric NaN) is a null, in an optional column: only a column that holds
// one is optional, so a file without missing values is as before. Importing the written file again gives the same dataset, and
// writing that gives the same bytes. The file appears whole or not at all
// (written to a temporary file, then renamed). The footer's created_by
// names the dtbench version that wrote it (CreatedBy).
func WriteParquet(path string, d *dataset.Dataset, version string) error {
	return writeAtomic(path, func(w io.Writer) error { return encodeParquet(w, d, nil, version) })
}

// CreatedBy is the created_by of the Parquet files WriteParquet and
// WriteParquetRows write: "dtbench version <version> (build dataset)",
// the form parquet-mr's, Arrow's and parquet-go's parsers read, as the
// run tables' "(build schema N)". (parquet-go's own CreatedBy option
// writes no space before "(build".)
func CreatedBy(version string) string {
	return "dtbench version " + version + " (build dataset)"
}

// createdBy sets a writer's created_by as it is given.
type createdBy string

func (c createdBy) ConfigureWriter(cfg *parquet.WriterConfig) { cfg.CreatedBy = string(c) }

// RowIDColumn is the first column of the rows dtbench export writes as CSV
// or Parquet: each row's row_id, its row in the dataset the run imported.
const RowIDColumn = "row_id"

// WriteParquetRows is WriteParquet with a first column, RowIDColumn, of
// ids (one per row of d): the rows of a task as dtbench export writes
// them. ValuesKey lists the attributes' labels as WriteParquet's does.
func WriteParquetRows(path string, d *dataset.Dataset, ids []int64, version string) error {
	if err := checkIDs(d, ids); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return writeAtomic(path, func(w io.Writer) error { return encodeParquet(w, d, ids, version) })
}

// checkIDs checks that ids has one id per row of d and that no attribute
// is named like the id column.
func checkIDs(d *dataset.Dataset, ids []int64) error {
	if len(ids) != d.Len() {
		return fmt.Errorf("%d row ids for %d rows", len(ids), d.Len())
	}
	s := d.Schema()
	for _, a := range append(append([]dataset.Attribute{}, s.Features...), s.Class) {
		if a.Name == RowIDColumn {
			return fmt.Errorf("an attribute is named %q, the row id column", RowIDColumn)
		}
	}
	return nil
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

// encodeParquet writes d to w as WriteParquet describes, after a column
// of ids when ids is not nil, naming version in created_by.
func encodeParquet(w io.Writer, d *dataset.Dataset, ids []int64, version string) error {
	s := d.Schema()
	attrs := append(append([]dataset.Attribute{}, s.Features...), s.Class)
	meta := make([]columnValues, 0, len(attrs))
	fields := make([]reflect.StructField, len(attrs))
	lead := 0 // columns before the attributes'
	if ids != nil {
		lead = 1
	}
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
		typ, tag := reflect.TypeFor[string](), a.Name+",dict"
		switch {
		case a.Numeric:
			typ, tag = reflect.TypeFor[float64](), a.Name
		default:
			meta = append(meta, columnValues{Column: a.Name, Values: a.Values})
		}
		if i < len(s.Features) && d.Missing(i) != nil {
			typ = reflect.PointerTo(typ) // optional: null where missing
		}
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: typ, Tag: reflect.StructTag(`parquet:` + strconv.Quote(tag))}
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
	if ids != nil {
		fields = append([]reflect.StructField{{Name: "RowID", Type: reflect.TypeFor[int64](),
			Tag: reflect.StructTag(`parquet:` + strconv.Quote(RowIDColumn))}}, fields...)
	}
	schema := parquet.SchemaOf(reflect.Zero(reflect.StructOf(fields)).Interface())
	pw := parquet.NewWriter(w, schema, parquet.KeyValueMetadata(ValuesKey, string(metaJSON)),
		parquet.Compression(&parquet.Zstd), createdBy(CreatedBy(version)))
	// One parquet.Value per label, built once; a present value of an
	// optional column is at definition level 1, a null at 0.
	labels := make([][]parquet.Value, len(attrs))
	nulls := make([]parquet.Value, len(attrs))
	defined := make([]int, len(attrs))
	for i, a := range attrs {
		if i < len(s.Features) && d.Missing(i) != nil {
			defined[i] = 1
			nulls[i] = parquet.NullValue().Level(0, 0, lead+i)
		}
		labels[i] = make([]parquet.Value, len(a.Values))
		for v, text := range a.Values {
			labels[i][v] = parquet.ByteArrayValue([]byte(text)).Level(0, defined[i], lead+i)
		}
	}
	row := make(parquet.Row, lead+len(attrs))
	buf := make([]parquet.Row, 0, 1024)
	for r := range d.Len() {
		if ids != nil {
			row[0] = parquet.Int64Value(ids[r]).Level(0, 0, 0)
		}
		for f := range s.Features {
			switch {
			case d.IsNumeric(f) && math.IsNaN(d.Numbers(f)[r]), !d.IsNumeric(f) && d.Value(f, r) == dataset.MissingCode:
				row[lead+f] = nulls[f]
			case d.IsNumeric(f):
				row[lead+f] = parquet.DoubleValue(d.Numbers(f)[r]).Level(0, defined[f], lead+f)
			default:
				row[lead+f] = labels[f][d.Value(f, r)]
			}
		}
		row[lead+len(s.Features)] = labels[len(s.Features)][d.Label(r)]
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

// WriteCSV writes the rows of d as CSV at path: a header row, then one row
// per row of d, each a first column RowIDColumn with its id (ids, one per
// row of d; ids nil: no id column, as dtbench import writes), the
// features' labels and the class label, quoted as
// encoding/csv quotes. The missing category is its label, "?"; a number is
// written as dataset.AppendNumber writes it, and a value kept missing
// (missing: keep, a numeric NaN) is "?" too, Weka's CSVLoader's marker
// and this package's (pandas: na_values="?"). A nominal column that holds
// a missing value and a label "?" both is refused: the file could not
// tell them apart. Like WriteParquet, the file appears whole or not at
// all.
func WriteCSV(path string, d *dataset.Dataset, ids []int64) error {
	if ids != nil {
		if err := checkIDs(d, ids); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	return writeAtomic(path, func(w io.Writer) error {
		s := d.Schema()
		cw := csv.NewWriter(w)
		var rec []string
		if ids != nil {
			rec = append(rec, RowIDColumn)
		}
		for _, a := range s.Features {
			rec = append(rec, a.Name)
		}
		rec = append(rec, s.Class.Name)
		if err := cw.Write(rec); err != nil {
			return err
		}
		for f, a := range s.Features {
			if d.Missing(f) != nil && slices.Contains(a.Values, MissingLabel) {
				return fmt.Errorf("column %s has missing values and a value %q, which CSV cannot tell apart", input.Excerpt(a.Name), MissingLabel)
			}
		}
		var num []byte
		for r := range d.Len() {
			rec = rec[:0]
			if ids != nil {
				rec = append(rec, strconv.FormatInt(ids[r], 10))
			}
			for f, a := range s.Features {
				switch {
				case d.IsNumeric(f) && math.IsNaN(d.Numbers(f)[r]), !d.IsNumeric(f) && d.Value(f, r) == dataset.MissingCode:
					rec = append(rec, MissingLabel)
				case d.IsNumeric(f):
					num = dataset.AppendNumber(num[:0], d.Numbers(f)[r])
					rec = append(rec, string(num))
				default:
					rec = append(rec, a.Values[d.Value(f, r)])
				}
			}
			rec = append(rec, s.Class.Values[d.Label(r)])
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	})
}
