package report

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/schemas"
)

// summaryRow returns a Summary of one cell with DOE and accuracy means set
// (N = 2, a fixed interval) or, for a negative doe, a null DOE.
func summaryRow(learner string, mode string, depth, size int32, doe, acc float64) OracleSummary {
	stat := func(x float64) Stat {
		if x < 0 {
			return nullStat()
		}
		return Stat{N: 2, Mean: x, SD: 0.1, CILow: x - 0.05, CIHigh: x + 0.05}
	}
	s := OracleSummary{Learner: learner, Cell: schemas.OracleCell{Features: 10, Depth: depth, Mode: mode, Size: size}, Count: 2,
		Stats: make([]Stat, len(Measures()))}
	for i := range s.Stats {
		s.Stats[i] = nullStat()
	}
	*s.Stat(DOE), *s.Stat(Accuracy) = stat(doe), stat(acc)
	return s
}

func tableRows() []OracleSummary {
	return []OracleSummary{
		summaryRow("id3", "unique", 5, 100, 0.5, 0.6),
		summaryRow("id3", "complete", 3, 100, 0.7, 0.8),
		summaryRow("id3", "complete", 3, 300, 0.9, 0.95),
		summaryRow("majority", "complete", 3, 100, -1, 0.5),
		summaryRow("majority", "complete", 3, 300, -1, 0.52),
		summaryRow("cart", "complete", 3, 300, 0.85, 0.9), // no size-100 row
	}
}

func TestPanels(t *testing.T) {
	got := Panels(tableRows())
	want := []Panel{{10, "unique", 5}, {10, "complete", 3}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Panels = %v; want %v", got, want)
	}
}

func TestMeanTable(t *testing.T) {
	p := Panel{10, "complete", 3}
	tests := []struct {
		name     string
		table    Table
		learners []string
		sizes    []int32
		means    [][]float64 // NaN = no value
	}{
		{"accuracy", MeanTable(tableRows(), p, Accuracy), []string{"id3", "majority", "cart"}, []int32{100, 300},
			[][]float64{{0.8, 0.5, math.NaN()}, {0.95, 0.52, 0.9}}},
		{"doe keeps null learner", MeanTable(tableRows(), p, DOE), []string{"id3", "majority", "cart"}, []int32{100, 300},
			[][]float64{{0.7, math.NaN(), math.NaN()}, {0.9, math.NaN(), 0.85}}},
		{"DOETable drops it", DOETable(tableRows(), p), []string{"id3", "cart"}, []int32{100, 300},
			[][]float64{{0.7, math.NaN()}, {0.9, 0.85}}},
		{"select", DOETable(tableRows(), p).Select(300, 200), []string{"id3", "cart"}, []int32{300, 200},
			[][]float64{{0.9, 0.85}, {math.NaN(), math.NaN()}}},
		{"other panel", DOETable(tableRows(), Panel{10, "unique", 5}), []string{"id3"}, []int32{100},
			[][]float64{{0.5}}},
		{"absent panel", DOETable(tableRows(), Panel{20, "unique", 5}), nil, nil, [][]float64{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.table
			if !reflect.DeepEqual(tb.Learners, tc.learners) || !reflect.DeepEqual(tb.Sizes, tc.sizes) {
				t.Fatalf("learners %v sizes %v; want %v %v", tb.Learners, tb.Sizes, tc.learners, tc.sizes)
			}
			if len(tb.Stats) != len(tc.means) {
				t.Fatalf("%d stat rows; want %d", len(tb.Stats), len(tc.means))
			}
			for i := range tc.means {
				for j, want := range tc.means[i] {
					got := tb.Stats[i][j]
					if math.IsNaN(want) {
						if got.N != 0 || !math.IsNaN(got.Mean) {
							t.Errorf("cell (%d, %s) = %+v; want no value", tb.Sizes[i], tb.Learners[j], got)
						}
					} else if got.Mean != want {
						t.Errorf("cell (%d, %s) mean = %g; want %g", tb.Sizes[i], tb.Learners[j], got.Mean, want)
					}
				}
			}
		})
	}
}

func TestTableMarkdown(t *testing.T) {
	var b strings.Builder
	if err := DOETable(tableRows(), Panel{10, "complete", 3}).Markdown(&b); err != nil {
		t.Fatal(err)
	}
	want := "| size | id3 | cart |\n" +
		"| ---: | ---: | ---: |\n" +
		"| 100 | 0.700 ± 0.050 | – |\n" +
		"| 300 | 0.900 ± 0.050 | 0.850 ± 0.050 |\n"
	if b.String() != want {
		t.Errorf("Markdown =\n%s\nwant\n%s", b.String(), want)
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0.62549, "0.625"}, {0.62551, "0.626"}, {1, "1.000"}, {-0.25, "-0.250"},
		{-0.0001, "0.000"}, {math.NaN(), "–"}, {23.4567, "23.457"},
	}
	for _, tc := range tests {
		if got := format(tc.in); got != tc.want {
			t.Errorf("format(%g) = %q; want %q", tc.in, got, tc.want)
		}
	}
	if got := escape("a|b\nc"); got != `a\|b c` {
		t.Errorf("escape = %q", got)
	}
}
