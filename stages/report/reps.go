package report

import "github.com/dtbench/dtbench/schemas"

// repIndex holds one measure's values per (learner, cell) by repetition:
// what the paired tests read. A null value (a failed fit, a measure the
// learner lacks) has no entry.
type repIndex[C comparable] map[groupKey[C]]map[int32]float64

// indexReps indexes measure m of evaluation rows by (learner, cell) and
// repetition, as key returns them. A repeated (learner, cell, repetition)
// keeps its first value.
func indexReps[R any, C comparable](rows []R, key func(*R) (string, C, int32), measures func(*R) *schemas.Measures, m Measure) repIndex[C] {
	col := schemas.MeasureColumns[m.index()]
	out := repIndex[C]{}
	for i := range rows {
		l, c, rep := key(&rows[i])
		x, ok := col.Float64(measures(&rows[i]))
		if !ok {
			continue
		}
		k := groupKey[C]{l, c}
		if out[k] == nil {
			out[k] = map[int32]float64{}
		}
		if _, dup := out[k][rep]; !dup {
			out[k][rep] = x
		}
	}
	return out
}
