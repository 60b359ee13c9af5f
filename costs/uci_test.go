package costs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// heartFeatures are heart-disease's features in data order (its .names
// file, attributes 3-15, the class num left out).
var heartFeatures = []string{"age", "sex", "cp", "trestbps", "chol", "fbs", "restecg", "thalach", "exang", "oldpeak", "slope", "ca", "thal"}

// hepatitisFeatures are hepatitis' features as its .names file spells
// them, the class (first) left out.
var hepatitisFeatures = []string{"AGE", "SEX", "STEROID", "ANTIVIRALS", "FATIGUE", "MALAISE", "ANOREXIA", "LIVER BIG", "LIVER FIRM", "SPLEEN PALPABLE", "SPIDERS", "ASCITES", "VARICES", "BILIRUBIN", "ALK PHOSPHATE", "SGOT", "ALBUMIN", "PROTIME", "HISTOLOGY"}

// TestReadUCIShared reads Turney's cost files of heart-disease and
// hepatitis and checks the group costs their .expense files imply:
// heart-disease's A (chol 7.27/5.17, fbs 5.20/3.10) shares 2.10, B
// (thalach, thal 102.90/1.00) 101.90, C (exang, oldpeak, slope
// 87.30/1.00) 86.30 with 1.00 each; hepatitis' blood tests A share 2.10.
// Both resolve against their datasets' feature names (hepatitis with
// its one misspelt test renamed).
func TestReadUCIShared(t *testing.T) {
	type groupWant struct {
		common  float64
		members map[string]float64 // member → its Cost (the discounted cost)
	}
	cases := []struct {
		name     string
		features []string
		rename   map[string]string
		groups   map[string]groupWant
		delayed  int
		tests    map[string]float64 // some ungrouped tests' costs
	}{
		{"heart-disease", heartFeatures, nil, map[string]groupWant{
			"A": {2.10, map[string]float64{"chol": 5.17, "fbs": 3.10}},
			"B": {101.90, map[string]float64{"thalach": 1, "thal": 1}},
			"C": {86.30, map[string]float64{"exang": 1, "oldpeak": 1, "slope": 1}},
		}, 9, map[string]float64{"age": 1, "restecg": 15.50, "ca": 100.90}},
		{"hepatitis", hepatitisFeatures, map[string]string{"antviral": "ANTIVIRALS"}, map[string]groupWant{
			"A": {2.10, map[string]float64{"bilirubin": 5.17, "alk_phosphate": 5.17, "sgot": 5.17, "albumin": 5.17, "protime": 6.20}},
		}, 5, map[string]float64{"histology": 1, "antviral": 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := shareddata.FileOrSkip(t, filepath.Join(tc.name, "costs", tc.name+".cost"))
			s, err := ReadUCI(strings.TrimSuffix(path, ".cost"))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Groups) != len(tc.groups) {
				t.Errorf("groups %v; want %d", s.Groups, len(tc.groups))
			}
			for g, w := range tc.groups {
				gs := s.Groups[g]
				if gs.Common != w.common {
					t.Errorf("group %s common cost = %v; want %v", g, gs.Common, w.common)
				}
				if len(gs.Members) != len(w.members) {
					t.Errorf("group %s members %v; want %d", g, gs.Members, len(w.members))
				}
				for _, name := range gs.Members {
					if c, ok := w.members[name]; !ok || s.Tests[name] != c {
						t.Errorf("group %s member %s costs %v; want %v", g, name, s.Tests[name], c)
					}
				}
			}
			for name, c := range tc.tests {
				if s.Tests[name] != c {
					t.Errorf("test %s costs %v; want %v", name, s.Tests[name], c)
				}
			}
			if len(s.Delayed) != tc.delayed {
				t.Errorf("%d delayed tests (%v); want %d", len(s.Delayed), s.Delayed, tc.delayed)
			}
			s.Rename = tc.rename
			m, err := s.Resolve(tc.features, 2)
			if err != nil {
				t.Fatal(err)
			}
			// Every test's full cost is its .cost entry.
			full := readCosts(t, path)
			for f, ts := range m.Tests {
				name := ts.Name
				for from, to := range tc.rename {
					if to == name {
						name = from
					}
				}
				want, ok := full[fold(name)]
				if !ok {
					t.Fatalf("feature %s has no .cost entry", ts.Name)
				}
				if !near9(m.Full(f), want) {
					t.Errorf("Full(%s) = %v; want its .cost %v", ts.Name, m.Full(f), want)
				}
			}
		})
	}
}

