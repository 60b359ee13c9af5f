package report

import (
	"fmt"
	"strings"
)

// maxFailedCells caps the cells listed per learner in the failed-fits
// section.
const maxFailedCells = 10

// writeFailed writes the section on failed fits: per learner with any,
// how many of its fits gave no model, over how many, and in which cells
// (cell names one). Nothing when every fit gave a model. A failed fit is
// no repetition: its row has no measures, so the means of its cell are
// over the others (the summary's n), and a paired comparison in the
// verdict uses only the repetitions both learners have, as it says.
func writeFailed[C comparable](b *strings.Builder, summary []Summary[C], cell func(C) string) {
	var order []string
	type tally struct {
		failed, count int64
		cells         []string
	}
	per := map[string]*tally{}
	for i := range summary {
		s := &summary[i]
		if s.Failed == 0 {
			continue
		}
		t := per[s.Learner]
		if t == nil {
			t = &tally{}
			per[s.Learner] = t
			order = append(order, s.Learner)
		}
		t.failed += s.Failed
		t.cells = append(t.cells, fmt.Sprintf("%s (%d of %d)", cell(s.Cell), s.Failed, s.Count))
	}
	if len(order) == 0 {
		return
	}
	for i := range summary {
		if t := per[summary[i].Learner]; t != nil {
			t.count += summary[i].Count
		}
	}
	b.WriteString("\n## Failed fits\n\nA failed fit gave no model and so no measures: it is not counted as a repetition, " +
		"the means of its cell are over the other repetitions, and a verdict's paired test uses only the repetitions both learners have.\n\n")
	for _, l := range order {
		t := per[l]
		cells := t.cells
		more := ""
		if len(cells) > maxFailedCells {
			more = fmt.Sprintf("; and %d more cells", len(cells)-maxFailedCells)
			cells = cells[:maxFailedCells]
		}
		fmt.Fprintf(b, "- %s: %d of its %d fits failed: %s%s.\n", escape(l), t.failed, t.count, strings.Join(cells, "; "), more)
	}
}
