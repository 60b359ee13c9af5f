package compare

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/schemas"
)

// Run names one side of a comparison for compare.md: its folder, config
// name and the dtbench version that wrote it.
type Run struct {
	Dir, Name, Version string
}

// Markdown writes compare.md: what was compared and how, the verdict in
// one line, the regressed and improved rows, a line per learner, the
// learners only one run has and the fits whose status changed. Every
// number is a column of compare.parquet, which holds every row.
func Markdown(w io.Writer, a, b Run, study string, res Result, o Options) error {
	var s strings.Builder
	fmt.Fprintf(&s, "# dtbench compare: %s → %s\n\n", a.Dir, b.Dir)
	fmt.Fprintf(&s, "- A: `%s` (config %s, dtbench %s); B: `%s` (config %s, dtbench %s); study %s.\n", a.Dir, a.Name, a.Version, b.Dir, b.Name, b.Version, study)
	fmt.Fprintf(&s, "- Measures: %s. Each row pairs a learner's tasks of one cell in both runs (same config and seed: the same datasets, folds and splits) "+
		"and tests the differences B − A with Student's paired t-test over the tasks, or, for the accuracy of cross-validated tasks, "+
		"with the corrected resampled t-test over their folds (Nadeau and Bengio 2003: the variance scaled by 1/(r·k) + the mean ratio of a fold's test to training rows, as the wins table), "+
		"or, for random train/test splits of one dataset, with the corrected resampled t-test over the splits (the variance scaled by 1/n + the ratio of a split's test to training rows, as the cost study's verdict); the test column says which; "+
		"its interval is the two-sided %s interval of the mean difference. "+
		"The p-values of each measure are adjusted together by Holm's method over the %s. "+
		"A row is improved or regressed when Holm's p < %s and the mean difference is at least %s; otherwise unchanged "+
		"(untested: fewer than 2 pairs with a difference).\n\n",
		strings.Join(o.Measures, ", "), percent(1-o.Alpha), tested(res.Rows, o), num(o.Alpha), num(o.MinEffect))
	if caveat, ok := resampled[study]; ok {
		s.WriteString("- " + caveat + "\n\n")
	}
	reg, imp := res.byVerdict(Regressed), res.byVerdict(Improved)
	switch {
	case len(reg) == 0 && len(imp) == 0:
		s.WriteString("**Verdict: no regression and no improvement.**")
	default:
		fmt.Fprintf(&s, "**Verdict: %s, %s.**", plural(len(reg), "regression"), plural(len(imp), "improvement"))
	}
	if n := len(res.StatusChanges); n > 0 {
		fmt.Fprintf(&s, " %s changed status (below).", plural(n, "fit"))
	}
	s.WriteString("\n")
	for _, part := range []struct {
		title string
		rows  []schemas.CompareRow
	}{{"Regressed", reg}, {"Improved", imp}} {
		if len(part.rows) == 0 {
			continue
		}
		fmt.Fprintf(&s, "\n## %s\n\n", part.title)
		writeRows(&s, part.rows)
	}
	writeLearners(&s, res.Rows)
	if only := res.only(); only != "" {
		s.WriteString("\n## In one run only\n\n" + only)
	}
	if len(res.StatusChanges) > 0 {
		s.WriteString("\n## Fits whose status changed\n\n| learner | cell | repetition | A | B |\n| --- | --- | ---: | --- | --- |\n")
		for _, c := range res.StatusChanges {
			fmt.Fprintf(&s, "| %s | %s | %d | %s | %s |\n", c.Learner, c.Cell, c.Rep, c.A, c.B)
		}
	}
	_, err := io.WriteString(w, s.String())
	return err
}

// resampled says, per study whose tasks reuse one dataset, why the
// paired t-test over them is optimistic: its repetitions' training sets
// overlap, so their differences are not independent (Nadeau and Bengio,
// Machine Learning 52, 2003), and a p-value near α is weaker evidence
// than it reads. The oracle study draws every repetition afresh from its
// oracle, and needs none; the cost study's splits are tested with the
// correction (Options.SplitRatio), and need none either.
var resampled = map[string]string{
	"benchmark": "Caveat: the benchmark study's repetitions cross-validate the same dataset, so their differences are correlated and Student's t over them, " +
		"which the measures other than accuracy get, is optimistic (Nadeau and Bengio 2003); accuracy is tested fold by fold with the correction. " +
		"Read a p-value near α of another measure as weaker evidence than it reads.",
}

