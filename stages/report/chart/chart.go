package chart

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one learner's values in a panel: Y[i] at X[i], with the
// confidence interval [Lo[i], Hi[i]] when Lo and Hi are set (NaN where it
// is undefined).
type Series struct {
	Label  string
	X, Y   []float64
	Lo, Hi []float64
	// Points draws markers with error bars instead of a line with a band.
	Points bool
}

// Panel is one plot of a figure's grid.
type Panel struct {
	Title string
	// YLabel, when set, is this panel's y label in place of the figure's
	// (the panels of a figure that show different measures).
	YLabel string
	// YBounds, when set, are this panel's in place of the figure's.
	YBounds []float64
	// Categories, when set, make the x axis nominal: category i at x = i.
	Categories []string
	// LogX makes the x axis log10, ticked at the powers of ten; every x
	// must then be positive (see WantLog).
	LogX bool
	// XTicks, when set, are the x axis's ticks. Without them a numeric
	// axis whose series share a few distinct x values (at most
	// maxDataTicks: the training sizes of a grid) is ticked at exactly
	// those values, so that the ticks name the sizes that were run.
	XTicks []Tick
	// Dodge is the x distance between neighbouring series (in decades on
	// a log axis), so that markers at the same x do not overlap: the
	// series are spread symmetrically around their x, in series order.
	// DodgeFor gives one that keeps the spread inside the gaps.
	Dodge  float64
	Series []Series
}

// Tick is a labelled mark on a panel's x axis; "\n" breaks its label.
type Tick struct {
	Value float64
	Label string
}

// Figure is a grid of panels with one title, one caption (the run's name
// and seed, say; "\n" breaks it into lines) and one legend on the right.
type Figure struct {
	Title, Caption string
	XLabel, YLabel string
	// YMin and YMax fix every panel's y range; both 0 leaves it to the data.
	YMin, YMax float64
	// YBounds, when set, are the lowest and highest values the measure can
	// take (0 and 1 for a share): bands and error bars are cut there, and
	// an automatic y range stays within them.
	YBounds []float64
	// Refs are y values marked by a dashed grey line in every panel (DOE
	// 0.9, γ 0).
	Refs []float64
	// Cols is the number of panels per row; 0 puts them all in one row.
	Cols int
	// Width is a panel's width in inches; 0 is 4 (a panel is 3 inches
	// high).
	Width float64
	// Legend lists the series labels in style order (see the package doc).
	Legend []string
	Panels []Panel
}

// Sizes of a figure.
const (
	panelW   = 4 * vg.Inch
	panelH   = 3 * vg.Inch
	titleH   = 0.5 * vg.Inch
	captionH = 0.6 * vg.Inch
	legendW  = 1.4 * vg.Inch
	dpi      = 96
)

// Formats are the file formats Render writes, by file extension.
var Formats = []string{"png", "svg"}

// Render draws the figure as format ("png" or "svg").
func (f *Figure) Render(format string) ([]byte, error) {
	if len(f.Panels) == 0 {
		return nil, fmt.Errorf("render %q: no panels", f.Title)
	}
	cols := f.Cols
	if cols <= 0 || cols > len(f.Panels) {
		cols = len(f.Panels)
	}
	rows := (len(f.Panels) + cols - 1) / cols
	pw := f.panelWidth()
	w := pw*vg.Length(cols) + legendW
	h := panelH*vg.Length(rows) + titleH + captionH
	c, err := newCanvas(format, w, h)
	if err != nil {
		return nil, fmt.Errorf("render %q: %w", f.Title, err)
	}
	dc := draw.New(c)
	fillWhite(dc)

	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for k := range f.Panels {
		p, err := f.panel(&f.Panels[k])
		if err != nil {
			return nil, fmt.Errorf("render %q: %w", f.Title, err)
		}
		grid[k/cols][k%cols] = p
	}
	area := dc
	area.Min.Y += captionH
	area.Max.Y -= titleH
	area.Max.X -= legendW
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(12), PadY: vg.Points(12),
		PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(6), PadRight: vg.Points(6)}
	canvases := plot.Align(grid, tiles, area)
	for i, row := range grid {
		for j, p := range row {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
	}

	title := textStyle(13)
	title.XAlign, title.YAlign = draw.XCenter, draw.YCenter
	dc.FillText(title, vg.Point{X: (dc.Min.X + dc.Max.X - legendW) / 2, Y: dc.Max.Y - titleH/2}, f.Title)
	caption := textStyle(9)
	caption.YAlign = draw.YCenter
	dc.FillText(caption, vg.Point{X: dc.Min.X + vg.Points(8), Y: dc.Min.Y + captionH/2}, f.Caption)
	legend := f.legend()
	box := dc
	box.Min.X = dc.Max.X - legendW + vg.Points(6)
	box.Max.Y -= titleH + vg.Points(12)
	legend.Draw(box)

	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("render %q as %s: %w", f.Title, format, err)
	}
	return b.Bytes(), nil
}

