package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
)

// BenchmarkSummary is a summary of the benchmark study.
type BenchmarkSummary = Summary[schemas.BenchmarkCell]

// BenchmarkNode is the benchmark study's report stage, run once after
// every task: the summary of every learner in every cell, the wins table,
// the figures of BenchmarkPlots in report/plots/, report.md with the
// verdict, the figures and the paper's tables, and report/ranks.parquet
// with the numbers of its comparison across datasets. full names the subset of every
// top attribute (schemas.SubsetName: 1st,…,5th), whose results the
// per-dataset tables show.
func BenchmarkNode(meta Meta, full FullSubsets) flow.Node {
	return flow.Node{
		Stage:  flow.StageReport,
		PerRun: true,
		Reads:  []schemas.Ref{schemas.BenchmarkEvaluationTable, schemas.ConfusionTable, schemas.EntropyTable, schemas.AttributeTable},
		Writes: []schemas.Ref{schemas.BenchmarkSummaryTable, schemas.WinsTable, schemas.RanksTable, schemas.ReportDoc, schemas.ReportPlots},
		Run: func(_ *flow.Task, b *schemas.Bag) error {
			evals := schemas.BenchmarkEvaluationTable.Get(b)
			if len(evals) == 0 {
				return fmt.Errorf("report %s: no evaluations; run evaluate first", meta.Name)
			}
			summary := Summarize(evals,
				func(e *schemas.BenchmarkEvaluation) (string, schemas.BenchmarkCell) {
					return e.Learner, e.BenchmarkCell
				},
				func(e *schemas.BenchmarkEvaluation) *schemas.Measures { return &e.Measures },
				func(e *schemas.BenchmarkEvaluation) *schemas.Outcome { return &e.Outcome })
			sortBenchmark(summary)
			wins := Wins(evals, schemas.ConfusionTable.Get(b))
			meta := meta.forRun(b)
			view := newBenchView(meta, full, summary, schemas.EntropyTable.Get(b))
			meta.Plots = BenchmarkPlots(meta, view)
			schemas.BenchmarkSummaryTable.Set(b, BenchmarkRows(summary))
			schemas.WinsTable.Set(b, wins)
			schemas.RanksTable.Set(b, RankRows(view))
			return publish(b, meta, nil, func(md *bytes.Buffer) error {
				return BenchmarkMarkdown(md, meta, full, summary, evals, wins, schemas.EntropyTable.Get(b), schemas.AttributeTable.Get(b))
			})
		},
	}
}

// benchmarkLegend says how to read the benchmark study's tables.
const benchmarkLegend = "Each cell is a mean over the repetitions of a learner's cross-validated result " +
	"(accuracy over all folds, then its mean absolute error after ±); – marks a learner that did not " +
	"run on that dataset (its datasets option) or a measure with no value."

