package report

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

func f64(x float64) *float64 { return &x }
func i32(x int32) *int32     { return &x }

// eval returns an evaluation row of the given cell with only DOE set.
func eval(learner string, features, depth int32, mode string, size int32, doe *float64) schemas.OracleEvaluation {
	return schemas.OracleEvaluation{Learner: learner, Measures: schemas.Measures{DOE: doe},
		OracleCell: schemas.OracleCell{Features: features, Depth: depth, Mode: mode, Size: size}}
}

// Student's t 0.975 quantiles from published tables (R's qt to 12 digits),
// used as independent truth for the intervals.
const (
	t975df1 = 12.706204736175
	t975df2 = 4.302652729749
	t975df3 = 3.182446305284
)

func TestSummarizeKnownStats(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name   string
		values []*float64 // DOE of the group's rows, nil = null
		want   Stat
	}{
		{
			// mean 0.75; deviations ±0.25, 0 → Σd² = 0.125, var 0.0625, SD 0.25.
			name:   "three values",
			values: []*float64{f64(0.5), f64(0.75), f64(1)},
			want: Stat{N: 3, Mean: 0.75, SD: 0.25,
				CILow: 0.75 - t975df2*0.25/math.Sqrt(3), CIHigh: 0.75 + t975df2*0.25/math.Sqrt(3)},
		},
		{
			// nulls are skipped: same stats as above.
			name:   "nulls skipped",
			values: []*float64{nil, f64(0.5), nil, f64(0.75), f64(1), nil},
			want: Stat{N: 3, Mean: 0.75, SD: 0.25,
				CILow: 0.75 - t975df2*0.25/math.Sqrt(3), CIHigh: 0.75 + t975df2*0.25/math.Sqrt(3)},
		},
		{
			// mean 0.5, deviations ±0.5 → var 0.5, SD √0.5, half = t·√0.5/√2 = t/2.
			name:   "two values",
			values: []*float64{f64(0), f64(1)},
			want:   Stat{N: 2, Mean: 0.5, SD: math.Sqrt(0.5), CILow: 0.5 - t975df1/2, CIHigh: 0.5 + t975df1/2},
		},
		{
			// Welford's textbook case: 1e9 + {4, 7, 13, 16}; mean 1e9+10,
			// deviations −6, −3, 3, 6 → Σd² = 90, var 30. A one-pass
			// Σx² − (Σx)²/n loses every digit here.
			name:   "large offset",
			values: []*float64{f64(1e9 + 4), f64(1e9 + 7), f64(1e9 + 13), f64(1e9 + 16)},
			want: Stat{N: 4, Mean: 1e9 + 10, SD: math.Sqrt(30),
				CILow: 1e9 + 10 - t975df3*math.Sqrt(30)/2, CIHigh: 1e9 + 10 + t975df3*math.Sqrt(30)/2},
		},
		{
			name:   "constant",
			values: []*float64{f64(0.3), f64(0.3), f64(0.3)},
			want:   Stat{N: 3, Mean: 0.3, SD: 0, CILow: 0.3, CIHigh: 0.3},
		},
		{
			name:   "one value",
			values: []*float64{nil, f64(0.625)},
			want:   Stat{N: 1, Mean: 0.625, SD: nan, CILow: nan, CIHigh: nan},
		},
		{
			name:   "all null",
			values: []*float64{nil, nil},
			want:   Stat{N: 0, Mean: nan, SD: nan, CILow: nan, CIHigh: nan},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rows []schemas.OracleEvaluation
			for _, v := range tc.values {
				rows = append(rows, eval("id3", 10, 3, "complete", 100, v))
			}
			got := SummarizeOracle(rows)
			if len(got) != 1 {
				t.Fatalf("Summarize gave %d rows; want 1", len(got))
			}
			if got[0].Count != int64(len(tc.values)) {
				t.Errorf("Count = %d; want %d", got[0].Count, len(tc.values))
			}
			checkStat(t, "DOE", *got[0].Stat(DOE), tc.want, 1e-12)
		})
	}
}

// checkStat compares two Stats, with NaN equal to NaN and a tolerance
// relative to max(1, |want|).
func checkStat(t *testing.T, what string, got, want Stat, tol float64) {
	t.Helper()
	if got.N != want.N {
		t.Errorf("%s.N = %d; want %d", what, got.N, want.N)
	}
	fields := []struct {
		name      string
		got, want float64
	}{
		{"Mean", got.Mean, want.Mean}, {"SD", got.SD, want.SD},
		{"CILow", got.CILow, want.CILow}, {"CIHigh", got.CIHigh, want.CIHigh},
	}
	for _, f := range fields {
		if !near(f.got, f.want, tol) {
			t.Errorf("%s.%s = %.15g; want %.15g", what, f.name, f.got, f.want)
		}
	}
}

