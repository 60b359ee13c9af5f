package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// sharedFile returns a file under shared/datasets, skipping when it is absent.
func sharedFile(t *testing.T, rel string) string { return shareddata.FileOrSkip(t, rel) }

// weatherTable is Quinlan's weather data as published: outlook,
// temperature, humidity, windy, play.
var weatherTable = [][5]string{
	{"sunny", "hot", "high", "FALSE", "no"},
	{"sunny", "hot", "high", "TRUE", "no"},
	{"overcast", "hot", "high", "FALSE", "yes"},
	{"rainy", "mild", "high", "FALSE", "yes"},
	{"rainy", "cool", "normal", "FALSE", "yes"},
	{"rainy", "cool", "normal", "TRUE", "no"},
	{"overcast", "cool", "normal", "TRUE", "yes"},
	{"sunny", "mild", "high", "FALSE", "no"},
	{"sunny", "cool", "normal", "FALSE", "yes"},
	{"rainy", "mild", "normal", "FALSE", "yes"},
	{"sunny", "mild", "normal", "TRUE", "yes"},
	{"overcast", "mild", "high", "TRUE", "yes"},
	{"overcast", "hot", "normal", "FALSE", "yes"},
	{"rainy", "mild", "high", "TRUE", "no"},
}

// labelsOf returns row r of d as labels, features then class.
func labelsOf(d *Dataset, r int) []string {
	s := d.Schema()
	var out []string
	for f, a := range s.Features {
		out = append(out, a.Values[d.Value(f, r)])
	}
	return append(out, s.Class.Values[d.Label(r)])
}