// inConfigOrder returns the learners present in the order of the config
// (configured), then any others (the benchmark I added when no configured
// one ran) in their order.
func inConfigOrder(present, configured []string) []string {
	out := make([]string, 0, len(present))
	for _, l := range configured {
		if slices.Contains(present, l) {
			out = append(out, l)
		}
	}
	for _, l := range present {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// sortBenchmark orders a benchmark summary by learner (first appearance),
// then its cells in first appearance (the plan's order).
func sortBenchmark(s []BenchmarkSummary) {
	learner, cell := map[string]int{}, map[schemas.BenchmarkCell]int{}
	for _, r := range s {
		if _, ok := learner[r.Learner]; !ok {
			learner[r.Learner] = len(learner)
		}
		if _, ok := cell[r.Cell]; !ok {
			cell[r.Cell] = len(cell)
		}
	}
	slices.SortStableFunc(s, func(a, b BenchmarkSummary) int {
		return cmp.Or(cmp.Compare(learner[a.Learner], learner[b.Learner]), cmp.Compare(cell[a.Cell], cell[b.Cell]))
	})
}

// BenchmarkRows returns the rows of report/summary, one per measure.
func BenchmarkRows(summary []BenchmarkSummary) []schemas.BenchmarkSummary {
	return summaryRows(summary, func(s *BenchmarkSummary, measure string, st schemas.Stat) schemas.BenchmarkSummary {
		return schemas.BenchmarkSummary{Learner: s.Learner, BenchmarkCell: s.Cell, Measure: measure, Count: s.Count, Failed: &s.Failed, Stat: st}
	})
}

// BenchmarkMarkdown writes the benchmark study's report.md: the run's
// Meta; the verdict per dataset and scenario (benchVerdicts); the failed
// fits; the plots; then per dataset and scenario, with the whole top
// subset, accuracy ± MAE (the paper's Tables 5 and 9), γ^X beside the
// normalized class entropy (Table 10), γ^V (Table 11) and Γ (Table 12);
// the top attributes with their gain ratios (Tables 3 and 8); and, per
// dataset and scenario, the wins over the subsets (Tables A1–A5). evals
// are the evaluations summary summarises: their repetitions and attrs
// decide whether a subset can be named by its attributes (ranking).
func BenchmarkMarkdown(w io.Writer, meta Meta, full FullSubsets, summary []BenchmarkSummary, evals []schemas.BenchmarkEvaluation, wins []schemas.WinsRow,
	entropy []schemas.EntropyRow, attrs []schemas.AttributeRow) error {
	var b strings.Builder
	writeHeader(&b, meta)
	v := newBenchView(meta, full, summary, entropy)
	v.rank = newRankings(attrs, evals, v.topOf)
	learners, groups, at, name := v.learners, v.groups, v.at, groupName
	writeBenchVerdicts(&b, v, meta.Against, wins)
	writeAcrossDatasets(&b, v)
	writeFailed(&b, summary, func(c schemas.BenchmarkCell) string {
		return groupName(schemas.BenchmarkCell{Dataset: c.Dataset, Scenario: c.Scenario}) + ", subset " + v.rank[schemas.BenchmarkCell{Dataset: c.Dataset, Scenario: c.Scenario}].label(c.Subset)
	})
	writePlots(&b, meta.Plots)
	b.WriteString("\n## Tables\n\n" + benchmarkLegend + "\n")
	fmt.Fprintf(&b, "\nThe tables of datasets show the whole top subset of each, %s (which attributes they are is in the table of attributes below): "+
		"means over the repetitions of each learner's cross-validation.\n", v.describeTops())

	b.WriteString("\n### Accuracy ± mean absolute error\n\nEach learner's mean accuracy; ± is its mean absolute error (Weka's, as in the paper's tables), not a confidence interval.\n\n")
	writeRow(&b, append([]string{"dataset", "E(acc X)", "acc V"}, escapeAll(learners)...))
	writeRow(&b, slices.Repeat([]string{"---:"}, len(learners)+3))
	for _, g := range groups {
		// μ_X and μ_V are the sample's, the same in every learner's rows.
		i := slices.IndexFunc(learners, func(l string) bool { return at(l, g, Accuracy).N > 0 })
		cells := []string{name(g), num(at(learners[max(i, 0)], g, "acc_x")), num(at(learners[max(i, 0)], g, "acc_v"))}
		for _, l := range learners {
			if at(l, g, Accuracy).N == 0 {
				cells = append(cells, "–") // the learner did not run on this dataset
				continue
			}
			cells = append(cells, num(at(l, g, Accuracy))+" ± "+num(at(l, g, "mae")))
		}
		writeRow(&b, cells)
	}
	for _, t := range []struct {
		title string
		m     Measure
		withH bool
	}{{"γ^X (against the random classifier X)", GammaX, true}, {"γ^V (against the majority classifier V)", GammaV, false}, {"Γ (against the intuitive classifier I)", GammaI, false}} {
		fmt.Fprintf(&b, "\n### %s\n\n", t.title)
		head := []string{"dataset"}
		if t.withH {
			head = append(head, "H normalized")
		}
		writeRow(&b, append(head, escapeAll(learners)...))
		writeRow(&b, slices.Repeat([]string{"---:"}, len(head)+len(learners)))
		for _, g := range groups {
			cells := []string{name(g)}
			if t.withH {
				cells = append(cells, format(v.entropy[g]))
			}
			for _, l := range learners {
				cells = append(cells, num(at(l, g, t.m)))
			}
			writeRow(&b, cells)
		}
	}
	writeAttributes(&b, groups, attrs, v.rank, name)
	writeGammaTables(&b, v, name)
	writeWins(&b, groups, wins, learners, meta.Versus, v.rank, name)
	writeNamedMeasures(&b, meta, summary, func(c schemas.BenchmarkCell) bool { return c.Subset == full(c.Dataset) },
		func(c schemas.BenchmarkCell) string {
			return groupName(schemas.BenchmarkCell{Dataset: c.Dataset, Scenario: c.Scenario})
		})
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write report %s: %w", meta.Name, err)
	}
	return nil
}

// benchView indexes a benchmark summary for the report: the learners in
// config order, the (dataset, scenario) groups in plan order, each
// learner's Stats in the cell of the whole top subset, and each group's
// mean normalized class entropy.
type benchView struct {
	// fulls and tops are, per dataset, its whole top subset's name and
	// its number of attributes (FullSubsets, resolved once).
	fulls    map[string]string
	tops     map[string]int
	rank     map[schemas.BenchmarkCell]ranking
	learners []string
	groups   []schemas.BenchmarkCell            // subset empty
	subsets  map[schemas.BenchmarkCell][]string // per group, its subsets in plan order
	stat     map[string]map[schemas.BenchmarkCell]*BenchmarkSummary
	entropy  map[schemas.BenchmarkCell]float64
}

func newBenchView(meta Meta, full FullSubsets, summary []BenchmarkSummary, entropy []schemas.EntropyRow) *benchView {
	v := &benchView{fulls: map[string]string{}, tops: map[string]int{}, stat: map[string]map[schemas.BenchmarkCell]*BenchmarkSummary{},
		subsets: map[schemas.BenchmarkCell][]string{}}
	for i := range summary {
		s := &summary[i]
		if !slices.Contains(v.learners, s.Learner) {
			v.learners = append(v.learners, s.Learner)
		}
		g := schemas.BenchmarkCell{Dataset: s.Cell.Dataset, Scenario: s.Cell.Scenario}
		if !slices.Contains(v.groups, g) {
			v.groups = append(v.groups, g)
		}
		if _, ok := v.fulls[g.Dataset]; !ok {
			v.fulls[g.Dataset] = full(g.Dataset)
			ranks, _ := schemas.SubsetRanks(v.fulls[g.Dataset])
			v.tops[g.Dataset] = len(ranks)
		}
		if !slices.Contains(v.subsets[g], s.Cell.Subset) {
			v.subsets[g] = append(v.subsets[g], s.Cell.Subset)
		}
		if v.stat[s.Learner] == nil {
			v.stat[s.Learner] = map[schemas.BenchmarkCell]*BenchmarkSummary{}
		}
		v.stat[s.Learner][s.Cell] = s
	}
	v.learners = inConfigOrder(v.learners, meta.Learners)
	v.entropy = mean(entropy, func(e *schemas.EntropyRow) (schemas.BenchmarkCell, float64) {
		return schemas.BenchmarkCell{Dataset: e.Dataset, Scenario: e.Scenario}, e.ShannonNormalized
	})
	return v
}

// paperGammas are the columns of the paper's Tables A1–A5 and 7, in its
// order: J48 is the learner c45, I the learner intuitive.
var paperGammas = []struct {
	label, learner string
	m              Measure
}{
	{"γ^X(J48)", "c45", GammaX}, {"Γ(J48)", "c45", GammaI}, {"γ^X(I)", "intuitive", GammaX},
	{"γ^V(J48)", "c45", GammaV}, {"γ^V(I)", "intuitive", GammaV},
}

// writeGammaTables writes the body of the paper's Tables A1–A5 (per
// dataset and scenario, per subset, the mean over the repetitions of
// paperGammas) and its Table 7 (per dataset and scenario, each column's
// interval min–max over the subsets of the Table A). A column whose
// learner did not run on any group's subsets is left out, and so are the
// tables when no column is left.
func writeGammaTables(b *strings.Builder, v *benchView, name func(schemas.BenchmarkCell) string) {
	cell := func(g schemas.BenchmarkCell, sub string, c int) Stat {
		g.Subset = sub
		if s := v.stat[paperGammas[c].learner][g]; s != nil {
			return *s.Stat(paperGammas[c].m)
		}
		return nullStat()
	}
	var cols []int // the columns with a value in some group's subset
	for c := range paperGammas {
		for _, g := range v.groups {
			if slices.ContainsFunc(v.subsets[g], func(sub string) bool { st := cell(g, sub, c); return st.N > 0 && !math.IsNaN(st.Mean) }) && !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
		}
	}
	if len(cols) == 0 {
		return
	}
	head := func(first string) []string {
		h := []string{first}
		for _, c := range cols {
			h = append(h, paperGammas[c].label)
		}
		return h
	}
	b.WriteString("\n### γ per subset (the paper's Tables A1–A5)\n\nPer subset, the means over the repetitions; J48 is c45, I is intuitive.\n")
	intervals := map[schemas.BenchmarkCell][]string{}
	for _, g := range v.groups {
		fmt.Fprintf(b, "\n#### %s\n\n", name(g))
		writeRow(b, head("subset"))
		writeRow(b, slices.Repeat([]string{"---:"}, len(cols)+1))
		lo, hi := make([]float64, len(cols)), make([]float64, len(cols))
		for i := range cols {
			lo[i], hi[i] = math.Inf(1), math.Inf(-1)
		}
		for _, sub := range v.subsets[g] {
			row := []string{v.rank[g].label(sub)}
			for i, c := range cols {
				st := cell(g, sub, c)
				row = append(row, num(st))
				if st.N > 0 && !math.IsNaN(st.Mean) {
					lo[i], hi[i] = min(lo[i], st.Mean), max(hi[i], st.Mean)
				}
			}
			writeRow(b, row)
		}
		for i := range cols {
			switch {
			case lo[i] > hi[i]:
				intervals[g] = append(intervals[g], "–")
			case len(v.subsets[g]) == 1:
				intervals[g] = append(intervals[g], format(lo[i])) // its one value, not "x – x"
			default:
				intervals[g] = append(intervals[g], format(lo[i])+" – "+format(hi[i]))
			}
		}
	}
	b.WriteString("\n### Intervals of γ over the subsets (the paper's Table 7)\n\nPer dataset and scenario, the least and the greatest of the values of the tables above over its subsets.")
	var single []schemas.BenchmarkCell
	for _, g := range v.groups {
		if len(v.subsets[g]) == 1 {
			single = append(single, g)
		}
	}
	b.WriteString(singleSubsetNote(single, len(v.groups), name, " a single subset: the cell is that subset's value, not an interval."))
	b.WriteString("\n\n")
	writeRow(b, head("dataset"))
	writeRow(b, slices.Repeat([]string{"---:"}, len(cols)+1))
	for _, g := range v.groups {
		writeRow(b, append([]string{name(g)}, intervals[g]...))
	}
}

// at returns learner l's Stat of measure m in group g with the whole top
// subset; a Stat with N = 0 when the learner did not run there.
func (v *benchView) at(l string, g schemas.BenchmarkCell, m Measure) Stat {
	g.Subset = v.fulls[g.Dataset]
	if s := v.stat[l][g]; s != nil {
		return *s.Stat(m)
	}
	return nullStat()
}

// FullSubsets names, per dataset, its whole top subset: the subset of its
// selected ranks 1…n (schemas.SubsetName: 1st,…,5th), whose results the
// per-dataset tables and the verdicts show. Datasets may select different
// numbers of attributes (select: all, a dataset's own select).
type FullSubsets func(dataset string) string

// SameFull is FullSubsets for a study whose datasets all select the
// attributes of full.
func SameFull(full string) FullSubsets { return func(string) string { return full } }

// topOf is how many attributes dataset's whole top subset holds; 0 for a
// dataset without evaluations.
func (v *benchView) topOf(dataset string) int { return v.tops[dataset] }

// describeTops says what the whole top subsets are: "its top 5 attributes
// by gain ratio (1st,2nd,3rd,4th,5th)" when every dataset selects alike,
// else the count per dataset.
func (v *benchView) describeTops() string {
	var names []string
	counts := map[int]bool{}
	for _, g := range v.groups {
		if !slices.Contains(names, g.Dataset) {
			names = append(names, g.Dataset)
			counts[v.topOf(g.Dataset)] = true
		}
	}
	if len(counts) <= 1 && len(names) > 0 {
		return fmt.Sprintf("its top %s by gain ratio (%s)", plural(int64(v.topOf(names[0])), "attribute"), escape(v.fulls[names[0]]))
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", escape(n), v.topOf(n))
	}
	return "its top attributes by gain ratio, as many as each dataset selects (" + strings.Join(parts, ", ") + ")"
}

// groupName names a (dataset, scenario) group: the dataset, and the
// scenario when there are scenarios.
func groupName(g schemas.BenchmarkCell) string {
	if g.Scenario == "all" {
		return escape(g.Dataset)
	}
	return escape(g.Dataset) + " " + escape(g.Scenario)
}

func escapeAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = escape(x)
	}
	return out
}

