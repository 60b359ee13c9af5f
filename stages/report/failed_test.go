package report

import (
	"math"
	"strings"
	"testing"
)

// TestFailedFits: the false claim "Repetitions per cell: fake 8" when 2 of
// fake's 8 fits failed, with a verdict that compares 8 runs with 6. The
// summary counts the failures, the report shows them per learner and
// cell, counts them in no repetition, and the verdict's test pairs the 6
// repetitions both have.
func TestFailedFits(t *testing.T) {
	nan := math.NaN()
	evals := panelRows([]int32{100}, map[string][][]float64{
		"id3":  {{0.80, 0.82, 0.81, 0.79, 0.80, 0.83, 0.78, 0.80}},
		"fake": {{0.90, nan, 0.91, 0.92, nan, 0.90, 0.93, 0.91}},
	}, "id3", "fake")
	summary := SummarizeOracle(evals)
	for _, s := range summary {
		want := map[string]int64{"id3": 0, "fake": 2}[s.Learner]
		if s.Count != 8 || s.Failed != want || s.Fits() != 8-want || s.Stat(DOE).N != 8-want {
			t.Errorf("%s: count %d, failed %d, fits %d, DOE n %d; want 8, %d, %d, %d", s.Learner, s.Count, s.Failed, s.Fits(), s.Stat(DOE).N, want, 8-want, 8-want)
		}
	}
	for _, r := range OracleRows(summary) {
		if r.Failed == nil || *r.Failed != map[string]int64{"id3": 0, "fake": 2}[r.Learner] {
			t.Fatalf("summary row %+v: failed %v", r, r.Failed)
		}
	}
	var b strings.Builder
	if err := Markdown(&b, Meta{Name: "t", Learners: []string{"id3", "fake"}}, summary, evals); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"): id3 8, fake 6 (+2 failed).",
		"## Failed fits",
		"- fake: 2 of its 8 fits failed: 10 features, depth 3, complete, size 100 (2 of 8).",
		"(paired t over 6 repetitions that both have (of fake's 6 and id3's 8)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "fake 8") || strings.Contains(md, "- id3: ") {
		t.Errorf("report.md counts a failed fit as a repetition, or lists id3 as failing:\n%s", md)
	}
}
