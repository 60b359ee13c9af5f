package tree

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// weatherSchema is the schema of weather.nominal.arff.
func weatherSchema() dataset.Schema {
	return dataset.Schema{
		Features: []dataset.Attribute{
			{Name: "outlook", Values: []string{"sunny", "overcast", "rainy"}},
			{Name: "temperature", Values: []string{"hot", "mild", "cool"}},
			{Name: "humidity", Values: []string{"high", "normal"}},
			{Name: "windy", Values: []string{"TRUE", "FALSE"}},
		},
		Class: dataset.Attribute{Name: "play", Values: []string{"yes", "no"}},
	}
}

// goldenCases are the trees whose text and DOT renderings are kept in testdata/.
func goldenCases(t *testing.T) []struct {
	name  string
	tree  *Tree
	names Names
} {
	leaf := NewBuilder([]int{2}, 2)
	leaf.SetLeaf(leaf.Root(), 0)
	leaf.SetCounts(0, []int{9, 5})
	// A wrong leaf: the subset tree with counts, so that "(n/errors)" shows.
	wrong := subsetTree(t)
	wrong.Counts = []int32{
		4, 3, 2, // 0
		3, 1, 1, // 1
		1, 2, 1, // 2
		3, 0, 0, // 3
		0, 1, 1, // 4: class 1, one error
		0, 0, 1, // 5
		1, 2, 0, // 6: class 0, two errors
	}
	return []struct {
		name  string
		tree  *Tree
		names Names
	}{
		{"weather", weatherTree(t), NamesOf(weatherSchema())},
		{"weather-codes", weatherTree(t), Names{}},
		{"titled", weatherTree(t), func() Names {
			n := NamesOf(weatherSchema())
			n.Title = "c45 on \"weather\", fold 1\nof 10"
			return n
		}()},
		{"subset", subsetTree(t), Names{}},
		{"subset-errors", wrong, Names{Features: []string{"colour"}, Values: [][]string{{"red", "green", "blue"}}}},
		{"leaf", leaf.Tree(), NamesOf(weatherSchema())},
		{"quoting", subsetTree(t), Names{
			Features: []string{`say "hi"`, "back\\slash"},
			Values:   [][]string{{"a, b", "new\nline", "tab\there"}, {"{x}", "ü"}},
			Classes:  []string{"c0", `"c1"`, "c2"},
		}},
	}
}

func TestGolden(t *testing.T) {
	formats := []struct {
		ext   string
		write func(*bytes.Buffer, *Tree, Names) error
	}{
		{"txt", func(b *bytes.Buffer, tr *Tree, n Names) error { return WriteText(b, tr, n) }},
		{"dot", func(b *bytes.Buffer, tr *Tree, n Names) error { return WriteDOT(b, tr, n) }},
	}
	for _, tc := range goldenCases(t) {
		for _, f := range formats {
			t.Run(tc.name+"."+f.ext, func(t *testing.T) {
				var got bytes.Buffer
				if err := f.write(&got, tc.tree, tc.names); err != nil {
					t.Fatalf("write: %v", err)
				}
				path := filepath.Join("testdata", tc.name+"."+f.ext)
				if *update {
					if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./tree -run TestGolden -update to create it)", err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", path, got.Bytes(), want)
				}
			})
		}
	}
}

// TestWriteTextLines checks the text rendering against lines written by
// hand, independent of the golden files.
func TestWriteTextLines(t *testing.T) {
	cases := []struct {
		name  string
		tree  *Tree
		names Names
		want  string
	}{
		{"weather", weatherTree(t), NamesOf(weatherSchema()), `outlook = sunny
|  humidity = high: no (3)
|  humidity = normal: yes (2)
outlook = overcast: yes (4)
outlook = rainy
|  windy = TRUE: no (2)
|  windy = FALSE: yes (3)
`},
		{"subset with default names", subsetTree(t), Names{}, `f0 in {0, 2}
|  f0 in {0, 1}: 0
|  f0 = 2: 1
f0 = 1
|  f1 = 0: 2
|  f1 = 1: 0
`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteText(&b, tc.tree, tc.names); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("WriteText =\n%s\nwant\n%s", b.String(), tc.want)
			}
		})
	}
}

