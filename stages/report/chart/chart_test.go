package chart

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// testFigure has two line panels (a NaN point, an undefined interval)
// and the legend of three series.
func testFigure() *Figure {
	nan := math.NaN()
	line := func(label string, off float64) Series {
		x := []float64{100, 200, 300, 400}
		s := Series{Label: label, X: x}
		for i := range x {
			y := 0.6 + off + 0.1*float64(i)
			s.Y = append(s.Y, y)
			s.Lo = append(s.Lo, y-0.03)
			s.Hi = append(s.Hi, y+0.03)
		}
		s.Lo[0], s.Hi[0] = nan, nan
		return s
	}
	b := line("c45", -0.05)
	b.Y[2] = nan
	return &Figure{
		Title: "Mean DOE against training size", Caption: "run test, seed 1",
		XLabel: "training size (rows)", YLabel: "mean DOE", YMin: 0, YMax: 1, Refs: []float64{0.9},
		Legend: []string{"id3", "c45", "cart"},
		Panels: []Panel{
			{Title: "depth 3", Series: []Series{line("id3", 0), b}},
			{Title: "depth 5", Series: []Series{line("id3", -0.1), line("cart", -0.2)}},
		},
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			a, err := testFigure().Render(format)
			if err != nil {
				t.Fatal(err)
			}
			b, err := testFigure().Render(format)
			if err != nil {
				t.Fatal(err)
			}
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Fatalf("Render(%s) twice: %d and %d bytes, equal %v", format, len(a), len(b), bytes.Equal(a, b))
			}
			if os.Getenv("CHART_OUT") != "" {
				os.WriteFile(filepath.Join(os.Getenv("CHART_OUT"), "test."+format), a, 0o644)
			}
		})
	}
}

func TestRenderPoints(t *testing.T) {
	f := &Figure{Title: "γ", XLabel: "dataset", YLabel: "γ^X", Refs: []float64{0}, Legend: []string{"a", "b"},
		Panels: []Panel{{Title: "γ^X", Categories: []string{"vote", "credit"}, Dodge: 0.2, Series: []Series{
			{Label: "a", X: []float64{0, 1}, Y: []float64{0.5, -0.2}, Lo: []float64{0.4, -0.3}, Hi: []float64{0.6, -0.1}, Points: true},
			{Label: "b", X: []float64{0, 1}, Y: []float64{0.7, math.NaN()}, Points: true},
		}}}}
	for _, format := range Formats {
		out, err := f.Render(format)
		if err != nil || len(out) == 0 {
			t.Fatalf("Render(%s) = %d bytes, %v", format, len(out), err)
		}
		if os.Getenv("CHART_OUT") != "" {
			os.WriteFile(filepath.Join(os.Getenv("CHART_OUT"), "points."+format), out, 0o644)
		}
	}
}

func TestRenderRejects(t *testing.T) {
	if _, err := (&Figure{Title: "x"}).Render("png"); err == nil {
		t.Error("Render of a figure with no panels: no error")
	}
	if _, err := testFigure().Render("gif"); err == nil {
		t.Error("Render(gif): no error")
	}
}

// TestRenderOddGrid: five panels in rows of three leave one tile empty,
// and a panel without any finite point still draws.
func TestRenderOddGrid(t *testing.T) {
	f := testFigure()
	empty := Panel{Title: "no values", Series: []Series{{Label: "id3", X: []float64{1, 2}, Y: []float64{math.NaN(), math.NaN()}}}}
	f.Panels = append(f.Panels, f.Panels[0], f.Panels[1], empty)
	f.Cols = 3
	for _, format := range Formats {
		if out, err := f.Render(format); err != nil || len(out) == 0 {
			t.Errorf("Render(%s) of 5 panels = %d bytes, %v", format, len(out), err)
		}
	}
	f.YMin, f.YMax = 0, 0 // automatic range, with an empty panel
	if _, err := f.Render("png"); err != nil {
		t.Error(err)
	}
}
