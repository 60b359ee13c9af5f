package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/cv"
)

// Alpha is the significance level of every test a verdict reports.
const Alpha = 0.05

// Comparison is a paired comparison of learner A with learner B on one
// measure in one cell, over the tasks both have a value on (a repetition,
// fold or split is shared by every learner of a cell, so their results
// pair up).
type Comparison struct {
	A, B string
	Test cv.TTest // of the differences A − B
	// Adjusted is Test.P after Holm's adjustment over the comparisons of
	// its family (Lead.Rivals); Test.P when the family has one member.
	Adjusted float64
	// Family is the number of comparisons of the family Adjusted is over.
	Family int
	// Reps counts the repetitions both have a value in: the pairs of a
	// test over repetitions, or the repetitions whose folds a corrected
	// test pairs. NA and NB are how many A and B have in the cell: Reps is
	// fewer when one lacks some (a failed fit), and the verdict says so.
	Reps, NA, NB int64
}

// Pairing is what a paired comparison of two learners finds: the test of
// their differences and the repetitions both have (Comparison.Reps).
type Pairing struct {
	Test cv.TTest
	Reps int64
}

// level reports whether the mean difference rounds to 0 at the report's
// 3 decimals: such a difference is never called above or below, whatever
// its p.
func (c Comparison) level() bool { return format(math.Abs(c.Test.Mean)) == "0.000" }

// beats reports whether A is significantly better than B: the adjusted p
// is below Alpha and the mean difference is visible at 3 decimals and has
// the sign of better (positive when higher is better).
func (c Comparison) beats(higher bool) bool {
	if c.level() || !(c.Adjusted < Alpha) {
		return false
	}
	return (c.Test.Mean > 0) == higher
}

// pairReps tests the differences a[rep] − b[rep] over the repetitions
// both have, in ascending order of repetition, with cv.PairedTTest at the
// given ratio of test to training rows: 0, Student's paired t-test, for
// the oracle study's repetitions, independent draws from the oracle; the
// cost study's splits (Meta.SplitRatio) for its corrected resampled
// t-test, as the splits of one dataset share rows.
func pairReps(a, b map[int32]float64, ratio float64) Pairing {
	reps := make([]int32, 0, len(a))
	for r := range a {
		if _, ok := b[r]; ok {
			reps = append(reps, r)
		}
	}
	slices.Sort(reps)
	d := make([]float64, len(reps))
	for i, r := range reps {
		d[i] = a[r] - b[r]
	}
	return Pairing{Test: cv.PairedTTest(d, ratio), Reps: int64(len(d))}
}

// Lead is the outcome of asking whether one learner of a cell is clearly
// the best on a measure: the leader has the best mean, and it is clearly
// best when it beats every other learner (Comparison.beats) with the
// p-values of its comparisons adjusted together by Holm's method, so that
// the claim "better than each of them" holds at level Alpha as a whole.
type Lead struct {
	Leader string
	// Rivals compare Leader with each other learner that shares a task
	// with it, the runner-up (the next best mean) first, then by mean.
	Rivals []Comparison
	// Untested are the learners that share no task with Leader.
	Untested []string
	Clear    bool
}

// newLead ranks learners by mean (NaN means leave a learner out; ties keep
// the order of learners), takes the best as leader (the highest mean when
// higher is true, else the lowest) and compares it with every other by
// compare(leader, other), which returns false when the two share no task.
// ok is false when no learner has a mean.
func newLead(learners []string, stat func(string) Stat, higher bool, compare func(a, b string) (Pairing, bool)) (Lead, bool) {
	mean := func(l string) float64 { return stat(l).Mean }
	var ranked []string
	for _, l := range learners {
		if !math.IsNaN(mean(l)) {
			ranked = append(ranked, l)
		}
	}
	if len(ranked) == 0 {
		return Lead{}, false
	}
	slices.SortStableFunc(ranked, func(a, b string) int {
		if higher {
			return cmp.Compare(mean(b), mean(a))
		}
		return cmp.Compare(mean(a), mean(b))
	})
	v := Lead{Leader: ranked[0]}
	var ps []float64
	for _, r := range ranked[1:] {
		pr, ok := compare(v.Leader, r)
		if !ok || pr.Test.N == 0 {
			v.Untested = append(v.Untested, r)
			continue
		}
		v.Rivals = append(v.Rivals, Comparison{A: v.Leader, B: r, Test: pr.Test, Reps: pr.Reps, NA: stat(v.Leader).N, NB: stat(r).N})
		ps = append(ps, pr.Test.P)
	}
	for i, p := range cv.Holm(ps) {
		v.Rivals[i].Adjusted, v.Rivals[i].Family = p, len(ps)
	}
	v.Clear = len(v.Untested) == 0 && len(v.Rivals) > 0
	for _, c := range v.Rivals {
		v.Clear = v.Clear && c.beats(higher)
	}
	return v, true
}

