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
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go/format"

	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/schemas/internal/pq"
)

// predictionBlocks draws blocks of n rows in all, in blocks of 1 to 300
// rows (one in seven empty) of tasks with 1 to 4 classes, whose costs are
// null where null(block) says; one row in thirteen has a NaN, an infinity
// or -0 among its probabilities, so that every float's bits are checked.
// Consecutive blocks differ in their fold.
func predictionBlocks(rng *rand.Rand, n int, null func(block int) bool) []PredictionBlock[BenchmarkPrediction] {
	labels := [][]string{{"yes"}, {"yes", "no"}, {"a", "b", "ünï,code"}, {"1", "2", "3", "4"}}
	odd := []float64{math.NaN(), math.Inf(1), math.Copysign(0, -1), math.SmallestNonzeroFloat64}
	var out []PredictionBlock[BenchmarkPrediction]
	for rows := 0; rows < n; {
		i := len(out)
		size := min(n-rows, 1+rng.IntN(300))
		if i%7 == 3 {
			size = 0
		}
		classes := labels[rng.IntN(len(labels))]
		k := len(classes)
		b := PredictionBlock[BenchmarkPrediction]{
			Head: BenchmarkPrediction{DatasetID: int64(i / 5), Learner: []string{"c45", "naivebayes", ""}[rng.IntN(3)],
				BenchmarkCell: BenchmarkCell{Dataset: "vote", Scenario: "all", Subset: "A1,A3"}},
			PredictionRows: PredictionRows{Rep: int32(rng.IntN(3)), Fold: int32(i % 10), ModelID: int64(i) - 3, Classes: classes,
				RowIDs: []int64{}, Actual: []uint8{}, Predicted: []uint8{}, Probabilities: []float64{}},
		}
		for r := range size {
			b.RowIDs = append(b.RowIDs, int64(rng.IntN(1000)))
			b.Actual, b.Predicted = append(b.Actual, uint8(rng.IntN(k))), append(b.Predicted, uint8(rng.IntN(k)))
			for c := range k {
				x := rng.Float64()
				if (rows+r)%13 == 5 && c == 0 {
					x = odd[rng.IntN(len(odd))]
				}
				b.Probabilities = append(b.Probabilities, x)
			}
		}
		if !null(i) {
			b.TestCost, b.ErrorCost = []float64{}, []float64{}
			for range size {
				b.TestCost, b.ErrorCost = append(b.TestCost, rng.Float64()*100), append(b.ErrorCost, float64(rng.IntN(3)*50))
			}
		}
		out = append(out, b)
		rows += size
	}
	return out
}

// expandBlocks is the rows of blocks, built here rather than by the
// writer: each row its block's keys and its own cells.
func expandBlocks(blocks []PredictionBlock[BenchmarkPrediction]) []BenchmarkPrediction {
	var out []BenchmarkPrediction
	for _, b := range blocks {
		k := len(b.Classes)
		for i := range b.RowIDs {
			r := b.Head
			r.Prediction = Prediction{Rep: b.Rep, Fold: b.Fold, ModelID: b.ModelID, RowID: b.RowIDs[i],
				Actual: b.Classes[b.Actual[i]], Predicted: b.Classes[b.Predicted[i]], Classes: b.Classes,
				Probabilities: slices.Clone(b.Probabilities[i*k : (i+1)*k])}
			if b.TestCost != nil {
				r.TestCost, r.ErrorCost = ptr(b.TestCost[i]), ptr(b.ErrorCost[i])
			}
			out = append(out, r)
		}
	}
	return out
}

// predictionRows is the rows of predictionBlocks, one in nine with empty
// lists (which the flat writer takes, though no study writes them).
func predictionRows(rng *rand.Rand, n int, null func(block int) bool) []BenchmarkPrediction {
	rows := expandBlocks(predictionBlocks(rng, n, null))
	for i := 4; i < len(rows); i += 9 {
		rows[i].Classes, rows[i].Probabilities = nil, nil
	}
	return rows
}

// sameLists compares rows with lists as DeepEqual does, but an empty list
// equal to a nil one (the reader gives empty lists) and floats by their
// bits (NaN equal to NaN).
func samePredictions(a, b BenchmarkPrediction) bool {
	bits := func(xs []float64) []uint64 {
		out := make([]uint64, len(xs))
		for i, x := range xs {
			out[i] = math.Float64bits(x)
		}
		return out
	}
	if !slices.Equal(a.Classes, b.Classes) || !slices.Equal(bits(a.Probabilities), bits(b.Probabilities)) {
		return false
	}
	a.Classes, b.Classes, a.Probabilities, b.Probabilities = nil, nil, nil, nil
	return reflect.DeepEqual(a, b)
}

