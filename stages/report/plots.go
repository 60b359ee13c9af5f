package report

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/dtbench/dtbench/internal/parallel"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/report/chart"
)

// Plot is one figure of the report: its file name in report/plots
// without the extension (one file per chart.Formats) and the figure, or
// the critical-difference diagram CD (cdplot.go).
type Plot struct {
	Name   string
	Figure *chart.Figure
	CD     *chart.CDDiagram
}

// oracleFigures are the oracle study's figures: each measure against the
// training size, per (features, mode), one panel per depth.
var oracleFigures = []struct {
	m            Measure
	name, title  string
	ylabel       string
	meaning      string // the caption's second line
	refs         []float64
	treeLearners bool // only learners with a value (the tree learners)
}{
	{DOE, "doe", "Mean DOE against training size", "mean DOE (0–1)",
		"DOE: the share of the compatible (oracle leaf, learned leaf) pairs whose classes agree; dashed lines at 0.9 and 0.99.", Thresholds, true},
	{Agreement, "agreement", "Mean agreement with the oracle against training size", "mean agreement (0–1)",
		"Agreement: the share of all inputs on which the learned tree and the oracle give the same class.", nil, true},
	{Accuracy, "accuracy", "Mean test accuracy against training size", "mean test accuracy (0–1)",
		"Test accuracy: the share of the held-out rows, drawn uniformly from the oracle, classified correctly.", nil, false},
	{AvgCost, "cost", "Mean average cost per test case against training size", "mean cost per case (cost units)",
		"Cost (config costs): the tests a learner performs on a held-out case plus the cost matrix's entry for its guess.", nil, false},
}

// OraclePlots returns the oracle study's figures: for DOE, agreement and
// test accuracy, and for each (features, mode), the measure's mean
// against the training size with its 95% confidence band, one line per
// learner and one panel per oracle depth. Files are named
// <measure>-<mode>, with -f<features> when the run has several feature
// counts.
func OraclePlots(meta Meta, rows []OracleSummary) []Plot {
	panels := Panels(rows)
	features := map[int32]bool{}
	for _, p := range panels {
		features[p.Features] = true
	}
	var out []Plot
	for _, spec := range oracleFigures {
		for i := 0; i < len(panels); {
			j := i
			for j < len(panels) && panels[j].Features == panels[i].Features && panels[j].Mode == panels[i].Mode {
				j++
			}
			group := panels[i:j]
			i = j
			fig := &chart.Figure{
				Title:   fmt.Sprintf("%s, %s mode, %d features", spec.title, group[0].Mode, group[0].Features),
				Caption: oracleCaption(meta, rows) + "\n" + spec.meaning + floorNote(spec.m, meta.Credit),
				XLabel:  "training set size (rows)",
				YLabel:  spec.ylabel,
				Refs:    spec.refs,
				YBounds: spec.m.bounds(meta.Credit),
				Cols:    gridCols(len(group)),
				Legend:  meta.Learners,
			}
			for _, p := range group {
				t := MeanTable(rows, p, spec.m)
				if spec.treeLearners {
					t = t.DropEmpty()
				}
				fig.Panels = append(fig.Panels, chart.Panel{Title: fmt.Sprintf("oracle depth %d", p.Depth), Series: tableSeries(t)})
			}
			if !hasPoints(fig) {
				continue
			}
			if len(fig.Legend) == 0 {
				fig.Legend = seriesLabels(fig)
			}
			name := spec.name + "-" + fileWord(group[0].Mode)
			if len(features) > 1 {
				name += fmt.Sprintf("-f%d", group[0].Features)
			}
			out = append(out, Plot{Name: name, Figure: fig})
		}
	}
	return out
}

// floorNote is what an oracle caption adds when m's band is cut at 0 (a
// cost; Measure.floored).
func floorNote(m Measure, credit bool) string {
	if !m.floored(credit) {
		return ""
	}
	return " The band is cut at 0: a cost is never negative."
}