// byVerdict returns the rows with verdict v, in row order.
func (r Result) byVerdict(v string) []schemas.CompareRow {
	var out []schemas.CompareRow
	for _, row := range r.Rows {
		if row.Verdict == v {
			out = append(out, row)
		}
	}
	return out
}

// writeRows writes rows as a table of their numbers.
func writeRows(s *strings.Builder, rows []schemas.CompareRow) {
	s.WriteString("| learner | cell | measure | mean A | mean B | B − A | interval | pairs | Holm p | test |\n| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | --- |\n")
	for _, r := range rows {
		fmt.Fprintf(s, "| %s | %s | %s | %s | %s | %s | [%s, %s] | %d | %s | %s |\n", r.Learner, r.Cell, r.Measure,
			opt(r.MeanA), opt(r.MeanB), opt(r.Diff), opt(r.CILow), opt(r.CIHigh), r.Pairs, pval(r.HolmP), r.Test)
	}
}

// writeLearners writes one line per learner and measure both runs have:
// its rows by verdict.
func writeLearners(s *strings.Builder, rows []schemas.CompareRow) {
	type tally struct{ improved, regressed, unchanged, untested int }
	type lm struct{ learner, measure string }
	var order []lm
	counts := map[lm]*tally{}
	for _, r := range rows {
		if r.Verdict == OnlyA || r.Verdict == OnlyB {
			continue
		}
		k := lm{r.Learner, r.Measure}
		t, ok := counts[k]
		if !ok {
			t = &tally{}
			counts[k] = t
			order = append(order, k)
		}
		switch r.Verdict {
		case Improved:
			t.improved++
		case Regressed:
			t.regressed++
		case Unchanged:
			t.unchanged++
		default:
			t.untested++
		}
	}
	if len(order) == 0 {
		return
	}
	s.WriteString("\n## By learner\n\nCells of each learner and measure, by verdict.\n\n| learner | measure | regressed | improved | unchanged | untested |\n| --- | --- | ---: | ---: | ---: | ---: |\n")
	for _, k := range order {
		t := counts[k]
		fmt.Fprintf(s, "| %s | %s | %d | %d | %d | %d |\n", k.learner, k.measure, t.regressed, t.improved, t.unchanged, t.untested)
	}
}

// only lists the learners one run lacks, with the cells they ran.
func (r Result) only() string {
	var lines []string
	for _, v := range []string{OnlyA, OnlyB} {
		var names []string
		for _, row := range r.byVerdict(v) {
			if !slices.Contains(names, row.Learner) {
				names = append(names, row.Learner)
			}
		}
		if len(names) == 0 {
			continue
		}
		run, other := "A", "B"
		if v == OnlyB {
			run, other = "B", "A"
		}
		lines = append(lines, fmt.Sprintf("- Only in %s (not compared; %s has none of their tasks): %s.\n", run, other, strings.Join(names, ", ")))
	}
	return strings.Join(lines, "")
}

// tested says how many rows each measure's Holm family holds.
func tested(rows []schemas.CompareRow, o Options) string {
	var parts []string
	for _, m := range o.Measures {
		n := 0
		for _, r := range rows {
			if r.Measure == m && r.P != nil {
				n++
			}
		}
		parts = append(parts, fmt.Sprintf("%d tested rows of %s", n, m))
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func percent(x float64) string { return strconv.FormatFloat(100*x, 'g', 4, 64) + "%" }

// opt prints a nullable number at 4 decimals, "–" for null.
func opt(p *float64) string {
	if p == nil {
		return "–"
	}
	return strconv.FormatFloat(*p, 'f', 4, 64)
}

// pval prints a p-value: 3 significant digits, "< 0.001" below.
func pval(p *float64) string {
	switch {
	case p == nil:
		return "–"
	case *p < 0.001:
		return "< 0.001"
	}
	return strconv.FormatFloat(*p, 'f', 3, 64)
}