func TestReadARFFWeather(t *testing.T) {
	path := sharedFile(t, "weather-nominal/weather.nominal.arff")
	cases := []struct {
		class    string
		features []string
		classOf  int // column of weatherTable that is the class
		counts   []int
		majority int
	}{
		{"", []string{"outlook", "temperature", "humidity", "windy"}, 4, []int{9, 5}, 0},
		{"play", []string{"outlook", "temperature", "humidity", "windy"}, 4, []int{9, 5}, 0},
		// sunny 5, overcast 4, rainy 5: the tie goes to the lower code, sunny.
		{"outlook", []string{"temperature", "humidity", "windy", "play"}, 0, []int{5, 4, 5}, 0},
		{"windy", []string{"outlook", "temperature", "humidity", "play"}, 3, []int{6, 8}, 1},
	}
	for _, tc := range cases {
		t.Run("class="+tc.class, func(t *testing.T) {
			d, err := ReadARFF(path, tc.class)
			if err != nil {
				t.Fatalf("ReadARFF: %v", err)
			}
			s := d.Schema()
			var names []string
			for _, a := range s.Features {
				names = append(names, a.Name)
			}
			if !slices.Equal(names, tc.features) {
				t.Errorf("features %v; want %v", names, tc.features)
			}
			if d.Len() != len(weatherTable) {
				t.Fatalf("%d rows; want %d", d.Len(), len(weatherTable))
			}
			for r, want := range weatherTable {
				row := slices.Clone(want[:])
				class := row[tc.classOf]
				row = append(slices.Delete(row, tc.classOf, tc.classOf+1), class)
				if got := labelsOf(d, r); !slices.Equal(got, row) {
					t.Errorf("row %d = %v; want %v", r, got, row)
				}
			}
			if got := d.ClassCounts(d.All()); !slices.Equal(got, tc.counts) {
				t.Errorf("ClassCounts = %v; want %v", got, tc.counts)
			}
			if got := d.Majority(d.All()); got != tc.majority {
				t.Errorf("Majority = %d; want %d", got, tc.majority)
			}
		})
	}
	// Value rows: sunny days are rows 0, 1, 7, 8 and 10.
	d, err := ReadARFF(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.ValueRows(0, 0).Rows(nil); !slices.Equal(got, []int{0, 1, 7, 8, 10}) {
		t.Errorf("ValueRows(outlook, sunny) = %v", got)
	}
	// Of the sunny days, 2 play and 3 do not.
	if got := d.ClassCounts(d.ValueRows(0, 0)); !slices.Equal(got, []int{2, 3}) {
		t.Errorf("ClassCounts(sunny) = %v; want [2 3]", got)
	}
}

func TestReadARFFShared(t *testing.T) {
	t.Run("contact-lenses", func(t *testing.T) {
		d, err := ReadARFF(sharedFile(t, "contact-lenses/contact-lenses.arff"), "contact-lenses")
		if err != nil {
			t.Fatal(err)
		}
		// Cendrowska's data: 24 rows, soft 5, hard 4, none 15.
		if d.Len() != 24 || !slices.Equal(d.ClassCounts(d.All()), []int{5, 4, 15}) {
			t.Errorf("%d rows, counts %v; want 24, [5 4 15]", d.Len(), d.ClassCounts(d.All()))
		}
	})
	t.Run("vote has missing values", func(t *testing.T) {
		path := sharedFile(t, "vote/vote.arff")
		_, err := ReadARFF(path, "Class")
		var ie *input.Error
		if !errors.As(err, &ie) || ie.File != path || ie.Line == 0 || !strings.Contains(err.Error(), "missing value") {
			t.Errorf("ReadARFF(vote) = %v; want an input error naming the file, a line and the missing value", err)
		}
	})
}

func TestReadARFFTestdata(t *testing.T) {
	cases := []struct {
		file, class string
		features    []string
		classAttr   Attribute
		rows        [][]string // labels, features then class
	}{
		{
			file: "quoted.arff", class: "the class",
			features:  []string{"body part", "size, cm", "plain"},
			classAttr: Attribute{Name: "the class", Values: []string{"yes, really", "no", "?"}},
			rows: [][]string{
				{"left arm", "0-4", "x", "yes, really"},
				{"right leg", "5-9", "y z", "no"},
				{"it's", "'big'", "x", "?"},
				{"left arm", `a\b`, "y z", "no"},
			},
		},
		{
			file: "comments.arff", class: "",
			features:  []string{"outlook", "windy"},
			classAttr: Attribute{Name: "play", Values: []string{"yes", "no"}},
			rows: [][]string{
				{"sunny", "FALSE", "no"},
				{"overcast", "TRUE", "yes"},
				{"rainy", "TRUE", "no"},
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			d, err := ReadARFF(filepath.Join("testdata", tc.file), tc.class)
			if err != nil {
				t.Fatalf("ReadARFF: %v", err)
			}
			s := d.Schema()
			var names []string
			for _, a := range s.Features {
				names = append(names, a.Name)
			}
			if !slices.Equal(names, tc.features) {
				t.Errorf("features %q; want %q", names, tc.features)
			}
			if s.Class.Name != tc.classAttr.Name || !slices.Equal(s.Class.Values, tc.classAttr.Values) {
				t.Errorf("class %q %q; want %q %q", s.Class.Name, s.Class.Values, tc.classAttr.Name, tc.classAttr.Values)
			}
			if d.Len() != len(tc.rows) {
				t.Fatalf("%d rows; want %d", d.Len(), len(tc.rows))
			}
			for r, want := range tc.rows {
				if got := labelsOf(d, r); !slices.Equal(got, want) {
					t.Errorf("row %d = %q; want %q", r, got, want)
				}
			}
		})
	}
}

// checkInputError fails unless err is bad input naming file, line (0: no
// line) and byte column (0: no column).
func checkInputError(t *testing.T, err error, file string, line, col int, want string) {
	t.Helper()
	var ie *input.Error
	switch {
	case err == nil:
		t.Fatalf("no error; want one containing %q", want)
	case !input.Is(err) || !errors.As(err, &ie):
		t.Fatalf("error %v is not an *input.Error", err)
	case ie.File != file || ie.Line != line || ie.Col != col:
		t.Errorf("error at %s:%d:%d; want %s:%d:%d (%v)", ie.File, ie.Line, ie.Col, file, line, col, err)
	case !strings.Contains(err.Error(), want):
		t.Errorf("error %q; want it to contain %q", err, want)
	}
	prefix := file + ": "
	switch {
	case col > 0:
		prefix = fmt.Sprintf("%s:%d:%d: ", file, line, col)
	case line > 0:
		prefix = fmt.Sprintf("%s:%d: ", file, line)
	}
	if !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("error %q does not start with %q", err, prefix)
	}
}