func near(got, want, tol float64) bool {
	if math.IsNaN(want) || math.IsNaN(got) {
		return math.IsNaN(want) && math.IsNaN(got)
	}
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

func TestSummarizeMeasuresIndependent(t *testing.T) {
	// One group of four rows: each measure has its own null pattern.
	cell := schemas.OracleCell{Features: 4, Depth: 2, Mode: "complete", Size: 50}
	rows := []schemas.OracleEvaluation{
		{Learner: "id3", OracleCell: cell, Measures: schemas.Measures{DOE: f64(1), Accuracy: f64(0.5), TreeLeaves: i32(3), GammaX: f64(-0.5)}},
		{Learner: "id3", OracleCell: cell, Measures: schemas.Measures{Accuracy: f64(1), TreeLeaves: i32(5)}},
		{Learner: "id3", OracleCell: cell, Measures: schemas.Measures{DOE: f64(0), Accuracy: f64(0.75), TreeLeaves: i32(7)}},
		{Learner: "id3", OracleCell: cell, Measures: schemas.Measures{Accuracy: f64(0.75), TreeDepth: i32(2)}},
	}
	got := SummarizeOracle(rows)
	if len(got) != 1 || got[0].Count != 4 {
		t.Fatalf("Summarize = %d rows (count %d); want 1 row of count 4", len(got), got[0].Count)
	}
	s := got[0]
	nan := math.NaN()
	// DOE {1, 0}: mean 0.5, SD √0.5; Accuracy {0.5, 1, 0.75, 0.75}: mean
	// 0.75, Σd² = 0.125, var 0.125/3; leaves {3, 5, 7}: mean 5, SD 2.
	accSD := math.Sqrt(0.125 / 3)
	checks := []struct {
		name      string
		got, want Stat
	}{
		{"DOE", *s.Stat(DOE), Stat{N: 2, Mean: 0.5, SD: math.Sqrt(0.5), CILow: 0.5 - t975df1/2, CIHigh: 0.5 + t975df1/2}},
		{"Accuracy", *s.Stat(Accuracy), Stat{N: 4, Mean: 0.75, SD: accSD,
			CILow: 0.75 - t975df3*accSD/2, CIHigh: 0.75 + t975df3*accSD/2}},
		{"TreeLeaves", *s.Stat(TreeLeaves), Stat{N: 3, Mean: 5, SD: 2,
			CILow: 5 - t975df2*2/math.Sqrt(3), CIHigh: 5 + t975df2*2/math.Sqrt(3)}},
		{"TreeDepth", *s.Stat("tree_depth"), Stat{N: 1, Mean: 2, SD: nan, CILow: nan, CIHigh: nan}},
		{"GammaX", *s.Stat(GammaX), Stat{N: 1, Mean: -0.5, SD: nan, CILow: nan, CIHigh: nan}},
		{"Agreement", *s.Stat(Agreement), Stat{N: 0, Mean: nan, SD: nan, CILow: nan, CIHigh: nan}},
		{"AccX", *s.Stat("acc_x"), Stat{N: 0, Mean: nan, SD: nan, CILow: nan, CIHigh: nan}},
		{"GammaI", *s.Stat(GammaI), Stat{N: 0, Mean: nan, SD: nan, CILow: nan, CIHigh: nan}},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) { checkStat(t, c.name, c.got, c.want, 1e-12) })
	}
}

func TestSummarizeOrder(t *testing.T) {
	type key struct {
		learner  string
		features int32
		depth    int32
		mode     string
		size     int32
	}
	// Input deliberately out of order: learner c45 before id3, features 20
	// before 10, depth 5 before 3, mode unique before complete, sizes
	// descending; every key twice, interleaved.
	in := []key{
		{"c45", 20, 5, "unique", 300}, {"id3", 10, 3, "complete", 100},
		{"c45", 10, 5, "complete", 300}, {"c45", 10, 3, "unique", 100},
		{"id3", 20, 5, "unique", 300}, {"c45", 10, 3, "complete", 300},
		{"c45", 10, 3, "complete", 100}, {"c45", 10, 3, "unique", 300},
	}
	var rows []schemas.OracleEvaluation
	for range 2 {
		for _, k := range in {
			rows = append(rows, eval(k.learner, k.features, k.depth, k.mode, k.size, f64(float64(k.size))))
		}
	}
	want := []key{
		{"c45", 10, 3, "unique", 100}, {"c45", 10, 3, "unique", 300},
		{"c45", 10, 3, "complete", 100}, {"c45", 10, 3, "complete", 300},
		{"c45", 10, 5, "complete", 300},
		{"c45", 20, 5, "unique", 300},
		{"id3", 10, 3, "complete", 100},
		{"id3", 20, 5, "unique", 300},
	}
	got := SummarizeOracle(rows)
	if len(got) != len(want) {
		t.Fatalf("Summarize gave %d rows; want %d", len(got), len(want))
	}
	for i, s := range got {
		k := key{s.Learner, s.Cell.Features, s.Cell.Depth, s.Cell.Mode, s.Cell.Size}
		if k != want[i] {
			t.Errorf("row %d = %v; want %v", i, k, want[i])
		}
		if doe := s.Stat(DOE); s.Count != 2 || doe.N != 2 || doe.Mean != float64(s.Cell.Size) {
			t.Errorf("row %d %v: count %d, DOE N %d mean %g; want 2, 2, %d", i, k, s.Count, doe.N, doe.Mean, s.Cell.Size)
		}
	}
}

