package schemas

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// The files in testdata/ were written from goldenRecords and
// goldenResults. oracles-v1, datasets-v2 and datasets-v2-mixed pin the
// bytes of today's writers of those tables (oracles/ still schema version
// 1, datasets/ version 2), stamped with goldenVersion: a change of their
// bytes must be on purpose, and then the files are rewritten through this
// test with
//
//	go test ./schemas/ -run TestGoldenBytes -update
//
// (last done when datasets/ went to version 2: datasets-v2 is
// goldenRecords' datasets, nominal only, and datasets-v2-mixed
// goldenMixed's, with numeric features and missing values; before, when
// the page writer's null counts were fixed and created_by got dtbench's
// version, oracles-v1 changed in the null count of values.list.element,
// its empty lists, in the chunk and the page headers). The other files pin
// old files, never rewritten: datasets-v1 was written by the version 1
// writer of datasets/ from goldenRecords (TestReadDatasetsV1 reads it),
// models-v1 by the version 1 writer of
// models/ (now version 2, whose reader must still read it), and
// evaluations-v1 and timings-v1 by main's Arrow writer, before the page
// writer took over the result tables (their reader must read them). A
// table whose version is bumped on purpose gets a new golden file of the
// new version beside the old one.

// update rewrites the golden files of TestGoldenBytes.
var update = flag.Bool("update", false, "rewrite testdata/oracles-v1.parquet, datasets-v2.parquet and datasets-v2-mixed.parquet from today's writers")

// goldenVersion is the dtbench version the golden files name in
// created_by, fixed so that they do not change with dtbench's version.
const goldenVersion = "test"

// goldenRecords are the records of the golden files in testdata/: fixed
// seeds, a few trees of every split kind, models with every optimal state,
// datasets with and without test rows and rules. The golden files were
// written by the schema version 1 writers (main before the page writer
// took over the result tables); see golden_test.go.
func goldenRecords(t testing.TB) ([]TreeRecord, []ModelRecord, []DatasetRecord) {
	rng := rand.New(rand.NewPCG(2024, 12))
	domains := []int{2, 3, 5}
	var oracles []TreeRecord
	var models []ModelRecord
	yes, no := true, false
	for i := range 12 {
		oracles = append(oracles, TreeRecord{ID: int64(100 + i), Tree: randomTree(rng, domains, 3, 4, i%2 == 1, false)})
		m := ModelRecord{ModelID: int64(1000 + i), Learner: []string{"id3", "cart", "exact"}[i%3], DatasetID: int64(i), OracleID: int64(100 + i),
			Tree: randomTree(rng, domains, 3, 3, i%2 == 0, i%4 != 3)}
		if i%3 == 2 {
			m.Optimal = map[bool]*bool{true: &yes, false: &no}[i%2 == 0]
		}
		models = append(models, m)
	}
	s := testSchema(domains, 3, "outlook", "temp", "ünïcode")
	var data []DatasetRecord
	for i := range 5 {
		n := 50 + 31*i
		r := DatasetRecord{DatasetID: int64(i), OracleID: int64(100 + i), Mode: []string{"complete", "unique"}[i%2], Train: randomDataset(t, rng, s, n)}
		if i%2 == 0 {
			r.TrainRules = randomRules(rng, n)
			r.Test = randomDataset(t, rng, s, 20+i)
			r.TestRules = randomRules(rng, 20+i)
		}
		data = append(data, r)
	}
	return oracles, models, data
}

// goldenMixed are the records of testdata/datasets-v2-mixed.parquet:
// nominal and numeric features, missing values of both, a test set.
func goldenMixed(t testing.TB) []DatasetRecord {
	rng := rand.New(rand.NewPCG(2026, 23))
	s := mixedSchema([]int{3, 0, 2, 0}, []bool{false, true, false, true}, 2, "colour", "temp", "windy", "wind speed")
	return []DatasetRecord{
		{DatasetID: 0, OracleID: -1, Mode: "credit", Train: randomMixed(t, rng, s, 80, 0.1), Test: randomMixed(t, rng, s, 9, 0.3)},
		{DatasetID: 1, OracleID: -1, Mode: "credit", Train: randomMixed(t, rng, s, 30, 0)},
	}
}

