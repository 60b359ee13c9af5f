package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/schemas"
)

// Thresholds are the mean DOE levels whose reaching sizes the verdict
// gives, as the oracle paper reads its figures.
var Thresholds = []float64{0.90, 0.99}

// Verdict is what the oracle report says first about one panel: which
// tree learner has the highest mean DOE at the largest training size,
// whether it is clearly best there — ahead of every other tree learner by
// a paired t-test over the repetitions they share (the same oracle and
// training set), Holm-adjusted over the rivals (Lead) — and from which size
// on it is; and for every tree learner the size from which its mean DOE
// stays at or above each of Thresholds.
type Verdict struct {
	Panel Panel
	Size  int32 // the largest training size of the panel
	// Lead compares the learner with the highest mean DOE at Size with
	// every other tree learner there.
	Lead     Lead
	BestStat Stat
	// From is the smallest size from which Lead.Leader is clearly best at
	// every size up to Size; 0 when it is not clearly best at Size.
	From int32
	// Learners are the panel's tree learners; Reach[i][k] is the size from
	// which learner i's mean DOE stays >= Thresholds[k], 0 when it never
	// does; Max[i] is its highest mean DOE.
	Learners []string
	Reach    [][]int32
	Max      []float64
}

// Verdicts returns the verdict of every panel with a tree learner, in
// Panels order, from the summary rows and the evaluations they summarise
// (whose DOE per repetition the paired tests read).
func Verdicts(rows []OracleSummary, evals []schemas.OracleEvaluation) []Verdict {
	doe := indexReps(evals, func(e *schemas.OracleEvaluation) (string, schemas.OracleCell, int32) {
		return e.Learner, e.OracleCell, e.Rep
	},
		func(e *schemas.OracleEvaluation) *schemas.Measures { return &e.Measures }, DOE)
	var out []Verdict
	for _, p := range Panels(rows) {
		if v, ok := verdict(DOETable(rows, p), doe); ok {
			out = append(out, v)
		}
	}
	return out
}

// verdict reads one panel's DOE table, with the DOE of every (learner,
// cell) by repetition; ok is false when no learner has a DOE there.
func verdict(t Table, doe repIndex[schemas.OracleCell]) (Verdict, bool) {
	if len(t.Learners) == 0 || len(t.Sizes) == 0 {
		return Verdict{}, false
	}
	last := len(t.Sizes) - 1
	v := Verdict{Panel: t.Panel, Size: t.Sizes[last], Learners: t.Learners}
	lead, ok := sizeLead(t, last, doe)
	if !ok {
		return Verdict{}, false
	}
	v.Lead, v.BestStat = lead, t.Stats[last][slices.Index(t.Learners, lead.Leader)]
	for i := last; i >= 0 && v.Lead.Clear; i-- {
		if l, ok := sizeLead(t, i, doe); !ok || !l.Clear || l.Leader != v.Lead.Leader {
			break
		}
		v.From = t.Sizes[i]
	}
	for j := range t.Learners {
		reach := make([]int32, len(Thresholds))
		for k, th := range Thresholds {
			for i := last; i >= 0 && t.Stats[i][j].Mean >= th; i-- {
				reach[k] = t.Sizes[i]
			}
		}
		v.Reach = append(v.Reach, reach)
		hi := math.NaN()
		for i := range t.Sizes {
			if m := t.Stats[i][j].Mean; !math.IsNaN(m) && (math.IsNaN(hi) || m > hi) {
				hi = m
			}
		}
		v.Max = append(v.Max, hi)
	}
	return v, true
}

// sizeLead is the Lead of size row i of a DOE table: the paired t-test of
// the best mean DOE against each other learner's, over the repetitions of
// the cell.
func sizeLead(t Table, i int, doe repIndex[schemas.OracleCell]) (Lead, bool) {
	cell := schemas.OracleCell{Features: t.Panel.Features, Depth: t.Panel.Depth, Mode: t.Panel.Mode, Size: t.Sizes[i]}
	stat := func(l string) Stat { return t.Stats[i][slices.Index(t.Learners, l)] }
	return newLead(t.Learners, stat, true, func(a, b string) (Pairing, bool) {
		return pairReps(doe[groupKey[schemas.OracleCell]{a, cell}], doe[groupKey[schemas.OracleCell]{b, cell}], 0), true
	})
}

