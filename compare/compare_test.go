package compare

import (
	"math"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/schemas"
)

// run builds the tasks of one learner in one cell, one per value (the
// repetition is the index; NaN is a null measure).
func run(learner, cell string, measure string, values ...float64) []Task {
	out := make([]Task, len(values))
	for i, v := range values {
		m := &schemas.Measures{}
		if !math.IsNaN(v) {
			x := v
			switch measure {
			case "accuracy":
				m.Accuracy = &x
			case "mae":
				m.MAE = &x
			}
		}
		out[i] = Task{Learner: learner, Cell: cell, Rep: int32(i), Task: int64(100 + i), Status: schemas.StatusOK, Measures: m}
	}
	return out
}

func TestCompareVerdicts(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name    string
		measure string
		a, b    []float64
		effect  float64
		verdict string
		pairs   int64
	}{
		{"identical", "accuracy", []float64{0.8, 0.7, 0.9}, []float64{0.8, 0.7, 0.9}, 0.005, Unchanged, 3},
		{"worse accuracy", "accuracy", []float64{0.80, 0.82, 0.78, 0.81, 0.79}, []float64{0.70, 0.73, 0.69, 0.70, 0.70}, 0.005, Regressed, 5},
		{"better accuracy", "accuracy", []float64{0.70, 0.73, 0.69, 0.70, 0.70}, []float64{0.80, 0.82, 0.78, 0.81, 0.79}, 0.005, Improved, 5},
		{"lower mae is better", "mae", []float64{0.30, 0.32, 0.31, 0.33}, []float64{0.20, 0.21, 0.22, 0.20}, 0.005, Improved, 4},
		{"higher mae is worse", "mae", []float64{0.20, 0.21, 0.22, 0.20}, []float64{0.30, 0.32, 0.31, 0.33}, 0.005, Regressed, 4},
		// A constant shift: the differences do not vary, so p is 0 (as in
		// Weka's paired tester); it counts once it reaches the effect.
		{"constant small shift under the effect", "accuracy", []float64{0.5, 0.6, 0.7}, []float64{0.502, 0.602, 0.702}, 0.005, Unchanged, 3},
		{"constant shift at the effect", "accuracy", []float64{0.5, 0.6, 0.7}, []float64{0.49, 0.59, 0.69}, 0.005, Regressed, 3},
		{"large but noisy", "accuracy", []float64{0.5, 0.9, 0.5, 0.9}, []float64{0.9, 0.5, 0.9, 0.4}, 0.005, Unchanged, 4},
		{"one pair", "accuracy", []float64{0.5}, []float64{0.9}, 0.005, Untested, 1},
		{"one equal pair", "accuracy", []float64{0.5}, []float64{0.5}, 0.005, Unchanged, 1},
		{"a failed fit leaves one pair fewer", "accuracy", []float64{0.80, 0.82, 0.78, 0.81}, []float64{0.70, nan, 0.69, 0.70}, 0.005, Regressed, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := Options{Measures: []string{c.measure}, Alpha: 0.05, MinEffect: c.effect}
			res, err := Compare("oracle", run("c45", "size=100", c.measure, c.a...), run("c45", "size=100", c.measure, c.b...), o)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Rows) != 1 {
				t.Fatalf("%d rows, want 1", len(res.Rows))
			}
			r := res.Rows[0]
			if r.Verdict != c.verdict || r.Pairs != c.pairs {
				t.Errorf("verdict %s over %d pairs, want %s over %d (diff %v, holm p %v)", r.Verdict, r.Pairs, c.verdict, c.pairs, deref(r.Diff), deref(r.HolmP))
			}
		})
	}
}

// TestCompareNumbers checks a row's numbers against a hand computation:
// differences −0.1, −0.2, −0.3 have mean −0.2, SD 0.1, SE 0.1/√3, and
// t(0.975, 2) = 4.302653, so the interval is −0.2 ± 0.248414; t = −3.4641
// with 2 df gives p = 0.074180 (R: 2*pt(-2*sqrt(3), 2)).
func TestCompareNumbers(t *testing.T) {
	o := Options{Measures: []string{"accuracy"}, Alpha: 0.05, MinEffect: 0.005}
	res, err := Compare("oracle", run("x", "c", "accuracy", 0.9, 0.8, 0.7), run("x", "c", "accuracy", 0.8, 0.6, 0.4), o)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Rows[0]
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"mean_a", *r.MeanA, 0.8}, {"mean_b", *r.MeanB, 0.6}, {"diff", *r.Diff, -0.2},
		{"ci_low", *r.CILow, -0.2 - 0.248414}, {"ci_high", *r.CIHigh, -0.2 + 0.248414},
		{"p", *r.P, 0.074180}, {"holm_p", *r.HolmP, 0.074180},
	} {
		if math.Abs(c.got-c.want) > 1e-5 {
			t.Errorf("%s = %.6f, want %.6f", c.name, c.got, c.want)
		}
	}
	if r.Verdict != Unchanged {
		t.Errorf("verdict %s: p 0.074 is not below 0.05", r.Verdict)
	}
}

