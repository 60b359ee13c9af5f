package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report/chart"
)

// CostSummary is a summary of the cost study.
type CostSummary = Summary[schemas.CostCell]

// CostNode is the cost study's report stage, run once after every task:
// the summary of every learner in every cell (report/summary.parquet) and
// report.md, with per dataset the average cost of each learner against
// the misclassification cost, split into tests and errors, the cheapest
// learner at each cost, and whether a learner spends more on tests and
// errs less as errors grow dearer (Turney's finding for ICET).
func CostNode(meta Meta) flow.Node {
	return flow.Node{
		Stage:  flow.StageReport,
		PerRun: true,
		Reads:  []schemas.Ref{schemas.CostEvaluationTable},
		Writes: []schemas.Ref{schemas.CostSummaryTable, schemas.ReportDoc, schemas.ReportPlots},
		Run: func(_ *flow.Task, b *schemas.Bag) error {
			evals := schemas.CostEvaluationTable.Get(b)
			if len(evals) == 0 {
				return fmt.Errorf("report %s: no evaluations; run evaluate first", meta.Name)
			}
			summary := Summarize(evals,
				func(e *schemas.CostEvaluation) (string, schemas.CostCell) { return e.Learner, e.CostCell },
				func(e *schemas.CostEvaluation) *schemas.Measures { return &e.Measures },
				func(e *schemas.CostEvaluation) *schemas.Outcome { return &e.Outcome })
			sortCost(summary, meta.Learners)
			meta := meta.forRun(b)
			meta.Plots = CostPlots(meta, summary)
			schemas.CostSummaryTable.Set(b, CostRows(summary))
			return publish(b, meta, nil, func(md *bytes.Buffer) error { return CostMarkdown(md, meta, summary, evals) })
		},
	}
}

// sortCost orders a cost summary by learner (config order), then cell in
// plan order (first appearance).
func sortCost(s []CostSummary, configured []string) {
	var present []string
	cell := map[schemas.CostCell]int{}
	for _, r := range s {
		if !slices.Contains(present, r.Learner) {
			present = append(present, r.Learner)
		}
		if _, ok := cell[r.Cell]; !ok {
			cell[r.Cell] = len(cell)
		}
	}
	order := inConfigOrder(present, configured)
	slices.SortStableFunc(s, func(a, b CostSummary) int {
		return cmp.Or(cmp.Compare(slices.Index(order, a.Learner), slices.Index(order, b.Learner)), cmp.Compare(cell[a.Cell], cell[b.Cell]))
	})
}

// CostRows returns the rows of report/summary, one per measure.
func CostRows(summary []CostSummary) []schemas.CostSummary {
	return summaryRows(summary, func(s *CostSummary, measure string, st schemas.Stat) schemas.CostSummary {
		return schemas.CostSummary{Learner: s.Learner, CostCell: s.Cell, Measure: measure, Count: s.Count, Failed: &s.Failed, Stat: st}
	})
}

// costLegend says how to read the cost study's tables.
const costLegend = "Each cell is a mean over the random train/test splits of a learner's average cost per " +
	"test case: the tests it performs (a tree: those on the case's path, each once, a group's common cost " +
	"once, every test below the first delayed one; another learner: every test it reads) plus the cost " +
	"matrix's entry for its guess."

// CostMarkdown writes the cost study's report.md: the run's Meta, the
// verdict (writeCostVerdicts), the plots, then per dataset the tables of
// average cost and its parts against k. evals are the evaluations summary
// summarises, whose values per split the verdict's tests read.
func CostMarkdown(w io.Writer, meta Meta, summary []CostSummary, evals []schemas.CostEvaluation) error {
	var b strings.Builder
	writeHeader(&b, meta)
	learners, datasets, ks, stat := indexCostSummary(summary)
	at := func(l string, c schemas.CostCell, m Measure) Stat {
		if s := stat[l][c]; s != nil {
			return *s.Stat(m)
		}
		return nullStat()
	}
	writeCostVerdicts(&b, learners, datasets, ks, at, newCostReps(evals), meta.SplitRatio)
	writeFailed(&b, summary, func(c schemas.CostCell) string { return escape(c.Dataset) + ", k = " + kName(c.Misclassification) })
	writePlots(&b, meta.Plots)
	b.WriteString("\n## Tables\n\n" + costLegend + "\n")
	for _, d := range datasets {
		fmt.Fprintf(&b, "\n### %s\n", escape(d))
		b.WriteString("\nAverage cost per case by misclassification cost k; ± is the half-width of the 95% confidence interval of the mean over the splits (Student's t):\n\n")
		writeRow(&b, append([]string{"k"}, escapeAll(learners)...))
		writeRow(&b, slices.Repeat([]string{"---:"}, len(learners)+1))
		for _, k := range ks[d] {
			c := schemas.CostCell{Dataset: d, Misclassification: k}
			row := []string{kName(k)}
			for _, l := range learners {
				row = append(row, meanCI(at(l, c, AvgCost)))
			}
			writeRow(&b, row)
		}

		b.WriteString("\nIts parts, tests + errors (mean cost of the tests performed, mean matrix entry), and the error rate:\n\n")
		writeRow(&b, append([]string{"k"}, escapeAll(learners)...))
		writeRow(&b, slices.Repeat([]string{"---:"}, len(learners)+1))
		for _, k := range ks[d] {
			c := schemas.CostCell{Dataset: d, Misclassification: k}
			row := []string{kName(k)}
			for _, l := range learners {
				row = append(row, num(at(l, c, TestCost))+" + "+num(at(l, c, ErrorCost))+" ("+format(1-at(l, c, Accuracy).Mean)+")")
			}
			writeRow(&b, row)
		}
	}
	writeNamedMeasures(&b, meta, summary, func(schemas.CostCell) bool { return true }, func(c schemas.CostCell) string { return escape(c.Dataset) + ", k = " + kName(c.Misclassification) })
	_, err := io.WriteString(w, b.String())
	return err
}

