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

// TestLineEnds checks that LF, CRLF and bare CR end lines alike, in any
// mix, blank lines and quoted line ends included, and that the line
// numbers in errors count lines so ended.
func TestLineEnds(t *testing.T) {
	const lf = "x,c\na,p\n\n\"b\nc\",q\nd,p\n"
	for _, tc := range []struct{ name, text string }{
		{"lf", lf},
		{"crlf", strings.ReplaceAll(lf, "\n", "\r\n")},
		{"cr", strings.ReplaceAll(lf, "\n", "\r")},
		{"mixed", "x,c\ra,p\r\n\n\"b\rc\",q\r\nd,p"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, values, class := readText(t, "d.csv", tc.text, Options{Class: "c", Header: true})
			if want := []string{"a", "b\nc", "d"}; !slices.Equal(values[0], want) {
				t.Errorf("values %q; want %q", values[0], want)
			}
			if want := []string{"p", "q"}; !slices.Equal(class, want) {
				t.Errorf("class %q; want %q", class, want)
			}
		})
	}
}

// TestCountMessages checks that an error about a record's number of
// fields says how the file was split: its delimiter and line ends.
func TestCountMessages(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		o          Options
		line       int
		want       []string
	}{
		// HTRU_2.csv's mistake before CR was a line end: every row one record.
		{"names for fields", "1,2,p\r3,4,q\r", Options{Names: []string{"a", "c"}}, 1,
			[]string{"2 names for 3 fields", `delimiter ","`, "line ends CR", "(1 line so far)"}},
		{"fields per record", "a,c\n1,p\r\n2,3,q\r\n", Options{Header: true}, 3,
			[]string{"3 fields; want 2", "line ends LF ×1, CRLF ×2"}},
		// The reader's buffer holds 64 KiB: the CRLF after "a,p" straddles it.
		{"crlf at the buffer's edge", "x,c\r" + strings.Repeat(" ", 64<<10-8) + "a,p\r\nb,q,r\r", Options{Header: true}, 3,
			[]string{"3 fields; want 2", "line ends CRLF ×1, CR ×2", "(3 lines so far)"}},
		{"one field", "a;c\r1;p\r", Options{Header: true}, 1,
			[]string{"1 field", "line ends CR"}},
		{"names file", "1,2,p\r3,4,q\r", Options{NamesFile: filepath.Join("testdata", "weather.names")}, 0,
			[]string{"first record of 3 fields", "line ends CR"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.csv")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			o := tc.o
			o.Class = "c"
			_, _, err := Read(path, o)
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("Read: %v; want an *input.Error", err)
			}
			if ie.Line != tc.line {
				t.Errorf("error at line %d; want %d (%v)", ie.Line, tc.line, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q; want it to say %q", err, w)
				}
			}
		})
	}
}
