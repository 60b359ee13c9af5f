package importer

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// manyValues returns a CSV whose column x has n distinct values.
func manyValues(n int) string {
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range n {
		fmt.Fprintf(&b, "v%d,%c\n", i, 'a'+i%2)
	}
	return b.String()
}

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

// TestReadErrors checks that every kind of bad input is an *input.Error
// naming the file and line (or key), with a message saying what is wrong.
func TestReadErrors(t *testing.T) {
	const arffHead = "@relation r\n@attribute a {x,y}\n@attribute b numeric\n@attribute c {p,q}\n@data\n"
	header := Options{Header: true}
	cases := []struct {
		name string
		file string // base name in a temporary folder; content written unless "" and missing
		text string
		o    Options // Class defaults to "c"
		line int     // 0: no line expected; -1: any line
		key  string
		msg  string
	}{
		{"no such file", "absent.csv", "", header, 0, "", "no such file or directory"},
		{"empty csv", "e.csv", "", header, 0, "", "empty file"},
		{"blank csv", "e.csv", "\n  \n\n", header, 0, "", "empty file"},
		{"empty arff", "e.arff", "", Options{}, 0, "", "empty file"},
		{"empty parquet", "e.parquet", "", Options{}, 0, "", "empty file"},
		{"header only", "h.csv", "a,b,c\n", header, 1, "", "no data rows after the header"},
		{"arff header only", "h.arff", "@relation r\n@attribute c {p,q}\n", Options{}, 0, "", "no @data section"},
		{"arff no rows", "h.arff", arffHead + "% nothing\n", Options{}, 6, "", "no data rows after @data"},
		{"no class column", "n.csv", "a,b\n1,2\n", header, 0, "class", `no column named "c" for the class (columns: "a", "b")`},
		{"one class value", "o.csv", "a,c\n1,p\n2,p\n", header, 0, "class", `class column "c" has one value, "p"`},
		{"one class value kept", "o.csv", "a,c\n?,p\n2,q\n", Options{Header: true, Missing: MissingDrop}, 0, "class", "has one value"},
		{"ragged row", "r.csv", "a,b,c\n1,2,p\n1,2\n3,4,q\n", header, 3, "", "2 fields; want 3"},
		{"long row", "r.csv", "a,b,c\n1,2,p,4\n", header, 2, "", "4 fields; want 3"},
		{"unclosed quote", "q.csv", "a,b,c\n1,\"two\n2,p\n", header, 2, "", "quoted field not closed"},
		{"text after quote", "q.csv", "a,b,c\n1,\"two\"x,p\n", header, 2, "", "field 2: text after the closing quote"},
		{"unnamed column", "u.csv", "a,,c\n1,2,p\n", header, 1, "", "column 2 has no name"},
		{"duplicate column", "d.csv", "a,c,a\n1,p,2\n", header, 1, "", `columns 1 and 3 are both named "a"`},
		{"no header source", "d.csv", "1,2,p\n", Options{}, 0, "header", "needs names or names_file"},
		{"names count", "d.csv", "1,2,p\n", Options{Names: []string{"a", "c"}}, 1, "names", "2 names for 3 fields"},
		{"names file count", "d.data", "1,2,p\n3,4,q\n", Options{NamesFile: filepath.Join("testdata", "weather.names")},
			0, "", "no list of 3 column names"},
		{"too many values", "m.csv", manyValues(65), Options{Header: true, Class: "y"}, 66, "",
			`column "x" has more than 64 distinct values (its value "v64" is value 65)`},
		{"too many with missing", "m.csv", manyValues(64) + "?,a\n", Options{Header: true, Class: "y"}, 0, "",
			`column "x" has more than 64 distinct values (with the missing category)`},
		{"unknown drop", "u.csv", "a,b,c\n1,2,p\n", Options{Header: true, Drop: []string{"z"}}, 0, "drop", `no column named "z" to drop`},
		{"unknown nominal", "u.csv", "a,b,c\n1,2,p\n", Options{Header: true, Nominal: []string{"z"}}, 0, "nominal", `no column named "z"`},
		{"every feature dropped", "u.csv", "a,b,c\n1,2,p\n", Options{Header: true, Drop: []string{"a", "b"}}, 0, "", "no feature columns"},
		{"every row dropped", "u.csv", "a,b,c\n?,2,p\n1,2,?\n", Options{Header: true, Missing: MissingDrop}, 0, "",
			"no rows left: 2 rows read, 1 with a missing class, 1 with a missing value"},
		{"unknown extension", "x.txt", "a,c\n1,p\n", header, 0, "format", "cannot tell the format"},
		{"not gzip", "x.csv.gz", "a,c\n1,p\n", header, 0, "", "named .gz but not gzip data"},
		{"truncated gzip", "x.csv.gz", gzipped("a,c\n1,p\n2,q\n")[:20], header, -1, "", "unexpected EOF"},
		{"not compress", "x.data.Z", "a,c\n1,p\n", header, 0, "", "named .Z but not Unix compress data"},
		{"compress width", "x.data.Z", "\x1f\x9d\x91abc", header, 0, "", "largest code width 17 bits"},
		// The codes 97 and 300: 300 is past the table's next free entry.
		{"corrupt compress", "x.data.Z", "\x1f\x9d\x90\x61\x58\x02", header, -1, "", "code 300 beyond the next free entry 257"},
		{"not parquet", "x.parquet", "a,c\n1,p\n", Options{}, 0, "", "not a Parquet file: it does not start with PAR1"},
		{"cut-short parquet", "x.parquet", "PAR1 and then nothing", Options{}, 0, "", "not a complete Parquet file: it does not end with PAR1"},
		{"csv option on arff", "x.arff", arffHead + "x,1,p\n", header, 0, "header", "applies to CSV"},
		{"arff bad header line", "b.arff", "@relation r\n@attribute a {x,y}\nhello\n", Options{}, 3, "", `unexpected header line "hello"`},
		{"arff unknown type", "b.arff", "@relation r\n@attribute a blob\n", Options{}, 2, "", `unknown type "blob"`},
		{"arff relational", "b.arff", "@relation r\n@attribute a relational\n", Options{}, 2, "", "relational attributes are not supported"},
		{"arff twice", "b.arff", "@attribute a {x}\n@attribute a {y}\n", Options{}, 2, "", `attribute "a" declared twice`},
		{"arff empty domain", "b.arff", "@attribute a {}\n", Options{}, 1, "", "empty domain"},
		{"arff value twice", "b.arff", "@attribute a {x,x}\n", Options{}, 1, "", `lists value "x" twice`},
		{"arff unterminated", "b.arff", "@attribute 'a {x}\n", Options{}, 1, "", "unterminated quoted string"},
		{"arff data first", "b.arff", "@data\n", Options{}, 1, "", "@data before any @attribute"},
		{"arff undeclared value", "b.arff", arffHead + "x,1,p\nz,2,q\n", Options{}, 7, "", `value "z" is not declared for attribute "a"`},
		{"arff not a number", "b.arff", arffHead + "x,1,p\ny,two,q\n", Options{}, 7, "", `column "b": "two" is not a finite number`},
		{"arff infinite", "b.arff", arffHead + "x,Infinity,p\n", Options{}, 6, "", "not a finite number"},
		{"arff short row", "b.arff", arffHead + "x,1\n", Options{}, 6, "", "2 values; want 3"},
		{"arff long row", "b.arff", arffHead + "x,1,p,q\n", Options{}, 6, "", "more than 3 values"},
		{"arff missing comma", "b.arff", arffHead + "x,'1' 2,p\n", Options{}, 6, "", `want , after value "1"`},
		{"arff sparse", "s.arff", arffHead + "{0 x, 1 2, 2 p}\n", Options{}, 6, "", "sparse ARFF rows ({index value, …}) are not supported"},
		{"arff bad date", "b.arff", "@attribute d date yyyy-MM-dd\n@attribute c {p,q}\n@data\n2021-02-30,p\n", Options{}, 4, "",
			`"2021-02-30" does not match the date format: a field is out of range`},
		{"arff bad date pattern", "b.arff", "@attribute d date 'yyyy-QQ'\n", Options{}, 1, "", `pattern letter 'Q' is not supported`},
		{"arff missing label clash", "b.arff", "@attribute a {x,'?'}\n@attribute c {p,q}\n@data\nx,p\n?,q\n", Options{}, 0, "",
			`column "a" has a value "?" and missing values too`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			if tc.name != "no such file" {
				if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			o := tc.o
			if o.Class == "" {
				o.Class = "c"
			}
			d, _, err := Read(path, o)
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("Read = %v, %v; want an *input.Error", d, err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Read: %v; want a message containing %q", err, tc.msg)
			}
			// Errors name the data file, or the names file they come from.
			if named := ie.File == path || (o.NamesFile != "" && ie.File == o.NamesFile) ||
				strings.Contains(err.Error(), path); tc.key == "" && !named {
				t.Errorf("Read: %v; want it to name %s", err, path)
			}
			if ie.Line != tc.line && tc.line >= 0 {
				t.Errorf("Read: %v: line %d; want %d", err, ie.Line, tc.line)
			}
			if ie.Key != tc.key {
				t.Errorf("Read: %v: key %q; want %q", err, ie.Key, tc.key)
			}
		})
	}
}

