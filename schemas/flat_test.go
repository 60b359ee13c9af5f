package schemas

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// flatCell and flatScores are embedded in flatRow, as the evaluation rows
// embed their grid cell and measures: an unexported struct with exported
// fields, and an exported one of pointers.
type flatCell struct {
	Depth int32  `parquet:"depth"`
	Mode  string `parquet:"mode"`
}

type flatScores struct {
	Score   *float64 `parquet:"score,optional"`
	Leaves  *int32   `parquet:"leaves,optional"`
	Big     *int64   `parquet:"big,optional"`
	Optimal *bool    `parquet:"optimal,optional"`
	Note    *string  `parquet:"note,optional"`
}

// flatRow has a column of every kind, required and nullable.
type flatRow struct {
	ID int64 `parquet:"id"`
	flatCell
	Rep     int32   `parquet:"rep"`
	Weight  float64 `parquet:"weight"`
	Done    bool    `parquet:"done"`
	Learner string  `parquet:"learner"`
	hidden  int     // unexported: no column
	Ignored string  `parquet:"-"`
	flatScores
}

// testFlat is the table of flatRow; it gets a schema version so that the
// writer can stamp its files.
const testFlat = "test/flat"

var flatTestTable = func() *flatTable[flatRow] {
	tableVersions[testFlat] = tableVersion{1, []int{1}}
	return newFlatTable[flatRow](testFlat)
}()

// flatRows makes n rows whose nullable fields are null where null(row,
// field) says, with values drawn from rng (NaN, infinities and -0 among
// the floats, empty and repeated strings).
func flatRows(rng *rand.Rand, n int, null func(row, field int) bool) []flatRow {
	floats := []float64{0, math.Copysign(0, -1), 1.5, -2.25, math.Inf(1), math.Inf(-1), math.MaxFloat64, math.SmallestNonzeroFloat64}
	words := []string{"", "id3", "cart", "ünïcode", "exact"}
	rows := make([]flatRow, n)
	for i := range rows {
		r := &rows[i]
		r.ID = int64(i/3) - 5
		r.Depth, r.Mode = int32(rng.IntN(9)), words[rng.IntN(len(words))]
		r.Rep, r.Weight, r.Done = rng.Int32()-math.MaxInt32/2, floats[rng.IntN(len(floats))], rng.IntN(2) == 0
		r.Learner = words[rng.IntN(len(words))]
		if !null(i, 0) {
			r.Score = ptr(rng.NormFloat64())
		}
		if !null(i, 1) {
			r.Leaves = ptr(rng.Int32())
		}
		if !null(i, 2) {
			r.Big = ptr(int64(rng.Uint64()))
		}
		if !null(i, 3) {
			r.Optimal = ptr(rng.IntN(2) == 0)
		}
		if !null(i, 4) {
			r.Note = ptr(words[rng.IntN(len(words))])
		}
	}
	return rows
}

// cellsOf is the expected table of rows through reflect (not the writer's
// offsets): per row, each column's value or nil for a null, typed as
// arrowCell returns them.
func cellsOf[R any](rows []R) [][]any {
	cols := Columns[R]()
	out := make([][]any, len(rows))
	for i := range rows {
		v := reflect.ValueOf(&rows[i]).Elem()
		for _, c := range cols {
			f := v.FieldByIndex(c.Index)
			if f.Kind() == reflect.Pointer {
				if f.IsNil() {
					out[i] = append(out[i], nil)
					continue
				}
				f = f.Elem()
			}
			out[i] = append(out[i], f.Interface())
		}
	}
	return out
}