// mean averages a value per group of rows.
func mean[R any](rows []R, of func(*R) (schemas.BenchmarkCell, float64)) map[schemas.BenchmarkCell]float64 {
	sum, n := map[schemas.BenchmarkCell]float64{}, map[schemas.BenchmarkCell]int{}
	for i := range rows {
		g, x := of(&rows[i])
		sum[g] += x
		n[g]++
	}
	for g := range sum {
		sum[g] /= float64(n[g])
	}
	return sum
}

// writeAttributes writes, per dataset and scenario, every attribute's
// mean gain ratio and mean rank over the repetitions, best first (the top
// ones name the subsets).
func writeAttributes(b *strings.Builder, groups []schemas.BenchmarkCell, attrs []schemas.AttributeRow, rank map[schemas.BenchmarkCell]ranking, name func(schemas.BenchmarkCell) string) {
	type acc struct{ gr, rank float64 }
	per := map[schemas.BenchmarkCell]map[string]*acc{}
	reps := map[schemas.BenchmarkCell]map[int32]bool{}
	for _, a := range attrs {
		g := schemas.BenchmarkCell{Dataset: a.Dataset, Scenario: a.Scenario}
		if per[g] == nil {
			per[g], reps[g] = map[string]*acc{}, map[int32]bool{}
		}
		if per[g][a.Attribute] == nil {
			per[g][a.Attribute] = &acc{}
		}
		per[g][a.Attribute].gr += a.GainRatio
		per[g][a.Attribute].rank += float64(a.Rank)
		reps[g][a.Rep] = true
	}
	b.WriteString("\n### Attributes by gain ratio\n\nMean gain ratio (mean rank) over the repetitions, best first; the last column says whether every repetition ranks the top attributes alike, " +
		"so that a subset named by ranks (1st,3rd) names the same attributes in every row of the tables.\n\n")
	writeRow(b, []string{"dataset", "1st", "2nd", "3rd", "4th", "5th", "ranking"})
	writeRow(b, []string{"---", "---", "---", "---", "---", "---", "---"})
	for _, g := range groups {
		n := float64(len(reps[g]))
		names := make([]string, 0, len(per[g]))
		for a := range per[g] {
			names = append(names, a)
		}
		slices.SortFunc(names, func(x, y string) int {
			return cmp.Or(cmp.Compare(per[g][x].rank, per[g][y].rank), strings.Compare(x, y))
		})
		cells := []string{name(g)}
		for _, a := range names[:min(5, len(names))] {
			cells = append(cells, fmt.Sprintf("%s %.4f (%.1f)", escape(a), per[g][a].gr/n, per[g][a].rank/n))
		}
		for len(cells) < 6 {
			cells = append(cells, "")
		}
		writeRow(b, append(cells, rank[g].verdict()))
	}
}

