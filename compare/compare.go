// Package compare compares two runs of one study task by task, as a
// nightly job asks "what changed since last night?": for each learner,
// grid cell and measure, both runs' means, the paired differences B − A
// over the tasks both ran (the same config and seed give the same
// datasets, folds and splits, so a difference is the learners' own),
// Student's paired t interval and test, Holm's adjustment over the
// measure's family, and a verdict that needs both significance and a
// minimum effect. Which runs may be compared is package pipeline's
// (ReadCompared, Comparable); this package only pairs and tests.
package compare

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/dtbench/dtbench/cv"
	"github.com/dtbench/dtbench/schemas"
)

// Task is one evaluation row of a run, as the comparison sees it: the
// learner on one task of a cell (its repetition or split), how the fit
// went, and its measures.
type Task struct {
	Learner  string
	Cell     string // CellName of the row's cell
	Rep      int32
	Task     int64  // dataset_id: the same in both runs for the same cell and repetition
	Status   string // schemas.StatusOK, or how the fit failed
	Measures *schemas.Measures
	// Folds are a cross-validated task's folds (the benchmark study's),
	// in fold order: each fold's test rows and those classified
	// correctly; nil for a task that is not cross-validated, or whose fit
	// failed.
	Folds []schemas.FoldCount
}

// The tests a CompareRow names (its test column).
const (
	// PairedT is Student's paired t-test over the tasks (repetitions or
	// splits) both runs have.
	PairedT = "paired t over repetitions"
	// CorrectedT is the corrected resampled t-test (Nadeau and Bengio
	// 2003; Bouckaert and Frank's form for repeated k-fold
	// cross-validation) over the r·k fold differences of accuracy, the
	// variance scaled by 1/(r·k) + the mean ratio of a fold's test rows to
	// its training rows (1/(k − 1) for equal folds), for the folds'
	// overlapping training sets, as the benchmark study's wins table
	// tests.
	CorrectedT = "corrected resampled t over folds"
	// CorrectedSplitsT is the corrected resampled t-test over the random
	// train/test splits of one dataset (the cost study's repetitions):
	// Student's variance scaled by 1/n + Options.SplitRatio, the ratio of
	// a split's test rows to its training rows, for the splits' shared
	// rows, as the cost study's in-run verdict tests them.
	CorrectedSplitsT = "corrected resampled t over splits"
)

// Options are the comparison's settings: the measures compared (columns
// of schemas.Measures with a direction), the significance level of the
// tests and the interval (1 − Alpha), and the minimum effect a verdict
// needs (in the measure's units).
type Options struct {
	Measures  []string
	Alpha     float64
	MinEffect float64
	// SplitRatio, when above 0, says the runs' repetitions are random
	// train/test splits of one dataset with this ratio of test to
	// training rows (the cost study's, generate.CostConfig.SplitRatio):
	// every measure is then tested with the corrected resampled t
	// (CorrectedSplitsT). It comes from the runs' config, not a flag.
	SplitRatio float64
}

// Defaults are dtbench compare's: accuracy, α = 0.05, a minimum effect of
// 0.005.
func Defaults() Options {
	return Options{Measures: []string{"accuracy"}, Alpha: 0.05, MinEffect: 0.005}
}

// The verdicts of a CompareRow.
const (
	Improved  = "improved"
	Regressed = "regressed"
	Unchanged = "unchanged"
	Untested  = "untested"
	OnlyA     = "only_a"
	OnlyB     = "only_b"
)

// StatusChange is a task both runs ran whose fit went otherwise in each.
type StatusChange struct {
	Learner, Cell string
	Rep           int32
	A, B          string // the statuses
}

// Result is a comparison: its rows (learners in A's order, then those
// only B has; cells in first appearance; measures in the options' order),
// and the tasks whose status changed.
type Result struct {
	Rows          []schemas.CompareRow
	StatusChanges []StatusChange
}

// Check refuses options that compare nothing or cannot be read: an
// unknown measure, one without a direction, α outside (0, 1), a negative
// minimum effect.
func (o Options) Check() error {
	if len(o.Measures) == 0 {
		return fmt.Errorf("no measure to compare")
	}
	for _, m := range o.Measures {
		b, ok := schemas.MeasureBetter[m]
		switch {
		case !ok:
			return fmt.Errorf("measure %q: not a measure (%s)", m, directed())
		case b == 0:
			return fmt.Errorf("measure %q describes a model or a task, it does not rank learners (%s)", m, directed())
		}
	}
	if !(o.Alpha > 0 && o.Alpha < 1) {
		return fmt.Errorf("alpha %g: not in (0, 1)", o.Alpha)
	}
	if !(o.MinEffect >= 0) {
		return fmt.Errorf("min-effect %g: not a size (0 or more)", o.MinEffect)
	}
	return nil
}

// directed lists the measures a comparison takes, in column order.
func directed() string {
	s := "one of"
	for _, c := range schemas.MeasureColumns {
		if schemas.MeasureBetter[c.Name] != 0 {
			s += " " + c.Name
		}
	}
	return s
}

