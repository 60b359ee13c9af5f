package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Optimal is the measure of learners that prove their tree optimal
// (exact): its mean is the share of fits that did; a fit that hit its
// time budget has optimal = false.
const Optimal Measure = "optimal"

// budgetCell counts one learner's fits in one panel.
type budgetCell struct {
	panel     Panel
	fits, hit int64
}

// writeBudget writes where a learner that makes optimality claims hit its
// time budget (optimal = false), per panel in Panels order, or that none
// did. It writes
// nothing when no learner makes such claims.
func writeBudget(b *strings.Builder, rows []OracleSummary) {
	var order []string
	cells := map[string][]budgetCell{}
	for i := range rows {
		r := &rows[i]
		s := r.Stat(Optimal)
		if s.N == 0 {
			continue
		}
		hit := int64(math.Round(float64(s.N) * (1 - s.Mean)))
		p := Panel{r.Cell.Features, r.Cell.Mode, r.Cell.Depth}
		cs, ok := cells[r.Learner]
		if !ok {
			order = append(order, r.Learner)
		}
		if k := slices.IndexFunc(cs, func(c budgetCell) bool { return c.panel == p }); k >= 0 {
			cs[k].fits += s.N
			cs[k].hit += hit
		} else {
			cs = append(cs, budgetCell{p, s.N, hit})
		}
		cells[r.Learner] = cs
	}
	if len(order) == 0 {
		return
	}
	b.WriteString("\n## Time budget\n\n")
	panels := Panels(rows)
	for _, l := range order {
		var fits, hit int64
		var where []string
		cs := cells[l]
		slices.SortStableFunc(cs, func(a, b budgetCell) int {
			return cmp.Compare(slices.Index(panels, a.panel), slices.Index(panels, b.panel))
		})
		for _, c := range cs {
			fits += c.fits
			hit += c.hit
			if c.hit > 0 {
				where = append(where, fmt.Sprintf("%s mode depth %d (%d of %d)", escape(c.panel.Mode), c.panel.Depth, c.hit, c.fits))
			}
		}
		if hit == 0 {
			fmt.Fprintf(b, "- %s: every one of its %d fits proved its tree optimal (optimal = true).\n", escape(l), fits)
			continue
		}
		fmt.Fprintf(b, "- %s: %d of %d fits hit the time budget (optimal = false), so their trees need not be optimal: %s.\n",
			escape(l), hit, fits, strings.Join(where, ", "))
	}
}
