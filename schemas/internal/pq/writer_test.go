package pq

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// The writer's own tests: misuse is an error, and a flat file reads back
// as written with the footer it was given. The tables' tests (package
// schemas: round trips, fuzz, the conformance test, Arrow's reads) cover
// the bytes of every table.

// nodeRow and modelHead have the shape of the node tables' first columns.
type nodeRow struct {
	TreeID  int64   `parquet:"tree_id"`
	Node    int32   `parquet:"node"`
	Parent  int32   `parquet:"parent"`
	Values  []int32 `parquet:"values,list"`
	Feature int32   `parquet:"feature"`
	Class   int32   `parquet:"class"`
}

type modelHead struct {
	TreeID    int64  `parquet:"tree_id"`
	DatasetID int64  `parquet:"dataset_id"`
	OracleID  int64  `parquet:"oracle_id"`
	Learner   string `parquet:"learner"`
}

// timingRow is a flat row of required columns.
type timingRow struct {
	DatasetID int64  `parquet:"dataset_id"`
	Learner   string `parquet:"learner"`
	Step      string `parquet:"step"`
	Nanos     int64  `parquet:"nanos"`
}

// listRow has a scalar column and both kinds of list.
type listRow struct {
	ID            int64     `parquet:"id"`
	Classes       []string  `parquet:"classes,list"`
	Probabilities []float64 `parquet:"probabilities,list"`
}

func schemaOf[R any](name string) *parquet.Schema {
	return parquet.NewSchema(name, parquet.SchemaOf(new(R)))
}

// columns runs the column writes in order after err, stopping at the
// first error.
func columns(err error, writes ...func() error) error {
	for _, write := range writes {
		if err != nil {
			return err
		}
		err = write()
	}
	return err
}

// TestWriterMisuse checks that a caller writing columns out of order, of
// the wrong kind or length, gets an error rather than a damaged file.
func TestWriterMisuse(t *testing.T) {
	nodes := schemaOf[nodeRow]("oracles")
	cases := []struct {
		name  string
		write func(w *Writer) error
		want  string
	}{
		{"column outside a row group", func(w *Writer) error { return w.Int64Column([]int64{1}) }, "outside a row group"},
		{"wrong kind", func(w *Writer) error {
			return columns(w.BeginRowGroup(1), func() error { return w.Int32Column([]int32{1}) })
		}, "written as INT32"},
		{"wrong length", func(w *Writer) error {
			return columns(w.BeginRowGroup(2), func() error { return w.Int64Column([]int64{1}) })
		}, "1 rows, the row group 2"},
		{"missing columns", func(w *Writer) error {
			return columns(w.BeginRowGroup(1), func() error { return w.Int64Column([]int64{1}) },
				func() error { return w.Close("test", nil) })
		}, "1 of 6 columns"},
		{"list offsets outside", func(w *Writer) error {
			return columns(w.BeginRowGroup(1),
				func() error { return w.Int64Column([]int64{1}) },
				func() error { return w.Int32Column([]int32{0}) },
				func() error { return w.Int32Column([]int32{-1}) },
				func() error { return w.Int32ListColumn([]int32{1}, []int32{0, 2}) })
		}, "offsets outside"},
		{"list offsets decrease", func(w *Writer) error {
			return columns(w.BeginRowGroup(2),
				func() error { return w.Int64Column([]int64{1, 1}) },
				func() error { return w.Int32Column([]int32{0, 1}) },
				func() error { return w.Int32Column([]int32{-1, 0}) },
				func() error { return w.Int32ListColumn([]int32{1, 2}, []int32{1, 0, 2}) })
		}, "offsets decrease"},
		{"stats on no column", func(*Writer) error {
			_, err := NewWriter(new(strings.Builder), nodes, DefaultLayout, "tree_id", "nope")
			return err
		}, "not all top-level columns"},
		{"stats on a list", func(*Writer) error {
			_, err := NewWriter(new(strings.Builder), nodes, DefaultLayout, "values")
			return err
		}, "not all top-level columns"},
		{"stats on a dictionary", func(*Writer) error {
			w, err := NewWriter(new(strings.Builder), schemaOf[modelHead]("models"), DefaultLayout, "learner")
			if err != nil {
				return err
			}
			defer w.Release()
			return columns(w.BeginRowGroup(1),
				func() error { return w.Int64Column([]int64{1}) },
				func() error { return w.Int64Column([]int64{1}) },
				func() error { return w.Int64Column([]int64{1}) },
				func() error { return w.StringColumn([]string{"id3"}, []int32{0}) })
		}, "no min/max statistics"},
		{"no rows a page", func(*Writer) error {
			_, err := NewWriter(new(strings.Builder), nodes, Layout{PageRows: 0, GroupRows: 1})
			return err
		}, "want at least 1 of each"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWriter(new(strings.Builder), nodes, DefaultLayout, "tree_id")
			if err != nil {
				t.Fatal(err)
			}
			defer w.Release()
			if err := tc.write(w); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v; want one containing %q", err, tc.want)
			}
		})
	}
}

