package chart

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// decodePNG decodes a PNG file, failing the test when it is not one.
func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode PNG of %d bytes: %v", len(b), err)
	}
	return img
}

// samePixels reports the first pixel where a and b differ, or ok.
func samePixels(a, b image.Image) (x, y int, ok bool) {
	if a.Bounds() != b.Bounds() {
		return 0, 0, false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.NRGBAModel.Convert(a.At(x, y)) != color.NRGBAModel.Convert(b.At(x, y)) {
				return x, y, false
			}
		}
	}
	return 0, 0, true
}

// TestPNGIsVgimgsPixels: a figure's PNG, written by pngCanvas at zlib's
// fastest level, decodes to the pixels vgimg.PngCanvas writes for the
// same canvas, on a drawn figure and on a canvas with lines, text and a
// translucent fill.
func TestPNGIsVgimgsPixels(t *testing.T) {
	figure := testFigure()
	c, err := newCanvas("png", 6*vg.Inch, 4*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	pc, ok := c.(pngCanvas)
	if !ok {
		t.Fatalf("newCanvas(png) is %T, want pngCanvas", c)
	}
	dc := draw.New(pc)
	fillWhite(dc)
	dc.SetColor(color.NRGBA{R: 200, G: 30, B: 30, A: 120})
	dc.Fill(vg.Path{{Type: vg.MoveComp, Pos: vg.Point{X: 10, Y: 10}}, {Type: vg.LineComp, Pos: vg.Point{X: 300, Y: 40}}, {Type: vg.LineComp, Pos: vg.Point{X: 120, Y: 250}}, {Type: vg.CloseComp}})
	dc.SetColor(color.Black)
	dc.SetLineWidth(2)
	dc.Stroke(vg.Path{{Type: vg.MoveComp, Pos: vg.Point{X: 20, Y: 200}}, {Type: vg.LineComp, Pos: vg.Point{X: 400, Y: 30}}})
	dc.FillText(textStyle(10), vg.Point{X: 30, Y: 260}, figure.Title)
	var ours, theirs bytes.Buffer
	n, err := pc.WriteTo(&ours)
	if err != nil || n != int64(ours.Len()) {
		t.Fatalf("WriteTo = %d, %v; wrote %d bytes", n, err, ours.Len())
	}
	if _, err := (vgimg.PngCanvas{Canvas: pc.Canvas}).WriteTo(&theirs); err != nil {
		t.Fatal(err)
	}
	if x, y, ok := samePixels(decodePNG(t, ours.Bytes()), decodePNG(t, theirs.Bytes())); !ok {
		t.Errorf("pixel (%d, %d) differs from vgimg's PNG (or the bounds do)", x, y)
	}
	if bytes.Equal(ours.Bytes(), theirs.Bytes()) {
		t.Errorf("the PNG is byte for byte vgimg's default level's: not written by pngEncoder")
	}
	// A whole figure renders to a PNG of the figure's size at the report's
	// resolution, twice the same.
	out, err := figure.Render("png")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := figure.Render("png")
	if !bytes.Equal(out, again) {
		t.Error("two renders of one figure differ")
	}
	w := (figure.panelWidth()*2 + legendW) / vg.Inch * dpi
	if got := decodePNG(t, out).Bounds().Dx(); got != int(w+0.5) {
		t.Errorf("figure PNG is %d pixels wide, want %d", got, int(w+0.5))
	}
}
