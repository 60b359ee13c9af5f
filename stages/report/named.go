package report

import (
	"fmt"
	"strings"
)

// writeNamedMeasures writes report.md's "Measures" section: for each
// measure the config names (report.measures, Meta.Measures), a table of
// its mean ± the 95% interval's half-width per cell (rows, in summary
// order, those keep accepts) and learner (columns, in config order), from
// the summary, whose numbers report/summary.parquet holds. Nothing
// without named measures.
func writeNamedMeasures[C comparable](b *strings.Builder, meta Meta, summary []Summary[C], keep func(C) bool, cellName func(C) string) {
	if len(meta.Measures) == 0 {
		return
	}
	var cells []C
	seen := map[C]bool{}
	var learners []string
	at := map[string]map[C]*Summary[C]{}
	for i := range summary {
		s := &summary[i]
		if !keep(s.Cell) {
			continue
		}
		if !seen[s.Cell] {
			seen[s.Cell] = true
			cells = append(cells, s.Cell)
		}
		if at[s.Learner] == nil {
			at[s.Learner] = map[C]*Summary[C]{}
			learners = append(learners, s.Learner)
		}
		at[s.Learner][s.Cell] = s
	}
	learners = inConfigOrder(learners, meta.Learners)
	b.WriteString("\n## Measures\n\nThe measures the config names (`report: {measures: [...]}`), as results/evaluations defines them " +
		"(schemas/README.md): each cell is the mean over the cell's rows ± the half-width of its 95% confidence interval (Student's t); " +
		"– marks a learner without a value there.\n")
	for _, m := range meta.Measures {
		fmt.Fprintf(b, "\n### %s\n\n", escape(string(m)))
		writeRow(b, append([]string{"cell"}, escapeAll(learners)...))
		writeRow(b, append([]string{"---"}, strings.Split(strings.Repeat("---:,", len(learners)), ",")[:len(learners)]...))
		for _, c := range cells {
			row := []string{cellName(c)}
			for _, l := range learners {
				s, ok := at[l][c]
				if !ok {
					row = append(row, "–")
					continue
				}
				row = append(row, meanCI(*s.Stat(m)))
			}
			writeRow(b, row)
		}
	}
}
