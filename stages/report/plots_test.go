package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"
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
