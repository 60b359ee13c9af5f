package importer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// readText writes text to a temporary file called name and reads it.
func readText(t *testing.T, name, text string, o Options) (*Report, [][]string, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	d, rep, err := Read(path, o)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	var values [][]string
	for _, a := range d.Schema().Features {
		values = append(values, a.Values)
	}
	return &rep, values, d.Schema().Class.Values
}

// TestCSVDialect checks the CSV rules one by one; each case's first
// feature must read as want.
func TestCSVDialect(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		o     Options
		want  []string
		codes string // the first feature's codes, as digits
	}{
		{"quoted line end", "x,c\r\n\"a\r\nb\",p\r\n\"a\nb\",q\r\nz,p\r\n", Options{}, []string{"a\nb", "z"}, "001"},
		{"doubled quote", "x,c\n\"say \"\"hi\"\"\",p\n\"\",q\n", Options{}, []string{`say "hi"`, ""}, "01"},
		{"bare quote is literal", "x,c\n5\"11,p\nab\",q\n", Options{}, []string{`5"11`, `ab"`}, "01"},
		{"blanks trimmed unless quoted", "x,c\n  a  ,p\n\" a \",q\n\ta\t,p\n", Options{}, []string{"a", " a "}, "010"},
		{"empty and marker missing", "x,c\n?,p\nu,q\n,p\n  ,q\nv,p\n", Options{}, []string{"u", "v", "?"}, "20221"},
		{"quoted marker is a value", "x,c\n\"?\",q\n?,p\nv,p\n", Options{Missing: MissingDrop}, []string{"?", "v"}, "01"},
		{"marker", "x,c\nNA,p\nv,q\n\"NA\",p\n", Options{MissingMarker: "NA"}, []string{"v", "NA", "?"}, "201"},
		{"no quoting", "x,c\n\"a,p\n\"a\",q\n", Options{Quote: NoQuote}, []string{`"a`, `"a"`}, "01"},
		{"other quote", "x,c\n'a,b',p\n\"c\",q\n", Options{Quote: "'"}, []string{"a,b", `"c"`}, "01"},
		{"tabs", "x\tc\na b\tp\n\tq\n", Options{Delimiter: "\t"}, []string{"a b", "?"}, "01"},
		{"blank lines skipped", "\n\nx,c\n\n a,p\n   \n\nb,q\n\n", Options{}, []string{"a", "b"}, "01"},
		{"no final line end", "x,c\na,p\nb,q", Options{}, []string{"a", "b"}, "01"},
		{"bom", "\ufeffx,c\na,p\nb,q\n", Options{}, []string{"a", "b"}, "01"},
		{"not numbers", "x,c\ninf,p\nNaN,q\n0x10,p\n1_000,q\n1e999,p\n", Options{},
			[]string{"inf", "NaN", "0x10", "1_000", "1e999"}, "01234"},
		{"numbers", "x,c\n1e3,p\n-2.5,q\n+.5,p\n7.,q\n", Options{},
			[]string{"(-inf, -1]", "(-1, 3.75]", "(3.75, 503.5]", "(503.5, inf)"}, "3012"},
		{"nominal numbers ordered", "x,c\n10,p\n9,q\n2.0,p\n10,q\n02,p\n", Options{Nominal: []string{"x"}},
			[]string{"02", "2.0", "9", "10"}, "32130"},
		{"mixed numbers and words", "x,c\n10,p\n9,q\nten,p\n", Options{}, []string{"10", "9", "ten"}, "012"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Class, o.Header = "c", true
			path := filepath.Join(t.TempDir(), "d.csv")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			d, rep, err := Read(path, o)
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if numbers := rep.Features[0].Kind == Numeric; numbers != (tc.o.Nominal != nil || strings.HasPrefix(tc.name, "numbers")) {
				t.Errorf("kind %v", rep.Features[0].Kind)
			}
			if got := d.Schema().Features[0].Values; !slices.Equal(got, tc.want) {
				t.Errorf("values %q; want %q", got, tc.want)
			}
			var codes strings.Builder
			for _, v := range d.Column(0) {
				codes.WriteByte('0' + v)
			}
			if codes.String() != tc.codes {
				t.Errorf("codes %s; want %s", codes.String(), tc.codes)
			}
		})
	}
}

// TestClassOrder checks the class's label order: first appearance, or
// numeric order when every class is a number.
func TestClassOrder(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"x,c\na,10\nb,9\na,2\n", []string{"2", "9", "10"}},
		{"x,c\na,no\nb,yes\na,no\n", []string{"no", "yes"}},
		{"x,c\na,b\nb,a\na,?\n", []string{"b", "a"}}, // a missing class drops the row
	} {
		rep, _, class := readText(t, "d.csv", tc.text, Options{Class: "c", Header: true})
		if !slices.Equal(class, tc.want) {
			t.Errorf("class values %q; want %q", class, tc.want)
		}
		if strings.Contains(tc.text, "?") && rep.DroppedClass != 1 {
			t.Errorf("dropped %d rows for a missing class; want 1", rep.DroppedClass)
		}
	}
}
