package report

import (
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

func TestRankings(t *testing.T) {
	// Repetition r ranks the attributes of order[r], best first.
	attrs := func(orders ...[]string) []schemas.AttributeRow {
		var out []schemas.AttributeRow
		for r, order := range orders {
			for i, a := range order {
				out = append(out, schemas.AttributeRow{Dataset: "credit", Scenario: "all", Rep: int32(r), Attribute: a, Rank: int32(i + 1)})
			}
		}
		return out
	}
	evals := func(reps int) []schemas.BenchmarkEvaluation {
		var out []schemas.BenchmarkEvaluation
		for r := range reps {
			out = append(out, schemas.BenchmarkEvaluation{Learner: "c45", Rep: int32(r), BenchmarkCell: schemas.BenchmarkCell{Dataset: "credit", Scenario: "all", Subset: "1st,3rd"}})
		}
		return out
	}
	g := schemas.BenchmarkCell{Dataset: "credit", Scenario: "all"}
	tests := []struct {
		name          string
		attrs         []schemas.AttributeRow
		reps          int
		label, cell   string
		describePart  string
		fixed         bool
		kinds, missed int
	}{
		// Only the top 3 decide: A1 and A2 swap below them.
		{"alike", attrs([]string{"A9", "A10", "A11", "A1", "A2"}, []string{"A9", "A10", "A11", "A2", "A1"}), 2,
			"A9, A11 (1st,3rd)", "the same in all 2 repetitions", "A9, A10, A11, ranked alike in all 2 repetitions", true, 1, 0},
		{"redrawn", attrs([]string{"A9", "A10", "A11"}, []string{"A9", "A11", "A10"}, []string{"A9", "A10", "A11"}), 3,
			"1st,3rd", "2 different over 3 repetitions", "the top 3 by gain ratio, redrawn per repetition: 2 different rankings over 3 repetitions", false, 2, 0},
		// Repetition 1 has no ranking (a partial run): nothing to check
		// it by, so no names.
		{"missing", attrs([]string{"A9", "A10", "A11"}), 2,
			"1st,3rd", "unknown for 1 of 2 repetitions", "1 of its 2 repetitions have no ranking", false, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRankings(tc.attrs, evals(tc.reps), func(string) int { return 3 })[g]
			if r.fixed != tc.fixed || r.kinds != tc.kinds || r.missing != tc.missed {
				t.Errorf("ranking %+v; want fixed %v, %d kinds, %d missing", r, tc.fixed, tc.kinds, tc.missed)
			}
			if got := r.label("1st,3rd"); got != tc.label {
				t.Errorf("label = %q; want %q", got, tc.label)
			}
			if got := r.verdict(); got != tc.cell {
				t.Errorf("verdict = %q; want %q", got, tc.cell)
			}
			if got := r.describe(3); !strings.Contains(got, tc.describePart) {
				t.Errorf("describe = %q; want it to contain %q", got, tc.describePart)
			}
		})
	}
}
