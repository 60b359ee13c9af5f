package report

import (
	"math"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// TestWins checks a wins row against a corrected resampled t-test worked
// by hand: two learners, two repetitions of 2-fold cross-validation on 20
// rows (10 test and 10 training rows per fold, ratio 1).
func TestWins(t *testing.T) {
	cell := schemas.BenchmarkCell{Dataset: "vote", Scenario: "all", Subset: "1st"}
	// Correct test rows out of 10, per task and fold.
	correct := map[string][2][2]int64{"a": {{9, 8}, {7, 10}}, "b": {{8, 8}, {6, 9}}}
	var evals []schemas.BenchmarkEvaluation
	var confusion []schemas.ConfusionRow
	for task := range int64(2) {
		for _, l := range []string{"a", "b"} {
			c := correct[l][task]
			sum, total := c[0]+c[1], int64(20)
			evals = append(evals, schemas.BenchmarkEvaluation{DatasetID: task, Learner: l, BenchmarkCell: cell, Rep: int32(task),
				Measures: schemas.Measures{Correct: &sum, Total: &total}})
			for fold := range int32(2) {
				confusion = append(confusion,
					schemas.ConfusionRow{DatasetID: task, Learner: l, Fold: fold, Actual: "x", Predicted: "x", Count: c[fold]},
					schemas.ConfusionRow{DatasetID: task, Learner: l, Fold: fold, Actual: "x", Predicted: "y", Count: 10 - c[fold]})
			}
		}
	}
	rows := Wins(evals, confusion)
	if len(rows) != 2 || rows[0].LearnerA != "a" || rows[1].LearnerA != "b" {
		t.Fatalf("Wins = %+v; want the rows a/b and b/a", rows)
	}
	// Differences a − b in %: 10, 0, 10, 10. Mean 7.5, s² = 25, the
	// corrected SE √((1/4 + 1)·25) = √31.25, t = 7.5/√31.25 with 3 df;
	// Student's t CDF with 3 df is 1/2 + (θ + sinθ·cosθ)/π, θ = atan(t/√3);
	// t(0.975, 3) = 3.182446305 (R's qt).
	tv := 7.5 / math.Sqrt(31.25)
	theta := math.Atan(tv / math.Sqrt(3))
	p := 2 * (1 - (0.5 + (theta+math.Sin(theta)*math.Cos(theta))/math.Pi))
	half := 3.182446305284263 * math.Sqrt(31.25) / 100
	a := rows[0]
	if a.Wins != 2 || a.Draws != 0 || a.Losses != 0 {
		t.Errorf("a/b: %d wins, %d draws, %d losses; want 2, 0, 0", a.Wins, a.Draws, a.Losses)
	}
	for _, f := range []struct {
		name      string
		got       *float64
		want, tol float64
	}{
		{"t_stat", a.TStat, tv, 1e-12}, {"p_value", a.PValue, p, 1e-9},
		{"mean_diff", a.MeanDiff, 0.075, 1e-12}, {"ci_low", a.CILow, 0.075 - half, 1e-9}, {"ci_high", a.CIHigh, 0.075 + half, 1e-9},
	} {
		if f.got == nil || math.Abs(*f.got-f.want) > f.tol {
			t.Errorf("a/b %s = %v; want %.10g", f.name, deref(f.got), f.want)
		}
	}
	if a.Folds == nil || *a.Folds != 4 {
		t.Errorf("a/b folds = %v; want 4", deref64(a.Folds))
	}
	if b := rows[1]; b.Losses != 2 || b.MeanDiff == nil || *b.MeanDiff != -*a.MeanDiff || *b.PValue != *a.PValue {
		t.Errorf("b/a = %+v; want a/b mirrored", b)
	}
}

func deref(x *float64) any {
	if x == nil {
		return nil
	}
	return *x
}

func deref64(x *int64) any {
	if x == nil {
		return nil
	}
	return *x
}

func TestSingleSubsetNote(t *testing.T) {
	vote, credit, thyroid := schemas.BenchmarkCell{Dataset: "vote", Scenario: "all"}, schemas.BenchmarkCell{Dataset: "credit", Scenario: "all"}, schemas.BenchmarkCell{Dataset: "thyroid", Scenario: "s1"}
	for _, tc := range []struct {
		single []schemas.BenchmarkCell
		n      int
		want   string
	}{
		{nil, 3, ""},
		{[]schemas.BenchmarkCell{vote}, 3, " vote has a single subset."},
		{[]schemas.BenchmarkCell{vote}, 1, " vote has a single subset."},
		{[]schemas.BenchmarkCell{vote, credit, thyroid}, 4, " vote, credit and thyroid s1 have a single subset."},
		{[]schemas.BenchmarkCell{vote, credit}, 2, " Every dataset has a single subset."},
		{[]schemas.BenchmarkCell{vote, thyroid}, 2, " Every dataset and scenario has a single subset."},
	} {
		if got := singleSubsetNote(tc.single, tc.n, groupName, " a single subset."); got != tc.want {
			t.Errorf("singleSubsetNote(%v, %d) = %q; want %q", tc.single, tc.n, got, tc.want)
		}
	}
}
