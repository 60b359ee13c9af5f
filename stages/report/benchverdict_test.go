package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report/chart"
)

// benchCell is the cell of benchRows: one dataset's whole top subset.
var benchCell = schemas.BenchmarkCell{Dataset: "vote", Scenario: "all", Subset: "1st"}

// benchRows gives each learner, on one dataset with the full subset,
// two repetitions of accuracy acc[l] ± 0.01 and γ^V and Γ of gv[l] and
// gi[l].
func benchRows(acc, gv, gi map[string]float64, order ...string) []BenchmarkSummary {
	var rows []schemas.BenchmarkEvaluation
	for rep, d := range []float64{-0.01, 0.01} {
		for _, l := range order {
			rows = append(rows, schemas.BenchmarkEvaluation{Learner: l, Rep: int32(rep), BenchmarkCell: benchCell,
				Measures: schemas.Measures{Accuracy: f64(acc[l] + d), GammaX: f64(gv[l] + 0.1), GammaV: f64(gv[l]), GammaI: f64(gi[l])}})
		}
	}
	return Summarize(rows, func(e *schemas.BenchmarkEvaluation) (string, schemas.BenchmarkCell) {
		return e.Learner, e.BenchmarkCell
	},
		func(e *schemas.BenchmarkEvaluation) *schemas.Measures { return &e.Measures },
		func(e *schemas.BenchmarkEvaluation) *schemas.Outcome { return &e.Outcome })
}

// winsPair returns the wins rows a/b and b/a of a corrected t-test over n
// folds of the two repetitions of benchRows, with mean difference d
// (a − b), interval half-width h and p.
func winsPair(a, b string, n int64, d, h, p float64) []schemas.WinsRow {
	return winsPairReps(a, b, 2, n, d, h, p)
}

// winsPairReps is winsPair over reps repetitions both ran (all draws).
func winsPairReps(a, b string, reps, n int64, d, h, p float64) []schemas.WinsRow {
	row := func(a, b string, d float64) schemas.WinsRow {
		return schemas.WinsRow{BenchmarkCell: benchCell, LearnerA: a, LearnerB: b, Draws: reps, Folds: &n, MeanDiff: f64(d), CILow: f64(d - h), CIHigh: f64(d + h), PValue: f64(p), TStat: f64(d / h * 2)}
	}
	return []schemas.WinsRow{row(a, b, d), row(b, a, -d)}
}