// panel builds one panel's plot.
func (f *Figure) panel(pn *Panel) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = pn.Title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text = f.XLabel
	p.Y.Label.Text = cmp.Or(pn.YLabel, f.YLabel)
	bounds := f.YBounds
	if pn.YBounds != nil {
		bounds = pn.YBounds
	}
	if pn.LogX {
		if err := positiveX(pn); err != nil {
			return nil, err
		}
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	p.Add(plotter.NewGrid())
	for _, y := range f.Refs {
		ref := plotter.NewFunction(func(float64) float64 { return y })
		ref.Color = color.Gray{Y: 150}
		ref.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
		ref.Width = vg.Points(0.75)
		p.Add(ref)
	}
	for k := range pn.Series {
		s := &pn.Series[k]
		st := f.style(s.Label)
		off := pn.Dodge * (float64(k) - float64(len(pn.Series)-1)/2)
		if err := addSeries(p, shifted(clamped(s, bounds), off, pn.LogX), st); err != nil {
			return nil, fmt.Errorf("panel %q, series %q: %w", pn.Title, s.Label, err)
		}
	}
	switch {
	case len(pn.Categories) > 0:
		p.NominalX(pn.Categories...)
		p.X.Min, p.X.Max = -0.5, float64(len(pn.Categories))-0.5
	case pn.XTicks != nil:
		p.X.Tick.Marker = labelTicks{ticks: pn.XTicks, width: f.panelWidth(), style: p.X.Tick.Label, log: pn.LogX}
	case !pn.LogX:
		if xs := distinctX(pn); len(xs) >= 2 && len(xs) <= maxDataTicks {
			ticks := make([]Tick, len(xs))
			for i, x := range xs {
				ticks[i] = Tick{Value: x, Label: tickLabel(x)}
			}
			p.X.Tick.Marker = labelTicks{ticks: ticks, width: f.panelWidth(), style: p.X.Tick.Label}
		}
	}
	if len(pn.Categories) == 0 && allPoints(pn) {
		padX(p, pn.LogX) // markers and error bars clear of the frame
	}
	if f.YMin != 0 || f.YMax != 0 {
		p.Y.Min, p.Y.Max = f.YMin, f.YMax
	} else if pad := (p.Y.Max - p.Y.Min) * 0.05; pad > 0 {
		p.Y.Min, p.Y.Max = p.Y.Min-pad, p.Y.Max+pad // markers clear of the frame
		if len(bounds) == 2 {
			p.Y.Min = max(p.Y.Min, bounds[0]-pad)
			p.Y.Max = min(p.Y.Max, bounds[1]+pad)
		}
	}
	return p, nil
}

// clamped returns s with its interval cut to bounds (YBounds).
func clamped(s *Series, bounds []float64) *Series {
	if len(bounds) != 2 || s.Lo == nil || s.Hi == nil {
		return s
	}
	c := *s
	c.Lo, c.Hi = make([]float64, len(s.Lo)), make([]float64, len(s.Hi))
	for i := range s.Lo {
		c.Lo[i] = max(s.Lo[i], bounds[0]) // NaN stays NaN
		c.Hi[i] = min(s.Hi[i], bounds[1])
	}
	return &c
}

// shifted returns s moved by off along x: added, or on a log axis a
// factor of 10^off.
func shifted(s *Series, off float64, log bool) *Series {
	if off == 0 {
		return s
	}
	c := *s
	c.X = make([]float64, len(s.X))
	for i, x := range s.X {
		if log {
			c.X[i] = x * math.Pow(10, off)
		} else {
			c.X[i] = x + off
		}
	}
	return &c
}

