package schemas

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/schemas/internal/pq"
)

func TestDatasetsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	oracle := testSchema([]int{2, 2, 2, 2}, 2)
	real := testSchema([]int{3, 5, 2, 64}, 4, "outlook", "temp erature", "windy", "ünïcode")
	cases := []struct {
		name   string
		schema dataset.Schema
		recs   func() []DatasetRecord
	}{
		{"oracle data with test sets", oracle, func() []DatasetRecord {
			var recs []DatasetRecord
			for i := range 5 {
				n := 10 + 7*i
				recs = append(recs, DatasetRecord{DatasetID: int64(i), OracleID: int64(i / 2), Mode: []string{"complete", "unique"}[i%2],
					Train: randomDataset(t, rng, oracle, n), TrainRules: randomRules(rng, n),
					Test: randomDataset(t, rng, oracle, 30), TestRules: randomRules(rng, 30)})
			}
			return recs
		}},
		{"multi-valued, nil test, no rules", real, func() []DatasetRecord {
			return []DatasetRecord{
				{DatasetID: 4, OracleID: -1, Mode: "vote.arff", Train: randomDataset(t, rng, real, 50)},
				{DatasetID: 2, OracleID: -1, Mode: "vote.arff", Train: randomDataset(t, rng, real, 1),
					Test: randomDataset(t, rng, real, 3)},
			}
		}},
		{"empty training set", oracle, func() []DatasetRecord {
			return []DatasetRecord{{DatasetID: 1, Mode: "complete", Train: randomDataset(t, rng, oracle, 0),
				Test: randomDataset(t, rng, oracle, 5), TestRules: randomRules(rng, 5)}}
		}},
		{"numeric and missing values across pages and row groups", mixedSchema([]int{3, 0, 2, 0}, []bool{false, true, false, true}, 3, "colour", "temp", "windy", "wind speed"), func() []DatasetRecord {
			s := mixedSchema([]int{3, 0, 2, 0}, []bool{false, true, false, true}, 3, "colour", "temp", "windy", "wind speed")
			n := RowGroupRows/2 + 1000
			return []DatasetRecord{
				{DatasetID: 1, OracleID: -1, Mode: "credit", Train: randomMixed(t, rng, s, n, 0.2)},
				{DatasetID: 2, OracleID: -1, Mode: "credit", Train: randomMixed(t, rng, s, n, 0.01), Test: randomMixed(t, rng, s, 10, 0.5)},
				{DatasetID: 3, OracleID: -1, Mode: "credit", Train: randomMixed(t, rng, s, 7, 1)}, // every value missing
				{DatasetID: 4, OracleID: -1, Mode: "credit", Train: randomMixed(t, rng, s, 7, 0)},
			}
		}},
		{"datasets across row groups", testSchema([]int{2, 3}, 2), func() []DatasetRecord {
			s := testSchema([]int{2, 3}, 2)
			n := RowGroupRows/2 + 1000
			return []DatasetRecord{
				{DatasetID: 1, Mode: "complete", Train: randomDataset(t, rng, s, n), TrainRules: randomRules(rng, n)},
				{DatasetID: 2, Mode: "complete", Train: randomDataset(t, rng, s, n), TrainRules: randomRules(rng, n),
					Test: randomDataset(t, rng, s, 10), TestRules: randomRules(rng, 10)},
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			recs := tc.recs()
			path := filepath.Join(t.TempDir(), "datasets", "part-0-0.parquet")
			info, err := WriteDatasets(path, recs)
			if err != nil {
				t.Fatal(err)
			}
			rows := 0
			for _, r := range recs {
				rows += r.Train.Len()
				if r.Test != nil {
					rows += r.Test.Len()
				}
			}
			if info.Rows != int64(rows) {
				t.Errorf("WriteDatasets rows = %d; want %d", info.Rows, rows)
			}
			got, err := ReadDatasets(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(recs) {
				t.Fatalf("ReadDatasets: %d datasets; want %d", len(got), len(recs))
			}
			for i, want := range recs {
				g := got[i]
				if g.DatasetID != want.DatasetID || g.OracleID != want.OracleID || g.Mode != want.Mode {
					t.Errorf("dataset %d: ids %d %d %q; want %d %d %q", i, g.DatasetID, g.OracleID, g.Mode, want.DatasetID, want.OracleID, want.Mode)
				}
				if err := sameDataset(g.Train, want.Train); err != nil {
					t.Errorf("dataset %d train: %v", i, err)
				}
				if !slices.Equal(g.TrainRules, want.TrainRules) || (g.TrainRules == nil) != (want.TrainRules == nil) {
					t.Errorf("dataset %d train rules differ (nil: %v, want nil: %v)", i, g.TrainRules == nil, want.TrainRules == nil)
				}
				if (g.Test == nil) != (want.Test == nil) {
					t.Fatalf("dataset %d: test nil = %v; want %v", i, g.Test == nil, want.Test == nil)
				}
				if want.Test != nil {
					if err := sameDataset(g.Test, want.Test); err != nil {
						t.Errorf("dataset %d test: %v", i, err)
					}
					if !slices.Equal(g.TestRules, want.TestRules) {
						t.Errorf("dataset %d test rules differ", i)
					}
				}
			}
		})
	}
}

// TestDatasetColumns checks the column layout users query: fixed columns
// around one column per feature, named like the features, a nominal one an
// optional int32 and a numeric one an optional double (version 2).
func TestDatasetColumns(t *testing.T) {
	s := mixedSchema([]int{2, 0, 3}, []bool{false, true}, 2, "outlook", "temp", "windy")
	path := filepath.Join(t.TempDir(), "d.parquet")
	rng := rand.New(rand.NewPCG(1, 1))
	if _, err := WriteDatasets(path, []DatasetRecord{{DatasetID: 1, Mode: "m", Train: randomMixed(t, rng, s, 4, 0)}}); err != nil {
		t.Fatal(err)
	}
	pf, f, err := openParquet(path, Datasets)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := pq.DescribeColumns(pf.Schema())
	want := []string{
		"dataset_id INT64 required", "oracle_id INT64 required", "mode BYTE_ARRAY required", "split BYTE_ARRAY required",
		"row INT32 required", "rule INT32 required", "outlook INT32 optional", "temp DOUBLE optional", "windy INT32 optional", "class INT32 required",
	}
	if !slices.Equal(got, want) {
		t.Errorf("columns = %q; want %q", got, want)
	}
}

func TestWriteDatasetsRejects(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := testSchema([]int{2, 2}, 2)
	b := testSchema([]int{2, 3}, 2)
	cases := []struct {
		name string
		recs []DatasetRecord
		want string
	}{
		{"schemas differ", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, a, 3)},
			{DatasetID: 2, Train: randomDataset(t, rng, b, 3)},
		}, "one schema"},
		{"numeric and nominal feature of one name", []DatasetRecord{
			{DatasetID: 1, Train: randomMixed(t, rng, mixedSchema([]int{2, 2}, []bool{true}, 2), 3, 0)},
			{DatasetID: 2, Train: randomMixed(t, rng, mixedSchema([]int{2, 2}, []bool{false, true}, 2), 3, 0)},
		}, "one schema"},
		{"test schema differs", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, a, 3), Test: randomDataset(t, rng, b, 3)},
		}, "one schema"},
		{"rules of wrong length", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, a, 3), TrainRules: []int32{1}},
		}, "1 rules for 3 rows"},
		{"no training set", []DatasetRecord{{DatasetID: 1}}, "no training set"},
		{"no rows", []DatasetRecord{{DatasetID: 1, Train: randomDataset(t, rng, a, 0)}}, "no rows"},
		{"feature named like a column", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, testSchema([]int{2}, 2, "split"), 3)},
		}, `"split"`},
		{"duplicate feature names", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, testSchema([]int{2, 2}, 2, "x", "x"), 3)},
		}, `"x"`},
		{"comma in a name", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, testSchema([]int{2}, 2, "a,b"), 3)},
		}, "comma"},
		{"name not UTF-8", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, testSchema([]int{2}, 2, "\xff"), 3)},
		}, "not valid UTF-8"},
		{"duplicate dataset ids", []DatasetRecord{
			{DatasetID: 1, Train: randomDataset(t, rng, a, 3)},
			{DatasetID: 2, Train: randomDataset(t, rng, a, 3)},
			{DatasetID: 1, Train: randomDataset(t, rng, a, 3)},
		}, "dataset id 1 appears twice"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := WriteDatasets(filepath.Join(t.TempDir(), "d.parquet"), tc.recs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("WriteDatasets = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestReadDatasetsV1 reads testdata/datasets-v1.parquet, which the
// version 1 writer wrote from goldenRecords (a required int32 code per
// feature, no nulls): old run folders still read, to the same datasets.
func TestReadDatasetsV1(t *testing.T) {
	_, _, want := goldenRecords(t)
	path := filepath.Join("testdata", "datasets-v1.parquet")
	pf, f, err := openParquet(path, Datasets)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if v, _ := pf.Lookup(MetaVersion); v != "1" {
		t.Fatalf("testdata/datasets-v1.parquet is version %q; want 1", v)
	}
	if got := pq.DescribeColumns(pf.Schema())[6]; got != "outlook INT32 required" {
		t.Errorf("column 6 = %q; want a version 1 feature, outlook INT32 required", got)
	}
	got, err := ReadDatasets(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d datasets; want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.DatasetID != w.DatasetID || g.OracleID != w.OracleID || g.Mode != w.Mode {
			t.Errorf("dataset %d: ids %d %d %q; want %d %d %q", i, g.DatasetID, g.OracleID, g.Mode, w.DatasetID, w.OracleID, w.Mode)
		}
		if err := sameDataset(g.Train, w.Train); err != nil {
			t.Errorf("dataset %d train: %v", i, err)
		}
		if !sameRules(g.TrainRules, w.TrainRules) {
			t.Errorf("dataset %d train rules differ", i)
		}
		if (g.Test == nil) != (w.Test == nil) {
			t.Fatalf("dataset %d: test nil %v; want %v", i, g.Test == nil, w.Test == nil)
		}
		if w.Test != nil {
			if err := sameDataset(g.Test, w.Test); err != nil {
				t.Errorf("dataset %d test: %v", i, err)
			}
		}
	}
}