// writeWins writes, per dataset and scenario, how often each learner
// beats each benchmark classifier of versus (V and I, when configured),
// and a later benchmark beats an earlier one's, per subset, with the totals
// and shares (the paper's wins columns of Tables A1–A5), then Table 6
// (writeWinShares).
func writeWins(b *strings.Builder, groups []schemas.BenchmarkCell, wins []schemas.WinsRow, learners, versus []string, rank map[schemas.BenchmarkCell]ranking, name func(schemas.BenchmarkCell) string) {
	type pair = winPair
	var pairs []pair
	for _, l := range learners {
		for _, bench := range versus {
			// Learners against every benchmark; benchmarks against the ones
			// before them in versus (I against V).
			if l == bench || !slices.Contains(learners, bench) {
				continue
			}
			if i := slices.Index(versus, l); i >= 0 && i < slices.Index(versus, bench) {
				continue
			}
			pairs = append(pairs, pair{l, bench})
		}
	}
	if len(pairs) == 0 {
		return
	}
	byKey := map[schemas.BenchmarkCell]map[pair]schemas.WinsRow{}
	subsetsOf := map[schemas.BenchmarkCell][]string{} // per (dataset, scenario), in plan order
	for _, w := range wins {
		if byKey[w.BenchmarkCell] == nil {
			byKey[w.BenchmarkCell] = map[pair]schemas.WinsRow{}
		}
		byKey[w.BenchmarkCell][pair{w.LearnerA, w.LearnerB}] = w
		g := schemas.BenchmarkCell{Dataset: w.Dataset, Scenario: w.Scenario}
		if !slices.Contains(subsetsOf[g], w.Subset) {
			subsetsOf[g] = append(subsetsOf[g], w.Subset)
		}
	}
	b.WriteString("\n### Wins\n\nPer subset: A wins / B wins (draws) over the repetitions; the last rows sum them and give the shares.")
	var single []schemas.BenchmarkCell
	for _, g := range groups {
		if len(subsetsOf[g]) == 1 {
			single = append(single, g)
		}
	}
	b.WriteString(singleSubsetNote(single, len(groups), name, " a single subset: the total row, which would repeat the subset's row, is left out; the % row gives the shares."))
	b.WriteString("\n")
	shareOf := map[schemas.BenchmarkCell][][3]float64{} // per group, per pair: its % row's numbers; NaN where it did not run
	anyRan := make([]bool, len(pairs))
	for _, g := range groups {
		fmt.Fprintf(b, "\n#### %s\n\n", name(g))
		if r, ok := rank[g]; ok && !r.fixed {
			b.WriteString("Subsets by the ranks of their attributes, whose ranking is redrawn per repetition (see results/attributes).\n\n")
		}
		head := []string{"subset"}
		for _, p := range pairs {
			head = append(head, escape(p.a)+" / "+escape(p.b))
		}
		rows := [][]string{head}
		ran := make([]bool, len(pairs)) // the pair has a row in this group
		tot := make([][3]int64, len(pairs))
		for _, sub := range subsetsOf[g] {
			cell := g
			cell.Subset = sub
			row := []string{rank[g].label(sub)}
			for i, p := range pairs {
				w, ok := byKey[cell][p]
				if !ok {
					row = append(row, "–") // one of the two did not run here
					continue
				}
				ran[i] = true
				row = append(row, fmt.Sprintf("%d / %d (%d)", w.Wins, w.Losses, w.Draws))
				tot[i][0] += w.Wins
				tot[i][1] += w.Losses
				tot[i][2] += w.Draws
			}
			rows = append(rows, row)
		}
		totals, shares := []string{"total"}, []string{"%"}
		for i, t := range tot {
			totals = append(totals, fmt.Sprintf("%d / %d (%d)", t[0], t[1], t[2]))
			sh := winShares(t)
			shareOf[g] = append(shareOf[g], sh)
			anyRan[i] = anyRan[i] || ran[i]
			shares = append(shares, formatShares(sh))
		}
		if len(subsetsOf[g]) > 1 {
			// With one subset the total repeats its row; its shares
			// stay, being new numbers.
			rows = append(rows, totals)
		}
		rows = append(rows, shares)
		for j, row := range rows {
			// Leave out the pairs that did not run on this dataset.
			kept := []string{row[0]}
			for i := range pairs {
				if ran[i] {
					kept = append(kept, row[i+1])
				}
			}
			writeRow(b, kept)
			if j == 0 {
				writeRow(b, slices.Repeat([]string{"---:"}, len(kept)))
			}
		}
	}
	writeWinShares(b, groups, pairs, anyRan, shareOf, name)
}

