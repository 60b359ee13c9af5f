package info_test

import (
	"bufio"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/info"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// mdlSource is a dataset of testdata/mdl-cuts.txt: its file, its column
// names in order and the class column.
type mdlSource struct {
	file    string // under the shared datasets ("" dir: under testdata)
	shared  bool
	columns []string
	class   string
}

var mdlSources = map[string]mdlSource{
	"credit-approval": {"credit-approval/crx.data", true, strings.Split("A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16", ","), "A16"},
	"heart-disease":   {"heart-disease/processed.cleveland.data", true, strings.Split("age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num", ","), "num"},
	"hepatitis":       {"hepatitis/hepatitis.data", true, strings.Split("Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER_BIG,LIVER_FIRM,SPLEEN_PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK_PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY", ","), "Class"},
	"mdl-synthetic":   {"testdata/mdl-synthetic.arff", false, []string{"x", "y", "class"}, "class"},
}

// readRecords returns the comma-separated records of a .data file, or of
// an ARFF file's @data section.
func readRecords(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	inData := !strings.HasSuffix(path, ".arff")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "%"):
		case !inData:
			inData = strings.EqualFold(line, "@data")
		default:
			out = append(out, strings.Split(line, ","))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// column returns column name's values (NaN for "?") and the class codes,
// numbered by first appearance.
func (s mdlSource) column(t *testing.T, dir, name string) ([]float64, []uint8) {
	t.Helper()
	at, cl := -1, -1
	for i, c := range s.columns {
		if c == name {
			at = i
		}
		if c == s.class {
			cl = i
		}
	}
	if at < 0 {
		t.Fatalf("%s: no column %s", s.file, name)
	}
	path := s.file
	if s.shared {
		path = filepath.Join(dir, s.file)
	}
	codes := map[string]uint8{}
	var vals []float64
	var labels []uint8
	for i, rec := range readRecords(t, path) {
		if rec[cl] == "?" {
			continue // Weka's Discretize sees no row with a missing class either: it sorts them last with no class
		}
		v := math.NaN()
		if rec[at] != "?" {
			var err error
			if v, err = strconv.ParseFloat(rec[at], 64); err != nil {
				t.Fatalf("%s record %d: %v", path, i+1, err)
			}
		}
		c, ok := codes[rec[cl]]
		if !ok {
			c = uint8(len(codes))
			codes[rec[cl]] = c
		}
		vals, labels = append(vals, v), append(labels, c)
	}
	return vals, labels
}

// TestMDLCutPointsWeka checks MDLCutPoints against Weka 3.6's supervised
// Discretize on every numeric column of the shared datasets with numbers
// and of a synthetic set with ties, three classes and missing values
// (testdata/mdl-cuts.txt, made by testdata/mdl-cuts.sh). Weka prints the
// cuts to 6 decimals, so a cut agrees when within half a unit of the 6th.
func TestMDLCutPointsWeka(t *testing.T) {
	dir := shareddata.DirOrSkip(t)
	f, err := os.Open("testdata/mdl-cuts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		n++
		src, ok := mdlSources[fields[0]]
		if !ok {
			t.Fatalf("mdl-cuts.txt: unknown dataset %s", fields[0])
		}
		var want []float64
		for _, s := range fields[2:] {
			if s == "-" {
				continue
			}
			w, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("mdl-cuts.txt: %v", err)
			}
			want = append(want, w)
		}
		t.Run(fields[0]+"/"+fields[1], func(t *testing.T) {
			vals, labels := src.column(t, dir, fields[1])
			got := info.MDLCutPoints(vals, labels, nil)
			if len(got) != len(want) {
				t.Fatalf("MDLCutPoints = %v; want Weka's %v", got, want)
			}
			for i := range got {
				if math.Abs(got[i]-want[i]) > 5e-7 {
					t.Fatalf("MDLCutPoints = %v; want Weka's %v", got, want)
				}
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Fatalf("mdl-cuts.txt has %d columns; want the 40 the script writes", n)
	}
}

// TestMDLCutPointsProperties checks cases whose answer is known without
// Weka: a clean two-class split of 20 rows is cut at the midpoint
// between the classes (gain 1 bit > (log2 19 + log2 7 − 2)/20 ≈ 0.35);
// a single class, one distinct value and a single row are not cut; a
// missing value changes nothing; unit weights are no weights.
func TestMDLCutPointsProperties(t *testing.T) {
	clean := func(n int) ([]float64, []uint8) {
		v, l := make([]float64, n), make([]uint8, n)
		for i := range n {
			v[i] = float64(i)
			if i >= n/2 {
				l[i] = 1
			}
		}
		return v, l
	}
	v20, l20 := clean(20)
	cases := []struct {
		name    string
		values  []float64
		labels  []uint8
		weights []float64
		want    []float64
	}{
		{"clean split", v20, l20, nil, []float64{9.5}},
		{"clean split, NaN rows aside", append(slices.Clone(v20), math.NaN(), math.NaN()), append(slices.Clone(l20), 0, 1), nil, []float64{9.5}},
		{"one class", v20, make([]uint8, 20), nil, nil},
		{"one value", make([]float64, 20), l20, nil, nil},
		{"one row", []float64{1}, []uint8{0}, nil, nil},
		{"all missing", []float64{math.NaN(), math.NaN()}, []uint8{0, 1}, nil, nil},
		// Two rows of two classes: gain 1 > (log2 1 + log2 7 − 2)/2 ≈ 0.40.
		{"two rows", []float64{1, 2}, []uint8{0, 1}, nil, []float64{1.5}},
		// 0 1 1 0: the best cut, 1.5 (3.5 ties it; the first is kept),
		// gains 0.311 < (log2 3 + log2 7 − (2·1 − 2·0.918 − 0))/4 ≈ 1.06.
		{"noise", []float64{1, 2, 3, 4}, []uint8{0, 1, 1, 0}, nil, nil},
	}
	for _, tc := range cases {
		got := info.MDLCutPoints(tc.values, tc.labels, tc.weights)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: MDLCutPoints = %v; want %v", tc.name, got, tc.want)
		}
	}

	vals, labels := clean(40)
	w := make([]float64, 40)
	for i := range w {
		w[i] = 1
	}
	if got, want := info.MDLCutPoints(vals, labels, w), info.MDLCutPoints(vals, labels, nil); !slices.Equal(got, want) {
		t.Errorf("MDLCutPoints with unit weights = %v; without = %v", got, want)
	}
}
