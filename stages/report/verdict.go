package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Thresholds are the mean DOE levels whose reaching sizes the verdict
// gives, as the oracle paper reads its figures.
var Thresholds = []float64{0.90, 0.99}

// Verdict is what the oracle report says first about one panel: which
// tree learner has the highest mean DOE at the largest training size, by
// how much, and from which size on it leads; and for every tree learner
// the size from which its mean DOE stays at or above each of Thresholds.
type Verdict struct {
	Panel Panel
	Size  int32 // the largest training size of the panel
	// Best has the highest mean DOE at Size; Next the second highest (""
	// with a single tree learner).
	Best, Next         string
	BestStat, NextStat Stat
	// From is the smallest size from which Best's mean is at least every
	// other learner's at every size up to Size.
	From int32
	// Learners are the panel's tree learners; Reach[i][k] is the size from
	// which learner i's mean DOE stays >= Thresholds[k], 0 when it never
	// does; Max[i] is its highest mean DOE.
	Learners []string
	Reach    [][]int32
	Max      []float64
}

// Verdicts returns the verdict of every panel with a tree learner, in
// Panels order.
func Verdicts(rows []OracleSummary) []Verdict {
	var out []Verdict
	for _, p := range Panels(rows) {
		if v, ok := verdict(DOETable(rows, p)); ok {
			out = append(out, v)
		}
	}
	return out
}

// verdict reads one panel's DOE table; ok is false when no learner has a
// DOE there.
func verdict(t Table) (Verdict, bool) {
	if len(t.Learners) == 0 || len(t.Sizes) == 0 {
		return Verdict{}, false
	}
	last := len(t.Sizes) - 1
	v := Verdict{Panel: t.Panel, Size: t.Sizes[last], Learners: t.Learners}
	best, next := -1, -1
	for j := range t.Learners {
		m := t.Stats[last][j].Mean
		if math.IsNaN(m) {
			continue
		}
		switch {
		case best < 0 || m > t.Stats[last][best].Mean:
			best, next = j, best
		case next < 0 || m > t.Stats[last][next].Mean:
			next = j
		}
	}
	if best < 0 {
		return Verdict{}, false
	}
	v.Best, v.BestStat = t.Learners[best], t.Stats[last][best]
	if next >= 0 {
		v.Next, v.NextStat = t.Learners[next], t.Stats[last][next]
	}
	v.From = v.Size
	for i := last; i >= 0; i-- {
		if !leads(t.Stats[i], best) {
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

// leads reports whether learner j's mean is at least every other
// learner's in one row of a table (a learner with no value there does not
// count).
func leads(row []Stat, j int) bool {
	if math.IsNaN(row[j].Mean) {
		return false
	}
	for k, s := range row {
		if k != j && s.Mean > row[j].Mean {
			return false
		}
	}
	return true
}

// Sentence is the verdict in words, one Markdown line:
// "**exact** has the highest mean DOE at 3000 rows, 0.998, 0.007 above
// c45 (0.991; the 95% intervals do not overlap); it leads from 400 rows on."
func (v Verdict) Sentence() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** has the highest mean DOE at %d rows, %s", escape(v.Best), v.Size, format(v.BestStat.Mean))
	switch {
	case v.Next == "":
		b.WriteString(" (the only tree learner)")
	case format(v.BestStat.Mean) == format(v.NextStat.Mean):
		fmt.Fprintf(&b, ", level with %s to 3 decimals", escape(v.Next))
	default:
		apart := "overlap"
		if v.BestStat.CILow > v.NextStat.CIHigh {
			apart = "do not overlap"
		} else if math.IsNaN(v.BestStat.CILow) || math.IsNaN(v.NextStat.CIHigh) {
			apart = "are undefined"
		}
		fmt.Fprintf(&b, ", %s above %s (%s; the 95%% intervals %s)", format(v.BestStat.Mean-v.NextStat.Mean), escape(v.Next), format(v.NextStat.Mean), apart)
	}
	if v.Next != "" {
		if v.From == v.Size {
			fmt.Fprintf(&b, "; it leads at that size only")
		} else {
			fmt.Fprintf(&b, "; it leads from %d rows on", v.From)
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
