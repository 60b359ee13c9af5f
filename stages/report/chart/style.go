package chart

import (
	"image/color"
	"slices"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette is Okabe and Ito's colour-blind-safe palette (black left out,
// yellow darkened and moved last) with three darker tones; after ten
// series the dashes change.
var palette = []color.NRGBA{
	{0x00, 0x72, 0xB2, 0xff}, // blue
	{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	{0x00, 0x9E, 0x73, 0xff}, // bluish green
	{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xff}, // orange
	{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	{0x44, 0x44, 0x44, 0xff}, // dark grey
	{0x88, 0x22, 0x55, 0xff}, // wine
	{0x11, 0x77, 0x33, 0xff}, // dark green
	{0xC9, 0xB8, 0x00, 0xff}, // dark yellow
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