// listCellsOf is cellsOf with the lists as []float64 and []string (never
// nil), as arrowCell returns them.
func listCellsOf(rows []BenchmarkPrediction) [][]any {
	cells := cellsOf(rows)
	cols := Columns[BenchmarkPrediction]()
	for r := range cells {
		for c, col := range cols {
			switch col.Kind {
			case KindStringList:
				cells[r][c] = append([]string{}, cells[r][c].([]string)...)
			case KindFloat64List:
				cells[r][c] = append([]float64{}, cells[r][c].([]float64)...)
			}
		}
	}
	return cells
}

// TestPredictionsRoundTrip writes prediction tables with lists of every
// length (empty ones included) and costs null, never null or mixed, in one
// page, several and two row groups, and reads them back with dtbench's
// reader and with Arrow's.
func TestPredictionsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := []struct {
		name string
		n    int
		null func(int) bool
	}{
		{"empty", 0, func(int) bool { return false }},
		{"one row", 1, func(int) bool { return true }},
		{"pages", 2*pq.PageRows + 11, func(i int) bool { return i%3 == 0 }},
		{"no nulls", 1000, func(int) bool { return false }},
		{"row groups", RowGroupRows + 5, func(i int) bool { return i/1000%2 == 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			blocks := predictionBlocks(rng, tc.n, tc.null)
			rows := expandBlocks(blocks)
			path := filepath.Join(t.TempDir(), "p.parquet")
			info, err := BenchmarkPredictionTable.WritePart(context.Background(), path, []*Bag{bagOf(BenchmarkPredictionTable.Slot, blocks)})
			if err != nil {
				t.Fatal(err)
			}
			if info.Rows != int64(tc.n) || len(rows) != tc.n {
				t.Errorf("FileInfo.Rows = %d, %d rows expanded; want %d", info.Rows, len(rows), tc.n)
			}
			got, err := readFlat(path, benchmarkPredictionTable)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(rows) {
				t.Fatalf("read %d rows; want %d", len(got), len(rows))
			}
			for i := range rows {
				if !samePredictions(got[i], rows[i]) {
					t.Fatalf("row %d = %+v; want %+v", i, got[i], rows[i])
				}
			}
			if len(got) > 1 && len(got[0].Probabilities) > 0 && len(got[1].Probabilities) > 0 {
				// Appending to a row's list must not write into the next row's.
				want := got[1].Probabilities[0]
				_ = append(got[0].Probabilities, 42)
				if math.Float64bits(got[1].Probabilities[0]) != math.Float64bits(want) {
					t.Errorf("appending to row 0's probabilities changed row 1's")
				}
			}
			_, cells := arrowRows(t, path)
			compareListCells(t, cells, listCellsOf(rows))
			if err := CheckTable(path, Predictions); err != nil {
				t.Errorf("CheckTable: %v", err)
			}
			// The catalog reads the rows back into the blocks written,
			// empty blocks aside.
			back, err := BenchmarkPredictionTable.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			nonEmpty := slices.DeleteFunc(slices.Clone(blocks), func(b PredictionBlock[BenchmarkPrediction]) bool { return b.Len() == 0 })
			if len(back) != len(nonEmpty) {
				t.Fatalf("read %d blocks; want %d", len(back), len(nonEmpty))
			}
			for i := range back {
				if !sameRows(expandBlocks(back[i:i+1]), expandBlocks(nonEmpty[i:i+1])) || !reflect.DeepEqual(back[i].Head, nonEmpty[i].Head) {
					t.Fatalf("block %d read back as %+v; want %+v", i, back[i], nonEmpty[i])
				}
			}
		})
	}
}

// sameRows compares prediction rows with samePredictions.
func sameRows(a, b []BenchmarkPrediction) bool {
	return slices.EqualFunc(a, b, samePredictions)
}

// compareListCells is compareCells with list cells compared element by
// element, floats by their bits.
func compareListCells(t *testing.T, got, want [][]any) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d rows; want %d", len(got), len(want))
	}
	same := func(a, b any) bool {
		if x, ok := a.([]float64); ok {
			y, ok := b.([]float64)
			return ok && slices.EqualFunc(x, y, func(p, q float64) bool { return math.Float64bits(p) == math.Float64bits(q) })
		}
		return sameCell(a, b)
	}
	for r := range want {
		for c := range want[r] {
			if c >= len(got[r]) || !same(got[r][c], want[r][c]) {
				t.Fatalf("row %d column %d = %v; want %v (row %v)", r, c, got[r][c], want[r][c], want[r])
			}
		}
	}
}

