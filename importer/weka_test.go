package importer

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wekaFixture is one testdata/weka/*.tsv file: the cut points and labels
// Weka 3.6.14 gave every numeric column of a dataset (see README.md there).
type wekaFixture struct {
	command string // the Weka command line, from the header comment
	columns []wekaColumn
}

type wekaColumn struct {
	name   string
	cuts   []float64
	labels []string
}

func readWekaFixture(t *testing.T, path string) wekaFixture {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fx wekaFixture
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") {
			if line == 1 {
				fx.command = text
			}
			continue
		}
		parts := strings.Split(text, "\t")
		if len(parts) != 3 {
			t.Fatalf("%s:%d: %d tab-separated fields; want 3", path, line, len(parts))
		}
		col := wekaColumn{name: parts[0], labels: strings.Split(parts[2], "|")}
		if parts[1] != "-" {
			for _, h := range strings.Split(parts[1], ",") {
				x, err := strconv.ParseFloat(h, 64) // Java's Double.toHexString
				if err != nil {
					t.Fatalf("%s:%d: %v", path, line, err)
				}
				col.cuts = append(col.cuts, x)
			}
		}
		fx.columns = append(fx.columns, col)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return fx
}

// wekaLabels writes cut points as Weka 3.6's Discretize labels them.
func wekaLabels(cuts []float64) []string {
	if len(cuts) == 0 {
		return []string{"All"}
	}
	s := make([]string, len(cuts)+1)
	for j := range s {
		lo, hi := "-inf", "inf"
		if j > 0 {
			lo = FormatCut(cuts[j-1], 6)
		}
		if j < len(cuts) {
			hi = FormatCut(cuts[j], 6)
		}
		if j < len(cuts) {
			s[j] = "(" + lo + "-" + hi + "]"
		} else {
			s[j] = "(" + lo + "-" + hi + ")"
		}
	}
	return s
}

// TestWekaCutPoints checks the cut points of every numeric column of the
// numeric shared datasets (credit-approval, heart-disease, hepatitis) and
// of testdata/weka/edges.arff and testdata/weather.arff against Weka's, bit for bit, for
// equal-frequency binning with 3, 5 and 10 bins and equal-width with 5;
// that the columns discretized are those Weka's CSVLoader typed numeric;
// and that FormatCut writes the numbers of Weka's labels.
func TestWekaCutPoints(t *testing.T) {
	shared := sharedDir(t)
	sets := []struct {
		name string
		path string
		o    Options
	}{
		{"crx", filepath.Join(shared, "credit-approval", "crx.data"),
			Options{Class: "A16", NamesFile: filepath.Join(shared, "credit-approval", "crx.names")}},
		{"cleveland", filepath.Join(shared, "heart-disease", "processed.cleveland.data"),
			Options{Class: "num", NamesFile: filepath.Join(shared, "heart-disease", "heart-disease.names")}},
		{"hepatitis", filepath.Join(shared, "hepatitis", "hepatitis.data"),
			Options{Class: "Class", NamesFile: filepath.Join(shared, "hepatitis", "hepatitis.names")}},
		{"edges", filepath.Join("testdata", "weka", "edges.arff"), Options{Class: "class"}},
		{"weather", filepath.Join("testdata", "weather.arff"), Options{Class: "play"}},
	}
	methods := []struct {
		tag string
		d   Discretization
	}{
		{"freq5", Discretization{}}, // the defaults: the paper's -F -B 5
		{"freq3", Discretization{Method: EqualFrequency, Bins: 3}},
		{"freq10", Discretization{Method: EqualFrequency, Bins: 10}},
		{"width5", Discretization{Method: EqualWidth, Bins: 5}},
	}
	for _, set := range sets {
		requireFile(t, set.path)
		if set.o.NamesFile != "" {
			requireFile(t, set.o.NamesFile)
		}
		for _, m := range methods {
			t.Run(set.name+"/"+m.tag, func(t *testing.T) {
				fx := readWekaFixture(t, filepath.Join("testdata", "weka", set.name+"-"+m.tag+".tsv"))
				o := set.o
				o.Discretize = m.d
				d, rep, err := Read(set.path, o)
				if err != nil {
					t.Fatalf("Read: %v", err)
				}
				got := map[string]int{}
				var discretized []string
				for f, c := range rep.Features {
					if c.Discretized {
						got[c.Name] = f
						discretized = append(discretized, c.Name)
					}
				}
				var want []string
				for _, wc := range fx.columns {
					want = append(want, wc.name)
					f, ok := got[wc.name]
					if !ok {
						t.Errorf("column %s: not discretized; Weka typed it numeric", wc.name)
						continue
					}
					c := rep.Features[f]
					if !slices.EqualFunc(c.Cuts, wc.cuts, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
						t.Errorf("column %s: cuts %v; Weka's %v", wc.name, c.Cuts, wc.cuts)
					}
					if w := wekaLabels(wc.cuts); !slices.Equal(w, wc.labels) {
						t.Errorf("column %s: FormatCut labels %q; Weka's %q", wc.name, w, wc.labels)
					}
					checkOwnLabels(t, wc, d.Schema().Features[f].Values, c.Kind == Date, c.Missing > 0)
				}
				if strings.Contains(fx.command, "-R first-last") && !slices.Equal(discretized, want) {
					t.Errorf("discretized columns %q; Weka's numeric columns %q", discretized, want)
				}
			})
		}
	}
}

// checkOwnLabels checks the dataset's labels of a column against Weka's:
// the same numbers with ", " for "-", unless Weka's numbers are not all
// distinct (then ours must be) or the column holds dates.
func checkOwnLabels(t *testing.T, wc wekaColumn, values []string, date, missing bool) {
	t.Helper()
	if missing {
		if values[len(values)-1] != MissingLabel {
			t.Errorf("column %s: last label %q; want the missing category %q", wc.name, values[len(values)-1], MissingLabel)
			return
		}
		values = values[:len(values)-1]
	}
	if len(values) != len(wc.cuts)+1 {
		t.Errorf("column %s: %d bins for %d cuts", wc.name, len(values), len(wc.cuts))
		return
	}
	var edges []string
	for _, c := range wc.cuts {
		edges = append(edges, FormatCut(c, 6))
	}
	if date || !distinctNeighbours(edges) {
		seen := map[string]bool{}
		for _, v := range values {
			if seen[v] {
				t.Errorf("column %s: label %q twice in %q", wc.name, v, values)
			}
			seen[v] = true
		}
		return
	}
	var want []string
	for _, l := range wc.labels {
		if l == "All" {
			l = "(-inf-inf)"
		}
		// Weka's "(lo-hi]": the separator is the hyphen after lo.
		body := l[1 : len(l)-1]
		lo, hi := splitWekaRange(body)
		want = append(want, l[:1]+lo+", "+hi+l[len(l)-1:])
	}
	if !slices.Equal(values, want) {
		t.Errorf("column %s: labels %q; want %q", wc.name, values, want)
	}
}

// splitWekaRange splits "lo-hi", where lo and hi may be negative numbers
// or -inf, at the separating hyphen.
func splitWekaRange(s string) (string, string) {
	i := 1 // lo is never empty: skip its own sign
	for s[i] != '-' {
		i++
	}
	return s[:i], s[i+1:]
}