// Compare pairs the tasks of runs a and b and compares them under o (which
// Check must accept). It fails when one key (learner, cell, repetition)
// names two tasks in a run, or different tasks in the two: then the runs
// did not run the same tasks and no difference is the learners' own.
func Compare(study string, a, b []Task, o Options) (Result, error) {
	t, err := index(a, b)
	if err != nil {
		return Result{}, err
	}
	for k, ta := range t.a {
		if tb, ok := t.b[k]; ok && ta.Task != tb.Task {
			return Result{}, fmt.Errorf("learner %s, cell %s, repetition %d is task %d in A and %d in B: the runs did not run the same tasks", ta.Learner, ta.Cell, ta.Rep, ta.Task, tb.Task)
		}
	}
	columns := make([]schemas.Numeric[schemas.Measures], len(o.Measures))
	for i, m := range o.Measures {
		if columns[i], err = schemas.NumericColumn[schemas.Measures](m); err != nil {
			return Result{}, err
		}
	}
	var res Result
	for _, g := range t.groups {
		changed := int64(0)
		for _, r := range t.reps[g] {
			k := keyOf(g.learner, g.cell, r)
			ta, okA := t.a[k]
			tb, okB := t.b[k]
			if okA && okB && ta.Status != tb.Status {
				changed++
				res.StatusChanges = append(res.StatusChanges, StatusChange{ta.Learner, ta.Cell, r, ta.Status, tb.Status})
			}
		}
		for i, m := range o.Measures {
			row := t.compareGroup(study, g, m, columns[i], o)
			row.StatusChanged = changed
			res.Rows = append(res.Rows, row)
		}
	}
	adjust(res.Rows, o)
	return res, nil
}

// key identifies a task of a learner in either run: its learner's and
// cell's ids (interned in first appearance, over A then B) and its
// repetition, packed so that the maps of many tasks hash a number.
type key uint64

// Limits of the packing: 2^20 learners, 2^20 cells, 2^24 repetitions.
const (
	repBits  = 24
	cellBits = 20
)

func keyOf(learner, cell int, rep int32) key {
	return key(uint64(learner)<<(cellBits+repBits) | uint64(cell)<<repBits | uint64(rep))
}

// group is one (learner, cell) of the comparison, by ids.
type group struct{ learner, cell int }

// tasks is both runs' tasks by key, with the interned names.
type tasks struct {
	learners, cells []string
	a, b            map[key]*Task
	groups          []group           // in Result's order
	reps            map[group][]int32 // each group's repetitions, ascending
}

// intern maps names to ids in first appearance.
type intern struct {
	ids   map[string]int
	names []string
}

func (in *intern) id(name string) int {
	if i, ok := in.ids[name]; ok {
		return i
	}
	in.ids[name] = len(in.names)
	in.names = append(in.names, name)
	return len(in.names) - 1
}

// index keys both runs' tasks, refusing a key named twice in a run or
// beyond the packing's limits, and lists the groups in Result's order:
// learners in first appearance (A's, then B's), then cells.
func index(a, b []Task) (*tasks, error) {
	learners, cells := &intern{ids: map[string]int{}}, &intern{ids: map[string]int{}}
	t := &tasks{a: make(map[key]*Task, len(a)), b: make(map[key]*Task, len(b)), reps: map[group][]int32{}}
	for r, run := range [][]Task{a, b} {
		into, name := t.a, "A"
		if r == 1 {
			into, name = t.b, "B"
		}
		for i := range run {
			x := &run[i]
			l, c := learners.id(x.Learner), cells.id(x.Cell)
			if l >= 1<<cellBits || c >= 1<<cellBits || x.Rep < 0 || x.Rep >= 1<<repBits {
				return nil, fmt.Errorf("run %s: learner %s, cell %s, repetition %d: beyond what a comparison holds (2^20 learners and cells, 2^24 repetitions)", name, x.Learner, x.Cell, x.Rep)
			}
			k := keyOf(l, c, x.Rep)
			if _, dup := into[k]; dup {
				return nil, fmt.Errorf("run %s has two rows of learner %s, cell %s, repetition %d", name, x.Learner, x.Cell, x.Rep)
			}
			into[k] = x
			g := group{l, c}
			reps, seen := t.reps[g]
			if !seen {
				t.groups = append(t.groups, g)
			}
			if _, inA := t.a[k]; r == 0 || !inA {
				t.reps[g] = append(reps, x.Rep)
			}
		}
	}
	t.learners, t.cells = learners.names, cells.names
	slices.SortStableFunc(t.groups, func(x, y group) int { return cmp.Or(cmp.Compare(x.learner, y.learner), cmp.Compare(x.cell, y.cell)) })
	for _, r := range t.reps {
		slices.Sort(r)
	}
	return t, nil
}