// tableSeries turns a sizes × learners table into one series per
// learner: the mean and the 95% interval at every size.
func tableSeries(t Table) []chart.Series {
	out := make([]chart.Series, len(t.Learners))
	for j, l := range t.Learners {
		s := chart.Series{Label: l}
		for i, size := range t.Sizes {
			st := t.Stats[i][j]
			s.X = append(s.X, float64(size))
			s.Y = append(s.Y, st.Mean)
			s.Lo = append(s.Lo, st.CILow)
			s.Hi = append(s.Hi, st.CIHigh)
		}
		out[j] = s
	}
	return out
}

// oracleCaption names the run and says what a point and a band are.
func oracleCaption(meta Meta, rows []OracleSummary) string {
	return fmt.Sprintf("Run %s, seed %d%s. Each point is a mean over the repetitions of a grid cell (%s); the band is the 95%% confidence interval of the mean (Student's t).",
		meta.Name, meta.Seed, partialCaption(meta), repetitionsNote(rows))
}

// partialCaption is what a caption adds for a partial report.
func partialCaption(meta Meta) string {
	if meta.Missing == 0 {
		return ""
	}
	return fmt.Sprintf(" (PARTIAL: %d chunks missing)", meta.Missing)
}

// repetitionsNote says how many evaluation rows a cell has: "100 per
// cell" or "100 per cell, exact 20" when some learners have fewer.
func repetitionsNote(rows []OracleSummary) string {
	most := map[string]int64{}
	var order []string
	for _, r := range rows {
		if _, ok := most[r.Learner]; !ok {
			order = append(order, r.Learner)
		}
		most[r.Learner] = max(most[r.Learner], r.Count)
	}
	var top int64
	for _, n := range most {
		top = max(top, n)
	}
	note := fmt.Sprintf("%d per cell", top)
	for _, l := range order {
		if most[l] < top {
			note += fmt.Sprintf(", %s %d", l, most[l])
		}
	}
	return note
}

// gridCols is the number of panels per row for n panels: all in a row up
// to 3, else about a square.
func gridCols(n int) int {
	if n <= 3 {
		return n
	}
	return int(math.Ceil(math.Sqrt(float64(n))))
}

func hasPoints(f *chart.Figure) bool {
	for _, p := range f.Panels {
		for _, s := range p.Series {
			if slices.ContainsFunc(s.Y, func(y float64) bool { return !math.IsNaN(y) }) {
				return true
			}
		}
	}
	return false
}

func seriesLabels(f *chart.Figure) []string {
	var out []string
	for _, p := range f.Panels {
		for _, s := range p.Series {
			if !slices.Contains(out, s.Label) {
				out = append(out, s.Label)
			}
		}
	}
	return out
}

var notFileWord = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// fileWord makes a config-supplied name (a mode, a dataset) safe in a
// file name.
func fileWord(s string) string {
	s = strings.Trim(notFileWord.ReplaceAllString(s, "_"), "._")
	if s == "" {
		return "_"
	}
	return s
}

// RenderPlots draws every plot in every format of chart.Formats, as the
// files of report/plots, in plot order; the figures are drawn
// concurrently, the files come out in the same order with the same bytes.
func RenderPlots(plots []Plot) ([]schemas.File, error) {
	nf := len(chart.Formats)
	files := make([]schemas.File, len(plots)*nf)
	err := parallel.For(len(files), func(i int) error {
		p, format := plots[i/nf], chart.Formats[i%nf]
		data, err := p.render(format)
		files[i] = schemas.File{Name: p.Name + "." + format, Data: data}
		return err
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// writePlots embeds the plots in report.md: each figure's PNG, with a
// link to its SVG.
func writePlots(b *strings.Builder, plots []Plot) {
	if len(plots) == 0 {
		return
	}
	b.WriteString("\n## Plots\n")
	for _, p := range plots {
		fmt.Fprintf(b, "\n![%s](plots/%s.png)\n\n[SVG](plots/%s.svg)\n", escape(p.title()), p.Name, p.Name)
	}
}