func TestSummarizeEmpty(t *testing.T) {
	if got := SummarizeOracle(nil); got != nil {
		t.Errorf("Summarize(nil) = %v; want nil", got)
	}
}

// TestSummarizeRandom checks Summarize against a direct computation from
// each group's stored values on random rows, and that the same rows give
// the same bits.
func TestSummarizeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	learners := []string{"id3", "cart", "exact"}
	var rows []schemas.OracleEvaluation
	values := make(map[[2]int32][]float64) // (learner index, size) → DOE values
	for range 2000 {
		li := rng.IntN(len(learners))
		size := int32(100 * (1 + rng.IntN(5)))
		var doe *float64
		if rng.IntN(10) > 0 {
			x := rng.Float64()
			doe = &x
			values[[2]int32{int32(li), size}] = append(values[[2]int32{int32(li), size}], x)
		}
		rows = append(rows, eval(learners[li], 10, 4, "complete", size, doe))
	}
	got := SummarizeOracle(rows)
	for _, s := range got {
		li := int32(-1)
		for i, l := range learners {
			if l == s.Learner {
				li = int32(i)
			}
		}
		xs := values[[2]int32{li, s.Cell.Size}]
		doe := *s.Stat(DOE)
		var sum float64
		for _, x := range xs {
			sum += x
		}
		mean := sum / float64(len(xs))
		var ss float64
		for _, x := range xs {
			ss += (x - mean) * (x - mean)
		}
		sd := math.Sqrt(ss / float64(len(xs)-1))
		if doe.N != int64(len(xs)) || !near(doe.Mean, mean, 1e-12) || !near(doe.SD, sd, 1e-12) {
			t.Errorf("%s size %d: N %d mean %g SD %g; want %d, %g, %g",
				s.Learner, s.Cell.Size, doe.N, doe.Mean, doe.SD, len(xs), mean, sd)
		}
		// The interval is symmetric with half-width t·SD/√N, 1.96 < t < 2.1 here.
		half := HalfWidth(doe)
		if r := half / (sd / math.Sqrt(float64(len(xs)))); r < 1.96 || r > 2.1 {
			t.Errorf("%s size %d: CI half-width / SE = %g; want a t quantile in (1.96, 2.1)", s.Learner, s.Cell.Size, r)
		}
	}
	again := SummarizeOracle(rows)
	for i := range got {
		a, b := *got[i].Stat(DOE), *again[i].Stat(DOE)
		if math.Float64bits(a.Mean) != math.Float64bits(b.Mean) || math.Float64bits(a.SD) != math.Float64bits(b.SD) ||
			math.Float64bits(a.CILow) != math.Float64bits(b.CILow) {
			t.Errorf("row %d differs between two calls: %+v vs %+v", i, a, b)
		}
	}
}

// TestMeasuresFollowTheDeclaration: the report's measures are the columns
// of schemas.Measures, in order, and every measure report.md names is one.
func TestMeasuresFollowTheDeclaration(t *testing.T) {
	var want []Measure
	for _, c := range schemas.Columns[schemas.Measures]() {
		want = append(want, Measure(c.Name))
	}
	if got := Measures(); !slices.Equal(got, want) {
		t.Errorf("Measures() = %v; want %v", got, want)
	}
	for _, m := range []Measure{DOE, Agreement, Accuracy, GammaX, GammaV, GammaI, TreeLeaves} {
		if !slices.Contains(want, m) {
			t.Errorf("report.md renders %q, which schemas.Measures does not declare", m)
		}
	}
	rows := OracleRows(SummarizeOracle([]schemas.OracleEvaluation{eval("id3", 10, 3, "complete", 100, f64(0.5))}))
	if len(rows) != len(want) || rows[0].Measure != string(want[0]) || rows[len(rows)-1].Measure != string(want[len(want)-1]) {
		t.Errorf("OracleRows gives %d rows per group; want one per measure, %d", len(rows), len(want))
	}
}