func TestBenchVerdict(t *testing.T) {
	learners := []string{"c45", "smo", "intuitive", "majority"}
	against := map[Measure]string{GammaV: "majority", GammaI: "intuitive"}
	acc := map[string]float64{"c45": 0.95, "smo": 0.90, "intuitive": 0.93, "majority": 0.6}
	gv := map[string]float64{"c45": 0.8, "smo": 0.7, "intuitive": 0.75, "majority": 0}
	gi := map[string]float64{"c45": 0.2, "smo": -0.1, "intuitive": 0, "majority": -0.5}
	join := func(ws ...[]schemas.WinsRow) []schemas.WinsRow {
		var out []schemas.WinsRow
		for _, w := range ws {
			out = append(out, w...)
		}
		return out
	}
	tests := []struct {
		name      string
		acc       map[string]float64
		wins      []schemas.WinsRow
		has, hasn []string
	}{
		{
			name: "clearly best",
			acc:  acc,
			// Holm over c45's rivals: sorted p 0.0001 (majority), 0.01
			// (intuitive), 0.02 (smo) times 3, 2, 1: 0.0003, 0.02, 0.02.
			wins: join(winsPair("c45", "intuitive", 50, 0.02, 0.01, 0.01), winsPair("c45", "smo", 50, 0.05, 0.01, 0.02),
				winsPair("c45", "majority", 50, 0.35, 0.02, 0.0001), winsPair("smo", "majority", 50, 0.3, 0.02, 0.0001),
				winsPair("smo", "intuitive", 50, -0.03, 0.01, 0.004)),
			has: []string{"- vote: **c45** is clearly best: mean accuracy 0.950 (γ^X 0.900, γ^V 0.800, Γ 0.200), 0.020 above intuitive, the runner-up " +
				"(mean fold-accuracy difference, corrected resampled t over 50 folds, 95% CI [0.010, 0.030], p = 0.010, Holm-adjusted over 3 comparisons = 0.020: significant), " +
				"and significantly ahead of each of the other 2 learners.",
				"  - Against majority, the majority classifier V (γ^V; corrected resampled t, Holm over 2): more accurate: c45 (γ^V 0.800; fold accuracy difference +0.350, adjusted p < 0.001), smo (γ^V 0.700; fold accuracy difference +0.300, adjusted p < 0.001).",
				// Holm against I: 0.004 (smo) and 0.01 (c45) times 2, 1.
				"  - Against intuitive, the intuitive classifier I (Γ; corrected resampled t, Holm over 2): less accurate: smo (Γ -0.100; fold accuracy difference -0.030, adjusted p = 0.008); more accurate: c45 (Γ 0.200; fold accuracy difference +0.020, adjusted p = 0.010)."},
		},
		{
			// The false claim "0.000 above smo (the 95% intervals do not
			// overlap)": c45 ahead of smo by 0.0002 in every fold, a
			// degenerate test with p = 0, and intervals of the means that
			// need not overlap.
			name: "ahead by a hair",
			acc:  map[string]float64{"c45": 0.8553, "smo": 0.8551, "intuitive": 0.70, "majority": 0.6},
			wins: join(winsPair("c45", "smo", 50, 0.0002, 0, 0), winsPair("c45", "intuitive", 50, 0.15, 0.01, 0.0001),
				winsPair("c45", "majority", 50, 0.25, 0.01, 0.0001)),
			has:  []string{"- vote: no learner is clearly best: **c45** has the best mean accuracy, 0.855", "level with smo to 3 decimals, the runner-up", "significant but below 0.0005"},
			hasn: []string{"above smo", "intervals do not overlap", "**c45** is clearly best"},
		},
		{
			// No wins row for smo: the leader cannot be clearly best.
			name: "untested rival",
			acc:  acc,
			wins: join(winsPair("c45", "intuitive", 50, 0.02, 0.01, 0.001), winsPair("c45", "majority", 50, 0.35, 0.02, 0.0001)),
			has:  []string{"no learner is clearly best", "; not compared with smo (no repetition in common)"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			summary := benchRows(tc.acc, gv, gi, learners...)
			var b strings.Builder
			writeBenchVerdicts(&b, newBenchView(Meta{Learners: learners}, SameFull("1st"), summary, nil), against, tc.wins)
			for _, s := range tc.has {
				if !strings.Contains(b.String(), s) {
					t.Errorf("verdict:\n%s\nwant\n%s", b.String(), s)
				}
			}
			for _, s := range tc.hasn {
				if strings.Contains(b.String(), s) {
					t.Errorf("verdict:\n%s\nhas %q", b.String(), s)
				}
			}
		})
	}
}

// TestBenchVerdictFailedFit: smo failed one of its two fits, so the
// corrected test pairs the 10 folds of the one repetition both have, and
// the verdict says so.
func TestBenchVerdictFailedFit(t *testing.T) {
	var rows []schemas.BenchmarkEvaluation
	for rep := range int32(2) {
		for l, a := range map[string]float64{"c45": 0.95, "smo": 0.94} {
			r := schemas.BenchmarkEvaluation{Learner: l, Rep: rep, BenchmarkCell: benchCell, Measures: schemas.Measures{Accuracy: f64(a)}}
			if l == "smo" && rep == 1 {
				r.Measures, r.Outcome = schemas.Measures{}, crashed()
			}
			rows = append(rows, r)
		}
	}
	summary := Summarize(rows, func(e *schemas.BenchmarkEvaluation) (string, schemas.BenchmarkCell) {
		return e.Learner, e.BenchmarkCell
	},
		func(e *schemas.BenchmarkEvaluation) *schemas.Measures { return &e.Measures },
		func(e *schemas.BenchmarkEvaluation) *schemas.Outcome { return &e.Outcome })
	var b strings.Builder
	learners := []string{"c45", "smo"}
	writeBenchVerdicts(&b, newBenchView(Meta{Learners: learners}, SameFull("1st"), summary, nil), nil, winsPairReps("c45", "smo", 1, 10, 0.01, 0.02, 0.3))
	want := "0.010 above smo, the runner-up (mean fold-accuracy difference, corrected resampled t over 10 folds of the 1 repetition that both have (of c45's 2 and smo's 1)"
	if !strings.Contains(b.String(), want) {
		t.Errorf("verdict:\n%s\nwant\n%s", b.String(), want)
	}
}

