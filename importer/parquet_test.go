package importer

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestReadParquetNulls reads a column of every Parquet type the importer
// knows, each with nulls (and a NaN among the doubles).
func TestReadParquetNulls(t *testing.T) {
	d, rep, err := Read(filepath.Join("testdata", "nulls.parquet"), Options{Class: "result"})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	const day = 18700 * 86400000.0
	cases := []struct {
		name    string
		kind    Kind
		missing int
		cuts    []float64 // discretized columns
		values  []string  // nominal columns
		codes   []uint8
	}{
		{"color", String, 1, nil, []string{"red", "blue", "green", "?"}, []uint8{0, 3, 1, 0, 2}},
		{"count", Numeric, 1, []float64{2, 5.5}, nil, []uint8{1, 0, 3, 1, 2}},
		{"big", Numeric, 1, []float64{-1, 8.5}, nil, []uint8{0, 3, 2, 1, 1}},
		{"ratio", Numeric, 2, []float64{0.75, 1.625}, nil, []uint8{0, 3, 2, 3, 1}},
		{"small", Numeric, 1, []float64{-0.5, 0.75, 1.75}, nil, []uint8{2, 4, 0, 1, 3}},
		{"flag", Boolean, 1, nil, []string{"false", "true", "?"}, []uint8{1, 0, 2, 1, 0}},
		{"day", Date, 1, []float64{day + 43200000, day + 3*43200000}, nil, []uint8{0, 3, 1, 2, 0}},
		{"seen", Date, 2, []float64{1615809600000, 1615896000000}, nil, []uint8{0, 3, 1, 3, 2}},
	}
	s := d.Schema()
	if len(s.Features) != len(cases) {
		t.Fatalf("%d features; want %d", len(s.Features), len(cases))
	}
	for f, tc := range cases {
		c := rep.Features[f]
		if c.Name != tc.name || c.Kind != tc.kind || c.Missing != tc.missing || c.Discretized != (tc.values == nil) {
			t.Errorf("feature %d: %+v; want %s, kind %v, %d missing", f, c, tc.name, tc.kind, tc.missing)
		}
		if tc.values == nil && !slices.Equal(c.Cuts, tc.cuts) {
			t.Errorf("%s: cuts %v; want %v", tc.name, c.Cuts, tc.cuts)
		}
		if tc.values != nil && !slices.Equal(s.Features[f].Values, tc.values) {
			t.Errorf("%s: values %q; want %q", tc.name, s.Features[f].Values, tc.values)
		}
		if !slices.Equal(d.Column(f), tc.codes) {
			t.Errorf("%s: codes %v; want %v", tc.name, d.Column(f), tc.codes)
		}
	}
	dayLabels := s.Features[6].Values
	noon := time.UnixMilli(int64(day + 43200000)).UTC().Format(time.RFC3339)
	if dayLabels[0] != "(-inf, "+noon+"]" || noon != "2021-03-14T12:00:00Z" {
		t.Errorf("day labels %q; want the first up to %s", dayLabels, noon)
	}
	if !slices.Equal(s.Class.Values, []string{"a", "b"}) || !slices.Equal(d.Labels(), []uint8{0, 1, 0, 1, 0}) {
		t.Errorf("class %q, codes %v", s.Class.Values, d.Labels())
	}
}

// TestReadParquetNominal reads Parquet numbers as nominal: integers and
// dates as they would be written, ordered as numbers.
func TestReadParquetNominal(t *testing.T) {
	d, rep, err := Read(filepath.Join("testdata", "nulls.parquet"),
		Options{Class: "result", Nominal: []string{"count", "ratio", "day"}, Drop: []string{"big", "seen"}})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	s := d.Schema()
	want := map[string][]string{
		"count": {"1", "3", "8", "?"},
		"ratio": {"0.5", "1", "2.25", "?"},
		"day":   {"2021-03-14T00:00:00Z", "2021-03-15T00:00:00Z", "2021-03-16T00:00:00Z", "?"},
	}
	for f, a := range s.Features {
		if w, ok := want[a.Name]; ok {
			if !slices.Equal(a.Values, w) || rep.Features[f].Discretized {
				t.Errorf("%s: values %q, discretized %v; want %q, nominal", a.Name, a.Values, rep.Features[f].Discretized, w)
			}
		}
	}
	if !slices.Equal(rep.DroppedColumns, []string{"big", "seen"}) {
		t.Errorf("dropped %q", rep.DroppedColumns)
	}
}