// TestReadErrorsAtAColumn: a file that is not text in UTF-8, or not its
// format from its first line, is refused naming the line and byte column
// and what was wanted, quoting nothing of a file that fails from its
// first line (a password file given as a dataset) and only an excerpt of
// a later line.
func TestReadErrorsAtAColumn(t *testing.T) {
	const passwd = "root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000:Alice,,,:/home/alice:/bin/sh\n"
	header := Options{Header: true}
	for _, tc := range []struct {
		name, file, text string
		o                Options
		line, col        int
		msg              string
		secret           string // must not be in the message
	}{
		{"password file as ARFF", "p.arff", passwd, Options{}, 1, 1, "want @relation, @attribute or @data", "root"},
		{"password file as CSV", "p.csv", passwd, header, 1, 1, `1 field; want a class and at least one feature column: is the delimiter "," right?`, "root"},
		{"indented first line", "p.arff", "   secret stuff\n", Options{}, 1, 4, "want @relation", "secret"},
		{"later ARFF header line", "b.arff", "@relation r\n  hello there\n", Options{}, 2, 3, `unexpected header line "hello there"`, ""},
		{"long ARFF value", "b.arff", "@attribute a {x}\n@attribute c {p}\n@data\n" + strings.Repeat("z", 50) + ",p\n", Options{}, 4, 1,
			`value "` + strings.Repeat("z", 32) + `"… is not declared`, strings.Repeat("z", 33)},
		{"ARFF unknown type", "b.arff", "@relation r\n@attribute a blob\n", Options{}, 2, 14, `unknown type "blob"`, ""},
		{"ARFF second value", "b.arff", "@attribute a {x}\n@attribute c {p}\n@data\nx, q\n", Options{}, 4, 4, `value "q" is not declared`, ""},
		{"CSV not UTF-8", "u.csv", "a,c\nx,p\ncaf\xe9,q\n", header, 3, 4, "byte 0xe9 is not UTF-8", ""},
		{"CSV header not UTF-8", "u.csv", "\xef\xbb\xbfa,\xff\n", header, 1, 6, "byte 0xff is not UTF-8", ""}, // the column counts the BOM's bytes
		{"CSV in a quoted field's second line", "u.csv", "a,c\nx,\"p\nq\x80\"\n", header, 3, 2, "byte 0x80 is not UTF-8", ""},
		{"gzipped CSV not UTF-8", "u.csv.gz", gzipped("a,c\nx\xfe,p\ny,q\n"), header, 2, 2, "byte 0xfe is not UTF-8", ""},
		{"ARFF not UTF-8", "u.arff", "@relation r\n@attribute a {x,caf\xe9}\n", Options{}, 2, 20, "byte 0xe9 is not UTF-8", ""},
		{"ARFF comment not UTF-8", "u.arff", "% caf\xe9\n@relation r\n", Options{}, 1, 6, "byte 0xe9 is not UTF-8", ""},
		{"binary junk as CSV", "j.csv", "\x00\x01PK\x03\x04\x93\x11,\n", header, 1, 7, "byte 0x93 is not UTF-8", "PK"},
		{"names file not UTF-8", "h.data", "x,y,p\ny,z,q\n", Options{NamesFile: "testdata/latin1.names"}, 5, 17, "byte 0xe9 is not UTF-8", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			o := tc.o
			o.Class = "c"
			_, _, err := Read(path, o)
			var ie *input.Error
			if !errors.As(err, &ie) || ie.Line != tc.line || ie.Col != tc.col || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("Read = %v; want line %d, column %d: %s", err, tc.line, tc.col, tc.msg)
			}
			if tc.secret != "" && strings.Contains(strings.TrimPrefix(err.Error(), path), tc.secret) {
				t.Errorf("Read = %v: quotes %q", err, tc.secret)
			}
		})
	}
}

