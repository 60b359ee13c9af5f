package report

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

func TestOraclePlots(t *testing.T) {
	plots := OraclePlots(goldenMeta, SummarizeOracle(goldenEvaluations(true)))
	var names []string
	for _, p := range plots {
		names = append(names, p.Name)
	}
	want := []string{"doe-complete", "doe-unique", "agreement-complete", "agreement-unique", "accuracy-complete", "accuracy-unique"}
	if !slices.Equal(names, want) {
		t.Fatalf("OraclePlots names %v; want %v", names, want)
	}
	doe := plots[0].Figure
	if len(doe.Panels) != 2 || doe.Panels[1].Title != "oracle depth 5" || len(doe.Panels[0].Series) != 1 {
		t.Errorf("DOE figure: %d panels, the second %q, %d series in the first; want 2, oracle depth 5, 1 (id3 only)",
			len(doe.Panels), doe.Panels[1].Title, len(doe.Panels[0].Series))
	}
	if !strings.Contains(doe.Caption, "Run golden, seed 42") || !strings.Contains(doe.XLabel, "(rows)") {
		t.Errorf("caption %q, x label %q: want the run, the seed and the unit", doe.Caption, doe.XLabel)
	}
	if n := len(plots[4].Figure.Panels[0].Series); n != 2 {
		t.Errorf("accuracy figure has %d series; want id3 and majority", n)
	}
	a, err := RenderPlots(plots)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RenderPlots(plots)
	for i := range a {
		if !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s: two renderings differ", a[i].Name)
		}
	}
}

func TestMarkdownEmbedsPlots(t *testing.T) {
	evals := goldenEvaluations(true)
	rows := SummarizeOracle(evals)
	meta := goldenMeta
	meta.Plots = OraclePlots(meta, rows)
	var b strings.Builder
	if err := Markdown(&b, meta, rows, evals); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, s := range []string{"](plots/doe-complete.png)", "[SVG](plots/accuracy-unique.svg)"} {
		if !strings.Contains(md, s) {
			t.Errorf("report.md lacks %q", s)
		}
	}
	if v, p, a := strings.Index(md, "## Verdict"), strings.Index(md, "## Plots"), strings.Index(md, "## Appendix: tables"); !(v >= 0 && v < p && p < a) {
		t.Errorf("sections at %d (verdict), %d (plots), %d (appendix); want them in that order", v, p, a)
	}
}

func TestPartialCaption(t *testing.T) {
	meta := goldenMeta
	meta.Missing = 2
	plots := OraclePlots(meta, SummarizeOracle(goldenEvaluations(false)))
	if c := plots[0].Figure.Caption; !strings.Contains(c, "seed 42 (PARTIAL: 2 chunks missing)") {
		t.Errorf("caption of a partial report %q does not say so", c)
	}
}

func TestMeasureRange(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		m      Measure
		credit bool
		lo, hi float64
	}{
		{DOE, false, 0, 1},
		{Accuracy, true, 0, 1},
		{GammaV, false, -1, 1},
		{TestCost, false, 0, inf},
		{TestCost, true, 0, inf}, // a test never earns
		{AvgCost, false, 0, inf},
		{AvgCost, true, -inf, inf}, // a right guess may
		{ErrorCost, false, 0, inf},
		{ErrorCost, true, -inf, inf},
		{Measure("unknown"), false, -inf, inf},
	} {
		if lo, hi := tc.m.Range(tc.credit); lo != tc.lo || hi != tc.hi {
			t.Errorf("%s.Range(credit %v) = %g, %g; want %g, %g", tc.m, tc.credit, lo, hi, tc.lo, tc.hi)
		}
		// The oracle's caption says the band is cut exactly when it is.
		if note := floorNote(tc.m, tc.credit); (note != "") != (tc.lo == 0 && tc.hi == inf) {
			t.Errorf("floorNote(%s, credit %v) = %q", tc.m, tc.credit, note)
		}
	}
}

