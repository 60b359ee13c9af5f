package report

import (
	"cmp"
	"slices"

	"github.com/dtbench/dtbench/schemas"
)

// Summary is the evaluations of one learner in one cell of a study (C is
// the study's cell type), every measure summarised: Stats[i] is measure i
// of schemas.MeasureColumns.
type Summary[C comparable] struct {
	Learner string
	Cell    C
	Count   int64 // evaluation rows in the group
	// Failed counts the rows whose fit gave no model (an external
	// learner's timeout, crash, bad reply or error): they have no
	// measures, so Count − Failed repetitions stand behind the Stats.
	Failed int64
	Stats  []Stat
}

// Fits returns the repetitions whose fit gave a model: Count − Failed.
func (s *Summary[C]) Fits() int64 { return s.Count - s.Failed }

// Stat returns the summary of measure m.
func (s *Summary[C]) Stat(m Measure) *Stat { return &s.Stats[m.index()] }

// groupKey identifies one summary row.
type groupKey[C comparable] struct {
	learner string
	cell    C
}

// Summarize groups evaluation rows by (learner, cell), as key returns
// them, counts the rows whose fit failed (outcome returns a row's), and
// summarises every measure of each group (measures returns a row's): the
// non-null count, mean, sample SD and two-sided 95%
// confidence interval of the mean (Student's t with N−1 degrees of
// freedom). Null values are skipped per measure. Groups come in order of
// first appearance; the same rows in the same order give the same bits.
// An empty input gives nil.
func Summarize[R any, C comparable](rows []R, key func(*R) (string, C), measures func(*R) *schemas.Measures, outcome func(*R) *schemas.Outcome) []Summary[C] {
	if len(rows) == 0 {
		return nil
	}
	nm := len(schemas.MeasureColumns)
	index := make(map[groupKey[C]]int32)
	var keys []groupKey[C]
	var counts, failed []int64
	var acc []moments // group g's measure i: acc[g*nm+i]
	ids := make([]int32, len(rows))

	// Pass 1: assign groups and sum the values.
	for i := range rows {
		l, c := key(&rows[i])
		k := groupKey[C]{l, c}
		id, ok := index[k]
		if !ok {
			id = int32(len(keys))
			index[k] = id
			keys = append(keys, k)
			counts, failed = append(counts, 0), append(failed, 0)
			acc = append(acc, make([]moments, nm)...)
		}
		ids[i] = id
		counts[id]++
		if outcome(&rows[i]).Failed() {
			failed[id]++
		}
		ms := measures(&rows[i])
		a := acc[int(id)*nm : int(id+1)*nm]
		for j, col := range schemas.MeasureColumns {
			if x, ok := col.Float64(ms); ok {
				a[j].n++
				a[j].sum += x
			}
		}
	}

	// Pass 2: deviations from the first-pass means.
	for i := range rows {
		ms := measures(&rows[i])
		a := acc[int(ids[i])*nm : int(ids[i]+1)*nm]
		for j, col := range schemas.MeasureColumns {
			if x, ok := col.Float64(ms); ok {
				d := x - a[j].center()
				a[j].d += d
				a[j].d2 += d * d
			}
		}
	}

	t95 := make(t95Cache)
	out := make([]Summary[C], len(keys))
	for g, k := range keys {
		s := Summary[C]{Learner: k.learner, Cell: k.cell, Count: counts[g], Failed: failed[g], Stats: make([]Stat, nm)}
		for j := range nm {
			s.Stats[j] = acc[g*nm+j].stat(t95.get)
		}
		out[g] = s
	}
	return out
}

// OracleSummary is a summary of the oracle study.
type OracleSummary = Summary[schemas.OracleCell]

// SummarizeOracle summarises oracle-study evaluations. Order: learners in
// order of first appearance in rows (the config's order), then features
// ascending, depth ascending, mode in order of first appearance, size
// ascending.
func SummarizeOracle(rows []schemas.OracleEvaluation) []OracleSummary {
	out := Summarize(rows,
		func(e *schemas.OracleEvaluation) (string, schemas.OracleCell) { return e.Learner, e.OracleCell },
		func(e *schemas.OracleEvaluation) *schemas.Measures { return &e.Measures },
		func(e *schemas.OracleEvaluation) *schemas.Outcome { return &e.Outcome })
	learnerRank, modeRank := map[string]int{}, map[string]int{}
	for _, s := range out { // first appearance, as the groups are
		if _, ok := learnerRank[s.Learner]; !ok {
			learnerRank[s.Learner] = len(learnerRank)
		}
		if _, ok := modeRank[s.Cell.Mode]; !ok {
			modeRank[s.Cell.Mode] = len(modeRank)
		}
	}
	slices.SortStableFunc(out, func(a, b OracleSummary) int {
		return cmp.Or(
			cmp.Compare(learnerRank[a.Learner], learnerRank[b.Learner]),
			cmp.Compare(a.Cell.Features, b.Cell.Features),
			cmp.Compare(a.Cell.Depth, b.Cell.Depth),
			cmp.Compare(modeRank[a.Cell.Mode], modeRank[b.Cell.Mode]),
			cmp.Compare(a.Cell.Size, b.Cell.Size),
		)
	})
	return out
}

// OracleRows returns the rows of report/summary: for each summary, one row
// per measure, in the order of schemas.Measures.
func OracleRows(summary []OracleSummary) []schemas.OracleSummary {
	return summaryRows(summary, func(s *OracleSummary, measure string, st schemas.Stat) schemas.OracleSummary {
		return schemas.OracleSummary{Learner: s.Learner, OracleCell: s.Cell, Measure: measure, Count: s.Count, Failed: &s.Failed, Stat: st}
	})
}

// summaryRows returns a study's rows of report/summary: for each summary,
// one row per measure, in the order of schemas.Measures, built by row from
// the summary, the measure's column name and its statistics.
func summaryRows[C comparable, R any](summary []Summary[C], row func(s *Summary[C], measure string, st schemas.Stat) R) []R {
	out := make([]R, 0, len(summary)*len(schemas.MeasureColumns))
	for i := range summary {
		s := &summary[i]
		for j, col := range schemas.MeasureColumns {
			out = append(out, row(s, col.Name, s.Stats[j].columns()))
		}
	}
	return out
}
