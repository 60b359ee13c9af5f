package report

import (
	"fmt"
	"strings"
)

// partialNote is the first line of a report made from a run some of
// whose chunks are missing (--allow-partial): how many, which, and the
// cells left with fewer evaluation rows than the learner has elsewhere.
func partialNote(missing []int, rows []OracleSummary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Partial report: %d chunk(s) missing (%s)", len(missing), listInts(missing, 10))
	most := map[string]int64{}
	for _, r := range rows {
		most[r.Learner] = max(most[r.Learner], r.Count)
	}
	var short []string
	for _, r := range rows {
		if r.Count < most[r.Learner] {
			short = append(short, fmt.Sprintf("%s at depth %d, %s, size %d (%d of %d rows)", r.Learner, r.Cell.Depth, r.Cell.Mode, r.Cell.Size, r.Count, most[r.Learner]))
		}
	}
	switch {
	case len(short) == 0:
		b.WriteString("; no cell is short of rows, but whole cells may be absent.**\n\n")
	case len(short) > 10:
		fmt.Fprintf(&b, "; short cells: %s, and %d more.**\n\n", strings.Join(short[:10], "; "), len(short)-10)
	default:
		fmt.Fprintf(&b, "; short cells: %s.**\n\n", strings.Join(short, "; "))
	}
	return b.String()
}

// listInts lists at most n numbers, then how many more.
func listInts(xs []int, n int) string {
	var parts []string
	for i, x := range xs {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more", len(xs)-n))
			break
		}
		parts = append(parts, fmt.Sprint(x))
	}
	return "chunk " + strings.Join(parts, ", ")
}
