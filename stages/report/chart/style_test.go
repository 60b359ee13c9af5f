package chart

import (
	"fmt"
	"image/color"
	"math"
	"testing"
)

// TestPaletteDistinct: the first ten series of a figure (ten learners in
// config order) get ten colours no two of which are closer than ΔE 25
// (CIE76), the size of difference a reader tells apart at a glance on a
// thin line; the old Okabe–Ito palette with darker extras had its bluish
// and dark greens 22 apart, and cart and random looked alike.
func TestPaletteDistinct(t *testing.T) {
	var legend []string
	for i := range 10 {
		legend = append(legend, fmt.Sprintf("learner%d", i))
	}
	f := &Figure{Legend: legend}
	for i := range legend {
		for j := i + 1; j < len(legend); j++ {
			a, b := f.style(legend[i]).color, f.style(legend[j]).color
			if d := deltaE(a, b); d < 25 {
				t.Errorf("series %d (%v) and %d (%v): ΔE %.1f; want at least 25", i, a, j, b, d)
			}
		}
	}
	// The colour follows the legend position, not the panel's series order.
	g := &Figure{Legend: []string{"learner4", "learner3"}}
	if g.style("learner3").color != f.style("learner1").color {
		t.Error("a series' colour does not follow its position in the legend")
	}
}

// deltaE is the CIE76 colour difference of two sRGB colours.
func deltaE(a, b color.NRGBA) float64 {
	la, aa, ba := lab(a)
	lb, ab, bb := lab(b)
	return math.Sqrt((la-lb)*(la-lb) + (aa-ab)*(aa-ab) + (ba-bb)*(ba-bb))
}

// lab converts an sRGB colour to CIELAB (D65 white).
func lab(c color.NRGBA) (l, a, b float64) {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, bl := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*bl) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*bl
	z := (0.0193*r + 0.1192*g + 0.9505*bl) / 1.08883
	f := func(v float64) float64 {
		if v > 0.008856 {
			return math.Cbrt(v)
		}
		return 7.787*v + 16.0/116
	}
	return 116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))
}