// TestCostPlots: the k axis is log10 for a wide sweep of positive ks and
// nominal otherwise; every panel has its own y label; a cost's bars are
// cut at 0 and the caption says so, the average cost's only where no
// matrix can credit a right guess.
func TestCostPlots(t *testing.T) {
	inf := math.Inf(1)
	// The test cost varies 0, 0, 3 over the splits: its t-interval
	// reaches below 0.
	learner := func(k float64, s int) (float64, float64, float64) {
		tests := []float64{0, 0, 3}[s]
		return tests + 0.2*k, tests, 0.8
	}
	for _, tc := range []struct {
		name   string
		ks     []float64
		credit bool
		log    bool
		cats   []string
		avg    []float64 // the average cost panel's YBounds
		cut    string    // in the caption
	}{
		{"wide sweep", []float64{10, 50, 100, 500, 1000, 5000, 10000}, false, true, nil, []float64{0, inf},
			"cut at 0 in average cost per case and test cost per case: a cost is never negative"},
		{"a factor of ten", []float64{10, 50, 100}, false, false, []string{"10", "50", "100"}, []float64{0, inf},
			"cut at 0 in average cost per case and test cost per case"},
		{"with the matrix", []float64{0, 10, 1000}, false, false, []string{"matrix", "10", "1000"}, nil,
			"cut at 0 in test cost per case: a cost"},
		{"matrix with benefits", []float64{10, 1000}, true, true, nil, nil, "cut at 0 in test cost per case: a cost"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evals := costRows(tc.ks, 3, map[string]costLearner{"idx": learner, "majority": learner}, "idx", "majority")
			meta := Meta{Name: "c", Seed: 1, Learners: []string{"idx", "majority"}, Credit: tc.credit}
			summary := Summarize(evals,
				func(e *schemas.CostEvaluation) (string, schemas.CostCell) { return e.Learner, e.CostCell },
				func(e *schemas.CostEvaluation) *schemas.Measures { return &e.Measures },
				func(e *schemas.CostEvaluation) *schemas.Outcome { return &e.Outcome })
			plots := CostPlots(meta, summary)
			if len(plots) != 1 || plots[0].Name != "cost-hep" {
				t.Fatalf("CostPlots = %d plots; want cost-hep", len(plots))
			}
			f := plots[0].Figure
			var labels []string
			for _, p := range f.Panels {
				labels = append(labels, p.YLabel)
				if p.LogX != tc.log || !slices.Equal(p.Categories, tc.cats) {
					t.Errorf("panel %q: log %v, categories %v; want %v, %v", p.Title, p.LogX, p.Categories, tc.log, tc.cats)
				}
			}
			if want := []string{"average cost (cost units)", "test cost (cost units)", "error rate (0–1)"}; !slices.Equal(labels, want) || f.YLabel != "" {
				t.Errorf("y labels %q and the figure's %q; want %q and none", labels, f.YLabel, want)
			}
			if !slices.Equal(f.Panels[0].YBounds, tc.avg) || !slices.Equal(f.Panels[1].YBounds, []float64{0, inf}) || !slices.Equal(f.Panels[2].YBounds, []float64{0, 1}) {
				t.Errorf("y bounds %v, %v, %v; want %v, [0 +Inf], [0 1]", f.Panels[0].YBounds, f.Panels[1].YBounds, f.Panels[2].YBounds, tc.avg)
			}
			if lo := f.Panels[1].Series[0].Lo[0]; !(lo < 0) {
				t.Errorf("test cost's interval starts at %g; the fixture wants one below 0, for the chart to cut", lo)
			}
			if !strings.Contains(f.Caption, tc.cut) {
				t.Errorf("caption %q lacks %q", f.Caption, tc.cut)
			}
			if tc.log && !slices.Equal(f.Panels[0].Series[0].X, tc.ks) {
				t.Errorf("x on the log axis %v; want the ks %v", f.Panels[0].Series[0].X, tc.ks)
			}
			a, err := RenderPlots(plots)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := RenderPlots(plots)
			for i := range a {
				if !bytes.Equal(a[i].Data, b[i].Data) {
					t.Errorf("%s: two renderings differ", a[i].Name)
				}
			}
		})
	}
}