// TestReadParquetErrors checks Parquet columns the importer cannot read.
func TestReadParquetErrors(t *testing.T) {
	type repeated struct {
		Tags  []int32 `parquet:"tags"`
		Class string  `parquet:"class"`
	}
	type infinite struct {
		X     float64 `parquet:"x"`
		Class string  `parquet:"class"`
	}
	dir := t.TempDir()
	rep := filepath.Join(dir, "repeated.parquet")
	writeParquet(t, rep, []repeated{{[]int32{1}, "a"}, {nil, "b"}})
	inf := filepath.Join(dir, "inf.parquet")
	writeParquet(t, inf, []infinite{{1, "a"}, {posInf(), "b"}})
	type text struct {
		X     string `parquet:"x"`
		Class string `parquet:"class"`
	}
	latin1 := filepath.Join(dir, "latin1.parquet")
	writeParquet(t, latin1, []text{{"a", "p"}, {"b", "q"}, {"caf\xe9", "p"}})
	junk := filepath.Join(dir, "junk.parquet")
	if err := os.WriteFile(junk, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, key, msg string }{
		{rep, "column tags", "repeated columns are not supported"},
		{inf, "row 2, column x", "+Inf is not a finite number"},
		{latin1, "row 3, column x", "at byte 4 of the value: byte 0xe9 is not UTF-8"},
		{junk, "", "not a Parquet file: it does not start with PAR1"},
	} {
		_, _, err := Read(tc.path, Options{Class: "class"})
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || ie.File != tc.path || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Read(%s) = %v; want an *input.Error for %s, key %q: %s", tc.path, err, tc.path, tc.key, tc.msg)
		}
	}
}
