package schemas

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
)

// Round trips of every table in the manner of encoding/csv's
// FuzzRoundtrip: build records from the fuzz input, write them, read them
// back and compare. Records a writer refuses (a bad feature name, say) end
// the case; a file a writer accepted must read back equal.
//
// The input drives a math/rand generator (fuzzSource), so every choice a
// record builder makes — counts, shapes, values, nulls, names — comes from
// the fuzzer's bytes, and the engine's mutations reach all of them.

// fuzzSource is a rand.Source that yields the fuzz input, eight bytes at a
// time, then a fixed PCG stream (not zeros: rand's bounded draws reject
// some values and would loop forever on a constant).
type fuzzSource struct {
	b    []byte
	rest rand.PCG
}

func (s *fuzzSource) Uint64() uint64 {
	if len(s.b) == 0 {
		return s.rest.Uint64()
	}
	var buf [8]byte
	n := copy(buf[:], s.b)
	s.b = s.b[n:]
	return binary.LittleEndian.Uint64(buf[:])
}

func fuzzRand(data []byte) *rand.Rand {
	return rand.New(&fuzzSource{b: data, rest: *rand.NewPCG(uint64(len(data)), 7)})
}

// fuzzString draws a short string of arbitrary bytes (not always UTF-8).
func fuzzString(rng *rand.Rand) string {
	b := make([]byte, rng.IntN(6))
	for i := range b {
		b[i] = byte(rng.Uint64() % 7 * 37) // a few byte values, some above 0x7f
	}
	return string(b)
}

func fuzzFloat(rng *rand.Rand) float64 {
	if rng.IntN(4) == 0 {
		return math.Float64frombits(rng.Uint64()) // NaNs, infinities, subnormals
	}
	return float64(rng.IntN(2001)-1000) / 8
}

// fuzzSeeds adds inputs every target starts from.
func fuzzSeeds(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	seed := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 64, 512, 4096} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(seed.Uint64())
		}
		f.Add(b)
	}
}

// sameFlatRows reports the first row where got and want differ, comparing
// floats bit for bit (NaN equals NaN, -0 differs from 0).
func sameFlatRows[R any](got, want []R) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d rows; want %d", len(got), len(want))
	}
	g, w := cellsOf(got), cellsOf(want)
	for r := range w {
		for c := range w[r] {
			if !sameCell(g[r][c], w[r][c]) {
				return fmt.Errorf("row %d column %s = %v; want %v", r, Columns[R]()[c].Name, g[r][c], w[r][c])
			}
		}
	}
	return nil
}

