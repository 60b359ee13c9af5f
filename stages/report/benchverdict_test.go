package report

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// benchRows gives each learner, on one dataset with the full subset A1,
// two repetitions of accuracy acc[l] ± 0.01 and γ^V and Γ of gv[l] and
// gi[l].
func benchRows(acc, gv, gi map[string]float64, order ...string) []BenchmarkSummary {
	var rows []schemas.BenchmarkEvaluation
	for rep, d := range []float64{-0.01, 0.01} {
		for _, l := range order {
			rows = append(rows, schemas.BenchmarkEvaluation{Learner: l, Rep: int32(rep),
				BenchmarkCell: schemas.BenchmarkCell{Dataset: "vote", Scenario: "all", Subset: "A1"},
				Measures:      schemas.Measures{Accuracy: f64(acc[l] + d), GammaX: f64(gv[l] + 0.1), GammaV: f64(gv[l]), GammaI: f64(gi[l])}})
		}
	}
	return Summarize(rows, func(e *schemas.BenchmarkEvaluation) (string, schemas.BenchmarkCell) {
		return e.Learner, e.BenchmarkCell
	},
		func(e *schemas.BenchmarkEvaluation) *schemas.Measures { return &e.Measures })
}

func TestBenchVerdict(t *testing.T) {
	learners := []string{"c45", "smo", "intuitive", "majority"}
	summary := benchRows(
		map[string]float64{"c45": 0.95, "smo": 0.90, "intuitive": 0.93, "majority": 0.6},
		map[string]float64{"c45": 0.8, "smo": 0.7, "intuitive": 0.75, "majority": 0},
		map[string]float64{"c45": 0.2, "smo": -0.1, "intuitive": 0, "majority": -0.5},
		learners...)
	meta := Meta{Learners: learners, Versus: []string{"majority", "intuitive"}}
	var b strings.Builder
	writeBenchVerdicts(&b, newBenchView(meta, "A1", summary, nil), meta.Versus)
	want := "- vote: **c45** has the best mean accuracy, 0.950 (γ^X 0.900, γ^V 0.800, Γ 0.200), 0.020 above intuitive " +
		"(the 95% intervals overlap). No better than I (Γ ≤ 0): smo.\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("verdict:\n%s\nwant the line\n%s", b.String(), want)
	}
}

func TestBenchmarkPlots(t *testing.T) {
	learners := []string{"c45", "majority"}
	summary := benchRows(map[string]float64{"c45": 0.9, "majority": 0.6}, map[string]float64{"c45": 0.7}, map[string]float64{"c45": 0.1}, learners...)
	plots := BenchmarkPlots(Meta{Name: "t", Seed: 3, Learners: learners}, newBenchView(Meta{Learners: learners}, "A1", summary, nil))
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
