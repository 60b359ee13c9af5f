package smo

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
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

// table is a shared dataset with its missing values marked: its schema
// (class last) without the missing category and, per row, one code per
// attribute with -1 for '?'.
type table struct {
	schema dataset.Schema
	codes  [][]int // features then class
}

// readTable reads a shared dataset with the importer, skipping t when the
// shared folder or the file is absent and failing it on any read error.
// A UCI .data file is read with its ARFF header from testdata/headers
// before it, as one ARFF file, so that its attributes have the header's
// names and value orders (Weka's). A missing value is the importer's
// missing category ("?", the last value of its column), which readTable
// turns back into -1.
func readTable(t testing.TB, s realSet) *table {
	t.Helper()
	path := filepath.Join(shareddata.DirOrSkip(t), s.file)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not available: %v", s.name, err)
	}
	if s.header != "" {
		h, err := os.ReadFile(filepath.Join("testdata", "headers", s.header))
		if err != nil {
			t.Fatalf("read header: %v", err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("read %s: %v", path, err)
		}
		path = filepath.Join(t.TempDir(), s.name+".arff")
		if err := os.WriteFile(path, append(h, data...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, rep, err := importer.Read(path, importer.Options{Class: lastAttribute(t, path)})
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	if rep.DroppedClass > 0 {
		t.Fatalf("%s: %d rows with a missing class", path, rep.DroppedClass)
	}
	tb := &table{schema: d.Schema()}
	tb.schema.Features = slices.Clone(tb.schema.Features)
	missing := false
	for f, c := range rep.Features {
		if c.Missing > 0 { // the missing category, last: not a value
			a := &tb.schema.Features[f]
			a.Values = a.Values[:len(a.Values)-1]
			missing = true
		}
	}
	if missing != s.missing {
		t.Fatalf("%s: missing values %v; want %v", path, missing, s.missing)
	}
	for r := range d.Len() {
		codes := make([]int, len(tb.schema.Features)+1)
		for f := range tb.schema.Features {
			codes[f] = int(d.Value(f, r))
			if codes[f] == len(tb.schema.Features[f].Values) {
				codes[f] = -1
			}
		}
		codes[len(codes)-1] = int(d.Label(r))
		tb.codes = append(tb.codes, codes)
	}
	return tb
}

// lastAttribute returns the name of the last attribute of the ARFF file at
// path, its class.
func lastAttribute(t testing.TB, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := dataset.NewARFFReader(f, path)
	for {
		if _, err := r.Attribute(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("read %s: %v", path, err)
		}
	}
	attrs := r.Attributes()
	return attrs[len(attrs)-1].Name
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