// notBeaten returns the rivals the leader does not beat.
func (v Lead) notBeaten(higher bool) []Comparison {
	var out []Comparison
	for _, c := range v.Rivals {
		if !c.beats(higher) {
			out = append(out, c)
		}
	}
	return out
}

// pValue formats a p-value: "p = 0.142", "p < 0.001".
func pValue(p float64) string {
	switch {
	case math.IsNaN(p):
		return "p undefined"
	case p < 0.001:
		return "p < 0.001"
	}
	return "p = " + format(p)
}

// interval formats a 95% confidence interval: "95% CI [-0.004, 0.026]".
func interval(t cv.TTest) string {
	if math.IsNaN(t.Low) {
		return "no interval (one pair)"
	}
	return "95% CI [" + format(t.Low) + ", " + format(t.High) + "]"
}

// difference says how A's mean difference from B reads: "0.011 above
// intuitive", "0.004 below idx", or "level with smo to 3 decimals".
func (c Comparison) difference() string {
	switch {
	case c.level():
		return "level with " + escape(c.B) + " to 3 decimals"
	case c.Test.Mean > 0:
		return format(c.Test.Mean) + " above " + escape(c.B)
	}
	return format(-c.Test.Mean) + " below " + escape(c.B)
}

// evidence is the test behind a comparison in brackets: the test as
// test(n) names it, the interval, the p-value, the Holm-adjusted p when
// the family has several members, and whether it is significant.
func (c Comparison) evidence(test func(n int) string, higher bool) string {
	var b strings.Builder
	b.WriteString("(" + test(c.Test.N))
	if c.Reps < c.NA || c.Reps < c.NB {
		if int64(c.Test.N) != c.Reps {
			fmt.Fprintf(&b, " of the %s", plural(c.Reps, "repetition"))
		}
		fmt.Fprintf(&b, " that both have (of %s's %d and %s's %d)", escape(c.A), c.NA, escape(c.B), c.NB)
	}
	fmt.Fprintf(&b, ", %s, %s", interval(c.Test), pValue(c.Test.P))
	if c.Family > 1 {
		fmt.Fprintf(&b, ", Holm-adjusted over %d comparisons %s", c.Family, strings.TrimPrefix(pValue(c.Adjusted), "p "))
	}
	switch {
	case c.beats(higher) || c.beats(!higher):
		b.WriteString(": significant")
	case c.level() && c.Adjusted < Alpha:
		b.WriteString(": significant but below 0.0005")
	default:
		b.WriteString(": not significant")
	}
	b.WriteString(")")
	return b.String()
}

// brief is a comparison in a list: B, A's mean difference from B and its
// (adjusted) p, "smo (c45 − smo: +0.004, adjusted p = 0.840)".
func (c Comparison) brief() string {
	p := pValue(c.Adjusted)
	if c.Family > 1 {
		p = "adjusted " + p
	}
	return fmt.Sprintf("%s (%s − %s: %s, %s)", escape(c.B), escape(c.A), escape(c.B), signed(c.Test.Mean), p)
}

// briefs lists comparisons with brief, comma-separated.
func briefs(cs []Comparison) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.brief()
	}
	return strings.Join(parts, ", ")
}

// writeLead writes, after a verdict's opening words, the evidence of lead:
// the difference from the runner-up with its test (test names it for n
// pairs), then, when the leader is clearly best, that it is ahead of each
// of the others; when it is not, the others it is not significantly
// ahead of; and the learners it could not be compared with. noun names
// the learners compared ("tree learner").
func writeLead(b *strings.Builder, lead Lead, noun string, test func(n int) string, higher bool) {
	if len(lead.Rivals) > 0 {
		up := lead.Rivals[0]
		fmt.Fprintf(b, ", %s, the runner-up %s", up.difference(), up.evidence(test, higher))
		if lead.Clear && len(lead.Rivals) > 1 {
			fmt.Fprintf(b, ", and significantly ahead of each of the other %d %ss", len(lead.Rivals)-1, noun)
		}
		var others []Comparison
		for _, c := range lead.notBeaten(higher) {
			if c.B != up.B {
				others = append(others, c)
			}
		}
		if len(others) > 0 {
			word := "not"
			if !up.beats(higher) {
				word = "nor"
			}
			fmt.Fprintf(b, "; %s significantly ahead of %s", word, briefs(others))
		}
	}
	if len(lead.Untested) > 0 {
		fmt.Fprintf(b, "; not compared with %s (no repetition in common)", strings.Join(escapeAll(lead.Untested), ", "))
	}
}

// plural writes n and the word, with an s unless n is 1: "1 repetition",
// "5 repetitions".
func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
