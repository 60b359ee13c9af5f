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

// TestWhitespaceDialect checks the whitespace rules one by one; each
// case's rows must read as want (feature values then class, per row).
func TestWhitespaceDialect(t *testing.T) {
	names := []string{"a", "b", "c"}
	cases := []struct {
		name string
		file string
		text string
		o    Options
		want [][]string
	}{
		// Turney's ann-train.data ends every row in two blanks.
		{"trailing blanks", "t.data", "0.73 0 3  \n0.24 1 1  \n", Options{}, [][]string{{"0.73", "0", "3"}, {"0.24", "1", "1"}}},
		{"runs, tabs, leading blanks", "t.data", "  x \t y\t\tp\n\tz   w q \n", Options{}, [][]string{{"x", "y", "p"}, {"z", "w", "q"}}},
		{"quoted blank", "t.data", "\"x y\" 'a' p\n\"\" \"b\"\"c\" q\n", Options{Format: FormatWhitespace}, [][]string{{"x y", "'a'", "p"}, {"", `b"c`, "q"}}},
		{"marker missing", "t.data", "? 1 p\nu ? q\n", Options{}, [][]string{{"?", "1", "p"}, {"u", "?", "q"}}},
		{"cr line ends", "t.data", "x y p\r\rz w q\r", Options{}, [][]string{{"x", "y", "p"}, {"z", "w", "q"}}},
		{"format option on any name", "t.txt", "x y p\nz w q\n", Options{Format: FormatWhitespace}, [][]string{{"x", "y", "p"}, {"z", "w", "q"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Class, o.Names, o.Missing, o.Nominal = "c", names, MissingKeep, []string{"a", "b"}
			path := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			d, rep, err := Read(path, o)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if rep.Format != FormatWhitespace {
				t.Errorf("format %s; want %s", rep.Format, FormatWhitespace)
			}
			var got [][]string
			for r := range d.Len() {
				var row []string
				for f, a := range d.Schema().Features {
					if v := d.Value(f, r); int(v) < len(a.Values) {
						row = append(row, a.Values[v])
					} else {
						row = append(row, "?")
					}
				}
				got = append(got, append(row, d.Schema().Class.Values[d.Label(r)]))
			}
			if !slices.EqualFunc(got, tc.want, slices.Equal) {
				t.Errorf("rows %q; want %q", got, tc.want)
			}
		})
	}
}

// TestWhitespaceNotDetected checks that a file is read as whitespace only
// where nothing else reads it: a .data file whose first record has a
// comma, a delimiter given, or the format given as csv keep CSV.
func TestWhitespaceNotDetected(t *testing.T) {
	for _, tc := range []struct {
		name, file, text string
		o                Options
		want             string // in the error
	}{
		{"format csv", "t.data", "x y p\nz w q\n", Options{Format: FormatCSV}, `1 field`},
		{"delimiter given", "t.data", "x y p\nz w q\n", Options{Delimiter: ","}, `1 field`},
		{"a .csv name", "t.csv", "x y p\nz w q\n", Options{}, `1 field`},
		{"a comma in the first record", "t.data", "x y,p\nz w q\n", Options{}, `1 fields; want 2`},
		{"one value", "t.data", "x\n", Options{}, `1 field`},
		{"text after a closing quote", "t.txt", "\"x\"y p q\n", Options{Format: FormatWhitespace}, "field 1: text after the closing quote"},
		{"whitespace then a short row", "t.data", "x y p\nz q\n", Options{}, "2 fields; want 3, one per column (read with fields separated by blanks"},
		{"delimiter with whitespace", "t.data", "x y p\n", Options{Format: FormatWhitespace, Delimiter: ";"}, "delimiter: applies to format csv only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			o := tc.o
			o.Class = "c"
			if !strings.Contains(tc.name, "comma") && !strings.Contains(tc.name, "one value") {
				o.Names = []string{"a", "b", "c"}
			} else {
				o.Header = true
			}
			_, _, err := Read(path, o)
			var ie *input.Error
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read: %v; want an *input.Error saying %q", err, tc.want)
			}
		})
	}
}