// singleSubsetNote is the sentence a table's legend adds for the groups
// of single (out of n groups) that have a single subset, which the table
// shows differently: " Every dataset has" (" Every dataset and scenario
// has" when there are scenarios), " vote has" or " vote and
// credit have" (by name), then what (" a single subset: …"); "" when
// there are none.
func singleSubsetNote(single []schemas.BenchmarkCell, n int, name func(schemas.BenchmarkCell) string, what string) string {
	switch {
	case len(single) == 0:
		return ""
	case len(single) == n && n > 1:
		if slices.ContainsFunc(single, func(g schemas.BenchmarkCell) bool { return g.Scenario != "all" }) {
			return " Every dataset and scenario has" + what
		}
		return " Every dataset has" + what
	case len(single) == 1:
		return " " + name(single[0]) + " has" + what
	}
	names := make([]string, len(single))
	for i, g := range single {
		names[i] = name(g)
	}
	return " " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " have" + what
}

// winShares returns the percentages of wins, losses and draws of a wins
// total (wins, losses, draws); NaN for each when there were none.
func winShares(t [3]int64) [3]float64 {
	n := float64(t[0] + t[1] + t[2])
	if n == 0 {
		return [3]float64{math.NaN(), math.NaN(), math.NaN()}
	}
	return [3]float64{100 * float64(t[0]) / n, 100 * float64(t[1]) / n, 100 * float64(t[2]) / n}
}

