package chart

import (
	"slices"
	"strings"

	"bytes"
	"gonum.org/v1/plot"
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

// ticksOf returns the labels of panel pn's x ticks as f draws it, ""
// for an unlabelled tick, and whether the axis is log10.
func ticksOf(t *testing.T, f *Figure, pn *Panel) (values []float64, labels []string, log bool) {
	t.Helper()
	p, err := f.panel(pn)
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if tk.Label != "" && tk.Value >= p.X.Min && tk.Value <= p.X.Max { // as the axis draws them
			values, labels = append(values, tk.Value), append(labels, tk.Label)
		}
	}
	_, log = p.X.Scale.(plot.LogScale)
	return values, labels, log
}

func points(xs ...float64) Series {
	s := Series{Label: "a", Points: true}
	for _, x := range xs {
		s.X, s.Y = append(s.X, x), append(s.Y, 1)
	}
	return s
}

func TestXTicks(t *testing.T) {
	many := make([]float64, 20)
	for i := range many {
		many[i] = float64(10 * (i + 1))
	}
	for _, tc := range []struct {
		name   string
		panel  Panel
		labels []string
		log    bool
	}{
		// The oracle's training sizes: ticked at 100, 300, 1000, not
		// gonum's 200, 600, 1000.
		{"sizes", Panel{Series: []Series{{Label: "a", X: []float64{100, 300, 1000}, Y: []float64{1, 2, 3}}}},
			[]string{"100", "300", "1000"}, false},
		{"fractions", Panel{Series: []Series{points(0.931, 0.962, 0.991)}}, []string{"0.931", "0.962", "0.991"}, false},
		// Too many to name each: gonum's own ticks.
		{"many", Panel{Series: []Series{points(many...)}}, []string{"40", "120", "200"}, false},
		// A size whose label would overlap its neighbour's keeps its tick
		// but not its label.
		{"crowded", Panel{Series: []Series{points(100, 110, 1000)}}, []string{"100", "1000"}, false},
		{"log", Panel{LogX: true, Series: []Series{points(10, 50, 100, 500, 1000, 5000, 10000)}},
			[]string{"10", "100", "1000", "10000"}, true},
		{"given", Panel{XTicks: []Tick{{0.5, "0.5\nvote"}, {0.7, "0.7\ncredit"}}, Series: []Series{points(0.5, 0.7)}},
			[]string{"0.5\nvote", "0.7\ncredit"}, false},
		{"given log", Panel{LogX: true, XTicks: []Tick{{10, "ten"}, {1000, "thousand"}}, Series: []Series{points(10, 1000)}},
			[]string{"ten", "thousand"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &Figure{Legend: []string{"a"}, Panels: []Panel{tc.panel}}
			_, labels, log := ticksOf(t, f, &tc.panel)
			if !slices.Equal(labels, tc.labels) || log != tc.log {
				t.Errorf("x tick labels %q, log %v; want %q, %v", labels, log, tc.labels, tc.log)
			}
		})
	}
}

func TestLogXRejectsNonPositive(t *testing.T) {
	f := &Figure{Title: "k", Legend: []string{"a"}, Panels: []Panel{{Title: "cost", LogX: true, Series: []Series{points(0, 10)}}}}
	if _, err := f.Render("png"); err == nil || !strings.Contains(err.Error(), "log axis") {
		t.Errorf("Render of x = 0 on a log axis: %v; want an error that says so", err)
	}
}

func TestWantLog(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want bool
	}{
		{[]float64{10, 50, 100, 500, 1000, 5000, 10000}, true},
		{[]float64{100, 300, 1000}, false}, // exactly a factor of 10
		{[]float64{100, 300, 1001}, true},
		{[]float64{0, 10, 1000}, false}, // k = 0, the matrix
		{[]float64{-1, 100}, false},
		{[]float64{math.NaN(), 1, 100}, false},
		{nil, false},
	} {
		if got := WantLog(tc.xs); got != tc.want {
			t.Errorf("WantLog(%v) = %v; want %v", tc.xs, got, tc.want)
		}
	}
}

func TestDodge(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		n    int
		log  bool
		want float64
	}{
		{[]float64{0.931, 0.962, 0.991}, 7, false, 0.029 / 2 / 7},
		{[]float64{10, 5000, 10000}, 6, true, math.Log10(2) / 2 / 6},
		{[]float64{0.5, 0.5}, 4, false, 0.1 / 2 / 4}, // a single x
		{[]float64{1, 2}, 1, false, 0},
	} {
		if got := DodgeFor(tc.xs, tc.n, tc.log); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("DodgeFor(%v, %d, %v) = %g; want %g", tc.xs, tc.n, tc.log, got, tc.want)
		}
	}
	s := points(10, 100)
	if got := shifted(&s, 0.5, false).X; !slices.Equal(got, []float64{10.5, 100.5}) {
		t.Errorf("shifted by 0.5: %v", got)
	}
	if got := shifted(&s, 1, true).X; !slices.Equal(got, []float64{100, 1000}) {
		t.Errorf("shifted by a decade on a log axis: %v", got)
	}
	if s.X[0] != 10 {
		t.Error("shifted changed its argument")
	}
}

// TestPanelOverrides: a panel's own y label and bounds win over the
// figure's; a cost's band, cut at 0, keeps the axis at about 0.
func TestPanelOverrides(t *testing.T) {
	cost := Series{Label: "a", X: []float64{1, 2}, Y: []float64{1, 5}, Lo: []float64{-3, 4}, Hi: []float64{5, 6}}
	f := &Figure{XLabel: "k", YLabel: "shared", YBounds: []float64{-1, 1}, Legend: []string{"a"}}
	for _, tc := range []struct {
		panel  Panel
		label  string
		ymin   float64
		bounds []float64
	}{
		{Panel{Series: []Series{cost}}, "shared", -1.3, []float64{-1, 1}},
		{Panel{YLabel: "test cost", YBounds: []float64{0, math.Inf(1)}, Series: []Series{cost}}, "test cost", -0.3, []float64{0, math.Inf(1)}},
	} {
		p, err := f.panel(&tc.panel)
		if err != nil {
			t.Fatal(err)
		}
		if p.Y.Label.Text != tc.label || math.Abs(p.Y.Min-tc.ymin) > 1e-9 {
			t.Errorf("y label %q, y min %g; want %q, %g", p.Y.Label.Text, p.Y.Min, tc.label, tc.ymin)
		}
		if c := clamped(&cost, tc.bounds); c.Lo[0] != tc.bounds[0] || c.Hi[1] != min(6, tc.bounds[1]) {
			t.Errorf("interval cut to %v: %v – %v", tc.bounds, c.Lo, c.Hi)
		}
	}
}
