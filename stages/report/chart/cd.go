package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/friedman"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// CDDiagram is a critical-difference diagram (Demšar, JMLR 2006, Fig. 1;
// drawn as Orange's and scmamp's): a rank axis from 1 (left, the best) to
// k, each learner a tick at its average rank with a line elbowing down to
// its name (the better half named on the left, the others on the right),
// thick bars joining the groups of learners whose ranks differ by less
// than CD (friedman.Cliques), and a segment of length CD above the axis.
type CDDiagram struct {
	Title string
	// Caption is drawn under the diagram, its words wrapped to the
	// diagram's width; "\n" breaks it into lines too.
	Caption  string
	Learners []string
	Ranks    []float64 // average ranks, in Learners' order
	CD       float64   // the critical difference, in ranks
}

// Sizes of a CD diagram.
const (
	cdWidth   = 6.5 * vg.Inch
	cdAxisMin = 2.5 * vg.Inch // the axis' least length; the diagram widens for long names
	cdRowH    = 15            // points between two rows of names
	cdBarGap  = 6             // points between two clique bars
)

// Render draws the diagram as format ("png" or "svg"). The output depends
// only on the diagram, as Figure's does.
func (d *CDDiagram) Render(format string) ([]byte, error) {
	k := len(d.Ranks)
	if k < 2 || len(d.Learners) != k {
		return nil, fmt.Errorf("render %q: %d learners and %d ranks (want the same number, at least 2)", d.Title, len(d.Learners), k)
	}
	if !finite(d.CD) || d.CD <= 0 {
		return nil, fmt.Errorf("render %q: critical difference %g (want a positive number)", d.Title, d.CD)
	}
	for i, r := range d.Ranks {
		if !finite(r) || r < 1 || r > float64(k) {
			return nil, fmt.Errorf("render %q: %s's average rank %g is outside 1..%d", d.Title, d.Learners[i], r, k)
		}
	}
	order := friedman.Ascending(d.Ranks)
	cliques := friedman.Cliques(d.Ranks, d.CD)
	half := (k + 1) / 2 // names on the left: order[:half], the better ranks
	rows := half

	name := textStyle(10)
	label := func(i int) string { return d.Learners[i] + " (" + strconv.FormatFloat(d.Ranks[i], 'f', 2, 64) + ")" }
	var textW vg.Length
	for _, i := range order {
		textW = max(textW, name.Width(label(i)))
	}
	elbow := vg.Points(14)
	margin := textW + elbow + vg.Points(12)
	w := max(cdWidth, 2*margin+cdAxisMin)
	caption := textStyle(9)
	captionText := wrap(caption, d.Caption, w-vg.Points(16))
	captionH := vg.Length(0)
	if captionText != "" {
		captionH = caption.Height(captionText) + vg.Points(14)
	}
	titleH := vg.Length(0)
	if d.Title != "" {
		titleH = vg.Points(28)
	}
	// Heights from the top: the title, the CD segment and its label, the
	// tick labels and the axis, the clique bars, the rows of names, the
	// caption.
	cdY := titleH + vg.Points(22)
	axisY := cdY + vg.Points(30)
	barY := func(c int) vg.Length { return axisY + vg.Points(10+cdBarGap*float64(c)) }
	firstRow := barY(len(cliques)) + vg.Points(8)
	rowY := func(r int) vg.Length { return firstRow + vg.Points(cdRowH*float64(r)) }
	h := rowY(rows-1) + vg.Points(12) + captionH

	c, err := newCanvas(format, w, h)
	if err != nil {
		return nil, fmt.Errorf("render %q: %w", d.Title, err)
	}
	dc := draw.New(c)
	fillWhite(dc)
	top := dc.Max.Y
	at := func(x, yDown vg.Length) vg.Point { return vg.Point{X: dc.Min.X + x, Y: top - yDown} }
	left, right := margin, w-margin
	x := func(r float64) vg.Length { return left + (right-left)*vg.Length((r-1)/float64(k-1)) }
	thin := draw.LineStyle{Color: color.Black, Width: vg.Points(0.8)}
	line := draw.LineStyle{Color: color.Gray{Y: 60}, Width: vg.Points(0.9)}
	bar := draw.LineStyle{Color: color.Black, Width: vg.Points(2.5)}

	if d.Title != "" {
		title := textStyle(12)
		title.XAlign, title.YAlign = draw.XCenter, draw.YCenter
		dc.FillText(title, at(w/2, titleH/2+vg.Points(2)), d.Title)
	}

	// The axis, a tick per rank and a short one per half rank.
	dc.StrokeLine2(thin, dc.Min.X+left, top-axisY, dc.Min.X+right, top-axisY)
	tick := textStyle(9)
	tick.XAlign, tick.YAlign = draw.XCenter, draw.YBottom
	for r := 1.0; r <= float64(k); r += 0.5 {
		l := vg.Points(3)
		if r == math.Trunc(r) {
			l = vg.Points(6)
			dc.FillText(tick, at(x(r), axisY-l-vg.Points(2)), strconv.Itoa(int(r)))
		}
		dc.StrokeLine2(thin, dc.Min.X+x(r), top-axisY, dc.Min.X+x(r), top-axisY+l)
	}

	// The CD segment from rank 1, cut at the axis' end when CD is wider.
	end, note := 1+d.CD, ""
	if end > float64(k) {
		end, note = float64(k), " (wider than the axis)"
	}
	dc.StrokeLine2(thin, dc.Min.X+x(1), top-cdY, dc.Min.X+x(end), top-cdY)
	for _, r := range []float64{1, end} {
		dc.StrokeLine2(thin, dc.Min.X+x(r), top-cdY-vg.Points(3), dc.Min.X+x(r), top-cdY+vg.Points(3))
	}
	cdText := tick
	cdText.XAlign = draw.XCenter
	dc.FillText(cdText, at((x(1)+x(end))/2, cdY-vg.Points(4)), "CD = "+strconv.FormatFloat(d.CD, 'f', 3, 64)+note)

	// Each learner: a line from its rank on the axis down to its row,
	// then out to its name. Left rows go down as ranks rise, right rows
	// as they fall, so that no two lines cross.
	name.YAlign = draw.YCenter
	for p, i := range order {
		side, row := -1.0, p
		if p >= half {
			side, row = 1, k-1-p
		}
		xr, yr := x(d.Ranks[i]), rowY(row)
		edge := left - elbow
		if side > 0 {
			edge = right + elbow
		}
		dc.StrokeLines(line, []vg.Point{at(xr, axisY), at(xr, yr), at(edge, yr)})
		st := name
		st.XAlign = draw.XRight
		if side > 0 {
			st.XAlign = draw.XLeft
		}
		dc.FillText(st, at(edge+vg.Length(side)*vg.Points(3), yr), label(i))
	}

	// The cliques: a thick bar from the first learner's rank to the
	// last's, a little beyond both.
	for n, cl := range cliques {
		lo, hi := d.Ranks[cl[0]], d.Ranks[cl[len(cl)-1]]
		dc.StrokeLine2(bar, dc.Min.X+x(lo)-vg.Points(3), top-barY(n), dc.Min.X+x(hi)+vg.Points(3), top-barY(n))
	}

	if captionText != "" {
		caption.YAlign = draw.YTop
		dc.FillText(caption, at(vg.Points(8), h-captionH+vg.Points(6)), captionText)
	}
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("render %q as %s: %w", d.Title, format, err)
	}
	return b.Bytes(), nil
}

// newCanvas returns a white-backed canvas of w × h for format, at the
// report's resolution: the one place a figure's file format is chosen
// (Figure.Render and CDDiagram.Render both call it).
func newCanvas(format string, w, h vg.Length) (vg.CanvasWriterTo, error) {
	switch format {
	case "png":
		return pngCanvas{vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))}, nil
	case "svg":
		return vgsvg.New(w, h), nil
	}
	return nil, fmt.Errorf("unknown format %q (want png or svg)", format)
}

// wrap breaks each line of s between words so that no line is wider than
// width in style st (a word wider than width stands alone on its line).
func wrap(st text.Style, s string, width vg.Length) string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			if line != "" && st.Width(line+" "+word) > width {
				out = append(out, line)
				line = word
				continue
			}
			line = strings.TrimPrefix(line+" "+word, " ")
		}
		out = append(out, line)
	}
	return strings.TrimRight(strings.Join(out, "\n"), "\n")
}
