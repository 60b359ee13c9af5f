package chart

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// demsarDiagram is Demšar's (2006) Fig. 1: four C4.5 variants over 14
// datasets, Nemenyi's CD at 0.05.
func demsarDiagram() *CDDiagram {
	return &CDDiagram{
		Title:    "Critical difference diagram",
		Caption:  "Nemenyi, α = 0.05, 4 learners, 14 datasets.\nBest rank on the left.",
		Learners: []string{"C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"},
		Ranks:    []float64{3.143, 2.000, 2.893, 1.964},
		CD:       1.25,
	}
}

func TestCDDiagramIsDeterministic(t *testing.T) {
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			a, err := demsarDiagram().Render(format)
			if err != nil {
				t.Fatal(err)
			}
			b, err := demsarDiagram().Render(format)
			if err != nil {
				t.Fatal(err)
			}
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Fatalf("Render(%s) twice: %d and %d bytes, equal %v", format, len(a), len(b), bytes.Equal(a, b))
			}
			if os.Getenv("CHART_OUT") != "" {
				os.WriteFile(filepath.Join(os.Getenv("CHART_OUT"), "cd."+format), a, 0o644)
			}
		})
	}
}

// TestCDDiagramSVGNamesAll: the SVG holds every learner's name and the
// CD label, for an odd and an even number of learners, and a CD wider
// than the axis.
func TestCDDiagramSVGNamesAll(t *testing.T) {
	odd := &CDDiagram{Learners: []string{"id3", "c45", "cart", "naivebayes", "intuitive"}, Ranks: []float64{3, 1.5, 2.5, 3.5, 4.5}, CD: 2.728}
	wide := &CDDiagram{Learners: []string{"a", "b"}, Ranks: []float64{1.25, 1.75}, CD: 1.386}
	for _, d := range []*CDDiagram{demsarDiagram(), odd, wide} {
		out, err := d.Render("svg")
		if err != nil {
			t.Fatal(err)
		}
		svg := string(out)
		for _, l := range d.Learners {
			if !strings.Contains(svg, ">"+l+" (") {
				t.Errorf("SVG of %v lacks the name %q", d.Learners, l)
			}
		}
		if want := fmt.Sprintf("CD = %.3f", d.CD); !strings.Contains(svg, want) {
			t.Errorf("SVG of %v lacks the label %q", d.Learners, want)
		}
	}
}

func TestCDDiagramRejects(t *testing.T) {
	for _, d := range []*CDDiagram{
		{Learners: []string{"a"}, Ranks: []float64{1}, CD: 1},
		{Learners: []string{"a", "b"}, Ranks: []float64{1}, CD: 1},
		{Learners: []string{"a", "b"}, Ranks: []float64{1, 2}, CD: 0},
		{Learners: []string{"a", "b"}, Ranks: []float64{1, 2.5}, CD: 1},
	} {
		if _, err := d.Render("png"); err == nil {
			t.Errorf("Render of %+v: no error", d)
		}
	}
	if _, err := demsarDiagram().Render("gif"); err == nil {
		t.Error("Render(gif): no error")
	}
}

// TestWrap: a caption is broken between words to fit the width, at its
// own line breaks too, and a word wider than the width stands alone.
func TestWrap(t *testing.T) {
	st := textStyle(9)
	long := strings.Repeat("word ", 60) + "\nsecond line"
	out := wrap(st, long, 200)
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || lines[len(lines)-1] != "second line" {
		t.Fatalf("wrap gave %d lines, last %q; want several, the last \"second line\"", len(lines), lines[len(lines)-1])
	}
	for _, l := range lines {
		if st.Width(l) > 200 {
			t.Errorf("line %q is %v wide; want at most 200", l, st.Width(l))
		}
	}
	if strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(long), " ") {
		t.Error("wrap changed the words")
	}
	if got := wrap(st, "supercalifragilistic", 5); got != "supercalifragilistic" {
		t.Errorf("a word wider than the width: %q", got)
	}
	if wrap(st, "", 100) != "" {
		t.Error("an empty caption is not empty")
	}
}
