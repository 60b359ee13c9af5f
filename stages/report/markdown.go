package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// Meta is what report.md says about the run besides the summary: its
// name, seed, dtbench version, learners (the config's order) and free
// lines summarising the config (grid, repetitions, test size…), each
// rendered as one bullet.
type Meta struct {
	Name     string
	Seed     uint64
	Version  string
	Learners []string
	Notes    []string
	// Versus are the benchmark classifiers the benchmark study's wins
	// tables compare the learners with, in order (V, then I).
	Versus []string
	// Against names, by γ measure (GammaV, GammaI), the learner that is
	// its benchmark classifier when it is a learner of the run: the
	// benchmark verdict tests the learners against it.
	Against map[Measure]string
	// Run, when set, is how the run ran (task times, cores): the only
	// lines of report.md that differ between two runs of one config.
	Run *flow.RunStats
	// Plots are the figures report.md embeds (files in report/plots).
	Plots []Plot
	// Missing counts the chunks a partial report (--allow-partial) lacks;
	// the figures' captions say so.
	Missing int
	// Credit says whether the run's configured cost matrix may credit a
	// right guess (costs.Config.MayCredit), so that average and error
	// costs may fall below 0 (Measure.Range).
	Credit bool
	// Measures are the measures the config names for report.md's
	// "Measures" section (report.measures; writeNamedMeasures).
	Measures []Measure
	// SplitRatio, in the cost study, is the ratio of a split's test rows
	// to its training rows (generate.CostConfig.SplitRatio): the verdict
	// tests the splits with the corrected resampled t-test at this ratio.
	SplitRatio float64
}

// Markdown writes report.md for summary rows (as Summarize returns them)
// and the evaluations they summarise: a title and the run's Meta; the
// verdict per (mode, depth) (Verdicts);
// where a learner hit its time budget; the plots; then, in an appendix,
// per (features, mode) and per depth the mean DOE table (± 95% CI
// half-width), a table of mean agreement and accuracy, the γ^X / γ^V / Γ
// table when some learner has γ values, and the mean tree leaves. Tables
// are sizes × learners; numbers have 3 decimals and "–" marks a measure
// with no value. The output depends only on its arguments, so the same
// run gives the same bytes but for Meta.Run's lines.
func Markdown(w io.Writer, meta Meta, rows []OracleSummary, evals []schemas.OracleEvaluation) error {
	var b strings.Builder
	writeHeader(&b, meta)
	panels := Panels(rows)
	if len(panels) == 0 {
		b.WriteString("\nNo evaluation rows to summarise.\n")
	}
	multi := slices.ContainsFunc(panels, func(p Panel) bool { return p.Features != panels[0].Features })
	writeVerdicts(&b, Verdicts(rows, evals), multi)
	writeFailed(&b, rows, oracleCellName)
	writeBudget(&b, rows)
	writePlots(&b, meta.Plots)
	if len(panels) > 0 {
		b.WriteString("\n## Appendix: tables\n\n" + oracleLegend + "\n")
		if hasGamma(rows) {
			b.WriteString("\n" + gammaDefinition + "\n")
		}
	}
	for i, p := range panels {
		if i == 0 || p.Features != panels[i-1].Features || p.Mode != panels[i-1].Mode {
			fmt.Fprintf(&b, "\n### %d features, %s mode\n", p.Features, escape(p.Mode))
		}
		writePanel(&b, rows, p)
	}
	writeNamedMeasures(&b, meta, rows, func(schemas.OracleCell) bool { return true }, oracleCellName)
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write report %s: %w", meta.Name, err)
	}
	return nil
}

// oracleCellName names a cell of the oracle grid: "10 features, depth 5,
// complete, size 300".
func oracleCellName(c schemas.OracleCell) string {
	return fmt.Sprintf("%d features, depth %d, %s, size %d", c.Features, c.Depth, escape(c.Mode), c.Size)
}

// oracleLegend says how to read the oracle study's tables.
const oracleLegend = "Each cell is a mean over the repetitions of one grid cell; ± is the " +
	"half-width of the two-sided 95% confidence interval of the mean (Student's t, " +
	"N − 1 degrees of freedom); – marks a measure with no value, such as the DOE of " +
	"a learner that builds no tree."