// compareGroup is the row of one group and measure before Holm's
// adjustment: the means of each run, and the test of the paired
// differences in repetition order (of their folds for a cross-validated
// accuracy; corrected at o.SplitRatio for random splits).
func (t *tasks) compareGroup(study string, g group, m string, col schemas.Numeric[schemas.Measures], o Options) schemas.CompareRow {
	alpha := o.Alpha
	row := schemas.CompareRow{Study: study, Learner: t.learners[g.learner], Cell: t.cells[g.cell], Measure: m, Better: int32(schemas.MeasureBetter[m])}
	var sumA, sumB float64
	var diffs, foldDiffs []float64
	inA, inB := false, false
	byFolds, folds := m == "accuracy", 0 // accuracy of cross-validated tasks pairs their folds
	ratioSum := 0.0                      // of the folds' test to training rows
	for _, r := range t.reps[g] {
		k := keyOf(g.learner, g.cell, r)
		ta, okA := t.a[k]
		tb, okB := t.b[k]
		inA, inB = inA || okA, inB || okB
		va, hasA := value(ta, okA, col)
		vb, hasB := value(tb, okB, col)
		if hasA {
			row.NA++
			sumA += va
		}
		if hasB {
			row.NB++
			sumB += vb
		}
		if hasA && hasB {
			diffs = append(diffs, vb-va)
			if !byFolds || len(ta.Folds) == 0 || len(ta.Folds) != len(tb.Folds) || folds != 0 && folds != len(ta.Folds) {
				byFolds = false
				continue
			}
			folds = len(ta.Folds)
			rows := int64(0)
			for _, fa := range ta.Folds {
				rows += fa.Total
			}
			for f, fa := range ta.Folds {
				fb := tb.Folds[f]
				if fa.Total == 0 || fa.Total != fb.Total || fa.Total == rows {
					byFolds = false
					break
				}
				foldDiffs = append(foldDiffs, float64(fb.Correct)/float64(fb.Total)-float64(fa.Correct)/float64(fa.Total))
				ratioSum += float64(fa.Total) / float64(rows-fa.Total)
			}
		}
	}
	row.Test = PairedT
	ratio := 0.0
	if o.SplitRatio > 0 {
		row.Test, ratio = CorrectedSplitsT, o.SplitRatio
	}
	if byFolds && folds > 1 && len(diffs) > 0 {
		diffs, ratio, row.Test = foldDiffs, ratioSum/float64(len(foldDiffs)), CorrectedT
	}
	if row.NA > 0 {
		row.MeanA = ptr(sumA / float64(row.NA))
	}
	if row.NB > 0 {
		row.MeanB = ptr(sumB / float64(row.NB))
	}
	switch {
	case !inB:
		row.Verdict, row.Test = OnlyA, ""
		return row
	case !inA:
		row.Verdict, row.Test = OnlyB, ""
		return row
	}
	row.Pairs = int64(len(diffs))
	if len(diffs) == 0 {
		row.Verdict = Untested
		return row
	}
	tt := cv.PairedTTest(diffs, ratio)
	row.Diff = ptr(tt.Mean)
	if len(diffs) < 2 {
		row.Verdict = Untested
		if tt.Mean == 0 {
			row.Verdict = Unchanged
		}
		return row
	}
	half := cv.TQuantile(1-alpha/2, len(diffs)-1) * tt.SE
	row.CILow, row.CIHigh, row.P = ptr(tt.Mean-half), ptr(tt.Mean+half), ptr(tt.P)
	return row
}

// value is the measure's value of a task that is there and has one.
func value(t *Task, there bool, col schemas.Numeric[schemas.Measures]) (float64, bool) {
	if !there || t.Measures == nil {
		return 0, false
	}
	return col.Float64(t.Measures)
}

// adjust sets Holm's p of every tested row, per measure, and the tested
// rows' verdicts.
func adjust(rows []schemas.CompareRow, o Options) {
	for _, m := range o.Measures {
		var at []int
		var ps []float64
		for i := range rows {
			if rows[i].Measure == m && rows[i].P != nil {
				at = append(at, i)
				ps = append(ps, *rows[i].P)
			}
		}
		for j, h := range cv.Holm(ps) {
			r := &rows[at[j]]
			r.HolmP = ptr(h)
			r.Verdict = verdict(*r.Diff, h, float64(r.Better), o)
		}
	}
}

// verdict is a tested row's: improved or regressed when Holm's p is below
// α and the difference is at least the minimum effect (and not 0), in the
// direction better says; unchanged otherwise.
func verdict(diff, holmP, better float64, o Options) string {
	if !(holmP < o.Alpha) || diff == 0 || math.Abs(diff) < o.MinEffect {
		return Unchanged
	}
	if diff*better > 0 {
		return Improved
	}
	return Regressed
}

// Regressions counts the rows whose verdict is regressed.
func (r Result) Regressions() int { return len(r.byVerdict(Regressed)) }

func ptr(x float64) *float64 { return &x }

// Improvements returns the rows whose verdict is improved.
func (r Result) Improvements() []schemas.CompareRow { return r.byVerdict(Improved) }