// repetitionsTest names the oracle study's test for n pairs.
func repetitionsTest(n int) string { return fmt.Sprintf("paired t over %d repetitions", n) }

// Sentence is the verdict in words, one Markdown line, e.g.
// "**exact** is clearly best at 1000 rows: mean DOE 1.000, 0.108 above id3,
// the runner-up (paired t over 10 repetitions, 95% CI [0.089, 0.127],
// p < 0.001, Holm-adjusted over 4 comparisons < 0.001: significant), and
// significantly above each of the other 3 tree learners; clearly best from
// 300 rows on." or "no tree learner is clearly best at 1000 rows: **exact**
// has the highest mean DOE, 1.000, level with id3 to 3 decimals (…: not
// significant)."
func (v Verdict) Sentence() string {
	var b strings.Builder
	l := v.Lead
	switch {
	case len(l.Rivals) == 0 && len(l.Untested) == 0:
		fmt.Fprintf(&b, "**%s** has the highest mean DOE at %d rows, %s (the only tree learner).", escape(l.Leader), v.Size, format(v.BestStat.Mean))
		return b.String()
	case l.Clear:
		fmt.Fprintf(&b, "**%s** is clearly best at %d rows: mean DOE %s", escape(l.Leader), v.Size, format(v.BestStat.Mean))
	default:
		fmt.Fprintf(&b, "no tree learner is clearly best at %d rows: **%s** has the highest mean DOE, %s", v.Size, escape(l.Leader), format(v.BestStat.Mean))
	}
	writeLead(&b, l, "tree learner", repetitionsTest, true)
	if l.Clear {
		if v.From == v.Size {
			b.WriteString("; clearly best at that size only")
		} else {
			fmt.Fprintf(&b, "; clearly best at every size from %d rows on", v.From)
		}
	}
	b.WriteString(".")
	return b.String()
}

// writeVerdicts writes the verdict section: per (features, mode), a line
// per depth and the table of the sizes at which each learner reaches the
// thresholds.
func writeVerdicts(b *strings.Builder, vs []Verdict, multiFeatures bool) {
	if len(vs) == 0 {
		return
	}
	b.WriteString("\n## Verdict\n")
	for i := 0; i < len(vs); {
		j := i
		for j < len(vs) && vs[j].Panel.Features == vs[i].Panel.Features && vs[j].Panel.Mode == vs[i].Panel.Mode {
			j++
		}
		group := vs[i:j]
		fmt.Fprintf(b, "\n### %s mode", escape(group[0].Panel.Mode))
		if multiFeatures {
			fmt.Fprintf(b, ", %d features", group[0].Panel.Features)
		}
		b.WriteString("\n\n")
		for _, v := range group {
			fmt.Fprintf(b, "- Depth %d: %s\n", v.Panel.Depth, v.Sentence())
		}
		writeReach(b, group)
		i = j
	}
}

// writeReach writes, for a group of verdicts, the table of the sizes from
// which each learner's mean DOE stays at or above each threshold.
func writeReach(b *strings.Builder, group []Verdict) {
	var learners []string
	for _, v := range group {
		for _, l := range v.Learners {
			if !slices.Contains(learners, l) {
				learners = append(learners, l)
			}
		}
	}
	levels := make([]string, len(Thresholds))
	for k, th := range Thresholds {
		levels[k] = fmt.Sprintf("%g%%", 100*th)
	}
	fmt.Fprintf(b, "\nTraining size from which the mean DOE stays at or above %s (– never, with the highest mean in brackets):\n\n",
		strings.Join(levels, " / "))
	writeRow(b, append([]string{"depth"}, escapeAll(learners)...))
	writeRow(b, slices.Repeat([]string{"---:"}, len(learners)+1))
	for _, v := range group {
		cells := []string{fmt.Sprint(v.Panel.Depth)}
		for _, l := range learners {
			j := slices.Index(v.Learners, l)
			if j < 0 {
				cells = append(cells, "")
				continue
			}
			parts := make([]string, len(Thresholds))
			for k := range Thresholds {
				parts[k] = "–"
				if v.Reach[j][k] > 0 {
					parts[k] = fmt.Sprint(v.Reach[j][k])
				}
			}
			cell := strings.Join(parts, " / ")
			if v.Reach[j][len(Thresholds)-1] == 0 {
				cell += " (" + format(v.Max[j]) + ")"
			}
			cells = append(cells, cell)
		}
		writeRow(b, cells)
	}
}