// RunLinePrefixes start the lines of report.md that describe how the run
// ran (Meta.Run), which differ between two runs of one config; a test
// comparing reports leaves them out.
var RunLinePrefixes = []string{"- Run time:", "- Machine:"}

// writeHeader writes the title and the run's Meta.
func writeHeader(b *strings.Builder, meta Meta) {
	fmt.Fprintf(b, "# dtbench report: %s\n\n", escape(meta.Name))
	fmt.Fprintf(b, "- Config: %s, seed %d\n", escape(meta.Name), meta.Seed)
	if meta.Version != "" {
		fmt.Fprintf(b, "- Version: %s\n", escape(meta.Version))
	}
	if len(meta.Learners) > 0 {
		fmt.Fprintf(b, "- Learners: %s\n", strings.Join(escapeAll(meta.Learners), ", "))
	}
	for _, n := range meta.Notes {
		fmt.Fprintf(b, "- %s\n", escape(n))
	}
	if r := meta.Run; r != nil {
		fmt.Fprintf(b, "%s %s\n", RunLinePrefixes[0], runTime(r))
		fmt.Fprintf(b, "%s %d cores (the machine that wrote this report), %d workers\n", RunLinePrefixes[1], r.Cores, r.Workers)
	}
}

// runTime describes the run's task times and this command's time.
func runTime(r *flow.RunStats) string {
	var total int64
	var tasks int64
	parts := make([]string, len(r.Stages))
	for i, s := range r.Stages {
		total += s.Nanos
		tasks = max(tasks, s.Tasks)
		parts[i] = s.Stage + " " + seconds(s.Nanos)
	}
	var b strings.Builder
	if len(r.Stages) > 0 {
		fmt.Fprintf(&b, "%s of task time over %d tasks (%s), summed over the tasks from results/timings", seconds(total), tasks, strings.Join(parts, ", "))
	} else {
		b.WriteString("no task times in results/timings")
	}
	if r.Skipped > 0 {
		fmt.Fprintf(&b, " (%d timings parts without a record left out)", r.Skipped)
	}
	fmt.Fprintf(&b, "; this command ran %s before the report", seconds(r.CommandNanos))
	return b.String()
}

// seconds formats a duration in nanoseconds: "12.3 s", "4 min 05 s".
func seconds(nanos int64) string {
	s := float64(nanos) / 1e9
	if s < 120 {
		return fmt.Sprintf("%.1f s", s)
	}
	m := int64(s) / 60
	if m < 120 {
		return fmt.Sprintf("%d min %02d s", m, int64(s)%60)
	}
	return fmt.Sprintf("%d h %02d min", m/60, m%60)
}

// writePanel writes the tables of one (features, mode, depth) panel.
func writePanel(b *strings.Builder, rows []OracleSummary, p Panel) {
	fmt.Fprintf(b, "\n#### Depth %d\n\n", p.Depth)
	fmt.Fprintf(b, "Repetitions per cell (fits that gave a model; failed fits in brackets, counted in no mean): %s.\n", repetitions(rows, p))

	if doe := DOETable(rows, p); len(doe.Learners) > 0 {
		b.WriteString("\nMean DOE; ± is the half-width of the 95% confidence interval of the mean over the repetitions (Student's t):\n\n")
		doe.write(b, func(i, j int) string { return meanCI(doe.Stats[i][j]) })
	}

	agr := MeanTable(rows, p, Agreement)
	acc := MeanTable(rows, p, Accuracy)
	b.WriteString("\nMean agreement / accuracy:\n\n")
	agr.write(b, func(i, j int) string {
		return num(agr.Stats[i][j]) + " / " + num(acc.Stats[i][j])
	})

	gx := MeanTable(rows, p, GammaX)
	gv := MeanTable(rows, p, GammaV)
	gi := MeanTable(rows, p, GammaI)
	if anyValue(gx) || anyValue(gv) || anyValue(gi) {
		b.WriteString("\nMean γ^X / γ^V / Γ of accuracy:\n\n")
		gx.write(b, func(i, j int) string {
			return num(gx.Stats[i][j]) + " / " + num(gv.Stats[i][j]) + " / " + num(gi.Stats[i][j])
		})
	}

	if cost := MeanTable(rows, p, AvgCost); anyValue(cost) {
		tests, errs := MeanTable(rows, p, TestCost), MeanTable(rows, p, ErrorCost)
		b.WriteString("\nMean average cost per test row, tests + errors (config costs):\n\n")
		cost.write(b, func(i, j int) string {
			return num(cost.Stats[i][j]) + " (" + num(tests.Stats[i][j]) + " + " + num(errs.Stats[i][j]) + ")"
		})
	}

	if leaves := MeanTable(rows, p, TreeLeaves).DropEmpty(); len(leaves.Learners) > 0 {
		b.WriteString("\nMean tree leaves:\n\n")
		leaves.write(b, func(i, j int) string { return num(leaves.Stats[i][j]) })
	}
}

