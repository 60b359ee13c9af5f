package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

// diffDatasets describes the first difference between two datasets, or
// returns "" when they are equal: schema (names, labels in order), rows
// and every code.
func diffDatasets(got, want *dataset.Dataset) string {
	gs, ws := got.Schema(), want.Schema()
	if !reflect.DeepEqual(gs, ws) {
		return fmt.Sprintf("schema\n  %+v\nwant\n  %+v", gs, ws)
	}
	if got.Len() != want.Len() {
		return fmt.Sprintf("%d rows; want %d", got.Len(), want.Len())
	}
	for f := range gs.Features {
		if !slices.Equal(got.Column(f), want.Column(f)) {
			return fmt.Sprintf("feature %s: codes %v; want %v", gs.Features[f].Name, got.Column(f), want.Column(f))
		}
	}
	if !slices.Equal(got.Labels(), want.Labels()) {
		return fmt.Sprintf("class codes %v; want %v", got.Labels(), want.Labels())
	}
	return ""
}

// weatherWant is testdata/weather.* read with the default options.
func weatherWant(t *testing.T) *dataset.Dataset {
	t.Helper()
	// The bins and codes of Weka 3.6's Discretize -F -B 5 on weather.arff.
	temp := []string{"(-inf, 68.5]", "(68.5, 71.5]", "(71.5, 73.5]", "(73.5, 80.5]", "(80.5, inf)", "?"}
	hum := []string{"(-inf, 72.5]", "(72.5, 82.5]", "(82.5, 88]", "(88, 93]", "(93, inf)"}
	schema := dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "outlook", Values: []string{"sunny", "overcast", "rainy", "?"}},
			{Name: "temperature", Values: temp},
			{Name: "relative humidity", Values: hum},
			{Name: "windy", Values: []string{"FALSE", "TRUE"}},
		},
		Class: dataset.Attribute{Name: "play", Values: []string{"no", "yes"}},
	}
	x := [][]uint8{
		{0, 4, 2, 0}, {0, 3, 3, 1}, {1, 4, 2, 0}, {2, 5, 4, 0}, {2, 0, 1, 0}, {2, 0, 0, 1}, {1, 0, 0, 1},
		{0, 2, 4, 0}, {3, 1, 0, 0}, {2, 3, 1, 0}, {0, 3, 0, 1}, {1, 2, 3, 1}, {1, 4, 1, 0}, {2, 1, 3, 1},
	}
	y := []uint8{0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestFormats reads the same 14 rows in every format and dialect the
// importer knows and checks that each gives the same dataset.
func TestFormats(t *testing.T) {
	td := func(name string) string { return filepath.Join("testdata", name) }
	cases := []struct {
		name   string
		file   string
		o      Options
		format string
		gzip   bool
	}{
		{"csv header", "weather.csv", Options{Header: true}, FormatCSV, false},
		{"csv bom crlf quoted blanks", "weather-bom-crlf.csv", Options{Header: true}, FormatCSV, false},
		{"csv gzip", "weather.csv.gz", Options{Header: true}, FormatCSV, true},
		{"csv bare cr", "weather-cr.csv", Options{Header: true}, FormatCSV, false},
		{"whitespace detected in .data", "weather-blank.data", Options{NamesFile: td("weather.names")}, FormatWhitespace, false},
		{"whitespace format option", "weather-blank.data", Options{Format: FormatWhitespace, NamesFile: td("weather.names")}, FormatWhitespace, false},
		{"whitespace header quoted blank", "weather-blank.txt", Options{Format: FormatWhitespace, Header: true}, FormatWhitespace, false},
		{"csv semicolon quote NA", "weather-semicolon.csv",
			Options{Header: true, Delimiter: ";", Quote: "'", MissingMarker: "NA"}, FormatCSV, false},
		{"csv names file", "weather.data", Options{NamesFile: td("weather.names")}, FormatCSV, false},
		{"csv unix compress", "weather.data.Z", Options{NamesFile: td("weather.names")}, FormatCSV, true},
		{"csv names", "weather.data",
			Options{Names: []string{"outlook", "temperature", "relative humidity", "windy", "play"}}, FormatCSV, false},
		{"csv format option", "weather.data", Options{Format: FormatCSV, NamesFile: td("weather.names")}, FormatCSV, false},
		{"arff comments quotes crlf bom", "weather.arff", Options{}, FormatARFF, false},
		{"arff gzip", "weather.arff.gz", Options{}, FormatARFF, true},
		{"parquet nulls", "weather.parquet", Options{}, FormatParquet, false},
		{"parquet gzip", "weather.parquet.gz", Options{}, FormatParquet, true},
	}
	want := weatherWant(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Class = "play"
			d, rep, err := Read(td(tc.file), o)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if diff := diffDatasets(d, want); diff != "" {
				t.Fatalf("Read(%s): %s", tc.file, diff)
			}
			if rep.Format != tc.format || (rep.Compression != "") != tc.gzip || rep.Rows != 14 || rep.Kept() != 14 {
				t.Errorf("report %+v; want format %s, gzip %v, 14 rows kept", rep, tc.format, tc.gzip)
			}
			want := map[bool]string{true: Gzip}[tc.gzip]
			if strings.HasSuffix(tc.file, ".Z") {
				want = Compress
			}
			if rep.Compression != want {
				t.Errorf("compression %q; want %q", rep.Compression, want)
			}
			var missing []int
			for _, c := range rep.Features {
				missing = append(missing, c.Missing)
			}
			if !slices.Equal(missing, []int{1, 1, 0, 0}) {
				t.Errorf("missing counts %v; want [1 1 0 0]", missing)
			}
			temp := rep.Features[1]
			if !temp.Discretized || !slices.Equal(temp.Cuts, []float64{68.5, 71.5, 73.5, 80.5}) || temp.Kind != Numeric {
				t.Errorf("temperature %+v; want numeric, cut at 68.5 71.5 73.5 80.5", temp)
			}
			if strings.Contains(tc.file, "parquet") {
				return
			}
			if rep.Features[0].Kind == Numeric || rep.Features[0].Discretized {
				t.Errorf("outlook %+v; want it nominal", rep.Features[0])
			}
		})
	}
}