// kName names a misclassification cost: its value, or "matrix" for 0
// (the costs section's matrix).
func kName(k float64) string {
	if k == 0 {
		return "matrix"
	}
	return strconv.FormatFloat(k, 'g', -1, 64)
}

// CostPlots returns the cost study's figures: per dataset ("cost-<name>"),
// each learner's mean average cost, mean test cost and error rate against
// the misclassification cost k, with 95% confidence intervals over the
// splits, each panel with its own y label. The k axis is log10 when the
// ks are all positive and span more than a factor of ten (chart.WantLog;
// the learners dodged around each k), else nominal, one slot per k (k = 0
// is the costs section's matrix). A cost's interval stops at 0
// (Measure.Range): the swept matrices (0 right, k wrong) credit nothing;
// with the configured matrix among the ks, a right guess may earn, and
// only the test cost is cut.
func CostPlots(meta Meta, summary []CostSummary) []Plot {
	learners, datasets, ks, stat := indexCostSummary(summary)
	panels := []struct {
		m      Measure
		title  string
		ylabel string // short: a rotated label longer than the panel squeezes it
		flip   bool   // plot 1 − the measure (the error rate)
	}{
		{AvgCost, "average cost per case", "average cost (cost units)", false},
		{TestCost, "test cost per case", "test cost (cost units)", false},
		{Accuracy, "error rate", "error rate (0–1)", true},
	}
	var out []Plot
	for _, d := range datasets {
		credit := meta.Credit || slices.Contains(ks[d], 0) // the configured matrix may hold a benefit
		var floors []string
		for _, pn := range panels {
			if pn.m.floored(credit) {
				floors = append(floors, pn.title)
			}
		}
		caption := fmt.Sprintf("Run %s, seed %d%s. Each marker: a mean over the random train/test splits; bar: the 95%% confidence interval of the mean (Student's t)%s.\n"+
			"Cost of a case: the tests performed plus the cost matrix's entry for the guess (0 when right, k when wrong).",
			meta.Name, meta.Seed, partialCaption(meta), floorPhrase(floors))
		log := chart.WantLog(ks[d])
		var cats []string
		dodge := 0.8 / float64(max(len(learners), 1))
		if log {
			dodge = chart.DodgeFor(ks[d], len(learners), true)
		} else {
			for _, k := range ks[d] {
				cats = append(cats, kName(k))
			}
		}
		fig := &chart.Figure{Title: "Average cost against the misclassification cost, " + d, Caption: caption,
			XLabel: "misclassification cost k (cost units)", Cols: len(panels), Legend: meta.Learners}
		for _, pn := range panels {
			lo, hi := pn.m.Range(credit)
			if pn.flip {
				lo, hi = 1-hi, 1-lo
			}
			p := chart.Panel{Title: pn.title, YLabel: pn.ylabel, YBounds: yBounds(lo, hi), Categories: cats, LogX: log, Dodge: dodge}
			for _, l := range learners {
				s := chart.Series{Label: l, Points: true}
				for i, k := range ks[d] {
					st := nullStat()
					if c := stat[l][schemas.CostCell{Dataset: d, Misclassification: k}]; c != nil {
						st = *c.Stat(pn.m)
					}
					y, lo, hi := st.Mean, st.CILow, st.CIHigh
					if pn.flip {
						y, lo, hi = 1-y, 1-hi, 1-lo
					}
					x := float64(i)
					if log {
						x = k
					}
					s.X, s.Y, s.Lo, s.Hi = append(s.X, x), append(s.Y, y), append(s.Lo, lo), append(s.Hi, hi)
				}
				p.Series = append(p.Series, s)
			}
			fig.Panels = append(fig.Panels, p)
		}
		if len(fig.Legend) == 0 {
			fig.Legend = seriesLabels(fig)
		}
		if hasPoints(fig) {
			out = append(out, Plot{Name: "cost-" + fileWord(d), Figure: fig})
		}
	}
	return out
}

// floorPhrase is what the cost caption says of the panels whose bars are
// cut at 0: "", or ", cut at 0 in average cost per case and test cost per
// case: a cost is never negative".
func floorPhrase(panels []string) string {
	if len(panels) == 0 {
		return ""
	}
	return ", cut at 0 in " + strings.Join(panels, " and ") + ": a cost is never negative"
}

// indexCostSummary lists the summary's learners and datasets in order of
// first appearance, each dataset's misclassification costs k likewise, and
// each learner's summary row by cell: what the report and the plots both
// read the summary through.
func indexCostSummary(summary []CostSummary) (learners, datasets []string, ks map[string][]float64, stat map[string]map[schemas.CostCell]*CostSummary) {
	ks = map[string][]float64{}
	stat = map[string]map[schemas.CostCell]*CostSummary{}
	for i := range summary {
		s := &summary[i]
		if !slices.Contains(learners, s.Learner) {
			learners = append(learners, s.Learner)
		}
		if !slices.Contains(datasets, s.Cell.Dataset) {
			datasets = append(datasets, s.Cell.Dataset)
		}
		if !slices.Contains(ks[s.Cell.Dataset], s.Cell.Misclassification) {
			ks[s.Cell.Dataset] = append(ks[s.Cell.Dataset], s.Cell.Misclassification)
		}
		if stat[s.Learner] == nil {
			stat[s.Learner] = map[schemas.CostCell]*CostSummary{}
		}
		stat[s.Learner][s.Cell] = s
	}
	return learners, datasets, ks, stat
}