// readCosts reads a .cost file's "name: cost" lines by folded name.
func readCosts(t *testing.T, path string) map[string]float64 {
	t.Helper()
	e, err := readEntries(path, true, costValues)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, x := range e.entries {
		c, err := parseCost(x.value)
		if err != nil {
			t.Fatal(err)
		}
		out[fold(x.name)] = c
	}
	return out
}

// TestReadUCIErrors writes bad cost files and checks that each fails
// with an *input.Error naming the file and line.
func TestReadUCIErrors(t *testing.T) {
	good := map[string]string{
		".cost":    "a: 1.00\nb: 7.27\nc: 5.20\n",
		".delay":   "a: immediate.\nb: delayed.\nc: delayed.\n",
		".group":   "A.\n\nb: A.\nc: A.\n",
		".expense": "a: 1.00, 1.00\nb: 7.27, 5.17\nc: 5.20, 3.10\n",
	}
	cases := []struct {
		name string
		ext  string
		text string // replaces good[ext]; "" deletes the file
		file string // the extension the error names
		line int
		msg  string
	}{
		{"no .cost", ".cost", "", ".cost", 0, "no such file"},
		{"no colon", ".cost", "a: 1\nb 7.27\nc: 5.2\n", ".cost", 2, `want "test: value"`},
		{"not a number", ".cost", "a: 1\nb: seven\nc: 5.2\n", ".cost", 2, `want a cost, a number >= 0 after the test's name, got "seven"`},
		{"negative cost", ".cost", "a: 1\nb: 7.27\nc: -5.2\n", ".cost", 3, `want a cost, a number >= 0 after the test's name, got "-5.2"`},
		{"listed twice", ".cost", "a: 1\nb: 7.27\na: 2\nc: 5.2\n", ".cost", 3, `"a" listed again (first at line 1)`},
		{"bad delay", ".delay", "a: immediate.\nb: later.\n", ".delay", 2, `want immediate or delayed after the test's name, got "later"`},
		{"unknown test", ".delay", "a: immediate.\nz: delayed.\n", ".delay", 2, `"z" has no entry in`},
		{"undefined group", ".group", "A.\nb: A.\nc: B.\n", ".group", 3, `group "B" is not defined (groups: "A")`},
		{"inconsistent discounts", ".expense", "a: 1.00, 1.00\nb: 7.27, 5.17\nc: 5.20, 3.20\n", ".expense", 3, `test "c": full − discounted = 2, but group "A"'s common cost is 2.1`},
		{"member without expense", ".expense", "a: 1.00, 1.00\nb: 7.27, 5.17\n", ".group", 4, `test "c" of group "A" has no entry`},
		{"full is not the cost", ".expense", "a: 1.00, 1.00\nb: 7.27, 5.17\nc: 5.30, 3.20\n", ".expense", 3, "full cost 5.3 differs from its cost 5.2"},
		{"discount without group", ".expense", "a: 1.00, 0.50\nb: 7.27, 5.17\nc: 5.20, 3.10\n", ".expense", 1, `"a" has a discounted cost 0.5 below its full cost 1 but no group`},
		{"discount above full", ".expense", "a: 1.00, 2.00\n", ".expense", 1, "exceeds its full cost"},
		{"one number", ".expense", "a: 1.00\n", ".expense", 1, `want "full, discounted", two costs after the test's name`},
		{"group list with a colon", ".group", "b: A.\nc: A.\n", ".group", 1, "want the list of groups"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			base := filepath.Join(dir, "x")
			for ext, text := range good {
				if ext == tc.ext {
					text = tc.text
				}
				if text == "" {
					continue
				}
				if err := os.WriteFile(base+ext, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := ReadUCI(base)
			var ie *input.Error
			if !errors.As(err, &ie) {
				t.Fatalf("ReadUCI error = %v (%T); want *input.Error", err, err)
			}
			if ie.File != base+tc.file || ie.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("ReadUCI error = %q (file %s, line %d); want file x%s, line %d, %q", err, filepath.Base(ie.File), ie.Line, tc.file, tc.line, tc.msg)
			}
		})
	}
}

