package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Panel is one (features, mode, depth) cell of the oracle grid: the rows of
// a report table, one per training size.
type Panel struct {
	Features int32
	Mode     string
	Depth    int32
}

// Panels returns the distinct panels of rows, ordered by features
// ascending, mode in order of first appearance, depth ascending: the order
// in which report.md presents them.
func Panels(rows []OracleSummary) []Panel {
	modeRank := make(map[string]int)
	seen := make(map[Panel]bool)
	var out []Panel
	for i := range rows {
		r := &rows[i]
		if _, ok := modeRank[r.Cell.Mode]; !ok {
			modeRank[r.Cell.Mode] = len(modeRank)
		}
		p := Panel{r.Cell.Features, r.Cell.Mode, r.Cell.Depth}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b Panel) int {
		return cmp.Or(
			cmp.Compare(a.Features, b.Features),
			cmp.Compare(modeRank[a.Mode], modeRank[b.Mode]),
			cmp.Compare(a.Depth, b.Depth),
		)
	})
	return out
}

// Table is one measure in one panel as a sizes × learners matrix:
// Stats[i][j] summarises learner Learners[j] at training size Sizes[i]. A
// (size, learner) pair with no summary row has a Stat with N = 0 and NaN
// floats, like a measure that is null in every row.
type Table struct {
	Panel    Panel
	Measure  Measure
	Learners []string // in order of first appearance in the rows
	Sizes    []int32  // ascending
	Stats    [][]Stat
}

// MeanTable builds the sizes × learners Table of measure m for panel p
// from summary rows. Every learner with a row in the panel has a column,
// even when m is null throughout (see Table.DropEmpty).
func MeanTable(rows []OracleSummary, p Panel, m Measure) Table {
	t := Table{Panel: p, Measure: m}
	learnerCol := make(map[string]int)
	sizeSeen := make(map[int32]bool)
	for i := range rows {
		r := &rows[i]
		if (Panel{r.Cell.Features, r.Cell.Mode, r.Cell.Depth}) != p {
			continue
		}
		if _, ok := learnerCol[r.Learner]; !ok {
			learnerCol[r.Learner] = len(t.Learners)
			t.Learners = append(t.Learners, r.Learner)
		}
		if !sizeSeen[r.Cell.Size] {
			sizeSeen[r.Cell.Size] = true
			t.Sizes = append(t.Sizes, r.Cell.Size)
		}
	}
	slices.Sort(t.Sizes)
	sizeRow := make(map[int32]int, len(t.Sizes))
	for i, s := range t.Sizes {
		sizeRow[s] = i
	}
	t.Stats = make([][]Stat, len(t.Sizes))
	for i := range t.Stats {
		t.Stats[i] = make([]Stat, len(t.Learners))
		for j := range t.Stats[i] {
			t.Stats[i][j] = nullStat()
		}
	}
	for i := range rows {
		r := &rows[i]
		if (Panel{r.Cell.Features, r.Cell.Mode, r.Cell.Depth}) != p {
			continue
		}
		t.Stats[sizeRow[r.Cell.Size]][learnerCol[r.Learner]] = *r.Stat(m)
	}
	return t
}

// DOETable returns the mean DOE matrix (sizes × learners) of panel p,
// without the columns of learners that have no DOE there (the non-tree
// learners). It is the table of the oracle paper.
func DOETable(rows []OracleSummary, p Panel) Table {
	return MeanTable(rows, p, DOE).DropEmpty()
}

// DropEmpty returns t without the learners whose Stat has N = 0 at every
// size.
func (t Table) DropEmpty() Table {
	keep := func(j int) bool {
		for i := range t.Stats {
			if t.Stats[i][j].N > 0 {
				return true
			}
		}
		return false
	}
	var cols []int
	for j := range t.Learners {
		if keep(j) {
			cols = append(cols, j)
		}
	}
	return t.project(t.Sizes, cols)
}

// Select returns t restricted to the given sizes, in the given order;
// sizes that t lacks get a row of N = 0 Stats, so a paper's fixed table
// layout survives a smaller run.
func (t Table) Select(sizes ...int32) Table {
	cols := make([]int, len(t.Learners))
	for j := range cols {
		cols[j] = j
	}
	return t.project(sizes, cols)
}

// project returns the table with rows for sizes and the learner columns
// cols of t.
func (t Table) project(sizes []int32, cols []int) Table {
	out := Table{Panel: t.Panel, Measure: t.Measure, Sizes: slices.Clone(sizes)}
	for _, j := range cols {
		out.Learners = append(out.Learners, t.Learners[j])
	}
	out.Stats = make([][]Stat, len(sizes))
	for i, s := range sizes {
		out.Stats[i] = make([]Stat, len(cols))
		src, ok := slices.BinarySearch(t.Sizes, s)
		for k, j := range cols {
			if ok {
				out.Stats[i][k] = t.Stats[src][j]
			} else {
				out.Stats[i][k] = nullStat()
			}
		}
	}
	return out
}

// Markdown writes t as a GitHub table, one row per size and one column per
// learner, each cell "mean ± CI half-width" with 3 decimals ("–" when
// there is no value, the mean alone when N = 1).
func (t Table) Markdown(w io.Writer) error {
	var b strings.Builder
	t.write(&b, func(i, j int) string { return meanCI(t.Stats[i][j]) })
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write %s table: %w", t.Measure, err)
	}
	return nil
}

// write renders t's layout with cell(i, j) as the text for size i and
// learner j, so several tables of one panel can share a cell.
func (t Table) write(b *strings.Builder, cell func(i, j int) string) {
	header := make([]string, 0, len(t.Learners)+1)
	header = append(header, "size")
	for _, l := range t.Learners {
		header = append(header, escape(l))
	}
	writeRow(b, header)
	align := make([]string, len(header))
	for i := range align {
		align[i] = "---:"
	}
	writeRow(b, align)
	for i, s := range t.Sizes {
		row := make([]string, 0, len(header))
		row = append(row, fmt.Sprint(s))
		for j := range t.Learners {
			row = append(row, cell(i, j))
		}
		writeRow(b, row)
	}
}