// TestFlatRoundTrip writes flatRow tables whose nullable columns are
// all null, never null or mixed, in one page, several pages (with pages
// of each kind) and two row groups, and reads them back with parquet-go and
// with Arrow.
func TestFlatRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	cases := []struct {
		name string
		n    int
		null func(row, field int) bool
	}{
		{"empty", 0, func(int, int) bool { return false }},
		{"one row all null", 1, func(int, int) bool { return true }},
		{"all null, pages", 2*pq.PageRows + 7, func(int, int) bool { return true }},
		{"no null, pages", 2*pq.PageRows + 7, func(int, int) bool { return false }},
		{"mixed", 1000, func(int, int) bool { return rng.IntN(3) == 0 }},
		{"null page, full page, mixed page", 2*pq.PageRows + 100, func(row, field int) bool {
			switch row / pq.PageRows {
			case 0:
				return true
			case 1:
				return false
			}
			return (row+field)%2 == 0
		}},
		{"row groups", RowGroupRows + 3, func(row, field int) bool { return (row/7+field)%3 == 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rows := flatRows(rng, tc.n, tc.null)
			path := filepath.Join(t.TempDir(), "flat.parquet")
			info, err := writeFlat(context.Background(), path, flatTestTable, rows)
			if err != nil {
				t.Fatal(err)
			}
			if info.Rows != int64(tc.n) {
				t.Errorf("FileInfo.Rows = %d; want %d", info.Rows, tc.n)
			}
			got, err := readFlat(path, flatTestTable)
			if err != nil {
				t.Fatal(err)
			}
			for i := range rows {
				rows[i].hidden, rows[i].Ignored = 0, ""
			}
			if len(got) != len(rows) || (len(rows) > 0 && !reflect.DeepEqual(got, rows)) {
				t.Errorf("readFlat: %d rows differ from the %d written", len(got), len(rows))
				for i := range min(len(got), len(rows)) {
					if !reflect.DeepEqual(got[i], rows[i]) {
						t.Fatalf("row %d = %+v; want %+v", i, got[i], rows[i])
					}
				}
			}
			names, cells := arrowRows(t, path)
			if want := columnNamesOf(Columns[flatRow]()); !slices.Equal(names, want) {
				t.Errorf("Arrow columns %q; want %q", names, want)
			}
			compareCells(t, cells, cellsOf(rows))
			checkFlatPages(t, path, rows)
		})
	}
}

func columnNamesOf(cols []Column) []string {
	var out []string
	for _, c := range cols {
		out = append(out, c.Name)
	}
	return out
}

// compareCells compares tables of cells; NaN equals NaN and -0 differs
// from 0, so that the bits of every float are checked.
func compareCells(t *testing.T, got, want [][]any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d rows; want %d", len(got), len(want))
	}
	bad := 0
	for r := range want {
		for c := range want[r] {
			if c >= len(got[r]) || !sameCell(got[r][c], want[r][c]) {
				t.Errorf("row %d = %v; want %v", r, got[r], want[r])
				if bad++; bad > 5 {
					t.FailNow()
				}
				break
			}
		}
	}
}

// sameCell compares two cells, floats bit for bit.
func sameCell(a, b any) bool {
	if x, ok := a.(float64); ok {
		y, ok := b.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	}
	return reflect.DeepEqual(a, b)
}

// checkFlatPages checks the pages of a flatRow file against its rows:
// pages of pq.PageRows rows with their nulls counted, the encodings of each
// kind, each chunk's null count, an offset index on every column and
// string dictionaries in order of first appearance (the other statistics:
// conformance_test.go).
func checkFlatPages(t *testing.T, path string, rows []flatRow) {
	t.Helper()
	pf, f, err := openParquet(path, testFlat)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cols := Columns[flatRow]()
	want := cellsOf(rows)
	md := pf.Metadata()
	offsets := pf.OffsetIndexes()
	for g, rg := range pf.RowGroups() {
		first := g * RowGroupRows
		for c, cc := range rg.ColumnChunks() {
			col := cols[c]
			meta := md.RowGroups[g].Columns[c].MetaData
			wantEnc := []format.Encoding{format.Plain}
			if col.Kind == KindString {
				wantEnc = append(wantEnc, format.RLEDictionary)
			}
			if col.Nullable {
				wantEnc = append(wantEnc, format.RLE)
			}
			slices.Sort(wantEnc)
			if !slices.Equal(meta.Encoding, wantEnc) {
				t.Errorf("row group %d column %s: encodings %v; want %v", g, col.Name, meta.Encoding, wantEnc)
			}
			n := int(rg.NumRows())
			nulls := 0
			for r := first; r < first+n; r++ {
				if want[r][c] == nil {
					nulls++
				}
			}
			if meta.Statistics.NullCount != int64(nulls) {
				t.Errorf("row group %d column %s: null_count %d; want %d", g, col.Name, meta.Statistics.NullCount, nulls)
			}
			if locs := offsets[g*len(cols)+c].PageLocations; len(locs) != (n+pq.PageRows-1)/pq.PageRows {
				t.Errorf("column %s: offset index of %d pages for %d rows", col.Name, len(locs), n)
			}
			var dict, gotDict []string
			page := 0
			err := pq.EachPage(cc, func(p parquet.Page) error {
				from := first + page*pq.PageRows
				to := min(from+pq.PageRows, first+n)
				nulls := 0
				for r := from; r < to; r++ {
					if want[r][c] == nil {
						nulls++
					} else if col.Kind == KindString && !slices.Contains(dict, want[r][c].(string)) {
						dict = append(dict, want[r][c].(string))
					}
				}
				if p.NumRows() != int64(to-from) || p.NumNulls() != int64(nulls) {
					t.Errorf("column %s page %d: %d rows, %d nulls; want %d, %d", col.Name, page, p.NumRows(), p.NumNulls(), to-from, nulls)
				}
				if d := p.Dictionary(); d != nil && page == 0 {
					data := d.Page().Data()
					words, offs := data.ByteArray()
					for i := 0; i+1 < len(offs); i++ {
						gotDict = append(gotDict, string(words[offs[i]:offs[i+1]]))
					}
				}
				page++
				return nil
			})
			if err != nil {
				t.Fatalf("column %s: %v", col.Name, err)
			}
			if col.Kind == KindString && !slices.Equal(gotDict, dict) {
				t.Errorf("row group %d column %s: dictionary %q; want %q, in order of first appearance", g, col.Name, gotDict, dict)
			}
		}
	}
}