func TestReadARFFFileErrors(t *testing.T) {
	cases := []struct {
		file, class string
		line, col   int
		want        string
	}{
		{"testdata/bad-value.arff", "", 8, 1, `value "z" is not declared for attribute "a"`},
		{"testdata/numeric.arff", "", 3, 0, `attribute "temperature" has type numeric`},
		{"testdata/comments.arff", "Play", 0, 0, `no attribute named "Play" for the class (attributes: "outlook", "windy", "play")`},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			_, err := ReadARFF(tc.file, tc.class)
			checkInputError(t, err, tc.file, tc.line, tc.col, tc.want)
		})
	}
	t.Run("absent file", func(t *testing.T) {
		_, err := ReadARFF("testdata/absent.arff", "")
		checkInputError(t, err, "testdata/absent.arff", 0, 0, "no such file")
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("error %v does not wrap fs.ErrNotExist", err)
		}
	})
}

// TestParseARFFErrors checks ParseARFF's refusals, at the line and byte
// column counted by hand in each text. They come from ARFFReader (the
// importer's ARFF messages, tested again in importer) and from ParseARFF's
// own rules: nominal attributes only, no missing values, a class.
func TestParseARFFErrors(t *testing.T) {
	const head = "@relation r\n@attribute a {x, y}\n@attribute c {p, n}\n@data\n" // data from line 5
	many := make([]string, MaxValues+1)
	for i := range many {
		many[i] = "v" + strings.Repeat("i", i)
	}
	manyAt := len("@attribute a {"+strings.Join(many[:MaxValues], ",")) + 2 // the 65th value
	cases := []struct {
		name, text, class string
		line, col         int
		want              string
	}{
		{"value not in domain", head + "x,p\nz,n\n", "", 6, 1, `value "z" is not declared for attribute "a"`},
		{"class value not in domain", head + "x,q\n", "", 5, 3, `value "q" is not declared for attribute "c"`},
		{"too few values", head + "x\n", "", 5, 0, "1 values; want 2, one per attribute"},
		{"too many values", head + "x,p,p\n", "", 5, 5, "more than 2 values"},
		{"empty value", head + "x,,p\n", "", 5, 3, "value 2: empty value"},
		{"trailing comma", head + "x,p,\n", "", 5, 5, "value 3: empty value"},
		{"missing value", head + "?,p\n", "", 5, 1, `missing value (?) for attribute "a"`},
		{"sparse row", head + "{0 x, 1 p}\n", "", 5, 0, "sparse ARFF rows"},
		{"no comma", head + "'x' 'p'\n", "", 5, 5, `want , after value "x"`},
		{"unterminated value", head + "'x,p\n", "", 5, 1, "value 1: unterminated quoted string"},
		{"numeric attribute", "@attribute a numeric\n", "", 1, 0, `attribute "a" has type numeric`},
		{"string attribute", "@attribute a string\n", "", 1, 0, `attribute "a" has type string`},
		{"date attribute", "@attribute a date\n", "", 1, 0, `attribute "a" has type date`},
		{"relational attribute", "@attribute a relational\n", "", 1, 14, "relational attributes are not supported"},
		{"unknown type", "@attribute a blob\n", "", 1, 14, `unknown type "blob"`},
		{"no type", "@attribute a\n", "", 1, 13, `attribute "a" has no type`},
		{"unterminated name", "@attribute 'a {x}\n", "", 1, 12, "attribute name: unterminated quoted string"},
		{"empty domain", "@attribute a {}\n", "", 1, 15, `attribute "a" has an empty domain`},
		{"duplicate value", "@attribute a {x, y, x}\n", "", 1, 21, `attribute "a" lists value "x" twice`},
		{"too many values in domain", "@attribute a {" + strings.Join(many, ",") + "}\n", "", 1, manyAt, "more than 64 values"},
		{"no closing brace", "@attribute a {x, y\n", "", 1, 19, `want , or } after value "y"`},
		{"text after domain", "@attribute a {x} numeric\n", "", 1, 18, "unexpected text after }"},
		{"duplicate attribute", "@attribute a {x}\n@attribute b {x}\n@attribute a {y}\n", "", 3, 12, `attribute "a" declared twice (attributes 1 and 3)`},
		{"unknown header", "@relation r\n@attrib a {x}\n", "", 2, 1, `unexpected header line "@attrib a {x}"`},
		{"not ARFF from the first line", "root:x:0:0:root:/root:/bin/bash\n", "", 1, 1, "does not read as an ARFF file"},
		{"text after @data", "@attribute a {x}\n@data x\n", "", 2, 0, "unexpected text after @data"},
		{"not UTF-8", "@attribute a {x, caf\xe9}\n", "", 1, 21, "byte 0xe9 is not UTF-8"},
		{"data before attributes", "@relation r\n\n@data\n", "", 3, 0, "@data before any @attribute"},
		{"empty file", "", "", 0, 0, "empty file"},
		{"no data section", "@attribute a {x}\n@attribute c {p}\n", "", 0, 0, "no @data section"},
		{"one attribute", "@attribute a {x}\n@data\nx\n", "", 0, 0, "need at least one feature and a class, got 1"},
		{"unknown class", head, "b", 0, 0, `no attribute named "b"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseARFF(strings.NewReader(tc.text), "inline.arff", tc.class)
			checkInputError(t, err, "inline.arff", tc.line, tc.col, tc.want)
			if strings.Contains(err.Error(), "root") {
				t.Errorf("error %q quotes a file that is not ARFF", err)
			}
		})
	}
}

func TestParseARFFEdgeCases(t *testing.T) {
	cases := []struct {
		name, text string
		rows       int
	}{
		{"no rows", "@relation r\n@attribute a {x}\n@attribute c {p}\n@data\n", 0},
		{"byte-order mark and CRLF", "\uFEFF@relation r\r\n@attribute a {x}\r\n@attribute c {p}\r\n@data\r\nx,p\r\n", 1},
		{"quoted question mark is a value", "@attribute a {'?'}\n@attribute c {p}\n@data\n'?',p\n", 1},
		{"Weka's \\u001E escape", "@attribute a {'a\\u001Eb'}\n@attribute c {p}\n@data\n'a\\u001Eb',p\n", 1},
		{"unknown escape kept", "@attribute a {'a\\qb'}\n@attribute c {p}\n@data\n'a\\qb',p\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseARFF(strings.NewReader(tc.text), "inline.arff", "")
			if err != nil {
				t.Fatalf("ParseARFF: %v", err)
			}
			if d.Len() != tc.rows {
				t.Errorf("%d rows; want %d", d.Len(), tc.rows)
			}
		})
	}
	d, err := ParseARFF(strings.NewReader(cases[3].text), "inline.arff", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Schema().Features[0].Values[0]; got != "a\x1eb" {
		t.Errorf(`\u001E decoded to %q`, got)
	}
}

// TestBlanksAroundValues checks that blanks around data values do not
// change what is read: the same random files, written compactly ("x,p")
// and with blanks ("x , p "), must give equal datasets, with domains of up
// to twelve labels (beyond linearCodes, eight, codes are found by hashing)
// and some labels of two letters.
func TestBlanksAroundValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 17))
	const alphabet = "0123456789abcdefghijKLMNOP"
	for i := range 200 {
		attrs := 2 + rng.IntN(12)
		domains := make([][]string, attrs)
		var head strings.Builder
		head.WriteString("@relation r\n")
		for a := range domains {
			for _, j := range rng.Perm(len(alphabet))[:1+rng.IntN(12)] {
				label := alphabet[j : j+1]
				if rng.IntN(20) == 0 {
					label += "z"
				}
				domains[a] = append(domains[a], label)
			}
			fmt.Fprintf(&head, "@attribute a%d {%s}\n", a, strings.Join(domains[a], ","))
		}
		head.WriteString("@data\n")
		compact, spaced := head.String(), head.String()
		for range 1 + rng.IntN(50) {
			row := make([]string, attrs)
			for a := range row {
				row[a] = domains[a][rng.IntN(len(domains[a]))]
			}
			compact += strings.Join(row, ",") + "\n"
			spaced += strings.Join(row, " , ") + " \n"
		}
		a, err := ParseARFF(strings.NewReader(compact), "compact.arff", "")
		if err != nil {
			t.Fatalf("case %d: compact: %v", i, err)
		}
		b, err := ParseARFF(strings.NewReader(spaced), "spaced.arff", "")
		if err != nil {
			t.Fatalf("case %d: spaced: %v", i, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("case %d: the compact and the spaced rows read differently:\n%s", i, compact)
		}
	}
}
