package importer

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dtbench/dtbench/dataset"
)

// nan marks a missing number in the tables below.
var nan = math.NaN()

// sameNumbers compares numbers bit for bit, NaN equal to NaN.
func sameNumbers(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y) || (math.IsNaN(x) && math.IsNaN(y))
	})
}

// TestNumbersAndMissingKept reads the weather fixtures (testdata/README.md)
// with each combination of discretize and missing: the numbers as the
// file writes them (NaN where missing) under none, the bins otherwise; a
// missing nominal value MissingCode under keep, the category "?" under
// category, its row gone under drop; and a missing number under none with
// missing: category refused, naming the key.
func TestNumbersAndMissingKept(t *testing.T) {
	temps := []float64{85, 80, 83, nan, 68, 65, 64, 72, 69, 75, 75, 72, 81, 71}
	// Two equal-frequency bins of the 13 temperatures: Weka's walk aims at
	// 6.5 a bin and first reaches it after the two 72s (7 values), nearer
	// than the 5 before them, so it cuts at (72+75)/2 = 73.5.
	none := Discretization{Method: NoDiscretization}
	for _, tc := range []struct {
		name    string
		file    string
		o       Options
		rows    int
		temp    []float64 // temperature under none; nil: nominal
		outlook []string  // outlook's labels
		missing int       // outlook's rows coded MissingCode
		tempBin []string  // temperature's labels when discretized
		wantErr string
	}{
		{name: "none keep", file: "weather.csv", o: Options{Header: true, Discretize: none, Missing: MissingKeep},
			rows: 14, temp: temps, outlook: []string{"sunny", "overcast", "rainy"}, missing: 1},
		{name: "none keep, arff", file: "weather.arff", o: Options{Discretize: none, Missing: MissingKeep},
			rows: 14, temp: temps, outlook: []string{"sunny", "overcast", "rainy"}, missing: 1},
		{name: "none keep, parquet", file: "weather.parquet", o: Options{Discretize: none, Missing: MissingKeep},
			rows: 14, temp: temps, outlook: []string{"sunny", "overcast", "rainy"}, missing: 1},
		{name: "none drop", file: "weather.csv", o: Options{Header: true, Discretize: none, Missing: MissingDrop},
			rows: 12, temp: slices.Concat(temps[:3], temps[4:8], temps[9:]), outlook: []string{"sunny", "overcast", "rainy"}},
		{name: "none category refused", file: "weather.csv", o: Options{Header: true, Discretize: none},
			wantErr: `missing: numeric column "temperature" has 1 missing values`},
		{name: "none category, the number column dropped", file: "weather.csv",
			o:    Options{Header: true, Discretize: none, Drop: []string{"temperature"}},
			rows: 14, outlook: []string{"sunny", "overcast", "rainy", MissingLabel}},
		{name: "bins keep", file: "weather.csv", o: Options{Header: true, Discretize: Discretization{Bins: 2}, Missing: MissingKeep},
			rows: 14, outlook: []string{"sunny", "overcast", "rainy"}, missing: 1, tempBin: []string{"(-inf, 73.5]", "(73.5, inf)"}},
		{name: "bins category (the default)", file: "weather.csv", o: Options{Header: true, Discretize: Discretization{Bins: 2}},
			rows: 14, outlook: []string{"sunny", "overcast", "rainy", MissingLabel}, tempBin: []string{"(-inf, 73.5]", "(73.5, inf)", MissingLabel}},
		{name: "none keep, temperature nominal", file: "weather.csv",
			o:    Options{Header: true, Discretize: none, Missing: MissingKeep, Nominal: []string{"temperature"}},
			rows: 14, outlook: []string{"sunny", "overcast", "rainy"}, missing: 1,
			tempBin: []string{"64", "65", "68", "69", "71", "72", "75", "80", "81", "83", "85"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Class = "play"
			d, rep, err := Read(filepath.Join("testdata", tc.file), o)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Read = %v; want %q", err, tc.wantErr)
				}
				checkInput(t, err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Len() != tc.rows {
				t.Fatalf("%d rows; want %d", d.Len(), tc.rows)
			}
			s := d.Schema()
			fo := slices.IndexFunc(s.Features, func(a dataset.Attribute) bool { return a.Name == "outlook" })
			ft := slices.IndexFunc(s.Features, func(a dataset.Attribute) bool { return a.Name == "temperature" })
			if got := s.Features[fo].Values; !slices.Equal(got, tc.outlook) {
				t.Errorf("outlook labels %q; want %q", got, tc.outlook)
			}
			codes := 0
			for r := range d.Len() {
				if d.Value(fo, r) == dataset.MissingCode {
					codes++
				}
			}
			if codes != tc.missing || (tc.missing > 0) != (d.Missing(fo) != nil) {
				t.Errorf("outlook: %d rows coded MissingCode, missing bitset %v; want %d", codes, d.Missing(fo), tc.missing)
			}
			switch {
			case ft < 0:
			case tc.temp != nil:
				if !d.IsNumeric(ft) || !rep.Features[ft].Numeric || rep.Features[ft].Discretized {
					t.Fatalf("temperature: numeric %v, report %+v; want numeric, not discretized", d.IsNumeric(ft), rep.Features[ft])
				}
				if got := d.Numbers(ft); !sameNumbers(got, tc.temp) {
					t.Errorf("temperature %v; want %v", got, tc.temp)
				}
			default:
				if d.IsNumeric(ft) || rep.Features[ft].Numeric {
					t.Fatalf("temperature numeric; want nominal")
				}
				if got := s.Features[ft].Values; !slices.Equal(got, tc.tempBin) {
					t.Errorf("temperature labels %q; want %q", got, tc.tempBin)
				}
			}
			wantPolicy := cmpOr(o.Missing, MissingCategory)
			if rep.Missing != wantPolicy {
				t.Errorf("report: missing %q; want %q", rep.Missing, wantPolicy)
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestDatesKeptAsMilliseconds: under none an ARFF date is the number Weka
// holds, milliseconds since 1970 in UTC, NaN where missing.
func TestDatesKeptAsMilliseconds(t *testing.T) {
	d, rep, err := Read(filepath.Join("testdata", "visits.arff"), Options{Class: "outcome",
		Discretize: Discretization{Method: NoDiscretization}, Missing: MissingKeep})
	if err != nil {
		t.Fatal(err)
	}
	ms := func(layout, s string) float64 {
		tm, err := time.Parse(layout, s)
		if err != nil {
			t.Fatal(err)
		}
		return float64(tm.UnixMilli())
	}
	const day, at = "2006-01-02", "02/01/2006 15:04"
	want := map[string][]float64{
		"visit day": {ms(day, "2021-03-01"), ms(day, "2021-03-05"), nan, ms(day, "2021-03-09"), ms(day, "2021-03-12"), ms(day, "2021-03-20")},
		"seen at": {ms(at, "01/03/2021 09:30"), ms(at, "05/03/2021 17:00"), nan, ms(at, "09/03/2021 08:15"),
			ms(at, "12/03/2021 12:00"), ms(at, "20/03/2021 10:45")},
	}
	for f, a := range d.Schema().Features {
		w, ok := want[a.Name]
		if !ok {
			continue
		}
		if !a.Numeric || rep.Features[f].Kind != Date || !rep.Features[f].Numeric {
			t.Errorf("%s: numeric %v, report %+v; want a date kept numeric", a.Name, a.Numeric, rep.Features[f])
			continue
		}
		if got := d.Numbers(f); !sameNumbers(got, w) {
			t.Errorf("%s = %v; want %v", a.Name, got, w)
		}
		delete(want, a.Name)
	}
	if len(want) > 0 {
		t.Errorf("date columns not found: %v", want)
	}
}

// TestKeptWritesReadBack: a dataset with numbers and kept missing values
// written as Parquet reads back (with the same options) as the same
// dataset, and writing that gives the same bytes; the numeric columns are
// DOUBLE, a column with missing values optional with nulls; written as
// ARFF it reads back the same too, and as CSV (no row ids) it holds the
// numbers and "?" where missing.
func TestKeptWritesReadBack(t *testing.T) {
	o := Options{Class: "play", Header: true, Discretize: Discretization{Method: NoDiscretization}, Missing: MissingKeep}
	d, _, err := Read(filepath.Join("testdata", "weather.csv"), o)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	back := func(path string, o Options) *dataset.Dataset {
		t.Helper()
		got, _, err := Read(path, o)
		if err != nil {
			t.Fatalf("Read(%s): %v", path, err)
		}
		return got
	}
	pq := filepath.Join(dir, "w.parquet")
	if err := WriteParquet(pq, d, "test"); err != nil {
		t.Fatal(err)
	}
	o.Header = false
	checkSameDataset(t, "parquet", back(pq, o), d)
	pq2 := filepath.Join(dir, "w2.parquet")
	if err := WriteParquet(pq2, back(pq, o), "test"); err != nil {
		t.Fatal(err)
	}
	b1, _ := os.ReadFile(pq)
	b2, _ := os.ReadFile(pq2)
	if !bytes.Equal(b1, b2) {
		t.Errorf("writing the read-back dataset gives other bytes (%d, %d)", len(b1), len(b2))
	}
	arff := filepath.Join(dir, "w.arff")
	if err := WriteARFF(arff, d); err != nil {
		t.Fatal(err)
	}
	checkSameDataset(t, "arff", back(arff, o), d)
	text, _ := os.ReadFile(arff)
	for _, line := range []string{"@attribute temperature numeric", "rainy,?,96,FALSE,yes", "?,69,70,FALSE,yes"} {
		if !strings.Contains(string(text), line+"\n") {
			t.Errorf("ARFF lacks the line %q:\n%s", line, text)
		}
	}
	csvPath := filepath.Join(dir, "w.csv")
	if err := WriteCSV(csvPath, d, nil); err != nil {
		t.Fatal(err)
	}
	text, _ = os.ReadFile(csvPath)
	if want := "outlook,temperature,relative humidity,windy,play\nsunny,85,85,FALSE,no\n"; !strings.HasPrefix(string(text), want) {
		t.Errorf("CSV starts %q; want %q", text[:min(len(text), len(want))], want)
	}
	for _, line := range []string{"rainy,?,96,FALSE,yes", "?,69,70,FALSE,yes"} {
		if !strings.Contains(string(text), "\n"+line+"\n") {
			t.Errorf("CSV lacks the line %q:\n%s", line, text)
		}
	}
	o.Header = true
	checkSameDataset(t, "csv", back(csvPath, o), d)
}

// checkSameDataset compares schemas, codes, numbers and labels.
func checkSameDataset(t *testing.T, what string, got, want *dataset.Dataset) {
	t.Helper()
	gs, ws := got.Schema(), want.Schema()
	if len(gs.Features) != len(ws.Features) || gs.Class.Name != ws.Class.Name || !slices.Equal(gs.Class.Values, ws.Class.Values) {
		t.Fatalf("%s: schema %+v; want %+v", what, gs, ws)
	}
	for f, a := range ws.Features {
		g := gs.Features[f]
		if g.Name != a.Name || g.Numeric != a.Numeric || !slices.Equal(g.Values, a.Values) {
			t.Errorf("%s: feature %d %+v; want %+v", what, f, g, a)
			continue
		}
		if a.Numeric {
			if !sameNumbers(got.Numbers(f), want.Numbers(f)) {
				t.Errorf("%s: %s = %v; want %v", what, a.Name, got.Numbers(f), want.Numbers(f))
			}
		} else if !slices.Equal(got.Column(f), want.Column(f)) {
			t.Errorf("%s: %s codes %v; want %v", what, a.Name, got.Column(f), want.Column(f))
		}
	}
	if !slices.Equal(got.Labels(), want.Labels()) {
		t.Errorf("%s: labels %v; want %v", what, got.Labels(), want.Labels())
	}
}

// TestKeepRefusesAnEmptyColumn: under keep, a nominal column with no value
// among the kept rows has no domain at all; it is refused, naming it.
func TestKeepRefusesAnEmptyColumn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.csv")
	if err := os.WriteFile(path, []byte("a,b,c\n?,1,x\n?,2,y\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := Read(path, Options{Class: "c", Header: true, Missing: MissingKeep})
	if err == nil || !strings.Contains(err.Error(), `column "a" has no value in any row kept`) {
		t.Fatalf("Read = %v; want column a refused", err)
	}
	checkInput(t, err)
}

// TestOptionsValidateNewValues: none and keep are accepted, and the
// messages list them.
func TestOptionsValidateNewValues(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Class: "c", Discretize: Discretization{Method: NoDiscretization}, Missing: MissingKeep}, ""},
		{Options{Class: "c", Discretize: Discretization{Method: "raw"}}, `discretize.method: must be equal-frequency, equal-width or none, got "raw"`},
		{Options{Class: "c", Missing: "impute"}, `missing: must be category, drop or keep, got "impute"`},
	} {
		err := tc.o.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("Validate(%+v) = %v; want %q", tc.o, err, tc.want)
		}
	}
}