// TestFlatReproducible writes the same rows twice, and rows that differ in
// one nullable cell, and compares the bytes.
func TestFlatReproducible(t *testing.T) {
	rows := flatRows(rand.New(rand.NewPCG(5, 5)), pq.PageRows+10, func(row, field int) bool { return (row+field)%5 == 0 })
	dir := t.TempDir()
	write := func(name string, rows []flatRow) []byte {
		path := filepath.Join(dir, name)
		if _, err := writeFlat(context.Background(), path, flatTestTable, rows); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := write("a.parquet", rows), write("b.parquet", slices.Clone(rows))
	if !bytes.Equal(a, b) {
		t.Errorf("two writes of the same rows differ")
	}
	other := slices.Clone(rows)
	other[pq.PageRows+3].Score = nil
	if bytes.Equal(a, write("c.parquet", other)) {
		t.Errorf("a null more left the bytes unchanged")
	}
}

// TestArrowReadsResults reads evaluations and timings with Arrow: every
// value and null as written, across pages.
func TestArrowReadsResults(t *testing.T) {
	base := testEvaluations()
	evals := make([]OracleEvaluation, pq.PageRows+500)
	for i := range evals {
		evals[i] = base[i%len(base)]
		evals[i].DatasetID = int64(i)
	}
	timings := []Timing{{1, "", "generate", 1200}, {1, "id3", "fit", math.MaxInt64}, {-1, "ünïcode", "evaluate", -4}}
	dir := t.TempDir()
	ep, tp := filepath.Join(dir, "e.parquet"), filepath.Join(dir, "t.parquet")
	if _, err := WriteEvaluations(ep, evals); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteTimings(tp, timings); err != nil {
		t.Fatal(err)
	}
	_, got := arrowRows(t, ep)
	compareCells(t, got, cellsOf(evals))
	_, got = arrowRows(t, tp)
	compareCells(t, got, cellsOf(timings))
}

// TestFlatTruncated cuts an evaluations file at every length: every
// reader, CheckTable and HashFile must refuse it with an *input.Error.
func TestFlatTruncated(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.parquet")
	if _, err := WriteEvaluations(path, testEvaluations()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	cut := filepath.Join(dir, "cut.parquet")
	for n := range len(data) {
		os.WriteFile(cut, data[:n], 0o644)
		if _, err := ReadEvaluations(cut); !input.Is(err) {
			t.Fatalf("ReadEvaluations(%d of %d bytes) = %v; want an *input.Error", n, len(data), err)
		}
		if err := CheckTable(cut, Evaluations); !input.Is(err) {
			t.Fatalf("CheckTable(%d of %d bytes) = %v; want an *input.Error", n, len(data), err)
		}
		if _, err := HashFile(cut); !input.Is(err) {
			t.Fatalf("HashFile(%d of %d bytes) = %v; want an *input.Error", n, len(data), err)
		}
	}
}