// TestDeterministic reads every test file twice, and weather.csv with its
// rows reversed, and checks the datasets and reports are equal: the same
// file and options give the same codes, labels and order, and codes of
// discretized columns do not depend on row order.
func TestDeterministic(t *testing.T) {
	for _, tc := range []struct {
		file string
		o    Options
	}{
		{"weather.csv", Options{Class: "play", Header: true}},
		{"weather.arff", Options{Class: "play"}},
		{"weather.parquet", Options{Class: "play", Discretize: Discretization{Method: EqualWidth, Bins: 3}}},
		{"visits.arff", Options{Class: "outcome"}},
		{"nulls.parquet", Options{Class: "result", Missing: MissingDrop, Drop: []string{"ratio", "seen"}}},
	} {
		path := filepath.Join("testdata", tc.file)
		d1, r1, err1 := Read(path, tc.o)
		d2, r2, err2 := Read(path, tc.o)
		if err1 != nil || err2 != nil {
			t.Fatalf("Read(%s): %v, %v", tc.file, err1, err2)
		}
		if diff := diffDatasets(d1, d2); diff != "" || !reflect.DeepEqual(r1, r2) {
			t.Errorf("Read(%s) twice: %s; reports %+v, %+v", tc.file, diff, r1, r2)
		}
	}
	b, err := os.ReadFile(filepath.Join("testdata", "weather.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	slices.Reverse(lines[1:])
	_, bins, _ := readText(t, "reversed.csv", strings.Join(lines, "\n")+"\n", Options{Class: "play", Header: true})
	want := weatherWant(t).Schema()
	if !slices.Equal(bins[1], want.Features[1].Values) || !slices.Equal(bins[2], want.Features[2].Values) {
		t.Errorf("reversed rows: bins %q, %q; want %q, %q", bins[1], bins[2], want.Features[1].Values, want.Features[2].Values)
	}
}
