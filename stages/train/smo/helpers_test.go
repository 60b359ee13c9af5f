package smo

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// realSet is one shared dataset of the Weka comparison: its file under the
// shared datasets folder and, for a UCI .data file, the ARFF header in
// testdata/headers that names its attributes and orders their values.
type realSet struct {
	name, file, header string
	missing            bool // has '?' cells
}

var realSets = []realSet{
	{name: "weather-nominal", file: "weather-nominal/weather.nominal.arff"},
	{name: "contact-lenses", file: "contact-lenses/contact-lenses.arff"},
	{name: "vote", file: "vote/vote.arff", missing: true},
	{name: "breast-cancer", file: "breast-cancer/breast-cancer.arff", missing: true},
	{name: "soybean", file: "soybean/soybean.arff", missing: true},
	{name: "tic-tac-toe", file: "tic-tac-toe/tic-tac-toe.data", header: "tic-tac-toe.arff"},
	{name: "car", file: "car/car.data", header: "car.arff"},
	{name: "nursery", file: "nursery/nursery.data", header: "nursery.arff"},
}

// table is a dataset read as text: its schema (class last) and, per row,
// one code per attribute with -1 for '?'.
type table struct {
	schema dataset.Schema
	codes  [][]int // features then class
}

// readTable reads a shared dataset, skipping t when the shared folder or
// the file is absent and failing it on any read error. The schema comes
// from dataset.ParseARFF on the header alone; the rows are split on commas
// (none of these datasets has a comma inside a value) and unquoted.
func readTable(t testing.TB, s realSet) *table {
	t.Helper()
	path := filepath.Join(shareddata.DirOrSkip(t), s.file)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not available: %v", s.name, err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	text := string(raw)
	if s.header != "" {
		h, err := os.ReadFile(filepath.Join("testdata", "headers", s.header))
		if err != nil {
			t.Fatalf("read header: %v", err)
		}
		text = string(h) + text
	}
	var header strings.Builder
	var rows []string
	inData := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case inData:
			if line != "" && !strings.HasPrefix(line, "%") {
				rows = append(rows, line)
			}
		default:
			header.WriteString(sc.Text() + "\n")
			inData = strings.EqualFold(strings.Fields(line + " x")[0], "@data")
		}
	}
	d, err := dataset.ParseARFF(strings.NewReader(header.String()), path, "")
	if err != nil {
		t.Fatalf("ParseARFF(%s header): %v", path, err)
	}
	tb := &table{schema: d.Schema()}
	attrs := append(append([]dataset.Attribute(nil), tb.schema.Features...), tb.schema.Class)
	for r, line := range rows {
		fields := strings.Split(line, ",")
		if len(fields) != len(attrs) {
			t.Fatalf("%s row %d: %d fields, want %d", path, r, len(fields), len(attrs))
		}
		codes := make([]int, len(attrs))
		for a, f := range fields {
			f = strings.Trim(strings.TrimSpace(f), `'"`)
			if f == "?" {
				if a == len(attrs)-1 {
					t.Fatalf("%s row %d: missing class", path, r)
				}
				codes[a] = -1
				continue
			}
			codes[a] = -1
			for v, name := range attrs[a].Values {
				if name == f {
					codes[a] = v
				}
			}
			if codes[a] < 0 {
				t.Fatalf("%s row %d: value %q not in the domain of %s", path, r, f, attrs[a].Name)
			}
		}
		tb.codes = append(tb.codes, codes)
	}
	if !s.missing {
		// Cross-check the text reader with dataset.ReadARFF where it can read.
		if s.header == "" {
			ref, err := dataset.ReadARFF(path, "")
			if err != nil {
				t.Fatalf("ReadARFF(%s): %v", path, err)
			}
			for r, codes := range tb.codes {
				for f := range tb.schema.Features {
					if int(ref.Value(f, r)) != codes[f] {
						t.Fatalf("%s row %d feature %d: text reader %d, ReadARFF %d", path, r, f, codes[f], ref.Value(f, r))
					}
				}
			}
		}
	}
	return tb
}

// label returns the class code of row r.
func (tb *table) label(r int) int { return tb.codes[r][len(tb.codes[r])-1] }

