package importer

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
)

// TestReadNamesShared reads the names of every shared headerless dataset
// from its UCI .names file.
func TestReadNamesShared(t *testing.T) {
	dir := sharedDir(t)
	cases := []struct {
		file  string
		n     int
		first []string
		last  string
	}{
		{filepath.Join("tic-tac-toe", "tic-tac-toe.names"), 10, []string{"top-left-square", "top-middle-square"}, "Class"},
		{filepath.Join("car", "car.names"), 7, []string{"buying", "maint", "doors"}, "class"},
		{filepath.Join("credit-approval", "crx.names"), 16, []string{"A1", "A2", "A3"}, "A16"},
		{filepath.Join("heart-disease", "heart-disease.names"), 14, []string{"age", "sex", "cp", "trestbps"}, "num"},
		{filepath.Join("hepatitis", "hepatitis.names"), 20, []string{"Class", "AGE", "SEX"}, "HISTOLOGY"},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(dir, tc.file)
			requireFile(t, path)
			names, err := ReadNames(path, tc.n)
			if err != nil {
				t.Fatalf("ReadNames: %v", err)
			}
			if len(names) != tc.n || !slices.Equal(names[:len(tc.first)], tc.first) || names[tc.n-1] != tc.last {
				t.Errorf("ReadNames(%s, %d) = %q; want %d names, starting %q, ending %q", tc.file, tc.n, names, tc.n, tc.first, tc.last)
			}
		})
	}
	hep, err := ReadNames(filepath.Join(dir, "hepatitis", "hepatitis.names"), 20)
	if err == nil && hep[8] != "LIVER BIG" {
		t.Errorf("hepatitis name 9 = %q; want %q", hep[8], "LIVER BIG")
	}
}

// TestParseNames covers each way ParseNames finds names, in order of
// preference, and its errors.
func TestParseNames(t *testing.T) {
	cases := []struct {
		name string
		text string
		n    int
		want []string
		err  string
	}{
		{"numbered section", "7. Attribute Information:\n   1. a b: x, y\n   2. c: continuous\n\n8. Missing: none\n", 2,
			[]string{"a b", "c"}, ""},
		{"hash entries", "7. Attribute Information:\n   -- Only 2 used\n      -- 1. #3  (age)\n      -- 2. #58 (num)\n   -- Complete:\n      1 id: x\n", 2,
			[]string{"age", "num"}, ""},
		{"second run", "4. Attribute Information:\n  1. x: a\n  2. y: b\n  1. p: a\n  2. q: b\n  3. r: c\n", 3,
			[]string{"p", "q", "r"}, ""},
		{"plain entries", "7.  Attribute Information:\n    A1:\tb, a.\n    A2:\tcontinuous.\n    A3: +,-   (class)\n8. Other\n  B: c\n", 3,
			[]string{"A1", "A2", "A3"}, ""},
		{"section preferred to trailing list", "7. Attribute Information:\n  1. x: a\n  2. y: b\n\nu, v\n", 2,
			[]string{"x", "y"}, ""},
		{"trailing list", "1. Title: t\n\n7. Attribute Values:\n   buying   low, high\n\nbuying, maint, class\n\n\n", 3,
			[]string{"buying", "maint", "class"}, ""},
		{"trailing quoted list", "notes\n \n\"Class\",\n\"LIVER BIG\",\n'AGE'\n", 3,
			[]string{"Class", "LIVER BIG", "AGE"}, ""},
		{"trailing list with a full stop", "notes\n\na, b, c.\n", 3, []string{"a", "b", "c"}, ""},
		{"c45", "| a comment: not a name\n>50K, <=50K.\n\nage: continuous.\nworkclass: Private, Never-worked.\n", 3,
			[]string{"age", "workclass", "class"}, ""},
		{"crlf", "7. Attribute Information:\r\n  1. x: a\r\n  2. y: b\r\n", 2, []string{"x", "y"}, ""},
		{"wrong count", "7. Attribute Information:\n  1. x: a\n  2. y: b\n\nx, y, z, w\n", 3, nil,
			"no list of 3 column names found (lists found had 2, 4 names)"},
		{"nothing", "just prose, with a comma\n", 4, nil, "no list of 4 column names found (found no list at all)"},
		{"duplicate", "7. Attribute Information:\n  1. x: a\n  2. x: b\n", 2, nil, `column name "x" listed twice`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseNames(tc.text, tc.n)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseNames = %q, %v; want error containing %q", got, err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("ParseNames = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestReadNamesErrors checks that a names file's errors name the file.
func TestReadNamesErrors(t *testing.T) {
	if _, err := ReadNames(filepath.Join("testdata", "no-such.names"), 3); !input.Is(err) ||
		!strings.Contains(err.Error(), "no-such.names") {
		t.Errorf("ReadNames(missing file) = %v; want an *input.Error naming it", err)
	}
	path := filepath.Join("testdata", "weather.names")
	if _, err := ReadNames(path, 4); !input.Is(err) || !strings.Contains(err.Error(), path+": no list of 4") {
		t.Errorf("ReadNames(%s, 4) = %v; want an *input.Error naming it", path, err)
	}
}