// positiveX reports a point of pn that a log x axis cannot place.
func positiveX(pn *Panel) error {
	for _, s := range pn.Series {
		for i, x := range s.X {
			if finite(s.Y[i]) && !(x > 0) {
				return fmt.Errorf("panel %q, series %q: x = %g on a log axis", pn.Title, s.Label, x)
			}
		}
	}
	return nil
}

// allPoints reports whether every series of pn is drawn as markers.
func allPoints(pn *Panel) bool {
	for _, s := range pn.Series {
		if !s.Points {
			return false
		}
	}
	return len(pn.Series) > 0
}

// padX widens p's x range by 5% a side (of the decades on a log axis; a
// tenth of the value when the range is a single x).
func padX(p *plot.Plot, log bool) {
	lo, hi := p.X.Min, p.X.Max
	if log {
		lo, hi = math.Log10(lo), math.Log10(hi)
	}
	pad := (hi - lo) * 0.05
	if pad == 0 {
		pad = max(math.Abs(lo)*0.1, 0.1)
	}
	lo, hi = lo-pad, hi+pad
	if log {
		lo, hi = math.Pow(10, lo), math.Pow(10, hi)
	}
	p.X.Min, p.X.Max = lo, hi
}

// maxDataTicks is the most distinct x values a panel's axis is ticked at
// exactly; more and the default ticks serve better.
const maxDataTicks = 8

// distinctX returns the distinct x values of pn's points with a finite y,
// ascending.
func distinctX(pn *Panel) []float64 {
	var xs []float64
	for _, s := range pn.Series {
		for i, x := range s.X {
			if finite(x) && finite(s.Y[i]) {
				xs = append(xs, x)
			}
		}
	}
	slices.Sort(xs)
	return slices.Compact(xs)
}

