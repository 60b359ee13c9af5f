package chart

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette is Tableau's ten colours (the Tableau-10 / matplotlib "tab10"
// set), in their order: ten hues that stay apart from each other (no two
// closer than ΔE 25 in CIELAB; see TestPaletteDistinct), so that ten
// learners read apart without the legend's markers. A series' colour is
// its learner's position in the legend, which the report fills in config
// order; after ten series the dashes change.
var palette = []color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, // blue
	{0xff, 0x7f, 0x0e, 0xff}, // orange
	{0x2c, 0xa0, 0x2c, 0xff}, // green
	{0xd6, 0x27, 0x28, 0xff}, // red
	{0x94, 0x67, 0xbd, 0xff}, // purple
	{0x8c, 0x56, 0x4b, 0xff}, // brown
	{0xe3, 0x77, 0xc2, 0xff}, // pink
	{0x7f, 0x7f, 0x7f, 0xff}, // grey
	{0xbc, 0xbd, 0x22, 0xff}, // olive
	{0x17, 0xbe, 0xcf, 0xff}, // cyan
}

var dashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(2)},
	{vg.Points(2), vg.Points(2)},
}

var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{}, draw.CrossGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{},
}

// style is how one series is drawn.
type style struct {
	color, band color.NRGBA
	dashes      []vg.Length
	shape       draw.GlyphDrawer
}

// style returns the style of the series labelled label: by its position
// in the legend, the first style for a label the legend lacks.
func (f *Figure) style(label string) style {
	k := max(slices.Index(f.Legend, label), 0)
	c := palette[k%len(palette)]
	band := c
	band.A = 0x40
	return style{color: c, band: band, dashes: dashes[(k/len(palette))%len(dashes)], shape: glyphs[k%len(glyphs)]}
}

func (s style) line() draw.LineStyle {
	return draw.LineStyle{Color: s.color, Width: vg.Points(1.25), Dashes: s.dashes}
}

func (s style) glyph(points bool) draw.GlyphStyle {
	r := vg.Points(1.6)
	if points {
		r = vg.Points(3)
	}
	return draw.GlyphStyle{Color: s.color, Radius: r, Shape: s.shape}
}