func FuzzEvaluations(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		rng := fuzzRand(data)
		rows := make([]OracleEvaluation, rng.IntN(300))
		opt := func(p **float64) {
			if rng.IntN(3) != 0 {
				*p = ptr(fuzzFloat(rng))
			}
		}
		optInt := func(p **int32) {
			if rng.IntN(3) != 0 {
				*p = ptr(rng.Int32() - math.MaxInt32/2)
			}
		}
		learners := []string{"id3", "exact", fuzzString(rng)}
		for i := range rows {
			r := &rows[i]
			r.DatasetID, r.OracleID, r.ModelID = int64(rng.Uint64()), int64(rng.IntN(5)), int64(i)
			r.Learner, r.Mode = learners[rng.IntN(len(learners))], fuzzString(rng)
			r.Features, r.Depth, r.Size, r.Rep = rng.Int32(), int32(rng.IntN(9)), rng.Int32(), int32(rng.IntN(3))
			for _, p := range []**float64{&r.DOE, &r.Agreement, &r.Accuracy, &r.AccX, &r.AccV, &r.AccI, &r.GammaX, &r.GammaV, &r.GammaI} {
				opt(p)
			}
			for _, p := range []**int32{&r.TreeDepth, &r.TreeLeaves, &r.TreeNodes} {
				optInt(p)
			}
			if rng.IntN(3) != 0 {
				r.Optimal = ptr(rng.IntN(2) == 0)
			}
		}
		path := filepath.Join(t.TempDir(), "e.parquet")
		if _, err := WriteEvaluations(path, rows); err != nil {
			t.Fatal(err)
		}
		got, err := ReadEvaluations(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameFlatRows(got, rows); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzTimings(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		rng := fuzzRand(data)
		rows := make([]Timing, rng.IntN(300))
		for i := range rows {
			rows[i] = Timing{DatasetID: int64(rng.Uint64()), Learner: fuzzString(rng), Step: fuzzString(rng), Nanos: int64(rng.Uint64())}
		}
		path := filepath.Join(t.TempDir(), "t.parquet")
		if _, err := WriteTimings(path, rows); err != nil {
			t.Fatal(err)
		}
		got, err := ReadTimings(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameFlatRows(got, rows); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzID draws an id: any int64, or a small one that may repeat.
func fuzzID(rng *rand.Rand) int64 {
	if rng.IntN(2) == 0 {
		return int64(rng.IntN(4))
	}
	return int64(rng.Uint64())
}

// fuzzShape draws tree domains and a class count.
func fuzzShape(rng *rand.Rand) ([]int, int) {
	domains := make([]int, 1+rng.IntN(5))
	for f := range domains {
		domains[f] = 1 + rng.IntN(6)
	}
	return domains, 1 + rng.IntN(4)
}

func FuzzOracles(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		rng := fuzzRand(data)
		domains, classes := fuzzShape(rng)
		recs := make([]TreeRecord, rng.IntN(8))
		for i := range recs {
			recs[i] = TreeRecord{ID: fuzzID(rng), Tree: randomTree(rng, domains, classes, rng.IntN(6), rng.IntN(2) == 0, false)}
		}
		path := filepath.Join(t.TempDir(), "o.parquet")
		if _, err := WriteOracles(path, recs); err != nil {
			return // duplicate tree ids
		}
		got, err := ReadOracles(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(recs) {
			t.Fatalf("%d trees; want %d", len(got), len(recs))
		}
		for i, r := range recs {
			if got[i].ID != r.ID {
				t.Errorf("tree %d: id %d; want %d", i, got[i].ID, r.ID)
			}
			if err := sameTree(got[i].Tree, r.Tree); err != nil {
				t.Errorf("tree %d: %v", i, err)
			}
		}
	})
}

func FuzzModels(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		rng := fuzzRand(data)
		domains, classes := fuzzShape(rng)
		recs := make([]ModelRecord, rng.IntN(8))
		counts := rng.IntN(2) == 0
		for i := range recs {
			r := ModelRecord{ModelID: fuzzID(rng), Learner: fuzzString(rng), DatasetID: int64(rng.Uint64()), OracleID: int64(rng.Uint64()),
				Fold: int32(rng.IntN(12)) - 1, Tree: randomTree(rng, domains, classes, rng.IntN(6), rng.IntN(2) == 0, counts && rng.IntN(4) != 0)}
			if k := rng.IntN(3); k < 2 {
				r.Optimal = ptr(k == 1)
			}
			recs[i] = r
		}
		path := filepath.Join(t.TempDir(), "m.parquet")
		if _, err := WriteModels(path, recs); err != nil {
			return // duplicate tree ids
		}
		got, err := ReadModels(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(recs) {
			t.Fatalf("%d models; want %d", len(got), len(recs))
		}
		for i, w := range recs {
			g := got[i]
			if g.ModelID != w.ModelID || g.Learner != w.Learner || g.DatasetID != w.DatasetID || g.OracleID != w.OracleID || !sameOptional(g.Optimal, w.Optimal) {
				t.Errorf("model %d: %+v; want %+v", i, g, w)
			}
			if err := sameTree(g.Tree, w.Tree); err != nil {
				t.Errorf("model %d: %v", i, err)
			}
		}
	})
}

func FuzzDatasets(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		rng := fuzzRand(data)
		domains, classes := fuzzShape(rng)
		var names []string
		if rng.IntN(2) == 0 {
			for range domains {
				names = append(names, fuzzString(rng))
			}
		}
		var numeric []bool
		if rng.IntN(2) == 0 {
			numeric = make([]bool, len(domains))
			for f := range numeric {
				numeric[f] = rng.IntN(2) == 0
			}
		}
		s := mixedSchema(domains, numeric, classes, names...)
		if rng.IntN(4) == 0 && !s.Features[0].Numeric {
			s.Features[0].Values[0] = fuzzString(rng)
		}
		pMissing := []float64{0, 0.1, 1}[rng.IntN(3)]
		recs := make([]DatasetRecord, rng.IntN(5))
		for i := range recs {
			r := DatasetRecord{DatasetID: fuzzID(rng), OracleID: int64(rng.Uint64()), Mode: fuzzString(rng)}
			n := rng.IntN(200)
			r.Train = randomMixed(t, rng, s, n, pMissing)
			if rng.IntN(2) == 0 {
				r.TrainRules = fuzzRules(rng, n)
			}
			if rng.IntN(2) == 0 {
				m := rng.IntN(50)
				r.Test = randomMixed(t, rng, s, m, pMissing)
				if rng.IntN(2) == 0 {
					r.TestRules = fuzzRules(rng, m)
				}
			}
			recs[i] = r
		}
		path := filepath.Join(t.TempDir(), "d.parquet")
		if _, err := WriteDatasets(path, recs); err != nil {
			return // a name the table cannot hold, a dataset without rows, a duplicate id
		}
		got, err := ReadDatasets(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(recs) {
			t.Fatalf("%d datasets; want %d", len(got), len(recs))
		}
		for i, w := range recs {
			g := got[i]
			if g.DatasetID != w.DatasetID || g.OracleID != w.OracleID || g.Mode != w.Mode {
				t.Errorf("dataset %d: ids %d %d %q; want %d %d %q", i, g.DatasetID, g.OracleID, g.Mode, w.DatasetID, w.OracleID, w.Mode)
			}
			if err := sameDataset(g.Train, w.Train); err != nil {
				t.Errorf("dataset %d train: %v", i, err)
			}
			if !sameRules(g.TrainRules, w.TrainRules) {
				t.Errorf("dataset %d train rules %v; want %v", i, g.TrainRules, w.TrainRules)
			}
			if wantNil := w.Test == nil || w.Test.Len() == 0; (g.Test == nil) != wantNil {
				t.Fatalf("dataset %d: test nil %v; want %v (no test rows)", i, g.Test == nil, wantNil)
			}
			if g.Test != nil {
				if err := sameDataset(g.Test, w.Test); err != nil {
					t.Errorf("dataset %d test: %v", i, err)
				}
				if !sameRules(g.TestRules, w.TestRules) {
					t.Errorf("dataset %d test rules %v; want %v", i, g.TestRules, w.TestRules)
				}
			}
		}
	})
}

// fuzzRules draws n rule ids, NoRule among them.
func fuzzRules(rng *rand.Rand, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(rng.IntN(40)) - 1
	}
	return out
}

// sameRules compares rules as ReadDatasets returns them: rules that are
// all NoRule (or none) read back as nil.
func sameRules(got, want []int32) bool {
	if !slices.ContainsFunc(want, func(r int32) bool { return r != NoRule }) {
		return got == nil
	}
	return slices.Equal(got, want)
}
