package report

import (
	"cmp"
	"math"
	"slices"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/schemas"
)

// foldResult is one learner's result on one fold of one task.
// Wins compares every ordered pair of learners in every cell of a
// benchmark run, over the cell's repetitions: a repetition is a win for A
// when A classified more test rows correctly than B over the task's
// folds, a draw when as many. The t-test is the corrected resampled t-test
// (cv.PairedTTest) of the k·r differences of fold accuracies, with the
// mean ratio of test to training rows of the folds (winsTest). Rows come in cell
// order (first appearance in evals), then learner order; a pair that
// never ran on the same task of a cell has no row there.
func Wins(evals []schemas.BenchmarkEvaluation, confusion []schemas.ConfusionRow) []schemas.WinsRow {
	// Per task and learner: the evaluation row (correct over all folds)
	// and the per-fold results, from the confusion counts.
	type tl = schemas.TaskLearner
	folds := map[tl][]schemas.FoldCount{}
	schemas.FoldCounts(confusion, folds)
	var cells []schemas.BenchmarkCell
	var learners []string
	tasks := map[schemas.BenchmarkCell][]int64{}
	correct := map[tl]int64{}
	totalRows := map[int64]int64{}
	for _, e := range evals {
		if _, ok := tasks[e.BenchmarkCell]; !ok {
			cells = append(cells, e.BenchmarkCell)
		}
		if !slices.Contains(tasks[e.BenchmarkCell], e.DatasetID) {
			tasks[e.BenchmarkCell] = append(tasks[e.BenchmarkCell], e.DatasetID)
		}
		if !slices.Contains(learners, e.Learner) {
			learners = append(learners, e.Learner)
		}
		if e.Correct != nil {
			correct[tl{Task: e.DatasetID, Learner: e.Learner}] = *e.Correct
		}
		if e.Total != nil {
			totalRows[e.DatasetID] = *e.Total
		}
	}
	var out []schemas.WinsRow
	for _, cell := range cells {
		ids := tasks[cell]
		slices.Sort(ids)
		for _, a := range learners {
			for _, b := range learners {
				if a == b {
					continue
				}
				row := schemas.WinsRow{BenchmarkCell: cell, LearnerA: a, LearnerB: b}
				var diffs []float64
				ratio, nr, paired := 0.0, 0, 0
				for _, id := range ids {
					ca, okA := correct[tl{Task: id, Learner: a}]
					cb, okB := correct[tl{Task: id, Learner: b}]
					if !okA || !okB {
						continue
					}
					paired++
					switch cmp.Compare(ca, cb) {
					case 1:
						row.Wins++
					case 0:
						row.Draws++
					default:
						row.Losses++
					}
					fa, fb := folds[tl{Task: id, Learner: a}], folds[tl{Task: id, Learner: b}]
					for f, ra := range fa {
						if f >= len(fb) || fb[f].Total == 0 || ra.Total == 0 {
							continue
						}
						rb := fb[f]
						diffs = append(diffs, 100*(float64(ra.Correct)/float64(ra.Total)-float64(rb.Correct)/float64(rb.Total)))
						if train := totalRows[id] - ra.Total; train > 0 {
							ratio += float64(ra.Total) / float64(train)
							nr++
						}
					}
				}
				if paired == 0 {
					continue // the two never ran on the same task of this cell
				}
				if nr > 0 {
					winsTest(&row, cv.PairedTTest(diffs, ratio/float64(nr)))
				}
				out = append(out, row)
			}
		}
	}
	return out
}

// winsTest fills a wins row's test columns from the corrected t-test of
// the fold differences in %: t and p as Weka reports them, the number of
// differences, and their mean and interval as fractions (like accuracy).
func winsTest(row *schemas.WinsRow, t cv.TTest) {
	opt := func(x float64) *float64 {
		if isNaN(x) {
			return nil
		}
		return &x
	}
	n := int64(t.N)
	row.Folds, row.TStat, row.PValue = &n, opt(t.T), opt(t.P)
	row.MeanDiff, row.CILow, row.CIHigh = opt(t.Mean/100), opt(t.Low/100), opt(t.High/100)
}

// winsTTest is the test of a wins row as cv.PairedTTest returns it, on
// the scale of accuracy: what the benchmark verdict reads.
func winsTTest(w schemas.WinsRow) cv.TTest {
	val := func(x *float64) float64 {
		if x == nil {
			return math.NaN()
		}
		return *x
	}
	t := cv.TTest{Mean: val(w.MeanDiff), SD: math.NaN(), SE: math.NaN(), T: val(w.TStat), P: val(w.PValue), Low: val(w.CILow), High: val(w.CIHigh)}
	if w.Folds != nil {
		t.N = int(*w.Folds)
	}
	return t
}

func isNaN(x float64) bool { return x != x }