func TestGoldenBytes(t *testing.T) {
	oracles, _, data := goldenRecords(t)
	mixed := goldenMixed(t)
	cases := []struct {
		name    string
		file    string
		version int
		write   func(path string) (FileInfo, error)
	}{
		{Oracles, "oracles-v1.parquet", 1, func(p string) (FileInfo, error) { return WriteOracles(p, oracles, WithVersion(goldenVersion)) }},
		{Datasets, "datasets-v2.parquet", 2, func(p string) (FileInfo, error) { return WriteDatasets(p, data, WithVersion(goldenVersion)) }},
		{Datasets, "datasets-v2-mixed.parquet", 2, func(p string) (FileInfo, error) { return WriteDatasets(p, mixed, WithVersion(goldenVersion)) }},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			if v, _ := TableVersion(tc.name); v != tc.version {
				t.Fatalf("%s is version %d; testdata/%s pins version %d: add a golden file of the new version", tc.name, v, tc.file, tc.version)
			}
			golden := filepath.Join("testdata", tc.file)
			if *update {
				if _, err := tc.write(golden); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), tc.file)
			if _, err := tc.write(path); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: %d bytes differ from testdata/%s (%d bytes); rewrite it with -update if the change is on purpose", tc.name, len(got), tc.file, len(want))
			}
		})
	}
}

// TestReadModelsV1 reads a models/ file of version 1, whose optimal column
// is int32 1/0/-1, and one of version 2 written from the same records.
func TestReadModelsV1(t *testing.T) {
	_, want, _ := goldenRecords(t)
	v2 := filepath.Join(t.TempDir(), "models-v2.parquet")
	if _, err := WriteModels(v2, want); err != nil {
		t.Fatal(err)
	}
	// models-v2 was written by the version 2 writer (main at 45b5cb1,
	// WriteModels of goldenRecords' models with WithVersion(goldenVersion)).
	for _, path := range []string{filepath.Join("testdata", "models-v1.parquet"), filepath.Join("testdata", "models-v2.parquet"), v2} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if err := CheckTable(path, Models); err != nil {
				t.Errorf("CheckTable: %v", err)
			}
			if _, err := HashFile(path); err != nil {
				t.Errorf("HashFile: %v", err)
			}
			got, err := ReadModels(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d models; want %d", len(got), len(want))
			}
			for i, w := range want {
				g := got[i]
				if g.ModelID != w.ModelID || g.Learner != w.Learner || g.DatasetID != w.DatasetID || g.OracleID != w.OracleID {
					t.Errorf("model %d: %+v; want %+v", i, g, w)
				}
				if !sameOptional(g.Optimal, w.Optimal) {
					t.Errorf("model %d: optimal %s; want %s", i, optionalString(g.Optimal), optionalString(w.Optimal))
				}
				if err := sameTree(g.Tree, w.Tree); err != nil {
					t.Errorf("model %d: %v", i, err)
				}
			}
		})
	}
}

// goldenResults are the rows of testdata/evaluations-v1.parquet and
// timings-v1.parquet, which main's Arrow writer wrote (version 1: page v1,
// every column dictionary-encoded, statistics everywhere, no offset index).
func goldenResults() ([]OracleEvaluation, []Timing) {
	base := testEvaluations()
	evals := make([]OracleEvaluation, 600)
	for i := range evals {
		evals[i] = base[i%len(base)]
		evals[i].DatasetID = int64(i / 3)
	}
	timings := []Timing{{1, "", "generate", 1200}, {1, "id3", "fit", 90_000}, {-1, "ünïcode", "evaluate", -4}}
	return evals, timings
}

// TestReadArrowResultsV1 reads the result tables that the Arrow writer of
// version 1 wrote: the encodings changed, the columns and version did not,
// so the page writer's readers read old run folders.
func TestReadArrowResultsV1(t *testing.T) {
	evals, timings := goldenResults()
	gotE, err := ReadEvaluations(filepath.Join("testdata", "evaluations-v1.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sameFlatRows(gotE, evals); err != nil {
		t.Errorf("evaluations-v1: %v", err)
	}
	gotT, err := ReadTimings(filepath.Join("testdata", "timings-v1.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sameFlatRows(gotT, timings); err != nil {
		t.Errorf("timings-v1: %v", err)
	}
}
