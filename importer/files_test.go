package importer

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// splitFile writes the lines of testdata file name to files in a
// temporary folder, the first n lines to the first, the rest to the
// second (each with head first, when given), and returns their paths.
func splitFile(t *testing.T, name string, n int, head string, names ...string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	dir := t.TempDir()
	var out []string
	for i, part := range [][]string{lines[:n], lines[n:]} {
		p := filepath.Join(dir, names[i])
		if err := os.WriteFile(p, []byte(head+strings.Join(part, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestReadFiles checks that the files of a dataset read as the one file
// they were cut from: the same values in the same order, typed and cut
// over every row, in any format, and the report counts each file's rows.
func TestReadFiles(t *testing.T) {
	names := Options{NamesFile: filepath.Join("testdata", "weather.names")}
	want := weatherWant(t)
	const header = "outlook,temperature,\"relative humidity\",windy,play\n"
	for _, tc := range []struct {
		name   string
		paths  func(t *testing.T) []string
		o      Options
		format string
		rows   []int
	}{
		// Row 4's temperature is missing: the first file has no number of
		// rainy's, and the second starts with an outlook first met there.
		{"csv halves", func(t *testing.T) []string { return splitFile(t, "weather.data", 3, "", "a.data", "b.data") }, names, FormatCSV, []int{3, 11}},
		{"csv with a header each", func(t *testing.T) []string {
			return splitFile(t, "weather.data", 9, header, "a.csv", "b.csv")
		}, Options{Header: true}, FormatCSV, []int{9, 5}},
		// Turney's ann-train.data and ann-test.data.
		{"whitespace halves", func(t *testing.T) []string {
			return splitFile(t, "weather-blank.data", 7, "", "ann-train.data", "ann-test.data")
		}, names, FormatWhitespace, []int{7, 7}},
		{"one file compressed", func(t *testing.T) []string {
			return []string{filepath.Join("testdata", "weather.data.Z"), filepath.Join("testdata", "weather.data")}
		}, names, FormatCSV, []int{14, 14}},
		{"parquet twice", func(t *testing.T) []string {
			return []string{filepath.Join("testdata", "weather.parquet"), filepath.Join("testdata", "weather.parquet.gz")}
		}, Options{}, FormatParquet, []int{14, 14}},
		{"arff twice", func(t *testing.T) []string {
			return []string{filepath.Join("testdata", "weather.arff"), filepath.Join("testdata", "weather.arff.gz")}
		}, Options{}, FormatARFF, []int{14, 14}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			paths := tc.paths(t)
			o := tc.o
			o.Class = "play"
			d, rep, err := ReadFiles(paths, o)
			if err != nil {
				t.Fatalf("ReadFiles: %v", err)
			}
			if rep.Format != tc.format {
				t.Errorf("format %s; want %s", rep.Format, tc.format)
			}
			var rows []int
			for i, f := range rep.Files {
				if f.File != paths[i] {
					t.Errorf("file %d is %s; want %s", i, f.File, paths[i])
				}
				rows = append(rows, f.Rows)
			}
			if !slices.Equal(rows, tc.rows) || rep.Rows != d.Len() {
				t.Errorf("rows per file %v, %d in all; want %v, %d", rows, rep.Rows, tc.rows, d.Len())
			}
			if d.Len() == want.Len() {
				if diff := diffDatasets(d, want); diff != "" {
					t.Fatal(diff)
				}
				return
			}
			// The same file twice: its rows twice, the same schema.
			doubled, err := want.Project(append(rowsOf(want.Len()), rowsOf(want.Len())...), rowsOf(want.NumFeatures()))
			if err != nil {
				t.Fatal(err)
			}
			if diff := diffDatasets(d, doubled); diff != "" {
				t.Fatal(diff)
			}
		})
	}
}

func rowsOf(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// TestReadFilesErrors checks the refusals: each names the file at fault
// and, where a line is at fault, its line.
func TestReadFilesErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.csv", "x,y,c\n1,2,p\n3,4,q\n")
	arffA := write("a.arff", "@relation r\n@attribute x {u,v}\n@attribute c {p,q}\n@data\nu,p\nv,q\n")
	for _, tc := range []struct {
		name  string
		paths []string
		o     Options
		file  string // the file the error names
		line  int
		want  string
	}{
		{"fewer columns", []string{a, write("b.csv", "x,c\n\n5,p\n")}, Options{Header: true}, "b.csv", 3, "2 columns; want 3, as " + a + " has"},
		{"other names", []string{a, write("n.csv", "x,z,c\n5,6,p\n")}, Options{Header: true}, "n.csv", 2, `column 2 is "z"; want "y"`},
		{"headerless, more fields", []string{write("a.data", "1,2,p\n"), write("b.data", "1,2,3,q\n")}, Options{Names: []string{"x", "y", "c"}}, "b.data", 1,
			"3 names for 4 fields"},
		{"a short row in the second file", []string{a, write("s.csv", "x,y,c\n5,6,p\n7,q\n")}, Options{Header: true}, "s.csv", 3, "2 fields; want 3"},
		{"other declared values", []string{arffA, write("b.arff", "@relation r\n@attribute x {u,w}\n@attribute c {p,q}\n@data\nw,p\n")}, Options{}, "b.arff", 5,
			`column "x" is nominal {"u", "w"}; want nominal {"u", "v"}`},
		{"formats differ", []string{a, arffA}, Options{Header: true}, "a.arff", 0, "header: applies to CSV"},
		{"formats differ, no option", []string{arffA, a}, Options{}, "a.csv", 0, "reads as csv, and " + arffA + " as arff"},
		{"class map in the second file", []string{a, write("m.csv", "x,y,c\n5,6,p\n7,8,zz\n")},
			Options{Header: true, ClassMap: []ClassRule{{Match: "^[pq]$", Label: "pq"}}}, "m.csv", 3, `class value "zz" of column "c" matches no rule`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Class = "c"
			_, _, err := ReadFiles(tc.paths, o)
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("ReadFiles: %v; want an *input.Error", err)
			}
			if !strings.Contains(err.Error(), tc.want) || filepath.Base(ie.File) != tc.file || ie.Line != tc.line {
				t.Errorf("ReadFiles: %v (file %s, line %d); want %q at %s:%d", err, ie.File, ie.Line, tc.want, tc.file, tc.line)
			}
		})
	}
}

// TestExpand checks that patterns give their matches in sorted order and
// other names as they are, and the refusals.
func TestExpand(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.data", "a.data", "c.test"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := func(names ...string) []string {
		for i, n := range names {
			names[i] = filepath.Join(dir, n)
		}
		return names
	}
	got, err := Expand("path", in("*.data", "c.test", "not-there"))
	if want := in("a.data", "b.data", "c.test", "not-there"); err != nil || !slices.Equal(got, want) {
		t.Errorf("Expand = %q, %v; want %q", got, err, want)
	}
	for _, tc := range []struct {
		patterns []string
		want     string
	}{
		{in("*.names"), "matches no file"},
		{in("[a"), "is not a file pattern"},
		{in("a.data", "*.data"), "names " + filepath.Join(dir, "a.data") + " twice"},
	} {
		if _, err := Expand("paths", tc.patterns); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "paths") {
			t.Errorf("Expand(%q) = %v; want an error under paths saying %q", tc.patterns, err, tc.want)
		}
	}
}
