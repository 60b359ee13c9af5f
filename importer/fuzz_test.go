package importer

import (
	"bytes"
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dtbench/dtbench/dataset"
)

// bytesource hands out the fuzzer's bytes one at a time, then zeros.
type bytesource struct {
	b []byte
	i int
}

func (s *bytesource) next() byte {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return s.b[s.i-1]
}

func (s *bytesource) small(n int) int { return int(s.next()) % n }

// label returns up to 5 raw bytes: quotes, delimiters, blanks, line ends,
// "?" and invalid UTF-8 included.
func (s *bytesource) label() string {
	b := make([]byte, s.small(6))
	for i := range b {
		b[i] = s.next()
	}
	return string(b)
}

// decodeDataset turns fuzz bytes into a dataset of 1–4 features of 1–4
// values, 2–3 classes and up to 19 rows, names and labels raw bytes.
func decodeDataset(data []byte) (*dataset.Dataset, error) {
	s := &bytesource{b: data}
	var schema dataset.Schema
	attr := func(z int) dataset.Attribute {
		a := dataset.Attribute{Name: s.label()}
		for range z {
			a.Values = append(a.Values, s.label())
		}
		return a
	}
	for range 1 + s.small(4) {
		schema.Features = append(schema.Features, attr(1+s.small(4)))
	}
	schema.Class = attr(2 + s.small(2))
	var x [][]uint8
	var y []uint8
	for range s.small(20) {
		row := make([]uint8, len(schema.Features))
		for f, a := range schema.Features {
			row[f] = uint8(s.small(len(a.Values)))
		}
		x = append(x, row)
		y = append(y, uint8(s.small(len(schema.Class.Values))))
	}
	return dataset.FromRows(schema, x, y)
}

// readable reports whether Read can give d back: distinct, non-empty
// names, distinct labels, every name and label UTF-8 (as every reader
// demands), rows, and at least two classes in use.
func readable(d *dataset.Dataset) bool {
	if d.Len() == 0 {
		return false
	}
	s := d.Schema()
	names := map[string]bool{}
	for _, a := range append(slices.Clone(s.Features), s.Class) {
		if a.Name == "" || names[a.Name] || !utf8.ValidString(a.Name) {
			return false
		}
		names[a.Name] = true
		labels := map[string]bool{}
		for _, v := range a.Values {
			if labels[v] || !utf8.ValidString(v) {
				return false
			}
			labels[v] = true
		}
	}
	used := 0
	for _, n := range d.ClassCounts(d.All()) {
		if n > 0 {
			used++
		}
	}
	return used >= 2
}

// canonical recodes d as a CSV file can carry it: each attribute's used
// labels only, in order of first appearance, or ascending as numbers when
// all are decimal numbers (the importer's order), a CRLF in a label read
// as LF. It returns nil when that makes two labels alike.
func canonical(d *dataset.Dataset) *dataset.Dataset {
	s := d.Schema()
	recode := func(a dataset.Attribute, col []uint8) (dataset.Attribute, []uint8) {
		remap := map[uint8]int{}
		var used []uint8
		for _, v := range col {
			if _, ok := remap[v]; !ok {
				remap[v] = -1
				used = append(used, v)
			}
		}
		label := func(v uint8) string { return strings.ReplaceAll(a.Values[v], "\r\n", "\n") }
		numbers := true
		for _, v := range used {
			if _, ok := decimal(label(v)); !ok {
				numbers = false
			}
		}
		if numbers {
			slices.SortStableFunc(used, func(x, y uint8) int {
				nx, _ := decimal(label(x))
				ny, _ := decimal(label(y))
				return cmp.Or(cmp.Compare(nx, ny), strings.Compare(label(x), label(y)))
			})
		}
		out := dataset.Attribute{Name: a.Name}
		for _, v := range used {
			remap[v] = len(out.Values)
			out.Values = append(out.Values, label(v))
		}
		codes := make([]uint8, len(col))
		for r, v := range col {
			codes[r] = uint8(remap[v])
		}
		return out, codes
	}
	var schema dataset.Schema
	cols := make([][]uint8, len(s.Features))
	for f, a := range s.Features {
		schema.Features = append(schema.Features, dataset.Attribute{})
		schema.Features[f], cols[f] = recode(a, d.Column(f))
	}
	var labels []uint8
	schema.Class, labels = recode(s.Class, d.Labels())
	c, err := dataset.New(schema, cols, labels)
	if err != nil || !readable(c) {
		return nil
	}
	return c
}

