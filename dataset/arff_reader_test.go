package dataset

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// TestARFFReader reads a header of every attribute type and two rows, and
// checks each declaration and each value (its attribute, text, missing
// flag, code and byte column, counted by hand) against the text.
func TestARFFReader(t *testing.T) {
	const text = "% a comment\n" +
		"@RELATION 'mixed'\n" +
		"@attribute n numeric\n" +
		"@attribute r REAL\n" +
		"@attribute i Integer\n" +
		"@attribute s string\n" +
		"@attribute d date\n" +
		"@attribute 'd 2' date \"dd/MM/yyyy\"\n" +
		"@attribute few {x, 'y z'}\n" +
		"@attribute many {a,b,c,d,e,f,g,h,i,j}\n" +
		"\n" +
		"@DATA\n" +
		"1.5, 2, 3,'hi there',2021-01-02T03:04:05,02/01/2021,'y z',j\n" +
		"?,?,?,?,?,?,?,'?'   % a bare ? is missing, a quoted one is not\n"
	wantAttrs := []ARFFAttribute{
		{Name: "n", Type: ARFFNumeric},
		{Name: "r", Type: ARFFNumeric},
		{Name: "i", Type: ARFFNumeric},
		{Name: "s", Type: ARFFString},
		{Name: "d", Type: ARFFDate, DateFormat: ARFFDefaultDateFormat},
		{Name: "d 2", Type: ARFFDate, DateFormat: "dd/MM/yyyy"},
		{Name: "few", Type: ARFFNominal, Values: []string{"x", "y z"}},
		{Name: "many", Type: ARFFNominal, Values: strings.Split("a,b,c,d,e,f,g,h,i,j", ",")},
	}
	wantLines := []int{3, 4, 5, 6, 7, 8, 9, 10}
	type value struct {
		ARFFValue
		line int
	}
	wantValues := []value{
		{ARFFValue{Attr: 0, Text: "1.5", Code: -1, Col: 1}, 13},
		{ARFFValue{Attr: 1, Text: "2", Code: -1, Col: 6}, 13},
		{ARFFValue{Attr: 2, Text: "3", Code: -1, Col: 9}, 13},
		{ARFFValue{Attr: 3, Text: "hi there", Code: -1, Col: 11}, 13},
		{ARFFValue{Attr: 4, Text: "2021-01-02T03:04:05", Code: -1, Col: 22}, 13},
		{ARFFValue{Attr: 5, Text: "02/01/2021", Code: -1, Col: 42}, 13},
		{ARFFValue{Attr: 6, Text: "y z", Code: 1, Col: 53}, 13},
		{ARFFValue{Attr: 7, Text: "j", Code: 9, Col: 59}, 13},
	}
	for a := range 7 {
		wantValues = append(wantValues, value{ARFFValue{Attr: a, Text: "?", Missing: true, Code: -1, Col: 2*a + 1}, 14})
	}
	// A quoted '?' is a value: not declared for many, an error at its column.
	r := NewARFFReader(strings.NewReader(text), "mixed.arff")
	for i, want := range wantAttrs {
		got, err := r.Attribute()
		if err != nil {
			t.Fatalf("Attribute %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) || r.Line() != wantLines[i] {
			t.Errorf("Attribute %d = %+v at line %d; want %+v at line %d", i, got, r.Line(), want, wantLines[i])
		}
	}
	for range 2 {
		if _, err := r.Attribute(); err != io.EOF {
			t.Fatalf("Attribute after the header = %v; want io.EOF", err)
		}
	}
	if got := r.Attributes(); !reflect.DeepEqual(got, wantAttrs) {
		t.Errorf("Attributes() = %+v; want %+v", got, wantAttrs)
	}
	for i, want := range wantValues {
		got, err := r.Value()
		if err != nil {
			t.Fatalf("Value %d: %v", i, err)
		}
		if got != want.ARFFValue || r.Line() != want.line {
			t.Errorf("Value %d = %+v at line %d; want %+v at line %d", i, got, r.Line(), want.ARFFValue, want.line)
		}
	}
	_, err := r.Value()
	checkInputError(t, err, "mixed.arff", 14, 15, `value "?" is not declared for attribute "many"`)
}

// TestARFFReaderValueReadsTheHeader checks that Value, called first, reads
// the header and then the values, and that the end of the data is io.EOF
// every time it is asked for.
func TestARFFReaderValueReadsTheHeader(t *testing.T) {
	r := NewARFFReader(strings.NewReader("@attribute a {x, y}\n@attribute c {p}\n@data\ny, p\n\n% end\n"), "two.arff")
	var got []ARFFValue
	for {
		v, err := r.Value()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	want := []ARFFValue{{Attr: 0, Text: "y", Code: 1, Col: 1}, {Attr: 1, Text: "p", Code: 0, Col: 4}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("values %+v; want %+v", got, want)
	}
	if len(r.Attributes()) != 2 {
		t.Errorf("%d attributes; want 2", len(r.Attributes()))
	}
	if _, err := r.Value(); err != io.EOF {
		t.Errorf("Value after the end = %v; want io.EOF", err)
	}
}

// TestARFFReaderErrorOrder checks that a row's faults are reported in the
// order of its text: a value that is not declared before a missing comma
// after it, and a missing comma before a value too many.
func TestARFFReaderErrorOrder(t *testing.T) {
	const head = "@attribute a {x, y}\n@attribute c {p, n}\n@data\n" // data from line 4
	cases := []struct {
		name, row string
		col       int
		want      string
	}{
		{"undeclared, then no comma", "'z' p,p\n", 1, `value "z" is not declared`},
		{"undeclared, then too many", "z,p,p\n", 1, `value "z" is not declared`},
		{"no comma, then too many", "'x' p,p,p\n", 5, `want , after value "x"`},
		{"class undeclared, then too many", "x,q,p\n", 3, `value "q" is not declared`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseARFF(strings.NewReader(head+tc.row), "order.arff", "")
			checkInputError(t, err, "order.arff", 4, tc.col, tc.want)
		})
	}
}