// TestCompareSplitRatio: random splits of one dataset are tested with the
// corrected resampled t. The differences of TestCompareNumbers at ratio
// 0.5 (a 2/3 training split) have SE √(1/3 + 0.5)·0.1 = 0.0912871, so the
// interval is −0.2 ± 4.302653·0.0912871 and t = −2.19089, whose two-sided
// p with 2 df is 1 − |t|/√(2 + t²) (Student's t CDF for 2 df in closed
// form).
func TestCompareSplitRatio(t *testing.T) {
	o := Options{Measures: []string{"avg_cost"}, Alpha: 0.05, MinEffect: 0.005, SplitRatio: 0.5}
	cost := func(values ...float64) []Task {
		out := run("x", "c", "none", values...)
		for i := range out {
			out[i].Measures.AvgCost = &values[i]
		}
		return out
	}
	res, err := Compare("cost", cost(0.9, 0.8, 0.7), cost(0.8, 0.6, 0.4), o)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Rows[0]
	se := math.Sqrt(1.0/3+0.5) * 0.1
	tt := -0.2 / se
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"diff", *r.Diff, -0.2}, {"ci_low", *r.CILow, -0.2 - 4.302653*se}, {"ci_high", *r.CIHigh, -0.2 + 4.302653*se},
		{"p", *r.P, 1 - math.Abs(tt)/math.Sqrt(2+tt*tt)},
	} {
		if math.Abs(c.got-c.want) > 1e-5 {
			t.Errorf("%s = %.6f, want %.6f", c.name, c.got, c.want)
		}
	}
	if r.Test != CorrectedSplitsT {
		t.Errorf("test %q, want %q", r.Test, CorrectedSplitsT)
	}
	var md strings.Builder
	if err := Markdown(&md, Run{Dir: "a"}, Run{Dir: "b"}, "cost", res, o); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), "Caveat") {
		t.Errorf("compare.md warns of an uncorrected test it did not run:\n%s", md.String())
	}
}

// TestCompareHolm: two equally strong regressions in a family of two each
// get twice their p; the family is a measure's tested rows.
func TestCompareHolm(t *testing.T) {
	a := append(run("x", "c1", "accuracy", 0.9, 0.8, 0.7, 0.85), run("x", "c2", "accuracy", 0.9, 0.8, 0.7, 0.85)...)
	b := append(run("x", "c1", "accuracy", 0.85, 0.78, 0.6, 0.8), run("x", "c2", "accuracy", 0.85, 0.78, 0.6, 0.8)...)
	o := Options{Measures: []string{"accuracy"}, Alpha: 0.05, MinEffect: 0}
	res, err := Compare("oracle", a, b, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rows {
		if math.Abs(*r.HolmP-min(1, 2**r.P)) > 1e-15 {
			t.Errorf("%s: holm p %v, want 2 × %v", r.Cell, *r.HolmP, *r.P)
		}
	}
}

func TestCompareLearnersAndStatuses(t *testing.T) {
	a := append(run("c45", "c", "accuracy", 0.8, 0.8, 0.8), run("old", "c", "accuracy", 0.5, 0.5)...)
	b := append(run("c45", "c", "accuracy", 0.8, math.NaN(), 0.8), run("new", "c", "accuracy", 0.6)...)
	b[1].Status = "timeout"
	o := Defaults()
	res, err := Compare("oracle", a, b, o)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		learner, verdict string
		changed          int64
	}{{"c45", Unchanged, 1}, {"old", OnlyA, 0}, {"new", OnlyB, 0}}
	if len(res.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(res.Rows), len(want))
	}
	for i, w := range want {
		r := res.Rows[i]
		if r.Learner != w.learner || r.Verdict != w.verdict || r.StatusChanged != w.changed {
			t.Errorf("row %d: %s %s changed %d, want %s %s %d", i, r.Learner, r.Verdict, r.StatusChanged, w.learner, w.verdict, w.changed)
		}
	}
	if len(res.StatusChanges) != 1 || res.StatusChanges[0] != (StatusChange{"c45", "c", 1, "ok", "timeout"}) {
		t.Errorf("status changes %v", res.StatusChanges)
	}
	var md strings.Builder
	if err := Markdown(&md, Run{Dir: "a"}, Run{Dir: "b"}, "oracle", res, o); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"no regression and no improvement", "Only in A (not compared; B has none of their tasks): old.", "Only in B (not compared; A has none of their tasks): new.", "| c45 | c | 1 | ok | timeout |"} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("compare.md lacks %q:\n%s", s, md.String())
		}
	}
}