// TestScalarColumnMisuse checks that a flat column written against the
// wrong leaf fails rather than damaging the file.
func TestScalarColumnMisuse(t *testing.T) {
	rows := []timingRow{{1, "a", "fit", 2}}
	src := func(kind Kind, nullable bool, offset uintptr) *fieldSource {
		return &fieldSource{base: unsafe.Pointer(&rows[0]), stride: unsafe.Sizeof(rows[0]), offset: offset, kind: kind, nullable: nullable}
	}
	cases := []struct {
		name string
		src  *fieldSource
		want string
	}{
		{"wrong kind", src(KindInt32, false, 0), "written as INT32"},
		{"nullable into required", src(KindInt64, true, 0), "written as nullable true"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWriter(new(bytes.Buffer), schemaOf[timingRow]("timings"), DefaultLayout)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Release()
			err = columns(w.BeginRowGroup(1), func() error { return w.scalarColumn(tc.src, 0, 1) })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("scalarColumn = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestListColumnMisuse checks that a list column written from the wrong
// source fails rather than damaging the file.
func TestListColumnMisuse(t *testing.T) {
	rows := []listRow{{1, []string{"a", "b"}, []float64{0.25, 0.75}}, {2, []string{"a", "b"}, []float64{1, 0}}}
	cols := Columns[listRow]()
	src := func(c int, kind Kind, nullable bool) *fieldSource {
		return &fieldSource{base: unsafe.Pointer(&rows[0]), stride: unsafe.Sizeof(rows[0]), offset: cols[c].Offset, kind: kind, nullable: nullable}
	}
	for _, tc := range []struct {
		name   string
		column int // the column written, after the columns before it as the schema's
		src    *fieldSource
		want   string
	}{
		{"a scalar column as a list", 0, src(0, KindFloat64List, false), "repeated true"},
		{"strings as doubles", 1, src(1, KindFloat64List, false), "written as DOUBLE"},
		{"nullable", 2, src(2, KindFloat64List, true), "nullable true"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWriter(new(bytes.Buffer), schemaOf[listRow]("lists"), DefaultLayout)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Release()
			if err := w.BeginRowGroup(2); err != nil {
				t.Fatal(err)
			}
			for i := range tc.column {
				write := w.scalarColumn
				if cols[i].Kind.List() {
					write = w.listColumn
				}
				if err := write(src(i, cols[i].Kind, cols[i].Nullable), 0, 2); err != nil {
					t.Fatalf("column %s: %v", cols[i].Name, err)
				}
			}
			if err := w.listColumn(tc.src, 0, 2); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("listColumn = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

// flatRow has a nullable column of every scalar kind besides required
// ones and lists.
type flatRow struct {
	ID      int64     `parquet:"id"`
	Name    string    `parquet:"name"`
	Score   *float64  `parquet:"score,optional"`
	Leaves  *int32    `parquet:"leaves,optional"`
	Done    *bool     `parquet:"done,optional"`
	Note    *string   `parquet:"note,optional"`
	Classes []string  `parquet:"classes,list"`
	Probs   []float64 `parquet:"probs,list"`
}

// TestFlatWriteRead writes flat rows across pages and row groups and reads
// them back (Open, Flat.Read): the rows are those written, and the footer
// holds the created_by and the metadata given, sorted by key.
func TestFlatWriteRead(t *testing.T) {
	x, n, yes, note := 1.5, int32(-3), true, "ü"
	rows := make([]flatRow, 11)
	for i := range rows {
		rows[i] = flatRow{ID: int64(i), Name: []string{"id3", "", "cart"}[i%3], Classes: []string{}, Probs: []float64{}}
		switch i % 4 {
		case 0:
			rows[i].Score, rows[i].Leaves = &x, &n
		case 1:
			rows[i].Done, rows[i].Note = &yes, &note
			rows[i].Classes, rows[i].Probs = []string{"a", "b"}, []float64{0.5, 0.5}
		case 2:
			rows[i].Score, rows[i].Done = &x, &yes
		}
	}
	flat := NewFlat[flatRow]("flat")
	var buf bytes.Buffer
	w, err := NewWriter(&buf, flat.Schema(), Layout{PageRows: 2, GroupRows: 5}, flat.Bounded()...)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	if err := flat.Write(w, rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close("test version 1", map[string]string{"z": "last", "a": "first", "m": "middle"}); err != nil {
		t.Fatal(err)
	}
	pf, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if g := len(pf.RowGroups()); g != 3 {
		t.Errorf("%d row groups of 11 rows by 5; want 3", g)
	}
	md := rawFooter(t, buf.Bytes()) // parquet-go's sorts the keys on open
	var keys []string
	for _, kv := range md.KeyValueMetadata {
		keys = append(keys, kv.Key)
	}
	if md.CreatedBy != "test version 1" || !slices.Equal(keys, []string{"a", "m", "z"}) {
		t.Errorf("footer: created_by %q, keys %q; want %q and a, m, z", md.CreatedBy, keys, "test version 1")
	}
	got, err := flat.Read("flat.parquet", pf, true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, rows)
	}
}

// rawFooter decodes the footer of a Parquet file as written.
func rawFooter(t *testing.T, data []byte) *format.FileMetaData {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	var md format.FileMetaData
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), data[len(data)-8-n:len(data)-8], &md); err != nil {
		t.Fatal(err)
	}
	return &md
}
