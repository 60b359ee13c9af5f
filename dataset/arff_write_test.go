package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sameDataset returns nil when a and b have equal schemas and equal rows.
func sameDataset(a, b *Dataset) error {
	sa, sb := a.Schema(), b.Schema()
	if len(sa.Features) != len(sb.Features) {
		return fmt.Errorf("%d features vs %d", len(sa.Features), len(sb.Features))
	}
	attrs := func(s Schema) []Attribute { return append(slices.Clone(s.Features), s.Class) }
	for i, x := range attrs(sa) {
		y := attrs(sb)[i]
		if x.Name != y.Name || !slices.Equal(x.Values, y.Values) {
			return fmt.Errorf("attribute %d: %q %q vs %q %q", i, x.Name, x.Values, y.Name, y.Values)
		}
	}
	if a.Len() != b.Len() {
		return fmt.Errorf("%d rows vs %d", a.Len(), b.Len())
	}
	for f := range sa.Features {
		if !slices.Equal(a.Column(f), b.Column(f)) {
			return fmt.Errorf("column %d: %v vs %v", f, a.Column(f), b.Column(f))
		}
	}
	if !slices.Equal(a.Labels(), b.Labels()) {
		return fmt.Errorf("labels: %v vs %v", a.Labels(), b.Labels())
	}
	return nil
}

// weatherDataset builds the weather data from weatherTable, independently
// of the ARFF reader.
func weatherDataset(t testing.TB) *Dataset {
	s := Schema{
		Features: []Attribute{
			{Name: "outlook", Values: []string{"sunny", "overcast", "rainy"}},
			{Name: "temperature", Values: []string{"hot", "mild", "cool"}},
			{Name: "humidity", Values: []string{"high", "normal"}},
			{Name: "windy", Values: []string{"TRUE", "FALSE"}},
		},
		Class: Attribute{Name: "play", Values: []string{"yes", "no"}},
	}
	var x [][]uint8
	var y []uint8
	for _, row := range weatherTable {
		codes := make([]uint8, 4)
		for f := range codes {
			codes[f] = uint8(slices.Index(s.Features[f].Values, row[f]))
		}
		x = append(x, codes)
		y = append(y, uint8(slices.Index(s.Class.Values, row[4])))
	}
	d, err := FromRows(s, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestWriteARFFWeather(t *testing.T) {
	var b strings.Builder
	if err := WriteARFF(&b, weatherDataset(t), "weather.symbolic"); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	want.WriteString(`@relation weather.symbolic

@attribute outlook {sunny,overcast,rainy}
@attribute temperature {hot,mild,cool}
@attribute humidity {high,normal}
@attribute windy {TRUE,FALSE}
@attribute play {yes,no}

@data
`)
	for _, row := range weatherTable {
		want.WriteString(strings.Join(row[:], ",") + "\n")
	}
	if b.String() != want.String() {
		t.Errorf("WriteARFF =\n%s\nwant\n%s", b.String(), want.String())
	}
}

func TestQuoteARFF(t *testing.T) {
	cases := []struct{ in, want string }{
		{"sunny", "sunny"},
		{"0-4", "0-4"},
		{"weather.symbolic", "weather.symbolic"},
		{"ü", "ü"},
		{"", "''"},
		{"?", "'?'"},
		{"??", "??"},
		{"left arm", "'left arm'"},
		{"a,b", "'a,b'"},
		{"{x}", "'{x}'"},
		{"it's", `'it\'s'`},
		{`say "hi"`, `'say \"hi\"'`},
		{`a\b`, `'a\\b'`},
		{"50%", `'50\%'`},
		{"tab\there", `'tab\there'`},
		{"new\nline", `'new\nline'`},
		{"cr\r", `'cr\r'`},
		{"bell\x07", "'bell\x07'"},
	}
	for _, tc := range cases {
		if got := quoteARFF(tc.in); got != tc.want {
			t.Errorf("quoteARFF(%q) = %s; want %s", tc.in, got, tc.want)
		}
	}
}

// TestARFFRoundTrip reads, writes and reads again the hand-made files and
// the weather data, and checks the two reads agree.
func TestARFFRoundTrip(t *testing.T) {
	cases := []struct{ file, class string }{
		{"testdata/quoted.arff", "the class"},
		{"testdata/comments.arff", ""},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			d, err := ReadARFF(tc.file, tc.class)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, d)
		})
	}
	t.Run("weather", func(t *testing.T) { roundTrip(t, weatherDataset(t)) })
}

// roundTrip writes d as ARFF, parses it back and requires an equal dataset.
func roundTrip(t *testing.T, d *Dataset) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteARFF(&buf, d, "round trip"); err != nil {
		t.Fatalf("WriteARFF: %v", err)
	}
	back, err := ParseARFF(bytes.NewReader(buf.Bytes()), "written.arff", "")
	if err != nil {
		t.Fatalf("ParseARFF of written ARFF: %v\n%s", err, buf.Bytes())
	}
	if err := sameDataset(d, back); err != nil {
		t.Fatalf("read back differs: %v\n%s", err, buf.Bytes())
	}
}

func TestWriteARFFErrors(t *testing.T) {
	dup := func(s Schema) *Dataset {
		d, err := New(s, make([][]uint8, len(s.Features)), nil)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	cases := []struct {
		name string
		d    *Dataset
		want string
	}{
		{"feature named like the class", dup(Schema{
			Features: []Attribute{{Name: "play", Values: []string{"a"}}},
			Class:    Attribute{Name: "play", Values: []string{"y", "n"}},
		}), `two attributes named "play"`},
		{"label twice", dup(Schema{
			Features: []Attribute{{Name: "f", Values: []string{"a", "b", "a"}}},
			Class:    Attribute{Name: "c", Values: []string{"y", "n"}},
		}), `attribute "f" lists value "a" twice`},
		{"label not UTF-8", dup(Schema{
			Features: []Attribute{{Name: "f", Values: []string{"caf\xe9"}}},
			Class:    Attribute{Name: "c", Values: []string{"y", "n"}},
		}), `attribute "f" has value "caf\xe9", which is not UTF-8`},
		{"name not UTF-8", dup(Schema{
			Features: []Attribute{{Name: "f\xff", Values: []string{"a"}}},
			Class:    Attribute{Name: "c", Values: []string{"y", "n"}},
		}), `attribute name "f\xff" is not UTF-8`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteARFF(&buf, tc.d, "r")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("WriteARFF error = %v; want one containing %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("WriteARFF wrote %d bytes before failing", buf.Len())
			}
		})
	}
	t.Run("failing writer", func(t *testing.T) {
		if err := WriteARFF(failWriter{}, weatherDataset(t), "r"); !errors.Is(err, errDiskFull) {
			t.Errorf("WriteARFF = %v; want the writer's error wrapped", err)
		}
	})
}

var errDiskFull = errors.New("disk full")

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errDiskFull }