// repetitions lists, per learner of panel p, its repetitions per cell —
// the fits that gave a model — and its failed fits there: "id3 10,
// exact 2–3, fake 6 (+2 failed)" (a range when the cells differ).
func repetitions(rows []OracleSummary, p Panel) string {
	type span struct{ lo, hi, failed int64 }
	var order []string
	spans := make(map[string]span)
	for i := range rows {
		r := &rows[i]
		if (Panel{r.Cell.Features, r.Cell.Mode, r.Cell.Depth}) != p {
			continue
		}
		s, ok := spans[r.Learner]
		if !ok {
			order = append(order, r.Learner)
			s = span{r.Fits(), r.Fits(), 0}
		}
		s.lo, s.hi, s.failed = min(s.lo, r.Fits()), max(s.hi, r.Fits()), s.failed+r.Failed
		spans[r.Learner] = s
	}
	parts := make([]string, len(order))
	for i, l := range order {
		s := spans[l]
		parts[i] = fmt.Sprintf("%s %d", escape(l), s.lo)
		if s.lo != s.hi {
			parts[i] = fmt.Sprintf("%s %d–%d", escape(l), s.lo, s.hi)
		}
		if s.failed > 0 {
			parts[i] += fmt.Sprintf(" (+%d failed)", s.failed)
		}
	}
	return strings.Join(parts, ", ")
}

// hasGamma reports whether some summary row has a γ value: then the
// tables show them, and the appendix defines them first.
func hasGamma(rows []OracleSummary) bool {
	for i := range rows {
		for _, g := range gammas {
			if rows[i].Stat(g.m).N > 0 {
				return true
			}
		}
	}
	return false
}

// anyValue reports whether some Stat of t has a value.
func anyValue(t Table) bool {
	for _, row := range t.Stats {
		for _, s := range row {
			if s.N > 0 {
				return true
			}
		}
	}
	return false
}

// num formats a Stat's mean with 3 decimals, "–" when it has none.
func num(s Stat) string { return format(s.Mean) }

// meanCI formats "mean ± half-width", the mean alone when the interval is
// undefined (N = 1), "–" when there is no value.
func meanCI(s Stat) string {
	if s.N == 0 || math.IsNaN(s.Mean) {
		return "–"
	}
	h := HalfWidth(s)
	if math.IsNaN(h) {
		return format(s.Mean)
	}
	return format(s.Mean) + " ± " + format(h)
}

// format writes x with 3 decimals, "–" for NaN, and never "-0.000".
func format(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	s := fmt.Sprintf("%.3f", x)
	if s == "-0.000" {
		s = "0.000"
	}
	return s
}

// escape makes a config-supplied string safe inside a Markdown table
// cell or line: pipes are escaped and line breaks become spaces.
func escape(s string) string {
	return strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// writeRow writes one Markdown table row.
func writeRow(b *strings.Builder, cells []string) {
	b.WriteString("| ")
	b.WriteString(strings.Join(cells, " | "))
	b.WriteString(" |\n")
}