// tickLabel formats a data value for a tick: an integer as it is (1000,
// not 1e+03), else to four significant digits.
func tickLabel(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

// DodgeFor returns a Dodge for n series at the x values xs: the n
// markers at one x spread over half the smallest gap between two
// neighbouring x (in decades when log), or over 0.05 (0.05 decades)
// when there is a single x.
func DodgeFor(xs []float64, n int, log bool) float64 {
	if n < 2 {
		return 0
	}
	var vs []float64
	for _, x := range xs {
		if log {
			x = math.Log10(x)
		}
		if finite(x) {
			vs = append(vs, x)
		}
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	gap := 0.1
	for i := 1; i < len(vs); i++ {
		if i == 1 || vs[i]-vs[i-1] < gap {
			gap = vs[i] - vs[i-1]
		}
	}
	return gap / 2 / float64(n)
}

// WantLog reports whether values (a panel's x values) call for a log
// axis: all positive, and the largest more than ten times the smallest,
// so that a linear axis would crowd the small ones together.
func WantLog(values []float64) bool {
	if len(values) == 0 {
		return false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if !(v > 0) || math.IsInf(v, 0) {
			return false
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	return hi > 10*lo
}

// labelTicks is a plot.Ticker that ticks exactly at its ticks inside the
// axis range, leaving out the label of a tick that would overlap the
// previous labelled one (width is the panel's, the data area a little
// narrower; log, that the axis is log10).
type labelTicks struct {
	ticks []Tick
	width vg.Length
	style text.Style
	log   bool
}

// Ticks implements plot.Ticker.
func (t labelTicks) Ticks(lo, hi float64) []plot.Tick {
	area := float64(t.width - vg.Inch) // the y axis and the margins take about an inch
	var out []plot.Tick
	last, lastW := math.Inf(-1), 0.0
	for _, tk := range t.ticks {
		if tk.Value < lo || tk.Value > hi {
			continue
		}
		pos := area * (tk.Value - lo) / (hi - lo)
		if t.log {
			pos = area * math.Log(tk.Value/lo) / math.Log(hi/lo)
		}
		w := float64(t.style.Width(tk.Label))
		label := tk.Label
		if pos-last < (w+lastW)/2+float64(vg.Points(4)) {
			label = ""
		} else {
			last, lastW = pos, w
		}
		out = append(out, plot.Tick{Value: tk.Value, Label: label})
	}
	return out
}

// panelWidth is the width of one panel.
func (f *Figure) panelWidth() vg.Length {
	if f.Width > 0 {
		return vg.Length(f.Width) * vg.Inch
	}
	return panelW
}

// addSeries adds a series' band (or error bars), line and markers.
func addSeries(p *plot.Plot, s *Series, st style) error {
	var pts plotter.XYs
	var bars plotter.XYs
	var errs plotter.YErrors
	for i := range s.Y {
		if math.IsNaN(s.Y[i]) || math.IsInf(s.Y[i], 0) {
			continue
		}
		x := s.X[i]
		pts = append(pts, plotter.XY{X: x, Y: s.Y[i]})
		if s.Points && s.Lo != nil && finite(s.Lo[i]) && finite(s.Hi[i]) {
			bars = append(bars, plotter.XY{X: x, Y: s.Y[i]})
			errs = append(errs, struct{ Low, High float64 }{s.Y[i] - s.Lo[i], s.Hi[i] - s.Y[i]})
		}
	}
	if len(pts) == 0 {
		return nil
	}
	if s.Points {
		if len(bars) > 0 {
			eb, err := plotter.NewYErrorBars(errorBars{bars, errs})
			if err != nil {
				return err
			}
			eb.Color = st.color
			eb.Width = vg.Points(1)
			p.Add(eb)
		}
	} else {
		for _, band := range bands(s) {
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return err
			}
			poly.Color = st.band
			poly.LineStyle.Width = 0
			p.Add(poly)
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.LineStyle = st.line()
		p.Add(line)
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	sc.GlyphStyle = st.glyph(s.Points)
	p.Add(sc)
	return nil
}

// bands returns the polygons of a series' confidence band: one per run
// of consecutive points with a finite interval.
func bands(s *Series) []plotter.XYs {
	if s.Lo == nil || s.Hi == nil {
		return nil
	}
	var out []plotter.XYs
	var lo, hi plotter.XYs
	flush := func() {
		if len(lo) >= 2 {
			ring := append(plotter.XYs{}, hi...)
			for i := len(lo) - 1; i >= 0; i-- {
				ring = append(ring, lo[i])
			}
			out = append(out, ring)
		}
		lo, hi = nil, nil
	}
	for i := range s.Y {
		if !finite(s.Y[i]) || !finite(s.Lo[i]) || !finite(s.Hi[i]) {
			flush()
			continue
		}
		lo = append(lo, plotter.XY{X: s.X[i], Y: s.Lo[i]})
		hi = append(hi, plotter.XY{X: s.X[i], Y: s.Hi[i]})
	}
	flush()
	return out
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// errorBars is the XYer and YErrorer of plotter.NewYErrorBars.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// legend returns the figure's legend: one entry per label of Legend that
// some series has, with its line and marker.
func (f *Figure) legend() plot.Legend {
	l := plot.NewLegend()
	l.Top, l.Left = true, true
	l.TextStyle = textStyle(10)
	l.Padding = vg.Points(3)
	points := true
	for _, pn := range f.Panels {
		for _, s := range pn.Series {
			points = points && s.Points
		}
	}
	used := map[string]bool{}
	for _, pn := range f.Panels {
		for _, s := range pn.Series {
			used[s.Label] = true
		}
	}
	for _, name := range f.Legend {
		if !used[name] {
			continue
		}
		st := f.style(name)
		sc := &plotter.Scatter{GlyphStyle: st.glyph(points)}
		if points {
			l.Add(name, sc)
			continue
		}
		l.Add(name, &plotter.Line{LineStyle: st.line()}, sc)
	}
	return l
}

func textStyle(size float64) text.Style {
	return text.Style{Font: font.From(plot.DefaultFont, vg.Points(size)), Handler: plot.DefaultTextHandler}
}

// fillWhite paints the canvas white (the SVG canvas starts transparent).
func fillWhite(c draw.Canvas) {
	var r vg.Path
	r.Move(c.Min)
	r.Line(vg.Point{X: c.Max.X, Y: c.Min.Y})
	r.Line(c.Max)
	r.Line(vg.Point{X: c.Min.X, Y: c.Max.Y})
	r.Close()
	c.SetColor(color.White)
	c.Fill(r)
}