func TestCompareRefusesOtherTasks(t *testing.T) {
	a, b := run("x", "c", "accuracy", 0.5, 0.6), run("x", "c", "accuracy", 0.5, 0.6)
	b[1].Task = 7
	if _, err := Compare("oracle", a, b, Defaults()); err == nil || !strings.Contains(err.Error(), "task 101 in A and 7 in B") {
		t.Errorf("got %v, want the task named", err)
	}
	if _, err := Compare("oracle", append(a, a[0]), a, Defaults()); err == nil || !strings.Contains(err.Error(), "two rows") {
		t.Errorf("got %v, want a duplicate refused", err)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Measures: []string{"accuracy"}, Alpha: 0.05}, ""},
		{Options{Measures: []string{"tree_nodes"}, Alpha: 0.05}, "does not rank learners"},
		{Options{Measures: []string{"speed"}, Alpha: 0.05}, "not a measure"},
		{Options{Measures: []string{"accuracy"}, Alpha: 1}, "alpha"},
		{Options{Measures: []string{"accuracy"}, Alpha: 0.05, MinEffect: -1}, "min-effect"},
		{Options{Alpha: 0.05}, "no measure"},
	} {
		err := c.o.Check()
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v: got %v, want %q", c.o, err, c.want)
		}
	}
}

func TestCellName(t *testing.T) {
	for _, c := range []struct {
		cell any
		want string
	}{
		{schemas.OracleCell{Features: 10, Depth: 3, Mode: "complete", Size: 100}, "features=10 depth=3 mode=complete size=100"},
		{schemas.BenchmarkCell{Dataset: "credit", Subset: "1st,2nd"}, "dataset=credit scenario= subset=1st,2nd"},
		{schemas.CostCell{Dataset: "heart", Misclassification: 12.5}, "dataset=heart misclassification=12.5"},
	} {
		if got := CellName(c.cell); got != c.want {
			t.Errorf("CellName(%+v) = %q, want %q", c.cell, got, c.want)
		}
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestCompareFolds: the accuracy of cross-validated tasks pairs their
// folds, r·k differences, with the corrected resampled t-test (ratio
// of test to training rows 10/20); another measure, or tasks whose folds do not line up,
// pair the tasks with Student's t.
func TestCompareFolds(t *testing.T) {
	folds := func(correct ...int64) []schemas.FoldCount {
		out := make([]schemas.FoldCount, len(correct))
		for i, c := range correct {
			out[i] = schemas.FoldCount{Correct: c, Total: 10}
		}
		return out
	}
	a, b := run("x", "c", "accuracy", 0.8, 0.7), run("x", "c", "accuracy", 0.6, 0.5)
	a[0].Folds, a[1].Folds = folds(8, 9, 7), folds(7, 7, 7)
	b[0].Folds, b[1].Folds = folds(6, 6, 6), folds(5, 4, 6)
	res, err := Compare("benchmark", a, b, Options{Measures: []string{"accuracy"}, Alpha: 0.05, MinEffect: 0.005})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Rows[0]
	want := cv.PairedTTest([]float64{-0.2, -0.3, -0.1, -0.2, -0.3, -0.1}, 0.5)
	if r.Test != CorrectedT || r.Pairs != 6 || math.Abs(*r.Diff-want.Mean) > 1e-12 || math.Abs(*r.P-want.P) > 1e-12 ||
		math.Abs(*r.CIHigh-(want.Mean+cv.TQuantile(0.975, 5)*want.SE)) > 1e-12 {
		t.Errorf("fold pairing: %s over %d pairs, diff %v p %v high %v; want %s over 6, diff %v p %v", r.Test, r.Pairs, *r.Diff, *r.P, *r.CIHigh, CorrectedT, want.Mean, want.P)
	}
	b[1].Folds = folds(5, 4) // another k: the tasks are paired instead
	res, _ = Compare("benchmark", a, b, Options{Measures: []string{"accuracy"}, Alpha: 0.05, MinEffect: 0.005})
	if r := res.Rows[0]; r.Test != PairedT || r.Pairs != 2 {
		t.Errorf("folds that do not line up: %s over %d pairs, want %s over 2", r.Test, r.Pairs, PairedT)
	}
}
