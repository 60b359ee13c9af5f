package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/schemas"
)

// ranking is what results/attributes says of one (dataset, scenario)'s
// top attributes by gain ratio, over the repetitions of its evaluations:
// whether every repetition ranks them alike, so that a subset named by
// ranks ("1st,3rd", schemas.SubsetName) names the same attributes in
// every row. The report names subsets by their attributes only then; it
// checks, rather than assumes from the config (rank: full without
// scenarios should rank alike, but that is the data's to show).
type ranking struct {
	top   []string // the attributes of ranks 1…n, when fixed
	fixed bool
	// reps counts the repetitions in the evaluations, kinds the distinct
	// top-n rankings among them, missing those without a ranking.
	reps, kinds, missing int
}

// newRankings reads, per (dataset, scenario) of the evaluations, the
// top-n ranking of every repetition from attrs.
func newRankings(attrs []schemas.AttributeRow, evals []schemas.BenchmarkEvaluation, topOf func(dataset string) int) map[schemas.BenchmarkCell]ranking {
	type gr struct {
		g   schemas.BenchmarkCell
		rep int32
	}
	tops := map[gr][]string{}
	for _, a := range attrs {
		n := topOf(a.Dataset)
		if n == 0 || a.Rank < 1 || int(a.Rank) > n {
			continue
		}
		k := gr{schemas.BenchmarkCell{Dataset: a.Dataset, Scenario: a.Scenario}, a.Rep}
		if tops[k] == nil {
			tops[k] = make([]string, n)
		}
		tops[k][a.Rank-1] = a.Attribute
	}
	reps := map[schemas.BenchmarkCell][]int32{}
	for _, e := range evals {
		g := schemas.BenchmarkCell{Dataset: e.Dataset, Scenario: e.Scenario}
		if !slices.Contains(reps[g], e.Rep) {
			reps[g] = append(reps[g], e.Rep)
		}
	}
	out := map[schemas.BenchmarkCell]ranking{}
	for g, rs := range reps {
		slices.Sort(rs)
		r := ranking{reps: len(rs)}
		var seen [][]string
		for _, rep := range rs {
			top, ok := tops[gr{g, rep}]
			if !ok || slices.Contains(top, "") {
				r.missing++
				continue
			}
			if !slices.ContainsFunc(seen, func(s []string) bool { return slices.Equal(s, top) }) {
				seen = append(seen, top)
			}
		}
		r.kinds = len(seen)
		if topOf(g.Dataset) > 0 && r.missing == 0 && r.kinds == 1 {
			r.fixed, r.top = true, seen[0]
		}
		out[g] = r
	}
	return out
}

// label names a subset of the group: by its attributes in rank order,
// with its ranks, when the ranking is fixed ("A9, A15 (1st,4th)"); by its
// ranks alone otherwise, or when subset is no rank name.
func (r ranking) label(subset string) string {
	ranks, ok := schemas.SubsetRanks(subset)
	if !r.fixed || !ok {
		return escape(subset)
	}
	names := make([]string, len(ranks))
	for i, k := range ranks {
		if k > len(r.top) {
			return escape(subset)
		}
		names[i] = escape(r.top[k-1])
	}
	return strings.Join(names, ", ") + " (" + escape(subset) + ")"
}

// describe says which attributes the whole top subset is in the group:
// "A9, A10, A11, A15, A8, ranked alike in all 5 repetitions", or that it
// is redrawn per repetition.
func (r ranking) describe(n int) string {
	switch {
	case r.fixed:
		return fmt.Sprintf("%s, ranked alike in all %d repetitions", strings.Join(escapeAll(r.top), ", "), r.reps)
	case r.missing > 0:
		return fmt.Sprintf("the top %d by gain ratio of each repetition; %d of its %d repetitions have no ranking in results/attributes", n, r.missing, r.reps)
	}
	return fmt.Sprintf("the top %d by gain ratio, redrawn per repetition: %d different rankings over %d repetitions (see results/attributes)", n, r.kinds, r.reps)
}

// verdict is the ranking in a table cell: "the same in all 5 repetitions",
// "3 different over 10 repetitions", or how many lack one.
func (r ranking) verdict() string {
	switch {
	case r.reps == 0:
		return ""
	case r.fixed:
		return fmt.Sprintf("the same in all %d repetitions", r.reps)
	case r.missing > 0:
		return fmt.Sprintf("unknown for %d of %d repetitions", r.missing, r.reps)
	}
	return fmt.Sprintf("%d different over %d repetitions", r.kinds, r.reps)
}