// bagOf is a bag holding rows in slot s.
func bagOf[R any](s Slot[R], rows []R) *Bag {
	b := NewBag()
	s.Set(b, rows)
	return b
}

// TestPredictionColumns pins the columns of the three studies' prediction
// rows: the task's keys, then the shared columns, the lists as LISTs.
func TestPredictionColumns(t *testing.T) {
	shared := []string{"rep INT32 required", "fold INT32 required", "model_id INT64 required", "row_id INT64 required",
		"actual BYTE_ARRAY required", "predicted BYTE_ARRAY required",
		"classes.list.element BYTE_ARRAY repeated", "probabilities.list.element DOUBLE repeated",
		"test_cost DOUBLE optional", "error_cost DOUBLE optional"}
	keys := []string{"dataset_id INT64 required", "learner BYTE_ARRAY required"}
	for _, tc := range []struct {
		name string
		got  []string
		cell []string
	}{
		{"benchmark", pq.DescribeColumns(benchmarkPredictionTable.rows.Schema()),
			[]string{"dataset BYTE_ARRAY required", "scenario BYTE_ARRAY required", "subset BYTE_ARRAY required"}},
		{"cost", pq.DescribeColumns(costPredictionTable.rows.Schema()),
			[]string{"dataset BYTE_ARRAY required", "misclassification DOUBLE required"}},
		{"oracle", pq.DescribeColumns(oraclePredictionTable.rows.Schema()),
			[]string{"features INT32 required", "depth INT32 required", "mode BYTE_ARRAY required", "size INT32 required"}},
	} {
		if want := slices.Concat(keys, tc.cell, shared); !slices.Equal(tc.got, want) {
			t.Errorf("%s columns =\n%q\nwant\n%q", tc.name, tc.got, want)
		}
	}
}

