package report

import (
	"fmt"
	"strings"
	"testing"
)

// leaderView is TestAcrossDatasets' "a clear leader": x first on five of
// six groups, z always last (average ranks 1.167, 1.833, 3.000; CD 1.353).
func leaderView() *benchView {
	return acrossView([]string{"x", "y", "z"}, [][]float64{{0.9, 0.8, 0.7}, {0.95, 0.85, 0.6}, {0.8, 0.75, 0.5}, {0.99, 0.7, 0.6}, {0.9, 0.85, 0.8}, {0.9, 0.91, 0.3}})
}

// TestRankRowsMatchSection: every row of report/ranks.parquet holds the
// numbers report.md's "Across datasets" section prints for its learner,
// and the section names the CD diagram's bars, as worked by hand: x and y
// are 0.667 apart and y and z 1.167, both less than 1.353; x and z 1.833.
func TestRankRowsMatchSection(t *testing.T) {
	v := leaderView()
	var b strings.Builder
	writeAcrossDatasets(&b, v)
	md := b.String()
	rows := RankRows(v)
	if len(rows) != 3 || rows[0].Learner != "x" || rows[1].Learner != "y" || rows[2].Learner != "z" {
		t.Fatalf("RankRows = %+v; want x, y, z", rows)
	}
	for _, r := range rows {
		if r.Measure != "accuracy" || r.Groups != 6 || r.Learners != 3 || r.Control != "x" || r.Alpha != 0.05 {
			t.Errorf("row %s: measure %q, %d groups, %d learners, control %q, alpha %g; want accuracy, 6, 3, x, 0.05",
				r.Learner, r.Measure, r.Groups, r.Learners, r.Control, r.Alpha)
		}
		for _, want := range []string{
			fmt.Sprintf("χ²_F = %s (2 df, %s)", format(r.FriedmanChi2), pValue(r.FriedmanP)),
			fmt.Sprintf("F_F = %s (2 and 10 df, %s)", format(r.ImanDavenportF), pValue(r.ImanDavenportP)),
			fmt.Sprintf("critical difference at 0.05 is %s (q = %s for 3 learners over 6 groups)", format(r.NemenyiCD), format(r.QAlpha)),
		} {
			if !strings.Contains(md, want) {
				t.Errorf("row %s: the section lacks %q:\n%s", r.Learner, want, md)
			}
		}
		line := fmt.Sprintf("| %s | %s | (control) |  |  |  |", r.Learner, format(r.AverageRank))
		if r.Learner != r.Control {
			if r.Z == nil || r.P == nil || r.HolmP == nil || r.DiffersFromControl == nil {
				t.Fatalf("row %s: a null test against the control: %+v", r.Learner, r)
			}
			differs := map[bool]string{true: "yes", false: "no"}[*r.DiffersFromControl]
			line = fmt.Sprintf("| %s | %s | %s | %s | %s | %s |", r.Learner, format(r.AverageRank), format(*r.Z), pCell(*r.P), pCell(*r.HolmP), differs)
		} else if r.Z != nil || r.HolmP != nil || r.DiffersFromControl != nil {
			t.Errorf("the control's row has a test against itself: %+v", r)
		}
		if !strings.Contains(md, line) {
			t.Errorf("row %s: the section lacks the table row %q:\n%s", r.Learner, line, md)
		}
	}
	if format(rows[0].NemenyiCD) != "1.353" || !*rows[2].DiffersFromControl || *rows[1].DiffersFromControl {
		t.Errorf("CD %g, z differs %v, y differs %v; want 1.353, true, false", rows[0].NemenyiCD, *rows[2].DiffersFromControl, *rows[1].DiffersFromControl)
	}
	if want := "cannot separate (average ranks less than 1.353 apart): {x, y}; {y, z}."; !strings.Contains(md, want) {
		t.Errorf("the section lacks the bars %q:\n%s", want, md)
	}
	if RankRows(acrossView([]string{"x", "y"}, [][]float64{{0.9, 0.8}})) != nil {
		t.Error("one group: RankRows has rows, though report.md has no section across datasets")
	}
}

// TestAcrossPlots: the benchmark report's plots end with the CD diagram
// when report.md has an "Across datasets" section, and only then; its
// caption names the test, and report.md embeds it.
func TestAcrossPlots(t *testing.T) {
	meta := Meta{Name: "t", Seed: 3, Learners: []string{"x", "y", "z"}}
	plots := BenchmarkPlots(meta, leaderView())
	last := plots[len(plots)-1]
	if last.Name != "cd-accuracy" || last.CD == nil {
		t.Fatalf("BenchmarkPlots ends with %q; want the CD diagram cd-accuracy", last.Name)
	}
	for _, want := range []string{"Run t, seed 3", "Nemenyi's test at α = 0.05", "3 learners over 6 groups", "mean accuracy with the whole top subset",
		"best on the left", "cannot separate"} {
		if !strings.Contains(last.CD.Caption, want) {
			t.Errorf("caption %q lacks %q", last.CD.Caption, want)
		}
	}
	if format(last.CD.CD) != "1.353" || len(last.CD.Learners) != 3 {
		t.Errorf("diagram CD %g over %v; want 1.353 over x, y, z", last.CD.CD, last.CD.Learners)
	}
	files, err := RenderPlots([]Plot{last})
	if err != nil || len(files) != 2 || files[0].Name != "cd-accuracy.png" || files[1].Name != "cd-accuracy.svg" || !strings.Contains(string(files[1].Data), "CD = 1.353") {
		t.Fatalf("RenderPlots of the CD diagram = %d files, %v", len(files), err)
	}
	var b strings.Builder
	writePlots(&b, []Plot{last})
	if !strings.Contains(b.String(), "](plots/cd-accuracy.png)") || !strings.Contains(b.String(), "[SVG](plots/cd-accuracy.svg)") {
		t.Errorf("report.md's plots do not embed the diagram:\n%s", b.String())
	}
	for _, p := range BenchmarkPlots(meta, acrossView([]string{"x", "y"}, [][]float64{{0.9, 0.8}})) {
		if p.CD != nil {
			t.Error("one group: a CD diagram, though report.md has no section across datasets")
		}
	}
}