// writeCSV writes d with a header row, the class last, quoting what the
// importer would otherwise read differently.
func writeCSV(d *dataset.Dataset) []byte {
	var b bytes.Buffer
	field := func(s string, last bool) {
		if s == "" || s == "?" || strings.ContainsAny(s, ",\"\r\n") || strings.HasPrefix(s, "\uFEFF") ||
			strings.Trim(s, " \t") != s {
			s = `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
		b.WriteString(s)
		if last {
			b.WriteByte('\n')
		} else {
			b.WriteByte(',')
		}
	}
	s := d.Schema()
	for _, a := range s.Features {
		field(a.Name, false)
	}
	field(s.Class.Name, true)
	for r := range d.Len() {
		for f, a := range s.Features {
			field(a.Values[d.Value(f, r)], false)
		}
		field(s.Class.Values[d.Label(r)], true)
	}
	return b.Bytes()
}

// readBack writes b to a temporary file called name and reads it with
// every feature nominal.
func readBack(t *testing.T, name string, b []byte, d *dataset.Dataset, o Options) (*dataset.Dataset, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	o.Class = d.Schema().Class.Name
	for _, a := range d.Schema().Features {
		o.Nominal = append(o.Nominal, a.Name)
	}
	got, _, err := Read(path, o)
	return got, err
}

// encodeDataset is decodeDataset's inverse, for seeds: labels of at most
// 5 bytes, at most 4 features of at most 4 values, 2 or 3 classes and 19
// rows.
func encodeDataset(d *dataset.Dataset) []byte {
	var b []byte
	label := func(s string) { b = append(append(b, byte(len(s))), s...) }
	s := d.Schema()
	b = append(b, byte(len(s.Features)-1))
	for _, a := range s.Features {
		b = append(b, byte(len(a.Values)-1))
		label(a.Name)
		for _, v := range a.Values {
			label(v)
		}
	}
	b = append(b, byte(len(s.Class.Values)-2))
	label(s.Class.Name)
	for _, v := range s.Class.Values {
		label(v)
	}
	b = append(b, byte(d.Len()))
	for r := range d.Len() {
		for f := range s.Features {
			b = append(b, d.Value(f, r))
		}
		b = append(b, d.Label(r))
	}
	return b
}

// fuzzSeeds adds datasets whose names and labels need quoting, look like
// numbers or missing values, or hold line ends.
func fuzzSeeds(f *testing.F) {
	seeds := []struct {
		schema dataset.Schema
		x      [][]uint8
		y      []uint8
	}{
		{dataset.Schema{Features: []dataset.Attribute{{Name: "a b", Values: []string{"x,y", "?", `"q"`}}, {Name: "n", Values: []string{"10", "9", "2.5"}}},
			Class: dataset.Attribute{Name: "c", Values: []string{"yes", "no"}}},
			[][]uint8{{0, 0}, {1, 1}, {2, 2}, {1, 0}}, []uint8{0, 1, 0, 1}},
		{dataset.Schema{Features: []dataset.Attribute{{Name: "'x'", Values: []string{"", " s ", "a\r\nb", "%", "{}"}[:4]}},
			Class: dataset.Attribute{Name: "\ufeffk", Values: []string{"1", "0", "-1"}}},
			[][]uint8{{0}, {1}, {2}, {3}, {0}}, []uint8{2, 1, 0, 0, 1}},
	}
	for _, s := range seeds {
		d, err := dataset.FromRows(s.schema, s.x, s.y)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(encodeDataset(d))
	}
	f.Add([]byte("\x01\x02abc\x03de\x01f\x02gh\x05ij\x01k\x03\x00\x01\x01\x00"))
}

// FuzzCSVRoundtrip writes datasets as CSV and reads them back: every
// dataset CSV can carry reads back equal (see canonical).
func FuzzCSVRoundtrip(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := decodeDataset(data)
		if err != nil {
			return
		}
		want := canonical(d)
		if want == nil {
			return
		}
		got, err := readBack(t, "d.csv", writeCSV(want), want, Options{Header: true})
		if err != nil {
			t.Fatalf("Read: %v\n%q", err, writeCSV(want))
		}
		if diff := diffDatasets(got, want); diff != "" {
			t.Fatalf("round trip: %s\n%q", diff, writeCSV(want))
		}
	})
}

// FuzzARFFRoundtrip writes datasets with dataset.WriteARFF and reads them
// back: declared domains keep their order, so every readable dataset
// reads back exactly.
func FuzzARFFRoundtrip(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := decodeDataset(data)
		if err != nil || !readable(d) {
			return
		}
		var b bytes.Buffer
		if err := dataset.WriteARFF(&b, d, "fuzz"); err != nil {
			t.Fatalf("WriteARFF: %v", err)
		}
		got, err := readBack(t, "d.arff", b.Bytes(), d, Options{})
		if err != nil {
			t.Fatalf("Read: %v\n%s", err, b.Bytes())
		}
		if diff := diffDatasets(got, d); diff != "" {
			t.Fatalf("round trip: %s\n%s", diff, b.Bytes())
		}
	})
}

// FuzzReadCSV reads arbitrary bytes as CSV with a header, the class the
// last column: it must not panic, every error must be bad input, and what
// it reads must write and read back equal (parse, write, parse, as
// encoding/csv's FuzzRoundtrip).
func FuzzReadCSV(f *testing.F) {
	for _, name := range []string{"weather.csv", "weather-bom-crlf.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("a,b\n\"x\ny\",1\n?,2\n,1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		o := Options{Header: true}.withDefaults()
		tab, err := readCSV(bytes.NewReader(data), "fuzz.csv", o)
		if err != nil {
			checkInput(t, err)
			return
		}
		first := readAs(t, "f.csv", data, Options{Header: true, Class: tab.cols[len(tab.cols)-1].name})
		if first == nil {
			return
		}
		want := canonical(first)
		if want == nil {
			return
		}
		got, err := readBack(t, "d.csv", writeCSV(want), want, Options{Header: true})
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		if diff := diffDatasets(got, want); diff != "" {
			t.Fatalf("parse, write, parse: %s", diff)
		}
	})
}

// FuzzReadARFF reads arbitrary bytes as ARFF, the class the last
// attribute: no panic, only bad-input errors, and what it reads writes
// (dataset.WriteARFF) and reads back exactly.
func FuzzReadARFF(f *testing.F) {
	for _, name := range []string{"weather.arff", "visits.arff", filepath.Join("weka", "edges.arff")} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := readARFF(bytes.NewReader(data), "fuzz.arff")
		if err != nil {
			checkInput(t, err)
			return
		}
		first := readAs(t, "f.arff", data, Options{Class: tab.cols[len(tab.cols)-1].name})
		if first == nil || !readable(first) {
			return
		}
		var b bytes.Buffer
		if err := dataset.WriteARFF(&b, first, "fuzz"); err != nil {
			return // two features of one name: legal once read, not writable
		}
		got, err := readBack(t, "d.arff", b.Bytes(), first, Options{})
		if err != nil {
			t.Fatalf("Read: %v\n%s", err, b.Bytes())
		}
		if diff := diffDatasets(got, first); diff != "" {
			t.Fatalf("parse, write, parse: %s\n%s", diff, b.Bytes())
		}
	})
}

// readAs reads data from a temporary file called name; a failure must be
// bad input, and gives nil.
func readAs(t *testing.T, name string, data []byte, o Options) *dataset.Dataset {
	t.Helper()
	if o.Class == "" {
		return nil
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	d, _, err := Read(path, o)
	if err != nil {
		checkInput(t, err)
		return nil
	}
	return d
}

// FuzzParquetRoundtrip writes datasets with WriteParquet and reads them
// back: the ValuesKey metadata keeps every domain's order, so every
// readable dataset reads back exactly, and writing what was read gives
// the same bytes.
func FuzzParquetRoundtrip(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := decodeDataset(data)
		if err != nil || !readable(d) {
			return
		}
		dir := t.TempDir()
		first := filepath.Join(dir, "first.parquet")
		if err := WriteParquet(first, d, "test"); err != nil {
			if parquetUnwritable(d) {
				return
			}
			t.Fatalf("WriteParquet: %v", err)
		}
		got, _, err := Read(first, Options{Class: d.Schema().Class.Name})
		if err != nil {
			t.Fatalf("Read: %v", err)
		}
		if diff := diffDatasets(got, d); diff != "" {
			t.Fatalf("round trip: %s", diff)
		}
		second := filepath.Join(dir, "second.parquet")
		if err := WriteParquet(second, got, "test"); err != nil {
			t.Fatalf("WriteParquet of what was read: %v", err)
		}
		a, _ := os.ReadFile(first)
		b, _ := os.ReadFile(second)
		if !bytes.Equal(a, b) {
			t.Fatalf("writing the dataset read back gives other bytes (%d vs %d)", len(a), len(b))
		}
	})
}

// parquetUnwritable reports whether WriteParquet must refuse d: a column
// name that is empty or holds a comma, or a name or label that is not
// UTF-8.
func parquetUnwritable(d *dataset.Dataset) bool {
	s := d.Schema()
	for _, a := range append(slices.Clone(s.Features), s.Class) {
		if a.Name == "" || strings.ContainsRune(a.Name, ',') || !utf8.ValidString(a.Name) {
			return true
		}
		for _, v := range a.Values {
			if !utf8.ValidString(v) {
				return true
			}
		}
	}
	return false
}
