package schemas

import (
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/parquet-go/parquet-go"
)

func ptr[T any](v T) *T { return &v }

func testEvaluations() []Evaluation {
	return []Evaluation{
		{DatasetID: 1, OracleID: 1, Learner: "id3", ModelID: 10, Features: 10, Depth: 5, Mode: "complete", Size: 100, Rep: 0,
			DOE: ptr(0.625), Agreement: ptr(0.9), Accuracy: ptr(0.88), TreeDepth: ptr(int32(5)), TreeLeaves: ptr(int32(17)),
			TreeNodes: ptr(int32(33)), AccX: ptr(0.5), AccV: ptr(0.52), AccI: ptr(0.7), GammaX: ptr(0.76), GammaV: ptr(0.75),
			GammaI: ptr(-0.2), Optimal: ptr(false)},
		{DatasetID: 1, OracleID: 1, Learner: "naive-bayes", ModelID: 11, Features: 10, Depth: 5, Mode: "complete", Size: 100, Rep: 0,
			Accuracy: ptr(0.8)},
		{DatasetID: 2, OracleID: 1, Learner: "exact", ModelID: 12, Features: 10, Depth: 5, Mode: "unique", Size: 50, Rep: 1,
			DOE: ptr(1.0), Agreement: ptr(1.0), TreeDepth: ptr(int32(0)), TreeLeaves: ptr(int32(1)), TreeNodes: ptr(int32(1)),
			Optimal: ptr(true)},
		{}, // every nullable column null, every id zero
	}
}

// TestResultColumns pins the columns of the flat result tables, as
// README.md documents them and as the Arrow writer of schema version 1
// wrote them: names, physical types and nullability in order.
func TestResultColumns(t *testing.T) {
	cases := []struct {
		name   string
		schema *parquet.Schema
		want   []string
	}{
		{Evaluations, evaluationTable.schema, []string{
			"dataset_id INT64 required", "oracle_id INT64 required", "learner BYTE_ARRAY required", "model_id INT64 required",
			"features INT32 required", "depth INT32 required", "mode BYTE_ARRAY required", "size INT32 required", "rep INT32 required",
			"doe DOUBLE optional", "agreement DOUBLE optional", "accuracy DOUBLE optional",
			"tree_depth INT32 optional", "tree_leaves INT32 optional", "tree_nodes INT32 optional",
			"acc_x DOUBLE optional", "acc_v DOUBLE optional", "acc_i DOUBLE optional",
			"gamma_x DOUBLE optional", "gamma_v DOUBLE optional", "gamma_i DOUBLE optional", "optimal BOOLEAN optional",
		}},
		{Timings, timingTable.schema, []string{
			"dataset_id INT64 required", "learner BYTE_ARRAY required", "step BYTE_ARRAY required", "nanos INT64 required",
		}},
	}
	for _, tc := range cases {
		if got := describeColumns(tc.schema); !slices.Equal(got, tc.want) {
			t.Errorf("%s columns =\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

func TestEvaluationsRoundTrip(t *testing.T) {
	rows := testEvaluations()
	path := filepath.Join(t.TempDir(), "results", "evaluations", "part-0-0.parquet")
	info, err := WriteEvaluations(path, rows)
	if err != nil {
		t.Fatal(err)
	}
	if info.Rows != int64(len(rows)) {
		t.Errorf("rows = %d; want %d", info.Rows, len(rows))
	}
	got, err := ReadEvaluations(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("ReadEvaluations =\n%+v\nwant\n%+v", got, rows)
	}
}

func TestTimingsRoundTrip(t *testing.T) {
	rows := []Timing{{1, "", "generate", 1200}, {1, "id3", "fit", 90_000}, {1, "id3", "evaluate", 4}}
	path := filepath.Join(t.TempDir(), "t.parquet")
	if _, err := WriteTimings(path, rows); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTimings(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("ReadTimings = %+v; want %+v", got, rows)
	}
}

func TestSummaryRoundTrip(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	nan := math.NaN()
	none := Stat{N: 0, Mean: nan, SD: nan, CILow: nan, CIHigh: nan}
	one := Stat{N: 1, Mean: 0.5, SD: nan, CILow: nan, CIHigh: nan}
	many := Stat{N: 30, Mean: 0.8, SD: 0.1, CILow: 0.76, CIHigh: 0.84}
	rows := []Summary{
		{Learner: "id3", Features: 10, Depth: 5, Mode: "complete", Size: 100, Count: 30,
			DOE: many, Agreement: many, Accuracy: many, AccX: many, AccV: many, AccI: one, GammaX: many, GammaV: many,
			GammaI: none, TreeDepth: many, TreeLeaves: many},
		{Learner: "nb", Features: 10, Depth: 5, Mode: "unique", Size: 50, Count: 1,
			DOE: none, Agreement: none, Accuracy: one, AccX: one, AccV: one, AccI: one, GammaX: one, GammaV: one,
			GammaI: one, TreeDepth: none, TreeLeaves: none},
	}
	path := filepath.Join(t.TempDir(), "report", "summary.parquet")
	if _, err := writeSummary(mem, path, rows); err != nil {
		t.Fatal(err)
	}
	got, err := readSummary(mem, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(rows) {
		t.Fatalf("ReadSummary: %d rows; want %d", len(got), len(rows))
	}
	eq := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for i := range rows {
		w, g := reflect.ValueOf(rows[i]), reflect.ValueOf(got[i])
		for f := range w.NumField() {
			name := w.Type().Field(f).Name
			ws, ok := w.Field(f).Interface().(Stat)
			if !ok {
				if w.Field(f).Interface() != g.Field(f).Interface() {
					t.Errorf("row %d %s = %v; want %v", i, name, g.Field(f), w.Field(f))
				}
				continue
			}
			gs := g.Field(f).Interface().(Stat)
			if gs.N != ws.N || !eq(gs.Mean, ws.Mean) || !eq(gs.SD, ws.SD) || !eq(gs.CILow, ws.CILow) || !eq(gs.CIHigh, ws.CIHigh) {
				t.Errorf("row %d %s = %+v; want %+v", i, name, gs, ws)
			}
		}
	}
}

// TestSummaryColumns checks the Stat column names and which are nullable.
func TestSummaryColumns(t *testing.T) {
	names := columnNames(summaryColumns)
	if got, want := len(names), 6+11*5; got != want {
		t.Fatalf("%d summary columns; want %d", got, want)
	}
	want := map[string]bool{ // name → nullable
		"learner": false, "count": false, "doe_n": false, "doe_mean": true, "doe_sd": true,
		"doe_ci_low": true, "doe_ci_high": true, "tree_leaves_ci_high": true, "gamma_i_n": false,
	}
	for _, c := range summaryColumns {
		if nullable, ok := want[c.field.Name]; ok {
			if c.field.Nullable != nullable {
				t.Errorf("column %s nullable = %v; want %v", c.field.Name, c.field.Nullable, nullable)
			}
			delete(want, c.field.Name)
		}
	}
	for name := range want {
		t.Errorf("no column %s", name)
	}
}