// TestCostFileErrorsQuoteNothingOfAForeignFile: a file that fails from
// its first line (not a cost file at all: a password file named by
// mistake) is refused naming the file, line and column, and what was
// wanted, quoting nothing of it; a later bad line is quoted as an
// excerpt; a byte that is not UTF-8 is named by line and column.
func TestCostFileErrorsQuoteNothingOfAForeignFile(t *testing.T) {
	for _, tc := range []struct {
		name      string
		text      string
		line, col int
		want      string
		secret    string // must not be in the message ("" = nothing to check)
	}{
		{"password file", "root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:/bin/sh\n", 1, 6, "want a cost, a number >= 0", "root"},
		{"no colon on the first line", "  [default]\naws_secret = abc\n", 1, 3, `want "test: value"`, "default"},
		{"binary junk", "\x01\x02PK\x03\x04\xff\xfe", 1, 7, "byte 0xff is not UTF-8", "PK"},
		{"second line", "a: 1\nb: 12abcdefghijklmnopqrstuvwxyz0123456789\n", 2, 4, `got "12abcdefghijklmnopqrstuvwxyz0123"…`, "456789"},
		{"Latin-1 name", "a: 1\ncaf\xe9: 2\n", 2, 4, "byte 0xe9 is not UTF-8", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := filepath.Join(t.TempDir(), "x")
			if err := os.WriteFile(base+".cost", []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadUCI(base)
			var ie *input.Error
			if !errors.As(err, &ie) || ie.File != base+".cost" || ie.Line != tc.line || ie.Col != tc.col || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ReadUCI error = %v; want x.cost:%d:%d: %s", err, tc.line, tc.col, tc.want)
			}
			if msg := strings.TrimPrefix(err.Error(), base+".cost"); tc.secret != "" && strings.Contains(msg, tc.secret) {
				t.Errorf("ReadUCI error %q quotes %q", err, tc.secret)
			}
		})
	}
}

// TestReadUCIResolveErrors checks that resolving files against data
// names the .cost file and line of a test the data lacks, and the .cost
// file for a feature with no cost.
func TestReadUCIResolveErrors(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "x")
	if err := os.WriteFile(base+".cost", []byte("| costs\n\na: 1\nb: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := ReadUCI(base)
	if err != nil {
		t.Fatal(err)
	}
	var ie *input.Error
	_, err = s.Resolve([]string{"a", "c"}, 2)
	if !errors.As(err, &ie) || ie.File != base+".cost" || ie.Line != 4 || !strings.Contains(err.Error(), `test "b" is not a feature`) {
		t.Errorf("unknown test: %v; want %s.cost:4 naming b", err, base)
	}
	_, err = s.Resolve([]string{"a", "b", "c"}, 2)
	if !errors.As(err, &ie) || ie.File != base+".cost" || !strings.Contains(err.Error(), `no cost for feature "c"`) {
		t.Errorf("missing cost: %v; want %s.cost naming c", err, base)
	}
	s.Default = ptr(0.5)
	m, err := s.Resolve([]string{"a", "b", "c"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if m.Tests[2].Cost != 0.5 {
		t.Errorf("default cost = %v; want 0.5", m.Tests[2].Cost)
	}
}