// TestListPages checks the list columns' pages: pq.PageRows rows each, the
// empty lists counted as nulls, levels and encodings as documented, no
// statistics, and the strings' dictionary in order of first appearance.
func TestListPages(t *testing.T) {
	rows := predictionRows(rand.New(rand.NewPCG(3, 4)), pq.PageRows+500, func(int) bool { return false })
	path := filepath.Join(t.TempDir(), "p.parquet")
	if _, err := writeFlat(context.Background(), path, benchmarkPredictionTable, rows); err != nil {
		t.Fatal(err)
	}
	pf, f, err := openParquet(path, Predictions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	md := pf.Metadata()
	for c, cc := range md.RowGroups[0].Columns {
		name := strings.Join(cc.MetaData.PathInSchema, ".")
		var want []format.Encoding
		switch name {
		case "classes.list.element":
			want = []format.Encoding{format.Plain, format.RLE, format.RLEDictionary}
		case "probabilities.list.element":
			want = []format.Encoding{format.Plain, format.RLE}
		default:
			continue
		}
		if !slices.Equal(cc.MetaData.Encoding, want) {
			t.Errorf("%s encodings %v; want %v", name, cc.MetaData.Encoding, want)
		}
		if cc.MetaData.Statistics.MinValue != nil || cc.MetaData.Statistics.MaxValue != nil {
			t.Errorf("%s has statistics", name)
		}
		chunk := pf.RowGroups()[0].ColumnChunks()[c]
		pages, empties, row := 0, 0, 0
		pr := chunk.Pages()
		for {
			p, err := pr.ReadPage()
			if err != nil {
				break
			}
			wantRows := min(pq.PageRows, len(rows)-row)
			if int(p.NumRows()) != wantRows {
				t.Errorf("%s page %d: %d rows; want %d", name, pages, p.NumRows(), wantRows)
			}
			for i := row; i < row+wantRows; i++ {
				if len(rows[i].Classes) == 0 {
					empties++
				}
			}
			if int(p.NumNulls()) != empties {
				t.Errorf("%s page %d: %d nulls; want the %d empty lists", name, pages, p.NumNulls(), empties)
			}
			empties = 0
			row += wantRows
			pages++
		}
		pr.Close()
		if pages != 2 {
			t.Errorf("%s: %d pages; want 2", name, pages)
		}
	}
	// The strings' dictionary: the labels in order of first appearance.
	var seen []string
	for _, r := range rows {
		for _, c := range r.Classes {
			if !slices.Contains(seen, c) {
				seen = append(seen, c)
			}
		}
	}
	i := slices.IndexFunc(pf.Schema().Columns(), func(p []string) bool { return p[0] == "classes" })
	pr := pf.RowGroups()[0].ColumnChunks()[i].Pages()
	defer pr.Close()
	p, err := pr.ReadPage()
	if err != nil {
		t.Fatal(err)
	}
	var dict []string
	if d := p.Dictionary(); d != nil {
		data := d.Page().Data()
		words, offs := data.ByteArray()
		for k := 0; k+1 < len(offs); k++ {
			dict = append(dict, string(words[offs[k]:offs[k+1]]))
		}
	}
	if !slices.Equal(dict, seen) {
		t.Errorf("classes dictionary; want %q", seen)
	}
}

// TestPredictionsReproducible writes the same rows twice, and rows that
// differ in one probability, and compares the bytes.
func TestPredictionsReproducible(t *testing.T) {
	rows := predictionRows(rand.New(rand.NewPCG(1, 2)), 3000, func(i int) bool { return i%4 == 0 })
	dir := t.TempDir()
	write := func(name string, rows []BenchmarkPrediction) []byte {
		path := filepath.Join(dir, name)
		if _, err := writeFlat(context.Background(), path, benchmarkPredictionTable, rows); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	again := slices.Clone(rows)
	for i := range again {
		again[i].Probabilities = slices.Clone(again[i].Probabilities)
	}
	a := write("a.parquet", rows)
	if !bytes.Equal(a, write("b.parquet", again)) {
		t.Errorf("two writes of the same rows differ")
	}
	again[1234].Probabilities[0] += 1e-9
	if bytes.Equal(a, write("c.parquet", again)) {
		t.Errorf("a changed probability left the bytes unchanged")
	}
}

// TestPredictionsTruncated cuts a predictions file at every length: the
// reader and CheckTable must refuse it with an *input.Error.
func TestPredictionsTruncated(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.parquet")
	if _, err := writeFlat(context.Background(), path, costPredictionTable, []CostPrediction{
		{DatasetID: 3, Learner: "c45", CostCell: CostCell{Dataset: "heart", Misclassification: 50},
			Prediction: Prediction{Fold: NoFold, RowID: 7, Actual: "a", Predicted: "b", Classes: []string{"a", "b"}, Probabilities: []float64{0.25, 0.75},
				TestCost: ptr(7.27), ErrorCost: ptr(50.0)}},
		{DatasetID: 3, Learner: "majority", CostCell: CostCell{Dataset: "heart", Misclassification: 50},
			Prediction: Prediction{Fold: NoFold, ModelID: NoModel, RowID: 7, Actual: "a", Predicted: "a", Classes: []string{"a", "b"}, Probabilities: []float64{1, 0}}},
	}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	cut := filepath.Join(dir, "cut.parquet")
	for n := range len(data) {
		os.WriteFile(cut, data[:n], 0o644)
		if _, err := readFlat(cut, costPredictionTable); !input.Is(err) {
			t.Fatalf("read(%d of %d bytes) = %v; want an *input.Error", n, len(data), err)
		}
		if err := CheckTable(cut, Predictions); !input.Is(err) {
			t.Fatalf("CheckTable(%d of %d bytes) = %v; want an *input.Error", n, len(data), err)
		}
	}
}

// TestColumnsOfLists checks how list fields become columns, and the list
// fields that are refused.
func TestColumnsOfLists(t *testing.T) {
	type row struct {
		A []float64 `parquet:"a,list"`
		B []string  `parquet:"b,list"`
	}
	cols := Columns[row]()
	if len(cols) != 2 || cols[0].Kind != KindFloat64List || cols[1].Kind != KindStringList || cols[0].Nullable || cols[1].Nullable {
		t.Errorf("Columns = %+v; want a []float64 list and a []string list, required", cols)
	}
	if NumericColumns[row]() != nil {
		t.Errorf("lists read as numeric columns")
	}
	for _, tc := range []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"no list tag", reflect.TypeFor[struct {
			A []float64 `parquet:"a"`
		}](), `lacks "list"`},
		{"optional list", reflect.TypeFor[struct {
			A []float64 `parquet:"a,optional"`
		}](), `lacks "list"`},
		{"list of ints", reflect.TypeFor[struct {
			A []int64 `parquet:"a,list"`
		}](), "has type []int64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ColumnsOf(tc.typ); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ColumnsOf = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}
