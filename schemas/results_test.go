package schemas

import (
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/schemas/internal/pq"
	"github.com/parquet-go/parquet-go"
)

func ptr[T any](v T) *T { return &v }

func testEvaluations() []OracleEvaluation {
	return []OracleEvaluation{
		{DatasetID: 1, OracleID: 1, Learner: "id3", ModelID: 10, OracleCell: OracleCell{Features: 10, Depth: 5, Mode: "complete", Size: 100}, Rep: 0,
			Measures: Measures{DOE: ptr(0.625), Agreement: ptr(0.9), Accuracy: ptr(0.88), TreeDepth: ptr(int32(5)), TreeLeaves: ptr(int32(17)),
				TreeNodes: ptr(int32(33)), AccX: ptr(0.5), AccV: ptr(0.52), AccI: ptr(0.7), GammaX: ptr(0.76), GammaV: ptr(0.75),
				GammaI: ptr(-0.2), Optimal: ptr(false)}},
		{DatasetID: 1, OracleID: 1, Learner: "naive-bayes", ModelID: 11, OracleCell: OracleCell{Features: 10, Depth: 5, Mode: "complete", Size: 100}, Rep: 0,
			Measures: Measures{Accuracy: ptr(0.8)}},
		{DatasetID: 2, OracleID: 1, Learner: "exact", ModelID: 12, OracleCell: OracleCell{Features: 10, Depth: 5, Mode: "unique", Size: 50}, Rep: 1,
			Measures: Measures{DOE: ptr(1.0), Agreement: ptr(1.0), TreeDepth: ptr(int32(0)), TreeLeaves: ptr(int32(1)), TreeNodes: ptr(int32(1)),
				Optimal: ptr(true)}},
		{}, // every nullable column null, every id zero
	}
}

// TestResultColumns pins the columns of the flat result tables, as
// README.md documents them: names, physical types and nullability in
// order (evaluations version 4: version 1, which the Arrow writer wrote,
// lacked mae, correct and total, version 2 the costs, version 3 status and
// message; all read with them null).
func TestResultColumns(t *testing.T) {
	cases := []struct {
		name   string
		schema *parquet.Schema
		want   []string
	}{
		{Evaluations, evaluationTable.rows.Schema(), []string{
			"dataset_id INT64 required", "oracle_id INT64 required", "learner BYTE_ARRAY required", "model_id INT64 required",
			"features INT32 required", "depth INT32 required", "mode BYTE_ARRAY required", "size INT32 required", "rep INT32 required",
			"doe DOUBLE optional", "agreement DOUBLE optional", "accuracy DOUBLE optional",
			"mae DOUBLE optional", "correct INT64 optional", "total INT64 optional",
			"kappa DOUBLE optional", "balanced_accuracy DOUBLE optional", "f1_macro DOUBLE optional", "f1_weighted DOUBLE optional", "rmse DOUBLE optional", "auc_weighted DOUBLE optional",
			"tree_depth INT32 optional", "tree_leaves INT32 optional", "tree_nodes INT32 optional",
			"acc_x DOUBLE optional", "acc_v DOUBLE optional", "acc_i DOUBLE optional",
			"gamma_x DOUBLE optional", "gamma_v DOUBLE optional", "gamma_i DOUBLE optional", "optimal BOOLEAN optional",
			"avg_cost DOUBLE optional", "avg_test_cost DOUBLE optional", "avg_error_cost DOUBLE optional",
			"status BYTE_ARRAY optional", "message BYTE_ARRAY optional",
		}},
		{Timings, timingTable.rows.Schema(), []string{
			"dataset_id INT64 required", "learner BYTE_ARRAY required", "step BYTE_ARRAY required", "nanos INT64 required",
		}},
	}
	for _, tc := range cases {
		if got := pq.DescribeColumns(tc.schema); !slices.Equal(got, tc.want) {
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
	cell := OracleCell{Features: 10, Depth: 5, Mode: "complete", Size: 100}
	rows := []OracleSummary{
		{Learner: "id3", OracleCell: cell, Measure: "doe", Count: 30, Stat: Stat{N: 30, Mean: ptr(0.8), SD: ptr(0.1), CILow: ptr(0.76), CIHigh: ptr(0.84)}},
		{Learner: "id3", OracleCell: cell, Measure: "acc_i", Count: 30, Stat: Stat{N: 1, Mean: ptr(0.5)}},
		{Learner: "nb", OracleCell: cell, Measure: "doe", Count: 30, Stat: Stat{N: 0}},
	}
	path := filepath.Join(t.TempDir(), "report", "summary.parquet")
	if _, err := WriteSummary(path, rows); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("ReadSummary =\n%+v\nwant\n%+v", got, rows)
	}
}

// TestSummaryColumns pins the summary's long layout: the cell, then one
// row per measure with its Stat.
func TestSummaryColumns(t *testing.T) {
	want := []string{"learner BYTE_ARRAY required", "features INT32 required", "depth INT32 required", "mode BYTE_ARRAY required",
		"size INT32 required", "measure BYTE_ARRAY required", "count INT64 required", "failed INT64 optional", "n INT64 required",
		"mean DOUBLE optional", "sd DOUBLE optional", "ci_low DOUBLE optional", "ci_high DOUBLE optional"}
	if got := pq.DescribeColumns(summaryTable.rows.Schema()); !slices.Equal(got, want) {
		t.Errorf("summary columns =\n%q\nwant\n%q", got, want)
	}
}
