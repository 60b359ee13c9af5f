package report

import (
	"cmp"
	"slices"

	"github.com/dtbench/dtbench/schemas"
)

// groupKey identifies one row of the summary table.
type groupKey struct {
	learner  string
	features int32
	depth    int32
	mode     string
	size     int32
}

// group holds one summary row under construction.
type group struct {
	key   groupKey
	count int64
	m     [numMeasures]moments
}

// Summarize groups evaluation rows by (learner, features, depth, mode,
// size) and summarises every measure of each group in a schemas.Summary:
// the non-null count, mean, sample SD and two-sided 95% confidence interval
// of the mean (Student's t with N−1 degrees of freedom). Null values are
// skipped per measure.
//
// Output order: learners in order of first appearance in rows (the config's
// order), then features ascending, depth ascending, mode in order of first
// appearance, size ascending. The same rows in the same order give the same
// bits. An empty input gives nil.
func Summarize(rows []schemas.Evaluation) []schemas.Summary {
	if len(rows) == 0 {
		return nil
	}
	index := make(map[groupKey]int32)
	learnerRank := make(map[string]int)
	modeRank := make(map[string]int)
	var groups []group
	ids := make([]int32, len(rows))

	// Pass 1: assign groups and sum the values.
	for i := range rows {
		e := &rows[i]
		k := groupKey{e.Learner, e.Features, e.Depth, e.Mode, e.Size}
		id, ok := index[k]
		if !ok {
			id = int32(len(groups))
			index[k] = id
			groups = append(groups, group{key: k})
			if _, seen := learnerRank[k.learner]; !seen {
				learnerRank[k.learner] = len(learnerRank)
			}
			if _, seen := modeRank[k.mode]; !seen {
				modeRank[k.mode] = len(modeRank)
			}
		}
		ids[i] = id
		g := &groups[id]
		g.count++
		for m := range Measure(numMeasures) {
			if x, ok := m.value(e); ok {
				g.m[m].n++
				g.m[m].sum += x
			}
		}
	}

	// Pass 2: deviations from the first-pass means.
	for i := range rows {
		e := &rows[i]
		g := &groups[ids[i]]
		for m := range Measure(numMeasures) {
			if x, ok := m.value(e); ok {
				a := &g.m[m]
				d := x - a.center()
				a.d += d
				a.d2 += d * d
			}
		}
	}

	slices.SortFunc(groups, func(a, b group) int {
		return cmp.Or(
			cmp.Compare(learnerRank[a.key.learner], learnerRank[b.key.learner]),
			cmp.Compare(a.key.features, b.key.features),
			cmp.Compare(a.key.depth, b.key.depth),
			cmp.Compare(modeRank[a.key.mode], modeRank[b.key.mode]),
			cmp.Compare(a.key.size, b.key.size),
		)
	})

	t95 := make(t95Cache)
	out := make([]schemas.Summary, len(groups))
	for i := range groups {
		g := &groups[i]
		s := &out[i]
		*s = schemas.Summary{
			Learner:  g.key.learner,
			Features: g.key.features,
			Depth:    g.key.depth,
			Mode:     g.key.mode,
			Size:     g.key.size,
			Count:    g.count,
		}
		for m := range Measure(numMeasures) {
			*m.Of(s) = g.m[m].stat(t95.get)
		}
	}
	return out
}