// dataset returns the rows of tb as a dataset, with every '?' replaced by
// the mode of its feature over the rows for which train is true (ties to
// the first value), which is what Weka's ReplaceMissingValues, the first
// filter of its SMO, does before training and before every prediction.
func (tb *table) dataset(t testing.TB, train func(r int) bool) *dataset.Dataset {
	t.Helper()
	nf := len(tb.schema.Features)
	modes := make([]int, nf)
	for f := range nf {
		counts := make([]int, len(tb.schema.Features[f].Values))
		for r, codes := range tb.codes {
			if train(r) && codes[f] >= 0 {
				counts[codes[f]]++
			}
		}
		modes[f] = dataset.ArgMax(counts)
	}
	x := make([][]uint8, len(tb.codes))
	y := make([]uint8, len(tb.codes))
	for r, codes := range tb.codes {
		x[r] = make([]uint8, nf)
		for f := range nf {
			v := codes[f]
			if v < 0 {
				v = modes[f]
			}
			x[r][f] = uint8(v)
		}
		y[r] = uint8(codes[nf])
	}
	d, err := dataset.FromRows(tb.schema, x, y)
	if err != nil {
		t.Fatalf("FromRows: %v", err)
	}
	return d
}

// splitTrain is the split of regen.sh: row r trains when r % 3 != 2.
func splitTrain(r int) bool { return r%3 != 2 }

// wekaFixture is one file written by testdata/weka/regen.sh.
type wekaFixture struct {
	pairs []wekaPair
	preds []int
	dists map[int][]float64 // test row → distribution
}

type wekaPair struct {
	i, j    int
	trained bool
	bias    float64
	w       map[int]float64 // coordinate → non-zero weight
}

func readFixture(t testing.TB, name string) *wekaFixture {
	t.Helper()
	path := filepath.Join("testdata", "weka", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open fixture: %v", err)
	}
	defer f.Close()
	fx := &wekaFixture{dists: map[int][]float64{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			fail("%v", err)
		}
		return v
	}
	atoi := func(s string) int {
		v, err := strconv.Atoi(s)
		if err != nil {
			fail("%v", err)
		}
		return v
	}
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		switch fields[0] {
		case "pair":
			p := wekaPair{i: atoi(fields[1]), j: atoi(fields[2]), w: map[int]float64{}}
			if fields[3] != "none" {
				p.trained = true
				p.bias = num(fields[4])
				for _, cw := range fields[5:] {
					c, w, ok := strings.Cut(cw, ":")
					if !ok {
						fail("bad weight %q", cw)
					}
					p.w[atoi(c)] = num(w)
				}
			}
			fx.pairs = append(fx.pairs, p)
		case "pred":
			for _, s := range fields[1:] {
				fx.preds = append(fx.preds, atoi(s))
			}
		case "dist":
			var dist []float64
			for _, s := range fields[2:] {
				dist = append(dist, num(s))
			}
			fx.dists[atoi(fields[1])] = dist
		default:
			fail("unknown line %q", fields[0])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return fx
}

// rowsWhere returns the bitset of the rows r < n for which keep(r) holds.
func rowsWhere(n int, keep func(r int) bool) dataset.Bitset {
	b := dataset.NewBitset(n)
	for r := range n {
		if keep(r) {
			b.Set(r)
		}
	}
	return b
}

// schemaFor names features f0, f1, … with the given domains and k classes.
func schemaFor(domains []int, k int) dataset.Schema {
	var s dataset.Schema
	for f, z := range domains {
		a := dataset.Attribute{Name: fmt.Sprintf("f%d", f)}
		for v := range z {
			a.Values = append(a.Values, fmt.Sprintf("v%d", v))
		}
		s.Features = append(s.Features, a)
	}
	s.Class.Name = "class"
	for c := range k {
		s.Class.Values = append(s.Class.Values, fmt.Sprintf("c%d", c))
	}
	return s
}

// build makes a dataset from row-major inputs and labels, failing the test on error.
func build(t testing.TB, domains []int, k int, x [][]uint8, y []uint8) *dataset.Dataset {
	t.Helper()
	d, err := dataset.FromRows(schemaFor(domains, k), x, y)
	if err != nil {
		t.Fatalf("FromRows: %v", err)
	}
	return d
}