// TestBenchVerdictWithoutBenchmarkLearners: without V and I among the
// learners no test against them exists, and the verdict says the mean γ
// is untested.
func TestBenchVerdictWithoutBenchmarkLearners(t *testing.T) {
	learners := []string{"c45", "smo"}
	summary := benchRows(map[string]float64{"c45": 0.95, "smo": 0.90}, map[string]float64{"c45": 0.8, "smo": -0.1},
		map[string]float64{"c45": 0.2, "smo": -0.1}, learners...)
	var b strings.Builder
	writeBenchVerdicts(&b, newBenchView(Meta{Learners: learners}, SameFull("1st"), summary, nil), nil, winsPair("c45", "smo", 50, 0.05, 0.01, 0.001))
	for _, want := range []string{"  - Mean γ^V ≤ 0, untested (the majority classifier V is not a learner of this run): smo (-0.100).",
		"  - Mean Γ ≤ 0, untested (the intuitive classifier I is not a learner of this run): smo (-0.100)."} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("verdict:\n%s\nwant\n%s", b.String(), want)
		}
	}
}

func TestBenchmarkPlots(t *testing.T) {
	learners := []string{"c45", "majority"}
	summary := benchRows(map[string]float64{"c45": 0.9, "majority": 0.6}, map[string]float64{"c45": 0.7}, map[string]float64{"c45": 0.1}, learners...)
	plots := BenchmarkPlots(Meta{Name: "t", Seed: 3, Learners: learners}, newBenchView(Meta{Learners: learners}, SameFull("1st"), summary, nil))
	if len(plots) != 2 || plots[0].Name != "gamma" || plots[1].Name != "gamma-entropy" {
		t.Fatalf("BenchmarkPlots = %v; want gamma and gamma-entropy", plots)
	}
	if c := plots[0].Figure.Caption; !strings.Contains(c, "Run t, seed 3") {
		t.Errorf("caption %q lacks the run and seed", c)
	}
	files, err := RenderPlots(plots)
	if err != nil || len(files) != 4 || files[0].Name != "gamma.png" || files[3].Name != "gamma-entropy.svg" {
		t.Fatalf("RenderPlots = %d files, %v", len(files), err)
	}
}

// TestEntropyPlot: the γ-against-entropy panels dodge the learners around
// each entropy and tick the axis at the entropies, each labelled with its
// groups (two scenarios of one dataset share a tick).
func TestEntropyPlot(t *testing.T) {
	learners := []string{"c45", "smo", "majority"}
	groups := []struct {
		cell    schemas.BenchmarkCell
		entropy float64
	}{
		{schemas.BenchmarkCell{Dataset: "vote", Scenario: "all"}, 0.962},
		{schemas.BenchmarkCell{Dataset: "credit", Scenario: "all"}, 0.991},
		{schemas.BenchmarkCell{Dataset: "thyroid", Scenario: "s1"}, 0.5},
		{schemas.BenchmarkCell{Dataset: "thyroid", Scenario: "s2"}, 0.5},
	}
	var evals []schemas.BenchmarkEvaluation
	var entropy []schemas.EntropyRow
	for _, g := range groups {
		cell := g.cell
		cell.Subset = "1st"
		for rep := range 2 {
			for _, l := range learners {
				evals = append(evals, schemas.BenchmarkEvaluation{Learner: l, Rep: int32(rep), BenchmarkCell: cell,
					Measures: schemas.Measures{GammaX: f64(0.5), GammaV: f64(0.4), GammaI: f64(0.1)}})
			}
			entropy = append(entropy, schemas.EntropyRow{BenchmarkCell: cell, Rep: int32(rep), ShannonNormalized: g.entropy})
		}
	}
	summary := Summarize(evals, func(e *schemas.BenchmarkEvaluation) (string, schemas.BenchmarkCell) {
		return e.Learner, e.BenchmarkCell
	},
		func(e *schemas.BenchmarkEvaluation) *schemas.Measures { return &e.Measures },
		func(e *schemas.BenchmarkEvaluation) *schemas.Outcome { return &e.Outcome })
	meta := Meta{Name: "t", Seed: 3, Learners: learners}
	plots := BenchmarkPlots(meta, newBenchView(meta, SameFull("1st"), summary, entropy))
	if len(plots) != 2 {
		t.Fatalf("BenchmarkPlots = %d plots; want 2", len(plots))
	}
	pn := plots[1].Figure.Panels[0]
	want := []chart.Tick{{Value: 0.5, Label: "0.500\nthyroid s1, thyroid s2"}, {Value: 0.962, Label: "0.962\nvote"}, {Value: 0.991, Label: "0.991\ncredit"}}
	if !slices.Equal(pn.XTicks, want) {
		t.Errorf("entropy ticks %v; want %v", pn.XTicks, want)
	}
	// Three learners over half the smallest gap, 0.029.
	if d := pn.Dodge; math.Abs(d-0.029/2/3) > 1e-9 {
		t.Errorf("dodge %g; want %g", d, 0.029/2/3)
	}
	if _, err := RenderPlots(plots); err != nil {
		t.Fatal(err)
	}
}