// formatShares formats winShares as "A% / B% (draws%)", "–" without any.
func formatShares(sh [3]float64) string {
	if math.IsNaN(sh[0]) {
		return "–"
	}
	return fmt.Sprintf("%.2f / %.2f (%.2f)", sh[0], sh[1], sh[2])
}

// winPair is a pair of the wins tables: how often learner a beats b.
type winPair struct{ a, b string }

// writeWinShares writes the paper's Table 6: per dataset and scenario the
// shares of wins of each pair that ran somewhere (the wins tables' %
// rows), and the average row, the mean of those shares over the datasets
// and scenarios where the pair ran (as the paper's "Average %", a mean of
// percentages, not a pooled share).
func writeWinShares(b *strings.Builder, groups []schemas.BenchmarkCell, pairs []winPair, ran []bool, shareOf map[schemas.BenchmarkCell][][3]float64, name func(schemas.BenchmarkCell) string) {
	head := []string{"dataset"}
	for i, p := range pairs {
		if ran[i] {
			head = append(head, escape(p.a)+" / "+escape(p.b))
		}
	}
	if len(head) == 1 {
		return
	}
	b.WriteString("\n#### Shares of wins (the paper's Table 6)\n\nPer dataset: A wins % / B wins % (draws %) over its subsets and repetitions; the average row is their mean over the datasets.\n\n")
	writeRow(b, head)
	writeRow(b, slices.Repeat([]string{"---:"}, len(head)))
	sum, n := make([][3]float64, len(pairs)), make([]int, len(pairs))
	for _, g := range groups {
		row := []string{name(g)}
		for i := range pairs {
			if !ran[i] {
				continue
			}
			sh := shareOf[g][i]
			row = append(row, formatShares(sh))
			if !math.IsNaN(sh[0]) {
				for k := range sh {
					sum[i][k] += sh[k]
				}
				n[i]++
			}
		}
		writeRow(b, row)
	}
	avg := []string{"average %"}
	for i := range pairs {
		if !ran[i] {
			continue
		}
		if n[i] == 0 {
			avg = append(avg, "–")
			continue
		}
		m := float64(n[i])
		avg = append(avg, formatShares([3]float64{sum[i][0] / m, sum[i][1] / m, sum[i][2] / m}))
	}
	writeRow(b, avg)
}