// TestWriteDOTEdges checks that the DOT output has one node statement per
// node and one edge per distinct (parent, child) pair.
func TestWriteDOTEdges(t *testing.T) {
	for _, tr := range []*Tree{weatherTree(t), subsetTree(t)} {
		var b strings.Builder
		if err := WriteDOT(&b, tr, Names{}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if got, want := strings.Count(out, " -> "), tr.Len()-1; got != want {
			t.Errorf("%d edges; want %d\n%s", got, want, out)
		}
		if got, want := strings.Count(out, "shape=box"), tr.Leaves(); got != want {
			t.Errorf("%d leaf boxes; want %d\n%s", got, want, out)
		}
		if !strings.HasPrefix(out, "digraph tree {\n") || !strings.HasSuffix(out, "}\n") {
			t.Errorf("not a digraph:\n%s", out)
		}
	}
}

func TestWriteInvalidTree(t *testing.T) {
	bad := clone(weatherTree(t))
	bad.Child[0] = 0
	for name, write := range map[string]func() error{
		"text": func() error { return WriteText(&bytes.Buffer{}, bad, Names{}) },
		"dot":  func() error { return WriteDOT(&bytes.Buffer{}, bad, Names{}) },
	} {
		if err := write(); err == nil || !strings.Contains(err.Error(), "node 0 has child 0") {
			t.Errorf("%s: error %v; want the invalid child named", name, err)
		}
	}
}

type failWriter struct{}

var errFail = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

func TestWriteError(t *testing.T) {
	tr := weatherTree(t)
	if err := WriteText(failWriter{}, tr, Names{}); !errors.Is(err, errFail) {
		t.Errorf("WriteText to a failing writer = %v; want it wrapped", err)
	}
	if err := WriteDOT(failWriter{}, tr, Names{}); !errors.Is(err, errFail) {
		t.Errorf("WriteDOT to a failing writer = %v; want it wrapped", err)
	}
}

func TestNames(t *testing.T) {
	n := NamesOf(weatherSchema())
	cases := []struct {
		got, want string
	}{
		{n.Feature(2), "humidity"},
		{n.Value(0, 2), "rainy"},
		{n.Class(1), "no"},
		{n.Feature(4), "f4"}, // past the schema
		{n.Value(3, 2), "2"}, // past windy's two values
		{n.Value(9, 0), "0"}, // past the features
		{n.Class(-1), "-1"},  // NoClass
		{Names{}.Feature(0), "f0"},
		{Names{}.Value(0, 5), "5"},
		{Names{}.Class(3), "3"},
	}
	for i, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("case %d: got %q; want %q", i, tc.got, tc.want)
		}
	}
	// NamesOf copies: changing the schema afterwards leaves the names alone.
	s := weatherSchema()
	n = NamesOf(s)
	s.Features[0].Values[0] = "changed"
	s.Class.Values[0] = "changed"
	if n.Value(0, 0) != "sunny" || n.Class(0) != "yes" {
		t.Errorf("NamesOf shares slices with the schema")
	}
}

// chainTree returns a tree levels deep over one binary feature: each
// internal node's value 0 is a leaf of class 0, its value 1 the next level;
// the last level's value 1 is a leaf of class 1.
func chainTree(levels int) *Tree {
	b := NewBuilder([]int{2}, 2)
	n := b.Root()
	for range levels {
		kids := b.SplitMultiway(n, 0)
		b.SetLeaf(kids[0], 0)
		n = kids[1]
	}
	b.SetLeaf(n, 1)
	return b.Tree()
}

// TestWriteTextDeepTrees: a tree deeper than MaxTextBars levels keeps
// Weka's bars down to that depth and writes the depth in brackets below it,
// one line a branch, so that its text grows linearly with its depth (bars
// throughout would grow as its square). The text is checked line by line
// against the chain's shape, not against a golden file.
func TestWriteTextDeepTrees(t *testing.T) {
	sizes := map[int]int{}
	for _, levels := range []int{32, 1000, 10000} {
		var b bytes.Buffer
		if err := WriteText(&b, chainTree(levels), Names{}); err != nil {
			t.Fatal(err)
		}
		sizes[levels] = b.Len()
		// Linear: ten times the levels is at most about ten times the
		// bytes (the depth's digits grow by one); bars throughout would
		// be about a hundred times.
		if r := float64(sizes[levels]) / float64(sizes[levels/10]); levels == 10000 && r > 11.5 {
			t.Fatalf("text of 10000 levels is %.1f times that of 1000 (%d and %d bytes), want about 10: not linear", r, sizes[10000], sizes[1000])
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if len(lines) != 2*levels {
			t.Fatalf("%d levels: %d lines, want %d (two branches a level)", levels, len(lines), 2*levels)
		}
		for d := range levels {
			indent := strings.Repeat("|  ", d)
			if d > MaxTextBars {
				indent = "[depth " + strconv.Itoa(d) + "] "
			}
			last := "f0 = 1: 1"
			if d < levels-1 {
				last = "f0 = 1"
			}
			if got, want := lines[2*d], indent+"f0 = 0: 0"; got != want {
				t.Fatalf("%d levels: line %d = %q, want %q", levels, 2*d+1, got, want)
			}
			if got, want := lines[2*d+1], indent+last; got != want {
				t.Fatalf("%d levels: line %d = %q, want %q", levels, 2*d+2, got, want)
			}
		}
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteTreeReportsFailedWrites: a write that fails midway (a closed
// pipe, a full disk) is the writers' error, for both formats.
func TestWriteTreeReportsFailedWrites(t *testing.T) {
	for name, write := range map[string]func(io.Writer, *Tree, Names) error{"text": WriteText, "dot": WriteDOT} {
		if err := write(&failingWriter{n: 100}, chainTree(20000), Names{}); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s: error %v, want the writer's", name, err)
		}
	}
}
